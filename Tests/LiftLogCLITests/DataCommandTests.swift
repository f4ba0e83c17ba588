import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("check")
struct CheckCommandTests {
    @Test("says so when the store is clean")
    func clean() throws {
        try withTemporaryDirectory { root throws in
            #expect(run(["init", root + "/s"]).status == 0)
            let outcome = run(["check", "--store", root + "/s"])
            #expect(outcome.status == 0)
            #expect(outcome.output == "Checked 35 files: no problems.\n")
        }
    }

    @Test("shows each problem with an excerpt, a caret and a fix, and exits 7")
    func problems() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store]).status == 0)
            #expect(run(["log", "--store", store, "Deadlift", "140x5"]).status == 0)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") })
            let text = try #require(readText(store + "/" + path))
            writeText(text.replacingOccurrences(of: "\"reps\": 5", with: "\"reps\": -5"), to: store + "/" + path)
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"reps\": 5") }! + 1
            let outcome = run(["check", "--store", store])
            #expect(outcome.status == 7)
            #expect(outcome.output == """
            \(path):\(line):19: CORRUPT_FILE: entries[0].sets[0].reps: reps cannot be negative, found -5
               |
            \(line) |           "reps": -5,
               |                   ^
              Use 0 or more.

            Checked 36 files: 1 problem in 1 file.

            """)
            let json = run(["check", "--store", store, "--json"])
            #expect(json.status == 7)
            #expect(json.json?["success"] == false)
            #expect(json.json?["data"]?["files_checked"] == 36)
            guard case .array(let problems)? = json.json?["data"]?["problems"] else { Issue.record("no problems"); return }
            #expect(problems.first?["line"] == .number(JSONNumber(line)))
            #expect(problems.first?["column"] == 19)
            #expect(problems.first?["code"] == "CORRUPT_FILE")
            #expect(json.json?["error"]?["code"] == "CORRUPT_FILE")
        }
    }
}
