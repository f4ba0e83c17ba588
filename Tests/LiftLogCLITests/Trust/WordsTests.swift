import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// Words that help: hints that fit, names as stored, one duration style, no nagging.
@Suite("Words")
struct WordsTests {
    @Test("start hints fit the kind of session", arguments: [
        ("lifting", "Log sets with 'liftlog log EXERCISE 100x5'."),
        ("cardio", "Log what you do with 'liftlog log Run 5km/25:00' (or 30min, 400mx6), then 'liftlog finish'."),
        ("stretch", "Finish it with 'liftlog finish' when you are done."),
        ("meditation", "Finish it with 'liftlog finish' when you are done."),
    ])
    func startHints(kind: String, hint: String) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let output = run(["start", "--kind", kind, "--store", store]).output
            #expect(output.hasSuffix(hint + "\n"), "\(output)")
        }
    }

    @Test("names as stored, 'No sessions match' for an empty filter, one duration style")
    func names() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["history", "--store", store]).output == "No sessions yet.\n")
            #expect(run(["start", "--store", store, "--at", "2025-01-23T05:00:00+01:00"]).status == 0)
            #expect(run(["log", "Plank", "bwx1", "--store", store]).status == 0)
            #expect(run(["set", "plank", "1", "--reps", "2", "--store", store]).output.hasPrefix("Updated set 1 of Plank.\n"))
            #expect(run(["drop", "plank", "--store", store]).output.hasPrefix("Removed Plank from the session.\n"))
            // 26 h 30 min ago, in the style durations are shown in.
            #expect(run(["history", "--store", store]).error.contains("(26h 30m ago)"))
            #expect(Formatting.ago(59) == "just now")
            #expect(Formatting.ago(45 * 60) == "45m ago")
            #expect(Formatting.ago(86_400 * 20) == "20 days ago")
            #expect(run(["history", "--kind", "stretch", "--store", store]).output == "No sessions match.\n")
        }
    }

    @Test("resolve shows each differing value, and without a terminal or --keep prints the comparison and changes nothing")
    func resolveComparison() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            #expect(run(["log", "Back Squat", "100x5x5", "--store", store]).status == 0)
            #expect(run(["finish", "--store", store, "--at", "2025-01-24T07:00:00+01:00"]).status == 0)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") })
            let copy = String(path.dropLast(5)) + " (conflicted copy 2025-01-25).json"
            let text = try #require(readText(store + "/" + path))
            var edited = text.replacingOccurrences(of: "\n  \"started_at\"", with: "\n  \"notes\": \"heavy\",\n  \"started_at\"")
            if let last = edited.split(separator: "\"reps\": 5", omittingEmptySubsequences: false).dropLast().joined(separator: "\"reps\": 5").utf8.count as Int? {
                let prefix = String(edited.utf8.prefix(last))!
                edited = prefix + "\"reps\": 4" + String(edited.utf8.dropFirst(last + "\"reps\": 5".utf8.count))!
            }
            writeText(edited, to: store + "/" + copy)
            let before = snapshot(store)
            let outcome = run(["resolve", "--store", store])
            #expect(outcome.status == 2)
            #expect(outcome.output.contains("    entries[0].sets[4].reps: 5 | 4\n"), "\(outcome.output)")
            #expect(outcome.output.hasSuffix("Say what to keep with --keep original, --keep copy or --keep merged.\n"))
            #expect(snapshot(store) == before)
            let json = run(["resolve", "--store", store, "--json"]).json
            #expect(json?["data"]?["conflicts"]?.arrayValue?.first?["differences"]?.arrayValue?.count == 2)
        }
    }
}
