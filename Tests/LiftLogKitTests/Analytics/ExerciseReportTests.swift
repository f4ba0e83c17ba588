import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Exercise history and records")
struct ExerciseReportTests {
    @Test("estimates one-rep maximums", arguments: [
        (E1RMFormula.epley, 100.0, 1, 100.0), (.epley, 100, 5, 116.6667), (.epley, 80, 10, 106.6667),
        (.brzycki, 100, 5, 112.5), (.brzycki, 100, 1, 100), (.brzycki, 100, 10, 133.3333),
    ])
    func e1rm(formula: E1RMFormula, weight: Double, reps: Int, expected: Double) throws {
        let value = try #require(formula.estimate(weight: weight, reps: reps))
        #expect(abs(value - expected) < 0.001)
    }

    /// Writes finished sessions with the given sets of Back Squat, one day apart.
    private func store(_ root: String, days: [[WorkoutSet]]) throws -> Store {
        let clock = TestClock()
        let store = try makeStore(at: root, clock: clock)
        for sets in days {
            try store.startSession()
            let squat = try store.exercise(named: "Back Squat")
            var stored = try #require(try store.activeSession())
            stored.session.entries = [Session.Entry(exerciseID: squat.id, exerciseName: squat.name, order: 1, sets: sets)]
            try store.files.save(stored.session, to: stored.path)
            try store.finish()
            clock.advance(seconds: 86_400)
        }
        return store
    }

    private func set(_ weight: Double?, _ unit: WeightUnit, _ reps: Int, _ type: WorkoutSet.SetType = .normal) -> WorkoutSet {
        WorkoutSet(setNumber: 1, setType: type, weight: weight, unit: weight == nil ? nil : unit, reps: reps)
    }

    @Test("the record is the heaviest set; ties go to more reps, then to the earlier date; pounds compare converted")
    func personalRecord() throws {
        try withTemporaryDirectory { root throws in
            let store = try store(root, days: [
                [set(100, .kg, 5), set(140, .kg, 1, .warmup)],   // day 1: a heavier warm-up does not count
                [set(100, .kg, 6)],                            // day 2: same weight, more reps: the record
                [set(100, .kg, 6), set(220, .lbs, 3)],         // day 3: same again (later), and 220 lbs = 99.79 kg
            ])
            let report = try store.exerciseReport("back squat")
            let record = try #require(report.personalRecord)
            #expect(record.weight == 100)
            #expect(record.reps == 6)
            #expect(record.date.description == "2025-01-25")
            #expect(report.entries.map(\.date.description) == ["2025-01-26", "2025-01-25", "2025-01-24"])
            #expect(report.entries.map(\.sets) == [2, 1, 1])
            #expect(report.entries[0].bestWeight == 100)
            #expect(report.entries[0].volume == 600 + 3 * 99.79)
            #expect(report.entries[2].volume == 500)
            // 220 lbs for 3 against 100 kg for 6: Epley 108.86 vs 120.
            #expect(report.bestE1RM?.value == 120)
            #expect(report.bestE1RM?.date.description == "2025-01-25")
            #expect(report.repRecords.map(\.reps) == [3, 5, 6])
            #expect(report.repRecords.first?.unit == .lbs)

            // Every exercise at once gives the same records; without entries, only those.
            let all = try store.exerciseReports()
            let recordsOnly = try store.exerciseReports(entries: false)
            let squat = try #require(all.first { $0.exerciseName == "Back Squat" })
            let squatRecords = try #require(recordsOnly.first { $0.exerciseName == "Back Squat" })
            #expect(squat.entries.count == 3)
            #expect(squatRecords.entries.isEmpty)
            #expect(squatRecords.personalRecord?.weight == 100 && squatRecords.personalRecord?.reps == 6)
            #expect(squatRecords.bestE1RM?.value == squat.bestE1RM?.value)
            #expect(squatRecords.repRecords.map(\.reps) == squat.repRecords.map(\.reps))
            #expect(all.map(\.exerciseName) == recordsOnly.map(\.exerciseName))

            // Now 225 lbs (102.06 kg) beats 100 kg.
            let heavier = try self.store(root + "/b", days: [[set(100, .kg, 6)], [set(225, .lbs, 1)]])
            let second = try heavier.exerciseReport("Back Squat")
            #expect(second.personalRecord?.weight == 225)
            #expect(second.personalRecord?.unit == .lbs)
        }
    }

    @Test("follows the exercise across a rename, and an exercise without sets has an empty history")
    func renamesAndEmpty() throws {
        try withTemporaryDirectory { root throws in
            let store = try store(root, days: [[set(100, .kg, 5)]])
            try store.updateExercise(named: "Back Squat", ExerciseChanges(name: "High Bar Squat"))
            let report = try store.exerciseReport("high bar squat")
            #expect(report.entries.count == 1)
            #expect(try store.exerciseReport("Deadlift").entries.isEmpty)
            // The one logged comes first among equally close names.
            #expect(throws: LiftLogError.notFound("No exercise named 'Squaat'.", suggestions: ["High Bar Squat", "Front Squat", "Goblet Squat"])) {
                try store.exerciseReport("Squaat")
            }
        }
    }
}
