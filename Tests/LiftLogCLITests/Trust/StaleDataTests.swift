#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// What a command shows is what the files say, however they were changed.
@Suite("Never stale")
struct StaleDataTests {
    /// A store with one finished session on 2025-01-20 (Back Squat 100 kg × 5, 06:00–07:00).
    private func storeWithSession(_ root: String) throws -> (store: String, path: String) {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        #expect(run(["start", "--store", store, "--at", "2025-01-20T06:00:00+01:00"]).status == 0)
        #expect(run(["log", "Back Squat", "100x5", "--store", store]).status == 0)
        #expect(run(["finish", "--store", store, "--at", "2025-01-20T07:00:00+01:00"]).status == 0)
        let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/2025/01/") })
        return (store, path)
    }

    @Test("an edit in place that keeps the size and the modification time shows in pr, history, progress and stats")
    func sameSizeSameTime() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            let file = store + "/" + path
            // Old enough that no folder or file is "just changed" for the built binary's clock.
            let touched = [file, store + "/sessions/2025/01", store + "/sessions/2025", store + "/sessions"]
            for target in touched { #expect(runProgram(["touch", "-d", "1 hour ago", target]).status == 0) }
            waitUntilSettled(touched)
            let before = runBinary(["pr", "Back Squat", "--store", store, "--json"])
            #expect(before.json?["data"]?["personal_record"]?["weight"] == 100)
            #expect(runBinary(["stats", "--store", store, "--json"]).json?["data"]?["lifting"]?["total_minutes"] == 60)
            // The edit keeps the length; `touch -r` puts the old modification time back.
            #expect(runProgram(["cp", "-p", file, root + "/reference"]).status == 0)
            let text = try #require(readText(file))
            writeText(text.replacingOccurrences(of: "\"weight\": 100", with: "\"weight\": 120")
                .replacingOccurrences(of: "2025-01-20T07:00:00", with: "2025-01-20T07:30:00"), to: file)
            #expect(runProgram(["touch", "-r", root + "/reference", file]).status == 0)
            #expect(readText(file)?.utf8.count == text.utf8.count)
            #expect(try PosixFileSystem().status(file)?.modificationNanoseconds == PosixFileSystem().status(root + "/reference")?.modificationNanoseconds)

            // pr of every exercise first: it checks each month's files before it uses them.
            let all = runBinary(["pr", "--store", store, "--json"]).json?["data"]?["records"]?.arrayValue
            #expect(all?.first { $0["exercise_name"] == "Back Squat" }?["personal_record"]?["weight"] == 120)
            #expect(runBinary(["pr", "Back Squat", "--store", store, "--json"]).json?["data"]?["personal_record"]?["weight"] == 120)
            #expect(runBinary(["history", "--store", store, "--json"]).json?["data"]?["sessions"]?.arrayValue?.first?["total_volume"] == 600)
            #expect(runBinary(["progress", "Back Squat", "--store", store, "--json"]).json?["data"]?["entries"]?.arrayValue?.first?["best_weight"] == 120)
            #expect(runBinary(["stats", "--store", store, "--json"]).json?["data"]?["lifting"]?["total_minutes"] == 90)
        }
    }

    @Test("an edit in place shows in today's day and targets and in the recent exercises")
    func editInPlaceShowsInToday() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["plan", "create", "P", "--days", "A,B", "--activate", "--store", store]).status == 0)
            for day in ["A", "B"] { #expect(run(["plan", "add-exercise", "P", day, "Back Squat", "3x5", "--store", store]).status == 0) }
            #expect(run(["start", "--plan-day", "A", "--at", "2025-01-20T06:00:00+01:00", "--store", store]).status == 0)
            #expect(run(["log", "Back Squat", "100x5", "--store", store]).status == 0)
            #expect(run(["finish", "--at", "2025-01-20T07:00:00+01:00", "--store", store]).status == 0)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/2025/01/") })
            let file = store + "/" + path
            let touched = [file, store + "/sessions/2025/01", store + "/sessions/2025", store + "/sessions"]
            for target in touched { #expect(runProgram(["touch", "-d", "1 hour ago", target]).status == 0) }
            waitUntilSettled(touched)
            // The built binary, on the real clock (for the in-process runs' clock in 2025 every
            // folder looks just changed and is listed again).
            let before = try #require(runBinary(["today", "--store", store, "--json"]).json?["data"])
            #expect(before["day"] == "B")
            #expect(before["exercises"]?.arrayValue?.first?["target_weight"] == 100, "\(before)")
            #expect(runBinary(["exercises", "--recent", "--store", store, "--json"]).json?["data"]?["exercises"]?.arrayValue?.first?["exercise_name"] == "Back Squat")
            // By hand, in place (the folder's time unchanged): it was day B, at 120 kg, of Front Squat.
            let text = try #require(readText(file))
            let library = try #require(runBinary(["exercises", "--store", store, "--json"]).json?["data"]?["exercises"]?.arrayValue)
            let squat = try #require(library.first { $0["name"] == "Back Squat" }?["id"]?.stringValue)
            let front = try #require(library.first { $0["name"] == "Front Squat" }?["id"]?.stringValue)
            writeText(text.replacingOccurrences(of: "\"plan_day\": \"A\"", with: "\"plan_day\": \"B\"")
                .replacingOccurrences(of: "\"weight\": 100", with: "\"weight\": 120"), to: file)
            let after = try #require(runBinary(["today", "--store", store, "--json"]).json?["data"])
            #expect(after["day"] == "A")
            #expect(after["exercises"]?.arrayValue?.first?["target_weight"] == 120, "\(after)")
            writeText(try #require(readText(file)).replacingOccurrences(of: squat, with: front).replacingOccurrences(of: "\"Back Squat\"", with: "\"Front Squat\""), to: file)
            #expect(runBinary(["exercises", "--recent", "--store", store, "--json"]).json?["data"]?["exercises"]?.arrayValue?.first?["exercise_name"] == "Front Squat")
        }
    }

    @Test("an index state edited by hand or cut short is not believed: the next command answers from the files and writes it again")
    func stateEditedByHand() throws {
        try withTemporaryDirectory { root throws in
            let (store, _) = try storeWithSession(root)
            let touched = [store + "/sessions/2025/01", store + "/sessions/2025", store + "/sessions"]
            for target in touched { #expect(runProgram(["touch", "-d", "1 hour ago", target]).status == 0) }
            waitUntilSettled(touched)
            #expect(runBinary(["history", "--store", store, "--json"]).json?["data"]?["total"] == 1)
            let statePath = store + "/.liftlog/index/state.tsv"
            let written = try #require(readText(statePath))
            let line = try #require(written.split(separator: "\n").first { $0.hasPrefix("M\t2025/01\t") })
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            #expect(fields[3] == "1")
            // A month's count raised by hand (a plausible line, the folder unchanged), then the
            // file cut short as a crash may leave it (its writes are not flushed).
            fields[3] = "7"
            for damaged in [written.replacingOccurrences(of: String(line), with: fields.joined(separator: "\t")), String(written.prefix(written.utf8.count / 2))] {
                writeText(damaged, to: statePath)
                let history = runBinary(["history", "--store", store, "--json"])
                #expect(history.status == 0)
                #expect(history.json?["data"]?["total"] == 1)
                #expect(runBinary(["stats", "--store", store, "--json"]).json?["data"]?["lifting"]?["total_sessions"] == 1)
                #expect(IndexState(bytes: Array((readText(statePath) ?? "").utf8))?.months[MonthKey(year: 2025, month: 1)]?.count == 1)
            }
        }
    }

    @Test("a session moved to another month and back is still found by its ID")
    func movedAndBack() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            let id = String(path.suffix(13).prefix(8))
            let editor = root + "/editor.sh"
            func moveTo(_ day: String) {
                writeText("#!/bin/sh\nsed -i 's/\"started_at\": \"2025-0[12]-[0-9][0-9]T06/\"started_at\": \"\(day)T06/; s/\"completed_at\": \"2025-0[12]-[0-9][0-9]T07/\"completed_at\": \"\(day)T07/' \"$1\"\n", to: editor)
                chmod(editor, 0o755)
                let outcome = run(["edit", id, "--store", store], environment: ["EDITOR": editor, "TMPDIR": root])
                #expect(outcome.status == 0, "\(outcome.error)")
            }
            moveTo("2025-02-03")
            #expect(runBinary(["show", id, "--store", store]).status == 0)
            moveTo("2025-01-20")
            let shown = runBinary(["show", id, "--store", store, "--json"])
            #expect(shown.status == 0, "\(shown.output)")
            #expect(shown.json?["data"]?["path"]?.stringValue == path)
            #expect(runBinary(["rm", id, "--yes", "--store", store]).status == 0)
            #expect(runBinary(["history", "--store", store, "--json"]).json?["data"]?["total"] == 0)
        }
    }

    @Test("a session moved by hand to another month and back is still found by its ID")
    func movedByHand() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            let id = String(path.suffix(13).prefix(8))
            #expect(runBinary(["show", id, "--store", store]).status == 0)
            makeDirectories(store + "/sessions/2025/02")
            let name = String(path.split(separator: "/").last!)
            let january = store + "/" + path, february = store + "/sessions/2025/02/" + name
            #expect(rename(january, february) == 0)
            _ = runBinary(["history", "--store", store])
            #expect(rename(february, january) == 0)
            let shown = runBinary(["show", id, "--store", store, "--json"])
            #expect(shown.status == 0, "\(shown.output)")
        }
    }

    @Test("a session file in another month's folder counts by its start time in history, --from/--to, calendar and progress")
    func wrongMonthFolder() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try storeWithSession(root)
            // A hand edit moves the start to March; the file stays in January's folder.
            replaceText(store + "/" + path) { $0.replacingOccurrences(of: "2025-01-20T0", with: "2025-03-05T0") }
            let march = ["--from", "2025-03-01", "--to", "2025-03-31"]
            #expect(run(["history", "--store", store, "--json"]).json?["data"]?["total"] == 1)
            #expect(run(["history", "--store", store, "--json"] + march).json?["data"]?["total"] == 1)
            #expect(run(["history", "--store", store, "--json", "--from", "2025-01-01", "--to", "2025-01-31"]).json?["data"]?["total"] == 0)
            #expect(run(["calendar", "2025-03", "--store", store, "--json"]).json?["data"]?["days"]?["2025-03-05"]?.arrayValue == ["lifting"])
            #expect(run(["calendar", "2025-01", "--store", store, "--json"]).json?["data"]?["days"]?.objectValue?.isEmpty == true)
            #expect(run(["progress", "Back Squat", "--store", store, "--json"]).json?["data"]?["entries"]?.arrayValue?.first?["date"] == "2025-03-05")
            // check says where it belongs; fmt moves it there.
            let check = run(["check", "--store", store, "--json"])
            #expect(check.status == 7)
            #expect(run(["fmt", "--store", store]).status == 0)
            #expect(run(["check", "--store", store]).status == 0)
            #expect(run(["history", "--store", store, "--json"] + march).json?["data"]?["total"] == 1)
        }
    }

    @Test("a year folder that is a symbolic link is the same error for every command")
    func symbolicLinkYear() throws {
        try withTemporaryDirectory { root throws in
            let (store, _) = try storeWithSession(root)
            makeDirectories(root + "/elsewhere")
            #expect(symlink(root + "/elsewhere", store + "/sessions/2026") == 0)
            let message = "sessions/2026: is a symbolic link; liftlog reads and writes only inside the store"
            for arguments in [["history"], ["status"], ["stats"], ["calendar", "2025-01"], ["pr"], ["trends"]] {
                let outcome = run(arguments + ["--store", store, "--json"])
                #expect(outcome.status == 7, "\(arguments): \(outcome.output)")
                #expect(outcome.errorMessage == message, "\(arguments): \(outcome.output)")
            }
        }
    }
}
