import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("the last time's sets of each exercise")
struct PreviousSetsTests {
    @Test("the newest completed session before this one with the exercise: its working sets one by one, by ID else name; skipped sessions and warm-ups left out")
    func previous() throws {
        try withTemporaryDirectory { root throws in
            var environment = Store.Environment.fixed(now: Timestamp("2025-01-24T07:30:00+01:00")!)
            let ids = SharedCounter()
            environment.makeSessionID = { ids.add(); return Session.ID(rawValue: "00000000-0000-4000-8000-\(String(repeating: "0", count: 12 - String(ids.count).count))\(ids.count)")! }
            let store = try Store.create(at: root + "/s", environment: environment)
            func session(_ day: String, _ logs: [(String, [String])], skip: Bool = false) throws {
                try store.startSession(startedAt: Timestamp("2025-01-\(day)T07:00:00+01:00"))
                for (exercise, sets) in logs { try store.log(exercise: exercise, sets: SetNotation.parse(sets, defaultUnit: .kg)) }
                let active = try #require(try store.activeSession())
                if skip { try store.skipSession(active.session.id, completedAt: Timestamp("2025-01-\(day)T07:05:00+01:00")) }
                else { try store.finish(completedAt: Timestamp("2025-01-\(day)T08:00:00+01:00")) }
            }
            try session("13", [("Back Squat", ["w:60x5", "100x5x2", "97.5x4"]), ("Bench Press", ["80x8"])])
            try session("15", [("Bench Press", ["82.5x6", "82.5x5"])])
            try session("17", [], skip: true)
            try store.startSession(startedAt: Timestamp("2025-01-20T07:00:00+01:00"))
            try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
            try store.log(exercise: "Bench Press", sets: SetNotation.parse(["80x8"], defaultUnit: .kg))
            try store.log(exercise: "Overhead Press", sets: SetNotation.parse(["50x5"], defaultUnit: .kg))
            let active = try #require(try store.activeSession())
            let previous = try store.previousSets(for: active.session)
            // Overhead Press was never done before: nothing for it.
            #expect(previous.map(\.exerciseName) == ["Back Squat", "Bench Press"])
            #expect(previous[0].date == LocalDate("2025-01-13")! && previous[1].date == LocalDate("2025-01-15")!)
            #expect(previous[0].sets.map(\.weight) == [100, 100, 97.5] && previous[0].sets.map(\.reps) == [5, 5, 4])
            #expect(previous[1].sets.map(\.weight) == [82.5, 82.5] && previous[1].sets.map(\.reps) == [6, 5])
            #expect(previous[1].json["sets"]?.arrayValue?.first == ["unit": "kg", "weight": 82.5, "reps": 6])
        }
    }
}
