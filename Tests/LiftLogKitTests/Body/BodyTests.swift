import Testing
@testable import LiftLogKit
import LiftLogTestSupport

private func day(_ text: String) -> Timestamp { Timestamp("\(text)T07:00:00+01:00")! }

@Suite("Body weight and measurements")
struct BodyTests {
    @Test("a weigh-in is one file named by its time; measurements keep their units; bad values change nothing")
    func recording() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let weighed = try store.weigh(82.4, at: day("2025-01-20"))
            #expect(weighed.path == "body/2025/2025-01-20-0700-\(weighed.entry.id.short).json")
            let text = try #require(readText(root + "/store/" + weighed.path))
            #expect(text.contains("\"body_weight\": {\n      \"unit\": \"kg\",\n      \"value\": 82.4\n    }"))
            try store.recordBody(["waist": .init(value: 84, unit: "cm"), "body_fat": .init(value: 18.5, unit: "%")], at: day("2025-01-21"))
            let log = try store.bodyLog()
            #expect(log.entries.count == 2 && log.problems.isEmpty)
            #expect(log.measurementNames == ["body_fat", "body_weight", "waist"])
            let before = snapshot(root)
            #expect(throws: LiftLogError.validation("Cannot record it: body_weight 500 kg is outside 20–400 kg. Write the body weight in kg or lbs.")) {
                try store.weigh(500)
            }
            #expect(throws: LiftLogError.validation("Cannot record it: body_fat is a percentage and must be at most 100, found 118. Write a percentage from 0 to 100.")) {
                try store.recordBody(["body_fat": .init(value: 118, unit: "%")])
            }
            #expect(throws: LiftLogError.validation("Cannot record it: the measurement name \"Waist\" must be lowercase letters, digits and _ (1–40, starting with a letter). Write it like waist, body_fat or arm_left.")) {
                try store.recordBody(["Waist": .init(value: 84, unit: "cm")])
            }
            #expect(throws: LiftLogError.validation("The time 2025-01-25 07:00 is in the future.")) {
                try store.weigh(80, at: day("2025-01-25"))
            }
            #expect(throws: LiftLogError.validation("Give at least one measurement, such as waist=84.")) { try store.recordBody([:]) }
            #expect(snapshot(root) == before)
        }
    }

    @Test("the weigh-in nearest a day, within 14 days either side; ties go to the earlier")
    func nearest() {
        let entries = [("2025-01-01", 80.0), ("2025-01-10", 82.0), ("2025-01-12", 181.0)].enumerated().map { index, item in
            StoredBodyEntry(entry: BodyEntry(id: BodyEntry.ID(uncheckedRawValue: "00000000-0000-4000-8000-00000000000\(index)"),
                                             measuredAt: day(item.0), measurements: [BodyEntry.bodyWeight: .init(value: item.1, unit: index == 2 ? "lbs" : "kg")]),
                            path: "")
        }
        let log = BodyLog(entries: entries.reversed())
        func near(_ text: String) -> Double? { log.bodyWeight(near: LocalDate(text)!).map { ($0.kilograms * 100).rounded() / 100 } }
        #expect(near("2025-01-01") == 80)
        #expect(near("2025-01-05") == 80) // 4 days to the first, 5 to the second
        #expect(near("2025-01-11") == 82) // a tie: the earlier
        #expect(near("2025-01-12") == 82.1) // 181 lbs
        #expect(near("2025-01-26") == 82.1) // 14 days after: still in the window
        #expect(near("2025-01-27") == nil)
        #expect(near("2024-12-18") == 80)
        #expect(near("2024-12-17") == nil)
    }

    @Test("the 7-day moving average counts the days that have a weigh-in among the last seven")
    func movingAverage() {
        let points = [("2025-01-01", 80.0), ("2025-01-02", 82.0), ("2025-01-07", 84.0), ("2025-01-08", 86.0)].map {
            BodyLog.Point(date: LocalDate($0.0)!, value: $0.1)
        }
        #expect(BodyLog.movingAverage(points).map(\.value) == [80, 81, 82, 84])
    }

    @Test("DOTS and Wilks 2020 follow their published definitions")
    func relativeStrength() {
        // The Wilks 2020 coefficient tables (four decimals), men and women, clamped outside.
        let men: [(Double, Double)] = [(20, 1.3895), (40, 1.3895), (60, 0.9968), (80, 0.8191), (100, 0.7294), (140, 0.6546), (200.95, 0.6122), (400, 0.6122)]
        for (weight, coefficient) in men {
            #expect((RelativeStrength.wilks2020Coefficient(bodyWeight: weight, sex: .male) * 10_000).rounded() == (coefficient * 10_000).rounded(), "men \(weight)")
        }
        let women: [(Double, Double)] = [(40, 1.8486), (60, 1.3190), (80, 1.1318), (100, 1.0525), (150.95, 0.9627), (200, 0.9627)]
        for (weight, coefficient) in women {
            #expect((RelativeStrength.wilks2020Coefficient(bodyWeight: weight, sex: .female) * 10_000).rounded() == (coefficient * 10_000).rounded(), "women \(weight)")
        }
        // DOTS: 500 / (a·bw⁴ + b·bw³ + c·bw² + d·bw + e), evaluated independently; body weight
        // clamped to 40–210 kg (men) and 40–150 kg (women).
        let dots: [(Double, Double, StoreManifest.Sex, Double)] = [
            (82.4, 420, .male, 284.7006), (60, 500, .male, 422.0213), (120, 700, .male, 402.0142),
            (60, 400, .female, 443.4182), (75, 450, .female, 438.29), (250, 900, .male, 446.0586),
        ]
        for (weight, total, sex, points) in dots {
            #expect(abs(RelativeStrength.dots(total: total, bodyWeight: weight, sex: sex) - points) < 0.0001, "\(sex) \(weight) kg, \(total) kg")
        }
    }
}

@Suite("Records of every kind of set")
struct KindRecordsTests {
    @Test("a hand-computed week: warm-ups, a weighted pull-up with a weigh-in, a plank, a 5 km run")
    func handComputedWeek() throws {
        try withTemporaryDirectory { root throws in
            let clock = TestClock(day("2025-01-24"))
            let store = try makeStore(at: root, clock: clock)
            try store.weigh(80, at: day("2025-01-20"))
            // Monday: pull-ups and a plank.
            try store.startSession(startedAt: day("2025-01-20"))
            try store.log(exercise: "Pull-up", sets: SetNotation.parse(["w:bwx5", "bw+20x5x3", "bwx12", "bw-20x10"], defaultUnit: .kg))
            try store.log(exercise: "Plank", sets: SetNotation.parse(["60s", "1:30", "20x45s"], defaultUnit: .kg))
            try store.finish(completedAt: day("2025-01-20").adding(seconds: 3600))
            // Wednesday: a 5 km run and intervals.
            try store.startSession(kind: .cardio, startedAt: day("2025-01-22"))
            try store.log(exercise: "Run", sets: SetNotation.parse(["5km/25:00", "400mx4"], defaultUnit: .kg), createIfMissing: true)
            try store.finish(completedAt: day("2025-01-22").adding(seconds: 3600))
            // Thursday: a faster 2 km.
            try store.startSession(kind: .cardio, startedAt: day("2025-01-23"))
            try store.log(exercise: "Run", sets: SetNotation.parse(["2km/9:00"], defaultUnit: .kg))
            try store.finish(completedAt: day("2025-01-23").adding(seconds: 1800))

            let pullUp = try store.exerciseReport("Pull-up")
            // The warm-up never counts; bodyweight loads count 80 kg plus what was added.
            // Volume: 3 × 5 × 100 + 12 × 80 + 10 × 60 = 1500 + 960 + 600.
            #expect(pullUp.entries.first?.volume == 3060)
            #expect(pullUp.entries.first?.sets == 5)
            #expect(pullUp.maxReps?.reps == 12)
            #expect(pullUp.bestAddedLoad == PersonalRecord(weight: 20, unit: .kg, reps: 5, date: LocalDate("2025-01-20")!, sessionID: pullUp.entries[0].sessionID))
            #expect(pullUp.personalRecord == nil)
            // e1RM: 100 × (1 + 5/30) = 116.67 beats 80 × 1.4 = 112.
            #expect(pullUp.bestE1RM?.value == 116.67)

            let plank = try store.exerciseReport("Plank")
            #expect(plank.longestHold?.seconds == 90 && plank.longestHold?.weight == nil)
            #expect(plank.heaviestHold?.seconds == 45 && plank.heaviestHold?.weight == 20)
            #expect(plank.entries.first?.longestSeconds == 90)

            let run = try store.exerciseReport("Run")
            #expect(run.longestDistance?.meters == 5000 && run.longestDistance?.seconds == 1500)
            // 1 km, 1 mi and 2,000 m: the 2 km at 4:30/km; 5 km: the 5 km at 5:00/km; no 10 km.
            #expect(run.paces.map(\.label) == ["1 km", "1 mi", "2,000 m", "5 km"])
            #expect(run.paces.map { $0.record.secondsPerKilometre } == [270, 270, 270, 300])
            #expect(run.entries.map(\.distanceMeters) == [2000, 6600])
            #expect(run.entries.map(\.secondsPerKilometre) == [270, 300])

            // Without a weigh-in near the session, only reps-based records.
            let far = try makeStore(at: root + "/far", clock: clock)
            try far.weigh(80, at: day("2024-12-01"))
            try far.startSession(startedAt: day("2025-01-20"))
            try far.log(exercise: "Pull-up", sets: SetNotation.parse(["bw+20x5"], defaultUnit: .kg))
            try far.finish(completedAt: day("2025-01-20").adding(seconds: 600))
            let alone = try far.exerciseReport("Pull-up")
            #expect(alone.entries.first?.volume == 0 && alone.bestE1RM == nil && alone.bestAddedLoad?.weight == 20)
        }
    }
}
