import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("exercises --recent")
struct RecentExercisesTests {
    @Test("lists each exercise once, newest session first, under its current name")
    func recent() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["exercises", "--recent", "--store", store]).output == "No exercises used yet.\n")
            let days: [(String, [String])] = [
                ("2025-01-10", ["Deadlift", "Back Squat"]),
                ("2024-12-20", ["Plank", "Bench Press"]),
                ("2025-01-20", ["Bench Press", "Barbell Row"]),
            ]
            for (day, names) in days {
                #expect(run(["start", "--store", store, "--at", day + "T07:00:00+01:00"]).status == 0)
                for name in names { #expect(run(["log", "--store", store, name, "bwx5"]).status == 0) }
                #expect(run(["finish", "--store", store, "--at", day + "T08:00:00+01:00"]).status == 0)
            }
            #expect(run(["exercise", "edit", "Deadlift", "--name", "Conventional Deadlift", "--store", store]).status == 0)
            let data = try #require(run(["exercises", "--recent", "--store", store, "--json"]).json?["data"]?["exercises"]?.arrayValue)
            #expect(data.map { $0["exercise_name"] } == ["Bench Press", "Barbell Row", "Conventional Deadlift", "Back Squat", "Plank"])
            #expect(data.map { $0["last_used"] } == ["2025-01-20", "2025-01-20", "2025-01-10", "2025-01-10", "2024-12-20"])
            let text = run(["exercises", "--recent", "--store", store]).output
            #expect(text.hasPrefix("LAST USED   EXERCISE\n2025-01-20  Bench Press\n"))
        }
    }

    @Test("stops at ten")
    func limit() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store, "--at", "2025-01-20T07:00:00+01:00"]).status == 0)
            let names = try #require(run(["exercises", "--store", store, "--json"]).json?["data"]?["exercises"]?.arrayValue).compactMap { $0["name"]?.stringValue }
            for name in names.prefix(12) { #expect(run(["log", "--store", store, name, "bwx5"]).status == 0) }
            let recent = try #require(run(["exercises", "--recent", "--store", store, "--json"]).json?["data"]?["exercises"]?.arrayValue)
            #expect(recent.count == 10)
            #expect(recent.compactMap { $0["exercise_name"]?.stringValue } == Array(names.prefix(10)))
        }
    }

    @Test("cannot be combined with a search or filter")
    func combined() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let outcome = run(["exercises", "--recent", "--muscle", "quadriceps", "--store", store, "--json"])
            #expect(outcome.status == 2)
            #expect(outcome.errorCode == "USAGE_ERROR")
            #expect(outcome.errorMessage == "'--recent' cannot be combined with '--muscle'.")
        }
    }
}
