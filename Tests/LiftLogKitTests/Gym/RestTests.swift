import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("The rest after a set")
struct RestTests {
    @Test("the exercise of the latest set, else config rest, else 90 seconds")
    func restAfterLatestSet() throws {
        try withTemporaryDirectory { root throws in
            let clock = TestClock()
            let store = try makeStore(at: root, clock: clock)
            #expect(try store.restAfterLatestSet().seconds == 90)
            try store.updateExercise(named: "Back Squat", ExerciseChanges(restSeconds: 180))
            #expect(try store.exercise(named: "Back Squat").restSeconds == 180)
            try store.startSession()
            clock.advance(seconds: 60)
            try store.log(exercise: "Back Squat", sets: [SetNotation(weight: 100, unit: .kg, reps: 5)])
            #expect(try store.restAfterLatestSet() == (180, "Back Squat"))
            clock.advance(seconds: 60)
            try store.log(exercise: "Bench Press", sets: [SetNotation(weight: 80, unit: .kg, reps: 5)])
            #expect(try store.restAfterLatestSet() == (90, "Bench Press"))
            #expect(try store.changing(.rest, to: "120").restAfterLatestSet().seconds == 120)
            let before = snapshot(root)
            #expect(throws: LiftLogError.validation("Rest must be 0–3600 seconds, got 4000.")) {
                try store.updateExercise(named: "Back Squat", ExerciseChanges(restSeconds: 4000))
            }
            #expect(snapshot(root) == before)
            // 0 removes it.
            try store.updateExercise(named: "Back Squat", ExerciseChanges(restSeconds: 0))
            #expect(try store.exercise(named: "Back Squat").restSeconds == nil)
        }
    }
}
