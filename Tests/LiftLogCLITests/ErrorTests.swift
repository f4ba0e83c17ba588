#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// Every failure has a code, a message and an exit status (SPEC §6), and changes nothing.
@Suite("Errors and exit codes")
struct ErrorTests {
    /// A store with one active session holding one set of Back Squat.
    private func storeWithActiveSession(_ root: String) -> String {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        #expect(run(["start", "--store", store]).status == 0)
        #expect(run(["log", "--store", store, "Back Squat", "100x5"]).status == 0)
        return store
    }

    /// Runs `arguments` with --json and checks code, message, status and that no file changed.
    private func expectFailure(_ arguments: [String], store: String, code: ErrorCode, message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let before = snapshot(store)
        let outcome = run(arguments + ["--store", store, "--json"])
        #expect(outcome.status == code.exitStatus, sourceLocation: sourceLocation)
        #expect(outcome.errorCode == code.rawValue, sourceLocation: sourceLocation)
        #expect(outcome.errorMessage == message, sourceLocation: sourceLocation)
        #expect(outcome.json?["success"] == false, sourceLocation: sourceLocation)
        #expect(snapshot(store) == before, "the store changed", sourceLocation: sourceLocation)
    }

    @Test("exit statuses are those of SPEC §6")
    func exitStatuses() {
        let table = Dictionary(uniqueKeysWithValues: ErrorCode.allCases.map { ($0.rawValue, $0.exitStatus) })
        #expect(table == ["USAGE_ERROR": 2, "NOT_FOUND": 3, "VALIDATION_ERROR": 4, "CONFLICT": 5, "FORBIDDEN": 6, "CORRUPT_FILE": 7, "IO_ERROR": 8, "INTERNAL_ERROR": 70])
        let json = JSONShapes.error(.internal("index out of range"))
        #expect(json["error"]?["code"] == "INTERNAL_ERROR")
        #expect(json["error"]?["message"] == "Internal error: index out of range. Please report this bug.")
    }

    @Test("malformed set notation: the message, the caret under the wrong character, the nearest valid form", arguments: [
        ("bw+x5", "expected a weight after 'bw+'", 4, "bw+20x5"), ("100x", "the reps are missing after 'x'", 5, "100x5"),
        ("100x-3", "reps cannot be negative", 5, "100x3"), ("100x5@11", "RPE must be between 1 and 10 in steps of 0.5", 7, "100x5@10"),
        ("5km/25", "a time needs a unit: s, min or h, or write it as M:SS", 7, "5km/25s"),
        ("3x8@60", "RPE must be between 1 and 10; for 3 sets of 8 at 60 write WEIGHTxREPSxSETS", 5, "60x8x3"),
    ] as [(String, String, Int, String)])
    func setNotation(set: String, reason: String, column: Int, suggestion: String) throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithActiveSession(root)
            let message = "Invalid set '\(set)': \(reason). Did you mean \(suggestion)?"
            expectFailure(["log", "Back Squat", set], store: store, code: .validation, message: message)
            let json = run(["log", "Back Squat", set, "--store", store, "--json"]).json
            #expect(json?["error"]?["details"] == ["token": .string(set), "column": .number(JSONNumber(column)), "suggestion": .string(suggestion), "remedy": "correct_set"])
            // On a terminal: the message, then the token with a caret under the first wrong character.
            let human = run(["log", "Back Squat", set, "--store", store])
            #expect(human.status == 4)
            #expect(human.error == "Error: \(message)\n  \(set)\n  \(String(repeating: " ", count: column - 1))^\n")
        }
    }

    @Test("set --remove takes a value a set had away; an unknown name, or a value given and removed at once, is refused and changes nothing")
    func removeValues() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithActiveSession(root)
            #expect(run(["set", "Back Squat", "1", "--rpe", "8", "--rir", "2", "--store", store]).status == 0)
            let removed = run(["set", "Back Squat", "1", "--remove", "rpe", "--store", store, "--json"])
            #expect(removed.status == 0, "\(removed.output)")
            let set = removed.json?["data"]?["entries"]?.arrayValue?[0]["sets"]?.arrayValue?[0]
            #expect(set?["rpe"] == nil && set?["rir"] == 2 && set?["weight"] == 100, "\(removed.output)")
            expectFailure(["set", "Back Squat", "1", "--remove", "rpe,tempo"], store: store, code: .validation,
                          message: "--remove takes rpe, rir, seconds or distance, got 'tempo'.")
            expectFailure(["set", "Back Squat", "1", "--rir", "1", "--remove", "rir"], store: store, code: .validation,
                          message: "The set's rir is both given and removed; say one of them. Nothing was changed.")
        }
    }

    @Test("a set without a close valid form lists the forms of the notation")
    func setNotationWithoutSuggestion() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithActiveSession(root)
            expectFailure(["log", "Back Squat", "100stonex5"], store: store, code: .validation,
                          message: "Invalid set '100stonex5': unknown unit 'stone' (weights: kg, lbs; times: s, min; distances: m, km, mi). Write sets like 100x5, 225lbsx5, 100x5@8, w:60x5, 100x5x3, bw+20x5, 60s, 20x45s, 5km/25:00 or 400mx6.")
            expectFailure(["set", "Back Squat", "1", "--seconds", "5km"], store: store, code: .validation,
                          message: "--seconds must be a time such as 45, 45s, 2min or 1:30, got '5km'.")
            expectFailure(["set", "Back Squat", "1", "--distance", "fast"], store: store, code: .validation,
                          message: "--distance must be a distance such as 400m, 5km or 3mi, got 'fast'.")
        }
    }

    @Test("exercise rules: name length, duplicates, increment, unknown names")
    func exerciseRules() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithActiveSession(root)
            expectFailure(["exercise", "add", ""], store: store, code: .validation, message: "Exercise name cannot be empty.")
            expectFailure(["exercise", "add", String(repeating: "a", count: 101)], store: store, code: .validation, message: "Exercise name is 101 characters long; the limit is 100.")
            expectFailure(["exercise", "add", "BACK SQUAT"], store: store, code: .conflict, message: "An exercise named 'Back Squat' already exists.")
            expectFailure(["exercise", "add", "Sled", "--increment", "-2.5"], store: store, code: .validation, message: "Weight increment must be positive, got -2.5.")
            expectFailure(["exercise", "add", "Sled", "--increment", "0"], store: store, code: .validation, message: "Weight increment must be positive, got 0.")
            expectFailure(["exercise", "add", "Sled", "--modality", "sled"], store: store, code: .validation, message: "--modality must be one of barbell, dumbbell, machine, cable, bodyweight, cardio, climb, other, got 'sled'.")
            expectFailure(["log", "Bench Pres", "80x5"], store: store, code: .notFound, message: "No exercise named 'Bench Pres'. Did you mean 'Bench Press'?")
            expectFailure(["log", "Rowing", "2000m/7:45"], store: store, code: .notFound, message: "No exercise named 'Rowing'. Log it with --create to add it to the library.")
            #expect(run(["log", "Rowing", "2000m/7:45", "--store", store, "--json"]).json?["error"]?["details"]?["remedy"] == "log_creating_exercise")
            expectFailure(["exercise", "show", "Squat"], store: store, code: .notFound, message: "No exercise named 'Squat'. Did you mean 'Back Squat', 'Front Squat' or 'Goblet Squat'?")
        }
    }

    @Test("lifecycle rules: one active session, logging needs one, completed sessions are history")
    func lifecycleRules() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithActiveSession(root)
            expectFailure(["start"], store: store, code: .conflict, message: "A session is already active (started 2025-01-24 07:30). Finish it with 'liftlog finish' or discard it with 'liftlog discard' first.")
            let id = try #require(run(["status", "--store", store, "--json"]).json?["data"]?["id"]?.stringValue)
            #expect(run(["finish", "--store", store]).status == 0)
            expectFailure(["log", "Back Squat", "100x5"], store: store, code: .notFound, message: "No active session. Start one with 'liftlog start'.")
            expectFailure(["log", "Back Squat", "100x5x0", "--session", String(id.prefix(8))], store: store, code: .validation,
                          message: "Invalid set '100x5x0': the number of sets must be 1 to 50. Did you mean 100x5x3?")
            expectFailure(["finish"], store: store, code: .notFound, message: "No active session. Start one with 'liftlog start'.")
            expectFailure(["finish", "--feel", "7"], store: store, code: .validation, message: "Feel must be 1–5, got 7.")
        }
    }

    @Test("IDs: too short, ambiguous, unknown")
    func idPrefixes() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            expectFailure(["show", "last"], store: store, code: .notFound, message: "No sessions yet. Start one with 'liftlog start'.")
            makeDirectories(store + "/sessions/2025/01")
            for (id, minute) in [("abcd1111-8b7d-4c6e-9f01-2a3b4c5d6e7f", "00"), ("abcd2222-8b7d-4c6e-9f01-2a3b4c5d6e7f", "10")] {
                let text = "{\"id\": \"\(id)\", \"status\": \"completed\", \"started_at\": \"2025-01-20T07:\(minute):00+01:00\", \"completed_at\": \"2025-01-20T08:00:00+01:00\"}\n"
                writeText(text, to: store + "/sessions/2025/01/2025-01-20-07\(minute)-\(id.prefix(8)).json")
            }
            expectFailure(["show", "abc"], store: store, code: .validation, message: "Session ID 'abc' is too short; give at least 4 characters.")
            expectFailure(["show", "abcd"], store: store, code: .validation, message: "Session ID 'abcd' is ambiguous: it matches 2 sessions (abcd1111, abcd2222). Give more characters.")
            #expect(run(["show", "abcd2", "--store", store, "--json"]).json?["data"]?["id"] == "abcd2222-8b7d-4c6e-9f01-2a3b4c5d6e7f")
            // `last`: the newest, as history lists it first.
            #expect(run(["show", "last", "--store", store, "--json"]).json?["data"]?["id"] == "abcd2222-8b7d-4c6e-9f01-2a3b4c5d6e7f")
            #expect(run(["show", "Last", "--store", store]).output == run(["show", "abcd2222", "--store", store]).output)
            expectFailure(["show", "ffff"], store: store, code: .notFound, message: "No session with ID 'ffff'. 'liftlog history' lists sessions with their IDs.")
            expectFailure(["rm", "../../etc", "--yes"], store: store, code: .validation, message: "'../../etc' is not a session ID; IDs are hexadecimal, like 3f2c9a1e.")
            expectFailure(["history", "--page", "0"], store: store, code: .validation, message: "Page must be 1 or more, got 0.")
            expectFailure(["history", "--from", "2025-13-01"], store: store, code: .validation, message: "--from must be a date like 2025-01-24, got '2025-13-01'.")
        }
    }

    @Test("a store path that is a file, or no store at all")
    func storePaths() throws {
        try withTemporaryDirectory { root throws in
            writeText("not a store", to: root + "/file")
            let asFile = run(["history", "--store", root + "/file", "--json"])
            #expect(asFile.status == 4)
            #expect(asFile.errorMessage == "The store path '\(root)/file' is a file, not a folder.")
            let missing = run(["history", "--store", root + "/none", "--json"])
            #expect(missing.status == 3)
            #expect(missing.errorMessage == "No liftlog store at '\(root)/none'. Create one with 'liftlog init \(root)/none'.")
            #expect(allFiles(in: root) == ["file"])
            #expect(run(["init", root + "/file"]).status == 4)
            #expect(run(["init", root + "/s"]).status == 0)
            let again = run(["init", root + "/s", "--json"])
            #expect(again.status == 5)
            #expect(again.errorMessage == "A liftlog store already exists at '\(root)/s'.")
        }
    }

    @Test("a session file with invalid JSON is reported at its line and column")
    func corruptSession() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithActiveSession(root)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") })
            var text = try #require(readText(store + "/" + path))
            text = text.replacingOccurrences(of: "\"reps\": 5,", with: "\"reps\": 5")
            writeText(text, to: store + "/" + path)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = try #require(lines.firstIndex { $0.contains("\"reps\": 5") }) + 2
            let column = lines[line - 1].prefix { $0 == " " }.count + 1
            expectFailure(["status"], store: store, code: .corruptFile, message: "\(path):\(line):\(column): unexpected character '\"'; expected ',' or '}' after the value of \"reps\"")
            let human = run(["log", "--store", store, "Back Squat", "100x5"])
            #expect(human.status == 7)
            #expect(human.error == "Error: \(path):\(line):\(column): unexpected character '\"'; expected ',' or '}' after the value of \"reps\"\n  Fix the JSON syntax at this position.\n")
        }
    }

    @Test("an exercise name that looks like a path stays a name")
    func pathLikeName() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store, "--no-seed"]).status == 0)
            #expect(run(["exercise", "add", "../../etc/x", "--store", store]).status == 0)
            #expect(allFiles(in: root).filter { $0.hasPrefix("s/exercises/") } == ["s/exercises/etc-x.json"])
            let shown = run(["exercise", "show", "../../etc/x", "--store", store, "--json"])
            #expect(shown.json?["data"]?["name"] == "../../etc/x")
        }
    }

    @Test("a read-only store fails with IO_ERROR and changes nothing")
    func readOnlyStore() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithActiveSession(root)
            let before = snapshot(store, excluding: nil)
            // Root ignores permissions, so run as an unprivileged user where possible.
            let prefix = geteuid() == 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
            for folder in ["", "/sessions", "/sessions/2025", "/sessions/2025/01", "/exercises", "/.liftlog"] { chmod(store + folder, 0o555) }
            defer { for folder in ["", "/sessions", "/sessions/2025", "/sessions/2025/01", "/exercises", "/.liftlog"] { chmod(store + folder, 0o755) } }
            let outcome = runBinary(["log", "Back Squat", "100x5", "--store", store, "--json"], prefix: prefix)
            #expect(outcome.status == 8)
            #expect(outcome.errorCode == "IO_ERROR", "\(outcome.output)")
            #expect(outcome.errorMessage?.hasPrefix("Cannot ") == true)
            #expect(outcome.errorMessage?.hasSuffix(": Permission denied; nothing was changed.") == true)
            // Reading still works.
            #expect(runBinary(["status", "--store", store], prefix: prefix).status == 0)
            #expect(snapshot(store, excluding: nil) == before)
        }
    }
}

@Suite("Seeding from the command line")
struct SeedCommandTests {
    @Test("seeds from a file, reports what it added, and rejects a missing or malformed file")
    func seedFile() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            writeText(#"{"exercises": [{"name": "Back Squat"}, {"name": "Sled Push", "modality": "other"}]}"#, to: root + "/more.json")
            let added = run(["seed", root + "/more.json", "--store", store])
            #expect(added.output == "Added 1 exercise: Sled Push. 1 already present.\n")
            #expect(run(["seed", root + "/more.json", "--store", store]).output == "Nothing to add: all 2 exercises are already in the library.\n")
            let missing = run(["seed", root + "/none.json", "--store", store, "--json"])
            #expect(missing.status == 3)
            #expect(missing.errorMessage == "No seed file '\(root)/none.json'.")
            writeText("{\"exercises\": [\n  {\"name\": 7}\n]}\n", to: root + "/bad.json")
            let before = snapshot(store)
            let bad = run(["seed", root + "/bad.json", "--store", store, "--json"])
            #expect(bad.status == 7)
            #expect(bad.errorMessage == "\(root)/bad.json:2:12: exercises[0].name: expected a string, found a number")
            #expect(snapshot(store) == before)
        }
    }
}

@Suite("Remedies")
struct RemedyTests {
    @Test("the library names what to do as data; the CLI words it, and --json gives its code too")
    func remedyAsData() throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s")
            do throws(LiftLogError) {
                _ = try store.finish()
                Issue.record("finish without an active session succeeded")
            } catch {
                #expect(error.message == "No active session.")
                #expect(error.remedy == .startSession)
                #expect(!error.message.contains("liftlog "))
            }
            let outcome = run(["finish", "--store", root + "/s", "--json"])
            #expect(outcome.errorMessage == "No active session. Start one with 'liftlog start'.")
            #expect(outcome.json?["error"]?["details"]?["remedy"] == "start_session")
        }
    }
}
