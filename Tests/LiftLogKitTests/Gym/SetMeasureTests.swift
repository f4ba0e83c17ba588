import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("What a set of an exercise is measured in, and the equipment loads are made with")
struct SetMeasureTests {
    @Test("from the library: cardio a distance, flexibility a time, body weight reps, the rest a load")
    func fromTheLibrary() {
        func exercise(_ modality: Exercise.Modality, _ category: Exercise.Category? = nil) -> Exercise {
            Exercise(id: Exercise.ID(uncheckedRawValue: "00000000-0000-0000-0000-000000000001"), name: "X", modality: modality, category: category)
        }
        #expect(SetMeasure.of(exercise(.barbell), lastTime: []) == .load)
        #expect(SetMeasure.of(exercise(.cable), lastTime: []) == .load)
        #expect(SetMeasure.of(exercise(.bodyweight), lastTime: []) == .bodyweight)
        #expect(SetMeasure.of(exercise(.cardio), lastTime: []) == .distance)
        #expect(SetMeasure.of(exercise(.other, .cardio), lastTime: []) == .distance)
        #expect(SetMeasure.of(exercise(.other, .flexibility), lastTime: []) == .time)
        #expect(SetMeasure.of(nil, lastTime: []) == .load)
    }

    @Test("the last time's sets decide when they agree")
    func fromTheLastTime() {
        let bodyweight = Exercise(id: Exercise.ID(uncheckedRawValue: "00000000-0000-0000-0000-000000000001"), name: "Plank", modality: .bodyweight)
        func set(weight: Double? = nil, reps: Int? = nil, seconds: Int? = nil, metres: Double? = nil, bodyweight: Bool = false) -> SessionSummary.WorkSets {
            SessionSummary.WorkSets(weight: weight, unit: .kg, reps: reps, count: 1, bodyweight: bodyweight, durationSeconds: seconds, distanceMeters: metres)
        }
        #expect(SetMeasure.of(bodyweight, lastTime: [set(seconds: 60), set(seconds: 45)]) == .time)
        // A weighted hold is still a hold; reps with the seconds make it reps.
        #expect(SetMeasure.of(bodyweight, lastTime: [set(weight: 10, seconds: 60)]) == .time)
        #expect(SetMeasure.of(bodyweight, lastTime: [set(reps: 10, seconds: 60)]) == .bodyweight)
        #expect(SetMeasure.of(nil, lastTime: [set(seconds: 1500, metres: 5000)]) == .distance)
        #expect(SetMeasure.of(nil, lastTime: [set(reps: 12)]) == .bodyweight)
        #expect(SetMeasure.of(bodyweight, lastTime: [set(weight: 20, reps: 8)]) == .load)
        // Sets that disagree leave it to the library.
        #expect(SetMeasure.of(bodyweight, lastTime: [set(seconds: 60), set(reps: 10)]) == .bodyweight)
    }

    @Test("a store's measures: a plank held before asks for seconds, one never done for reps")
    func store() throws {
        try withTemporaryDirectory { root throws in
            let clock = TestClock()
            let store = try makeStore(at: root, clock: clock)
            #expect(try store.setMeasure(of: store.exercise(named: "Plank")) == .bodyweight)
            try store.startSession()
            try store.log(exercise: "Plank", sets: SetNotation.parse(["60s", "45s"], defaultUnit: .kg))
            try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
            clock.advance(seconds: 3600)
            try store.finish()
            clock.advance(seconds: 86400)
            #expect(try store.setMeasure(of: store.exercise(named: "Plank")) == .time)
            try store.startSession()
            try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
            try store.log(exercise: "Plank", sets: SetNotation.parse(["bwx10"], defaultUnit: .kg))
            try store.log(exercise: "Pull-up", sets: SetNotation.parse(["bwx8"], defaultUnit: .kg))
            let active = try #require(try store.activeSession())
            let measures = store.setMeasures(in: active.session, previous: try store.previousSets(for: active.session))
            #expect(measures == ["Back Squat": .load, "Plank": .time, "Pull-up": .bodyweight])
        }
    }

    @Test("the store's bar and plates in its unit, the usual ones in the other; the plates of a weight with them")
    func equipment() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root).changing(.bar, to: "15").changing(.plates, to: "20,10,5,2.5")
            #expect(store.equipment(in: .kg) == (15, [20, 10, 5, 2.5]))
            #expect(store.equipment(in: .lbs) == (45, PlateLoading.defaultPlates(.lbs)))
            #expect(try store.plateLoadings(for: 100).map(\.perSide) == [[20, 20, 2.5]])
            #expect(try store.plateLoadings(for: 100, bar: 20).map(\.perSide) == [[20, 20]])
            #expect(try store.plateLoadings(for: 225, unit: .lbs).map(\.perSide) == [[45, 45]])
            // 101 kg: the closest below and above.
            let closest = try store.plateLoadings(for: 101)
            #expect(closest.map(\.total) == [100, 105] && PlateLoading.exact(closest) == nil)
            #expect(PlateLoading.json(target: 101, closest)["exact"] == false)
            #expect(throws: LiftLogError.validation("10 kg is lighter than the bar (15 kg).")) { try store.plateLoadings(for: 10) }
        }
    }
}
