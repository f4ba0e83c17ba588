import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// A session file broken by hand is never left out of an answer silently.
@Suite("Files left out are named")
struct SkippedFilesTests {
    /// A store with two finished Back Squat sessions: 100 kg × 5 on 2025-01-20, 110 kg × 5 on
    /// 2025-01-22; the path of the second.
    private func store(_ root: String) throws -> (store: String, broken: String) {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        for (day, set) in [("20", "100x5"), ("22", "110x5")] {
            #expect(run(["start", "--store", store, "--at", "2025-01-\(day)T06:00:00+01:00"]).status == 0)
            #expect(run(["log", "Back Squat", set, "--store", store]).status == 0)
            #expect(run(["finish", "--store", store, "--at", "2025-01-\(day)T07:00:00+01:00"]).status == 0)
        }
        let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/2025/01/2025-01-22") })
        return (store, path)
    }

    @Test("reports, statistics, the calendar and the history name a session file that does not read, and answer from the others")
    func namedByEveryReport() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try store(root)
            let file = store + "/" + path
            let text = try #require(readText(file))
            writeText(text.replacingOccurrences(of: "\"reps\": 5", with: "\"reps\": \"five\""), to: file)
            // The warning is the problem as `check` locates it.
            let problem = try #require(run(["check", "--store", store, "--json"]).json?["data"]?["problems"]?.arrayValue?.first)
            #expect(problem["path"]?.stringValue == path)
            guard case .number(let line)? = problem["line"], case .number(let column)? = problem["column"] else {
                Issue.record("no location in \(problem)")
                return
            }
            let message = try #require(problem["message"]?.stringValue)
            let warning = "Warning: \(path):\(line.text):\(column.text): \(message) (left out).\n"
            #expect(message.contains("reps"))

            let commands: [[String]] = [
                ["history"], ["progress", "Back Squat"], ["pr", "Back Squat"], ["pr"], ["stats"], ["calendar", "2025-01"],
                ["trends"], ["muscles"], ["exercises", "--recent"],
            ]
            for command in commands {
                let outcome = run(command + ["--store", store])
                #expect(outcome.status == 0, "\(command)")
                #expect(outcome.error == warning, "\(command)")
                // With --json too: the warning goes to standard error, the JSON stays whole.
                let json = run(command + ["--store", store, "--json"])
                #expect(json.error == warning, "\(command)")
                #expect(json.json?["success"] == true, "\(command)")
            }
            // The answers rest on the session that reads.
            #expect(run(["pr", "Back Squat", "--store", store, "--json"]).json?["data"]?["personal_record"]?["weight"] == 100)
            #expect(run(["history", "--store", store, "--json"]).json?["data"]?["total"] == 1)

            // Commands whose answer does not rest on that file say nothing of it.
            for command in [["exercises"], ["status"], ["plates", "100"]] {
                #expect(run(command + ["--store", store]).error == "", "\(command)")
            }

            // Mended, it counts again and nothing is named.
            writeText(text, to: file)
            for command in commands { #expect(run(command + ["--store", store]).error == "", "\(command)") }
            #expect(run(["pr", "Back Squat", "--store", store, "--json"]).json?["data"]?["personal_record"]?["weight"] == 110)
        }
    }

    @Test("the library says which session files its latest read left out")
    func libraryNamesThem() throws {
        try withTemporaryDirectory { root throws in
            let (path, broken) = try store(root)
            let store = try Store.open(at: path, environment: .fixed(now: Timestamp("2025-01-24T07:30:00+01:00")!))
            _ = try store.exerciseReport("Back Squat")
            #expect(store.skippedSessionFiles.isEmpty)
            let file = path + "/" + broken
            let text = try #require(readText(file))
            writeText(String(text.dropLast(10)), to: file)
            let report = try store.exerciseReport("Back Squat")
            #expect(report.entries.count == 1)
            #expect(store.skippedSessionFiles.count == 1)
            #expect(store.skippedSessionFiles.first?.hasPrefix(broken + ":") == true)
            // A copy of the store value shares what its reads found.
            let copy = store
            writeText(text, to: file)
            _ = try copy.stats()
            #expect(store.skippedSessionFiles.isEmpty)
        }
    }
}
