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

    @Test("checking chosen files: each by itself, and the rules across session files from the index")
    func chosenFiles() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let path = root + "/store"
            let first = try store.startSession()
            let good = try #require(readText(path + "/" + first.path))
            // A second active session with an ID of its own, written by hand (the index has not seen it).
            let second = "sessions/2025/01/2025-01-24-0731-bbbbbbbb.json"
            writeText(good.replacingOccurrences(of: "07:30:00", with: "07:31:00").replacingOccurrences(of: first.session.id.rawValue, with: "bbbbbbbb-0000-4000-8000-000000000002"),
                      to: path + "/" + second)
            let report = try Store.check(at: path, paths: [second])
            #expect(report.filesChecked == 1)
            #expect(report.problems.map(\.path) == [second])
            #expect(report.problems.first?.message == "status: more than one session is active (also \(first.path))")
            // The first file alone: the second is not chosen, but the index knows it now.
            #expect(try Store.check(at: path, paths: [first.path]).problems.map(\.message) == ["status: more than one session is active (also \(second))"])
            // Nothing chosen, files liftlog does not read, and misplaced ones.
            #expect(try Store.check(at: path, paths: []).filesChecked == 0)
            #expect(try Store.check(at: path, paths: ["schemas/session.schema.json", "README.md"]).problems == [])
            let stray = try Store.check(at: path, paths: ["sessions/2025/13/2025-13-01-0700-cccccccc.json", "sessions/notes.txt"])
            #expect(stray.problems.map(\.path) == ["sessions/2025/13/2025-13-01-0700-cccccccc.json", "sessions/notes.txt"])
            // The library as a whole when one of its files is chosen: a plan naming an exercise that is not there.
            _ = try store.createPlan(name: "P", days: ["A"])
            _ = try store.setPlannedExercise(plan: "P", day: "A", exercise: "Deadlift", try PlanNotation.parse("1x5"))
            let plan = try #require(readText(path + "/plans/p.json"))
            writeText(plan.replacingOccurrences(of: "\"exercise_name\": \"Deadlift\"", with: "\"exercise_name\": \"Deadlfit\"").replacingOccurrences(of: "\"exercise_id\"", with: "\"x_id\""), to: path + "/plans/p.json")
            #expect(try Store.check(at: path, paths: ["plans/p.json"]).problems.map(\.code) == [.notFound])
            // A store that does not open is checked whole, so its broken manifest is reported.
            writeText("{", to: path + "/liftlog.json")
            #expect(try Store.check(at: path, paths: [second]).problems.contains { $0.path == "liftlog.json" })
        }
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
                "exercises/back-squat.json:13:CORRUPT_FILE: weight_increment: weight_increment must be positive, found -5",
                "exercises/broken.json:2:CORRUPT_FILE: trailing comma before '}' is not allowed in JSON; remove it",
                "exercises/deadlift (conflicted copy 2025-01-02).json:0:CONFLICT: is a sync conflict copy of exercises/deadlift.json (made by Dropbox or Nextcloud); liftlog does not read it",
                "sessions/2025/01/2025-01-24-0730-00000000.json:21:CONFLICT: id: the session ID 00000000-0000-4000-8000-000000000001 is also used by sessions/2025/01/2025-01-24-0730-aaaaaaaa.json",
                "sessions/2025/01/2025-01-24-0730-00000000.json:24:CONFLICT: status: more than one session is active (also sessions/2025/01/2025-01-24-0730-aaaaaaaa.json)",
                "sessions/2025/01/2025-01-24-0730-aaaaaaaa.json:21:CONFLICT: id: the session ID 00000000-0000-4000-8000-000000000001 is also used by sessions/2025/01/2025-01-24-0730-00000000.json",
                "sessions/2025/01/2025-01-24-0730-aaaaaaaa.json:23:CORRUPT_FILE: started_at: the file's name and folder do not match its start time; it belongs at sessions/2025/01/2025-01-24-0730-00000000.json",
                "sessions/2025/01/2025-01-24-0730-aaaaaaaa.json:24:CONFLICT: status: more than one session is active (also sessions/2025/01/2025-01-24-0730-00000000.json)",
                "sessions/2025/01/2025-01-24-0731-00000000.json:23:CORRUPT_FILE: started_at: the file's name and folder do not match its start time; it belongs at sessions/2025/01/2025-01-25-0730-00000000.json",
                "sessions/2025/01/notes.txt:0:CORRUPT_FILE: is not a liftlog file and is ignored (session files are named like 2025-01-24-0730-3f2c9a1e.json)",
            ])
            #expect(report.problems.allSatisfy { $0.hint != nil })
            let broken = try #require(report.problems.first { $0.path == "exercises/broken.json" })
            #expect(broken.lineText == "  \"name\": \"Broken\",")
            #expect(broken.column == 19)
        }
    }

    @Test("every file of each group sharing a session ID is reported, naming the others; a lone ID is not")
    func duplicateIDGroups() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let path = root + "/store"
            var finished: [StoredSession] = []
            for day in ["2025-01-20", "2025-01-21", "2025-01-22"] {
                _ = try store.startSession(startedAt: Timestamp(day + "T07:30:00+01:00")!)
                finished.append(try store.finish(completedAt: Timestamp(day + "T08:30:00+01:00")!))
            }
            // The first session copied twice, the second once, under names of their own.
            let copies = ["sessions/2025/01/2025-01-20-0730-aaaaaaaa.json", "sessions/2025/01/2025-01-20-0730-bbbbbbbb.json", "sessions/2025/01/2025-01-21-0730-cccccccc.json"]
            for (copy, original) in zip(copies, [finished[0], finished[0], finished[1]]) {
                writeText(try #require(readText(path + "/" + original.path)), to: path + "/" + copy)
            }
            let report = try Store.check(at: path)
            let conflicts = report.problems.filter { $0.code == .conflict }
            let first = [finished[0].path, copies[0], copies[1]], second = [finished[1].path, copies[2]]
            #expect(Set(conflicts.map(\.path)) == Set(first + second))
            for group in [first, second] {
                let id = group == first ? finished[0].session.id.rawValue : finished[1].session.id.rawValue
                for file in group {
                    let others = group.filter { $0 != file }.sorted().joined(separator: ", ")
                    #expect(conflicts.filter { $0.path == file }.map(\.message) == ["id: the session ID \(id) is also used by \(others)"])
                }
            }
            #expect(!report.problems.contains { $0.path == finished[2].path })
            // Misplaced copies are reported too (the copies' names do not match their start times).
            #expect(report.problems.filter { $0.code == .corruptFile }.map(\.path).sorted() == copies.sorted())
        }
    }

    @Test("checks a store whose manifest is broken, and refuses a folder that is no store")
    func brokenManifest() throws {
        try withTemporaryDirectory { root throws in
            _ = try makeStore(at: root, seed: false)
            writeText("{\"format\": \"liftlog\", \"format_version\": \"one\"}", to: root + "/store/liftlog.json")
            let report = try Store.check(at: root + "/store")
            #expect(report.problems.map(\.message) == ["format_version: expected a whole number, found a string"])
            #expect(throws: LiftLogError.notFound("No liftlog store at '\(root)' (no liftlog.json).", remedy: .createStore(path: root))) {
                try Store.check(at: root)
            }
        }
    }
}

@Suite("Checking what was typed by hand")
struct HandTypedCheckTests {
    private func checked(_ change: (String) -> String) throws -> CheckReport {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s", environment: .fixed(now: Timestamp("2025-01-24T07:30:00+01:00")!))
            try store.startSession(startedAt: Timestamp("2025-01-24T06:00:00+01:00")!)
            try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
            try store.finish(completedAt: Timestamp("2025-01-24T07:00:00+01:00")!)
            let path = try #require(allFiles(in: root + "/s").first { $0.hasPrefix("sessions/") })
            writeText(change(try #require(readText(root + "/s/" + path))), to: root + "/s/" + path)
            return try Store.check(at: root + "/s")
        }
    }

    @Test("a key one typo away from a known key the object lacks is an error at its line and column (the value would be lost); beside the known key, a warning")
    func misspeltKey() throws {
        let report = try checked { $0.replacingOccurrences(of: "\"weight\": 100", with: "\"wieght\": 100") }
        let problem = try #require(report.problems.first)
        #expect(report.problems.count == 1 && report.warnings.isEmpty)
        #expect(problem.message == "entries[0].sets[0].wieght: unknown key \"wieght\" is not read; did you mean \"weight\"?")
        #expect(problem.hint == "Rename it to \"weight\".")
        #expect(problem.lineText?.contains("\"wieght\": 100") == true)
        #expect(problem.column == 11)
        // Both spellings: the known key is read, the other is a warning at its place.
        let both = try checked { $0.replacingOccurrences(of: "\"weight\": 100", with: "\"weight\": 100,\n          \"wieght\": 105") }
        #expect(both.problems.isEmpty)
        let warning = try #require(both.warnings.first)
        #expect(both.warnings.count == 1)
        #expect(warning.message == "entries[0].sets[0].wieght: unknown key \"wieght\" is kept but not read; \"weight\" is the one read")
        #expect(warning.lineText?.contains("\"wieght\": 105") == true)
        // The warning is shown with the file's errors, not only once they are fixed.
        let broken = try checked { $0.replacingOccurrences(of: "\"weight\": 100", with: "\"weight\": 100,\n          \"wieght\": 105").replacingOccurrences(of: "\"reps\": 5", with: "\"reps\": -5") }
        #expect(broken.problems.map(\.message) == ["entries[0].sets[0].reps: reps cannot be negative, found -5"])
        #expect(broken.warnings.map(\.message) == [warning.message])
        // Keys far from any known one are kept without a word.
        #expect(try checked { $0.replacingOccurrences(of: "\"weight\": 100", with: "\"weight\": 100,\n          \"tempo\": \"3-1-1\"") }.warnings.isEmpty)
    }

    @Test("a missing required key that is misspelt points at the misspelling")
    func misspeltRequiredKey() throws {
        let report = try checked { $0.replacingOccurrences(of: "\"exercise_name\": \"Back Squat\"", with: "\"exercise_nmae\": \"Back Squat\"") }
        let problem = try #require(report.problems.first)
        #expect(report.problems.count == 1)
        #expect(problem.message == "entries[0].exercise_nmae: missing required key \"exercise_name\"; \"exercise_nmae\" looks like a misspelling of it")
        #expect(problem.lineText?.contains("\"exercise_nmae\"") == true)
        #expect(problem.hint == "Rename \"exercise_nmae\" to \"exercise_name\".")
    }

    @Test("reps and weight beyond what one set can be are refused, as the CLI refuses them")
    func plausibleRange() throws {
        let reps = try checked { $0.replacingOccurrences(of: "\"reps\": 5", with: "\"reps\": 9223372036854775807") }
        #expect(reps.problems.map(\.message) == ["entries[0].sets[0].reps: reps must be at most 1000, found 9223372036854775807"])
        let weight = try checked { $0.replacingOccurrences(of: "\"weight\": 100", with: "\"weight\": 100000") }
        #expect(weight.problems.map(\.message) == ["entries[0].sets[0].weight: weight must be at most 5000, found 100000"])
    }
}

@Suite("Look-alike names")
struct LookAlikeNameTests {
    @Test("look-alike spellings are one name", arguments: [("ﬁve", "five"), ("ＢＥＮＣＨ", "bench"), ("Dead\u{200B}lift", "deadlift"), ("  Back   Squat ", "back squat")])
    func folded(name: String, key: String) {
        #expect(Exercise.nameKey(name) == key)
    }

    @Test("adding a look-alike of an existing exercise is a CONFLICT; invisible characters are refused")
    func refused() throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s", environment: .fixed(now: Timestamp("2025-01-24T07:30:00+01:00")!))
            _ = try store.addExercise(name: "Five Rep Squat", modality: .barbell)
            #expect(throws: LiftLogError.conflict("An exercise named 'Five Rep Squat' already exists.")) {
                try store.addExercise(name: "ﬁve rep squat", modality: .barbell)
            }
            #expect(throws: LiftLogError.validation("Exercise name cannot contain invisible characters (U+200B); type the name again without it.")) {
                try store.addExercise(name: "Zero\u{200B}Width", modality: .barbell)
            }
        }
    }

    @Test("check flags files whose names differ only by case, and look-alike exercise names")
    func caseCollisions() throws {
        try withTemporaryDirectory { root throws in
            let path = root + "/s"
            _ = try Store.create(at: path, environment: .fixed(now: Timestamp("2025-01-24T07:30:00+01:00")!))
            let squat = try #require(readText(path + "/exercises/back-squat.json"))
            // A copy under a look-alike name, with an ID of its own.
            let copy = squat.replacingOccurrences(of: "\"Back Squat\"", with: "\"Ｂack Squat\"").split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("  \"id\": ") ? "  \"id\": \"ffffffff-ffff-4fff-8fff-ffffffffffff\"," : String($0) }.joined(separator: "\n")
            writeText(copy, to: path + "/exercises/Back-Squat.json")
            let report = try Store.check(at: path)
            let messages = report.problems.map { "\($0.path): \($0.message)" }
            #expect(messages.contains("exercises/Back-Squat.json: differs from exercises/back-squat.json only by case; on macOS and Windows the two are one file, and a sync or checkout there loses one"))
            #expect(messages.contains("exercises/back-squat.json: differs from exercises/Back-Squat.json only by case; on macOS and Windows the two are one file, and a sync or checkout there loses one"))
            #expect(messages.contains { $0.hasPrefix("exercises/Back-Squat.json: name: the exercise name \"Ｂack Squat\" is also used by exercises/back-squat.json") })
        }
    }
}
