import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Sync conflict copies")
struct SyncConflictTests {
    @Test("recognises the copies sync tools make", arguments: [
        ("a (Alex's conflicted copy 2024-01-02).json", "a.json"),
        ("a (conflicted copy 2024-01-02).json", "a.json"),
        ("a (conflicted copy 2024-01-02) (conflicted copy 2024-01-03).json", "a.json"),
        ("a (Kopie mit Konflikt von Alex 2024-01-02).json", "a.json"),
        ("a (copie en conflit de Alex 2024-01-02).json", "a.json"),
        ("a (Case Conflict).json", "a.json"),
        ("a (Unicode Encoding Conflict).json", "a.json"),
        ("a (conflicted copy 2024-01-02 101010).json", "a.json"),
        ("a.sync-conflict-20240102-101010-ABCDEFG.json", "a.json"),
        ("a 2.json", "a.json"),
    ])
    func recognises(name: String, original: String) {
        #expect(SyncConflict.original(of: name, siblings: ["a.json", name])?.original == original)
    }

    @Test("leaves ordinary names alone", arguments: ["a.json", "a (copy).json", "squat 2.json", "2025-01-24-0730-3f2c9a1e.json"])
    func ordinary(name: String) {
        #expect(SyncConflict.original(of: name, siblings: ["a.json", name]) == nil)
    }
}

@Suite("Checking a store")
struct StoreCheckTests {
    @Test("the sample store is clean")
    func sampleIsClean() throws {
        let report = try Store.check(at: repository + "/SampleData/store")
        #expect(report.problems == [])
        #expect(report.filesChecked > 100)
    }

    @Test("reports every mistake with its location, and keeps going")
    func findsEveryMistake() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let path = root + "/store"
            let first = try store.startSession()
            try store.log(exercise: "Back Squat", sets: [SetNotation(weight: 100, unit: .kg, reps: 5)])
            let good = try #require(readText(path + "/" + first.path))
            // A second active session copied under another name with the same ID.
            let copy = "sessions/2025/01/2025-01-24-0730-aaaaaaaa.json"
            writeText(good, to: path + "/" + copy)
            // A session whose start time was edited by hand (so its file name is stale).
            let moved = good.replacingOccurrences(of: "\"started_at\": \"2025-01-24T07:30:00+01:00\"", with: "\"started_at\": \"2025-01-25T07:30:00+01:00\"")
                .replacingOccurrences(of: "00000000-0000-4000-8000-000000000001", with: "00000000-0000-4000-8000-0000000000ff")
                .replacingOccurrences(of: "\"status\": \"active\"", with: "\"completed_at\": \"2025-01-25T08:00:00+01:00\",\n  \"status\": \"completed\"")
            writeText(moved, to: path + "/sessions/2025/01/2025-01-24-0731-00000000.json")
            // Broken JSON and a broken rule in an exercise.
            writeText("{\n  \"name\": \"Broken\",\n}\n", to: path + "/exercises/broken.json")
            let squat = try #require(readText(path + "/exercises/back-squat.json"))
            writeText(squat.replacingOccurrences(of: "\"weight_increment\": 5", with: "\"weight_increment\": -5"), to: path + "/exercises/back-squat.json")
            writeText("conflict", to: path + "/exercises/deadlift (conflicted copy 2025-01-02).json")
            writeText("notes", to: path + "/sessions/2025/01/notes.txt")

            let report = try Store.check(at: path)
            let summary = report.problems.map { "\($0.path):\($0.line):\($0.code.rawValue): \($0.message)" }
            #expect(first.path == "sessions/2025/01/2025-01-24-0730-00000000.json")
            #expect(summary == [
                "exercises/back-squat.json:12:CORRUPT_FILE: weight_increment: weight_increment must be positive, found -5",
                "exercises/broken.json:3:CORRUPT_FILE: trailing comma before '}' is not allowed in JSON; remove it",
                "exercises/deadlift (conflicted copy 2025-01-02).json:0:CONFLICT: is a sync conflict copy of exercises/deadlift.json (made by Dropbox or Nextcloud); liftlog does not read it",
                "sessions/2025/01/2025-01-24-0730-00000000.json:20:CONFLICT: id: the session ID 00000000-0000-4000-8000-000000000001 is also used by sessions/2025/01/2025-01-24-0730-aaaaaaaa.json",
                "sessions/2025/01/2025-01-24-0730-00000000.json:23:CONFLICT: status: more than one session is active (also sessions/2025/01/2025-01-24-0730-aaaaaaaa.json)",
                "sessions/2025/01/2025-01-24-0730-aaaaaaaa.json:20:CONFLICT: id: the session ID 00000000-0000-4000-8000-000000000001 is also used by sessions/2025/01/2025-01-24-0730-00000000.json",
                "sessions/2025/01/2025-01-24-0730-aaaaaaaa.json:22:CORRUPT_FILE: started_at: the file's name and folder do not match its start time; it belongs at sessions/2025/01/2025-01-24-0730-00000000.json",
                "sessions/2025/01/2025-01-24-0730-aaaaaaaa.json:23:CONFLICT: status: more than one session is active (also sessions/2025/01/2025-01-24-0730-00000000.json)",
                "sessions/2025/01/2025-01-24-0731-00000000.json:22:CORRUPT_FILE: started_at: the file's name and folder do not match its start time; it belongs at sessions/2025/01/2025-01-25-0730-00000000.json",
                "sessions/2025/01/notes.txt:0:CORRUPT_FILE: is not a liftlog file and is ignored (session files are named like 2025-01-24-0730-3f2c9a1e.json)",
            ])
            #expect(report.problems.allSatisfy { $0.hint != nil })
            let broken = try #require(report.problems.first { $0.path == "exercises/broken.json" })
            #expect(broken.lineText == "}")
            #expect(broken.column == 1)
        }
    }

    @Test("checks a store whose manifest is broken, and refuses a folder that is no store")
    func brokenManifest() throws {
        try withTemporaryDirectory { root throws in
            _ = try makeStore(at: root, seed: false)
            writeText("{\"format\": \"liftlog\", \"format_version\": \"one\"}", to: root + "/store/liftlog.json")
            let report = try Store.check(at: root + "/store")
            #expect(report.problems.map(\.message) == ["format_version: expected a whole number, found a string"])
            #expect(throws: LiftLogError.notFound("No liftlog store at '\(root)' (no liftlog.json). Create one with 'liftlog init \(root)'.")) {
                try Store.check(at: root)
            }
        }
    }
}
