import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

/// A store with one finished session; returns the store path and the session's file.
private func storeWithSession(_ root: String) throws -> (store: String, path: String) {
    let store = root + "/s"
    #expect(run(["init", store]).status == 0)
    #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
    #expect(run(["log", "--store", store, "Deadlift", "140x5"]).status == 0)
    #expect(run(["finish", "--store", store, "--feel", "4"]).status == 0)
    let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") })
    return (store, path)
}

@Suite("fmt")
struct FormatCommandTests {
    @Test("rewrites a hand-formatted file canonically, keeping unknown keys and data")
    func reformats() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            let canonical = try #require(readText(store + "/" + path))
            let messy = canonical.replacingOccurrences(of: "\n  \"id\"", with: "\n  \"x_mood\": null, \"zz_note\": \"mine\",\r\n    \"id\"")
                .replacingOccurrences(of: "\"weight\": 140", with: "\"weight\": 140.0")
            writeText(messy, to: store + "/" + path)
            let check = run(["fmt", "--check", "--store", store])
            #expect(check.status == 4)
            #expect(check.output == "would reformat \(path)\n1 file is not in canonical form; run 'liftlog fmt'.\n")
            #expect(readText(store + "/" + path) == messy)
            let fixed = run(["fmt", "--store", store])
            #expect(fixed.status == 0)
            #expect(fixed.output == "reformatted \(path)\nFormatted 1 file.\n")
            let text = try #require(readText(store + "/" + path))
            #expect(text.contains("\"zz_note\": \"mine\""))
            #expect(text.contains("\"x_mood\": null"))
            #expect(text.contains("\"weight\": 140\n") || text.contains("\"weight\": 140,"))
            // The store's 34 exercises, the manifest, the session and the 5 JSON Schemas init writes.
            #expect(run(["fmt", "--check", "--store", store]).output == "All 41 files are in canonical form.\n")
        }
    }

    @Test("moves a session whose start time was edited, and the index follows")
    func movesSessions() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            let text = try #require(readText(store + "/" + path))
            writeText(text.replacingOccurrences(of: "2025-01-24T06:00:00+01:00", with: "2025-01-20T18:30:00+01:00"), to: store + "/" + path)
            let moved = "sessions/2025/01/2025-01-20-1830-" + path.suffix(13)
            let outcome = run(["fmt", "--store", store])
            #expect(outcome.output == "moved \(path) -> \(moved)\nFormatted 1 file.\n")
            #expect(readText(store + "/" + path) == nil)
            #expect(readText(store + "/" + moved) != nil)
            #expect(run(["check", "--store", store]).status == 0)
            let history = run(["history", "--store", store, "--json"])
            #expect(history.json?["data"]?["sessions"].flatMap { value -> String? in
                if case .array(let list) = value { return list.first?["path"]?.stringValue }
                return nil
            } == moved)
        }
    }

    @Test("leaves a broken file alone and says so")
    func brokenFile() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            writeText("{\"id\": 1}", to: store + "/" + path)
            let outcome = run(["fmt", "--store", store])
            #expect(outcome.status == 7)
            #expect(outcome.output == "left alone \(path):1:8: id: expected an ID (a UUID string), found a number (and 2 more)\n40 files are in canonical form. 1 file left alone; 'liftlog check' shows what is wrong.\n")
            #expect(readText(store + "/" + path) == "{\"id\": 1}")
        }
    }
}

@Suite("edit")
struct EditCommandTests {
    /// Writes an editor script and returns the EDITOR value that runs it.
    private func editor(_ root: String, _ body: String) -> String {
        writeText("#!/bin/sh\n" + body + "\n", to: root + "/editor.sh")
        return "sh " + root + "/editor.sh"
    }

    @Test("replaces the session with a valid edit")
    func validEdit() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            let id = String(path.suffix(13).prefix(8))
            let outcome = run(["edit", id, "--store", store], environment: ["TMPDIR": root, "EDITOR": editor(root, #"sed -i 's/"session_rpe": 4/"session_rpe": 2/' "$1""#)])
            #expect(outcome.status == 0)
            #expect(outcome.output == "Saved \(path).\n")
            #expect(readText(store + "/" + path)?.contains("\"session_rpe\": 2") == true)
            #expect(run(["edit", id, "--store", store], environment: ["TMPDIR": root, "EDITOR": "true"]).output == "No changes.\n")
        }
    }

    @Test("the binary reads its own environment as asked for and passes all of it to the editor")
    func processEnvironment() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            let id = String(path.suffix(13).prefix(8))
            // The store comes from LIFTLOG_STORE, the editor from VISUAL (before EDITOR), and the
            // new value from a variable only the editor reads.
            let script = #"sed -i "s/\"session_rpe\": 4/\"session_rpe\": $LIFTLOG_TEST_RPE/" "$1""#
            let outcome = runBinary(["edit", id], environment: ["LIFTLOG_STORE": store, "TMPDIR": root, "VISUAL": editor(root, script),
                                                                 "EDITOR": "false", "LIFTLOG_TEST_RPE": "3"])
            #expect(outcome.status == 0, "\(outcome.error)")
            #expect(outcome.output == "Saved \(path).\n")
            #expect(readText(store + "/" + path)?.contains("\"session_rpe\": 3") == true)
        }
    }

    @Test("a given set of variables is exactly what a command sees; the process's own is what getenv says")
    func environmentSources() throws {
        #expect(ProcessEnvironment(["A": "1"])["A"] == "1")
        #expect(ProcessEnvironment(["A": "1"])["PATH"] == nil)
        #expect(ProcessEnvironment(["A": "1"]).all == ["A": "1"])
        let searchPath = String(cString: try #require(getenv("PATH")))
        #expect(ProcessEnvironment.process["PATH"] == searchPath)
        #expect(ProcessEnvironment.process.all["PATH"] == searchPath)
        #expect(ProcessEnvironment.process["LIFTLOG_NO_SUCH_VARIABLE"] == nil)
    }

    @Test("an invalid edit changes nothing and keeps the edited copy")
    func invalidEdit() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            let before = snapshot(store)
            let outcome = run(["edit", String(path.suffix(13).prefix(8)), "--store", store, "--json"],
                              environment: ["EDITOR": editor(root, #"sed -i 's/"reps": 5/"reps": -5/' "$1""#), "TMPDIR": root])
            #expect(outcome.status == 7)
            #expect(outcome.errorMessage?.hasSuffix("entries[0].sets[0].reps: reps cannot be negative, found -5") == true)
            #expect(outcome.error.hasPrefix("Nothing was changed; your edited copy is at \(root)/liftlog-edit-"))
            #expect(snapshot(store) == before)
        }
    }

    @Test("on a terminal, shows the problems and opens the editor again")
    func editAgain() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            let script = """
            n=$(cat "\(root)/count" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "\(root)/count"
            if [ $n = 1 ]; then sed -i 's/"session_rpe": 4/"session_rpe": 9/' "$1"; else sed -i 's/"session_rpe": 9/"session_rpe": 5/' "$1"; fi
            """
            let outcome = run(["edit", String(path.suffix(13).prefix(8)), "--store", store], environment: ["TMPDIR": root, "EDITOR": editor(root, script)], stdin: [""], terminal: true)
            #expect(outcome.status == 0)
            #expect(outcome.error.contains("session_rpe: session_rpe must be 1–5, found 9"))
            #expect(outcome.error.contains("Edit again? [Y/n]"))
            #expect(readText(root + "/count") == "2\n")
            #expect(readText(store + "/" + path)?.contains("\"session_rpe\": 5") == true)
        }
    }

    @Test("moves the session when its start time changes; refuses a changed ID")
    func startTimeAndID() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            let id = String(path.suffix(13).prefix(8))
            let changedID = run(["edit", id, "--store", store, "--json"], environment: ["TMPDIR": root, "EDITOR": editor(root, #"sed -i 's/"id": "00000000/"id": "11111111/' "$1""#)])
            #expect(changedID.status == 4)
            #expect(changedID.errorMessage == "The session's \"id\" cannot change (it was 00000000-0000-4000-8000-000000000001); put it back, or create a new session instead.")
            let moved = run(["edit", id, "--store", store], environment: ["TMPDIR": root, "EDITOR": editor(root, #"sed -i 's/2025-01-24T06:00:00/2025-01-23T06:00:00/' "$1""#)])
            #expect(moved.output == "Saved sessions/2025/01/2025-01-23-0600-\(id).json (moved from \(path)).\n")
            #expect(readText(store + "/" + path) == nil)
        }
    }

    @Test("never overwrites a change made while the editor was open")
    func concurrentChange() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            let script = """
            sed -i 's/"session_rpe": 4/"session_rpe": 3/' "$1"
            sed -i 's/"session_rpe": 4/"session_rpe": 1/' "\(store)/\(path)"
            """
            let outcome = run(["edit", String(path.suffix(13).prefix(8)), "--store", store, "--json"], environment: ["TMPDIR": root, "EDITOR": editor(root, script)])
            #expect(outcome.status == 5)
            #expect(outcome.errorMessage == "\(path) changed while you were editing it; nothing was saved. Edit it again.")
            #expect(readText(store + "/" + path)?.contains("\"session_rpe\": 1") == true)
        }
    }
}

@Suite("init --git")
struct GitInitTests {
    private let identity = gitIdentity

    @Test("makes the store a repository whose pre-commit hook refuses broken or unformatted files")
    func hook() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/log"
            let created = runBinary(["init", store, "--git"])
            #expect(created.status == 0)
            #expect(created.output.contains("Installed a pre-commit hook"))
            #expect(runProgram(["git", "-C", store, "add", "-A"]).status == 0)
            let first = runProgram(["git", "-C", store, "commit", "-q", "-m", "Start the log"], environment: identity)
            #expect(first.status == 0, "\(first.error)")
            // A hand-edited exercise that is not canonical is refused, then accepted after fmt.
            let squat = try #require(readText(store + "/exercises/back-squat.json"))
            writeText(squat.replacingOccurrences(of: "\n", with: "\r\n"), to: store + "/exercises/back-squat.json")
            #expect(runProgram(["git", "-C", store, "commit", "-q", "-a", "-m", "CRLF"], environment: identity).status != 0)
            #expect(runBinary(["fmt", "--store", store]).status == 0)
            // A broken session is refused.
            makeDirectories(store + "/sessions/2025/01")
            writeText("{\"id\": ", to: store + "/sessions/2025/01/2025-01-24-0730-3f2c9a1e.json")
            #expect(runProgram(["git", "-C", store, "add", "-A"]).status == 0)
            let refused = runProgram(["git", "-C", store, "commit", "-q", "-m", "Broken"], environment: identity)
            #expect(refused.status != 0)
            #expect(refused.error.contains("liftlog: staged files have problems; run 'liftlog check --staged' to see them."))
            // Running it again on the existing store only refreshes the hook.
            let again = runBinary(["init", store, "--git"])
            #expect(again.status == 0)
            #expect(again.output == "The store at \(store) exists.\nInstalled a pre-commit hook that runs 'liftlog check --staged' and 'liftlog fmt --check --staged'.\n")
        }
    }

    @Test("check and fmt --staged look only at what git is about to commit, the rules across session files answered from the index")
    func staged() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/log"
            #expect(runBinary(["init", store, "--git"]).status == 0)
            let env = ["LIFTLOG_STORE": store, "TZ": "UTC"]
            for day in ["2025-01-06", "2025-01-08"] {
                #expect(runBinary(["start", "--at", "\(day) 07:00"], environment: env).status == 0)
                #expect(runBinary(["log", "Back Squat", "100x5"], environment: env).status == 0)
                #expect(runBinary(["finish"], environment: env).status == 0)
            }
            #expect(runProgram(["git", "-C", store, "add", "-A"]).status == 0)
            #expect(runProgram(["git", "-C", store, "commit", "-q", "-m", "Two sessions"], environment: identity).status == 0)
            let clean = runBinary(["check", "--staged", "--store", store])
            #expect(clean.status == 0 && clean.output == "Checked 0 files: no problems.\n", "\(clean.output)")
            let sessions = allFiles(in: store + "/sessions").map { store + "/sessions/" + $0 }
            let first = try #require(sessions.first), second = try #require(sessions.last)
            // A broken file that is not staged is not looked at by --staged; the whole check finds it.
            let broken = try #require(readText(second))
            writeText(broken.replacingOccurrences(of: "\"reps\": 5", with: "\"reps\": \"five\""), to: second)
            #expect(runBinary(["check", "--staged", "--store", store]).status == 0)
            #expect(runBinary(["check", "--store", store]).status == 7)
            // Named on the command line, or staged: found, with its place.
            let named = runBinary(["check", second, "--store", store])
            #expect(named.status == 7 && named.output.contains("\(second.dropFirst(store.count + 1)):") && named.output.hasSuffix("Checked 1 file: 1 problem in 1 file.\n"), "\(named.output)")
            #expect(runProgram(["git", "-C", store, "add", "-A"]).status == 0)
            let staged = runBinary(["check", "--staged", "--store", store, "--json"])
            #expect(staged.status == 7 && staged.json?["error"]?["code"] == "CORRUPT_FILE")
            writeText(broken, to: second)
            // A copy of a session under another name: a duplicate ID, found through the index
            // (the original is not staged).
            let copy = first.replacingOccurrences(of: "-0700-", with: "-0701-")
            writeText(try #require(readText(first)), to: copy)
            #expect(runProgram(["git", "-C", store, "add", "-A"]).status == 0)
            let duplicate = runBinary(["check", "--staged", "--store", store])
            #expect(duplicate.status == 7)
            #expect(duplicate.output.contains("\(copy.dropFirst(store.count + 1)):") && duplicate.output.contains("is also used by \(first.dropFirst(store.count + 1))"), "\(duplicate.output)")
            #expect(!duplicate.output.contains("\(first.dropFirst(store.count + 1)):"))
            // The copy's name does not match its start time either; fmt --staged cannot move it
            // where it belongs, the original is there.
            #expect(duplicate.output.contains("the file's name and folder do not match its start time"))
            let formatted = runBinary(["fmt", "--check", "--staged", "--store", store])
            #expect(formatted.output.contains("left alone \(copy.dropFirst(store.count + 1)): belongs at \(first.dropFirst(store.count + 1)), but a file is already there"), "\(formatted.output)")
            #expect(formatted.output.hasSuffix("0 files are in canonical form. 1 file left alone; 'liftlog check' shows what is wrong.\n"), "\(formatted.output)")
            // The hook refuses the commit.
            let refused = runProgram(["git", "-C", store, "commit", "-q", "-m", "Copy"], environment: identity)
            #expect(refused.status != 0 && refused.error.contains("liftlog: staged files have problems; run 'liftlog check --staged' to see them."))
            #expect(runProgram(["git", "-C", store, "rm", "-q", "-f", copy]).status == 0)
            // Mistakes.
            let both = runBinary(["check", first, "--staged", "--store", store, "--json"])
            #expect(both.status == 2 && both.errorMessage == "Give files or --staged, not both.")
            let outside = runBinary(["check", root + "/elsewhere.json", "--store", store, "--json"])
            #expect(outside.status == 4 && outside.errorMessage == "'\(root)/elsewhere.json' is not in the store at \(store).")
            let plain = root + "/plain"
            #expect(runBinary(["init", plain]).status == 0)
            let noGit = runBinary(["check", "--staged", "--store", plain, "--json"])
            #expect(noGit.status == 4 && noGit.errorMessage == "--staged needs the store in a git repository, and '\(plain)' is not in one; run 'liftlog init --git' to make it one.", "\(noGit.output)")
        }
    }
}
