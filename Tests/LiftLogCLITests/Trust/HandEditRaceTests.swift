#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// A hand edit saved while a command runs (editors, Dropbox and git take no lock) is never lost:
/// the write notices the file is no longer what it read, reads it again and applies its change
/// on top.
@Suite("Hand edits during a write")
struct HandEditRaceTests {
    static let commands: [(name: String, arguments: [String])] = [
        ("log", ["log", "Back Squat", "105x5"]),
        ("set", ["set", "Back Squat", "1", "--reps", "4"]),
        ("drop", ["drop", "Back Squat"]),
        ("finish", ["finish", "--feel", "4"]),
    ]

    @Test("log, set, drop and finish keep a note saved by hand between their read and their rename", arguments: 0..<4)
    func keepsHandEdit(command: Int) throws {
        let (name, arguments) = HandEditRaceTests.commands[command]
        try withTemporaryDirectory { root throws in
            let (store, path) = try HandEditRaceTests.activeSession(in: root, logging: "100x5")
            let editor = EditingBeforeRenameFileSystem(suffix: path) { file in
                replaceText(file) { $0.replacingOccurrences(of: "\"kind\": \"lifting\",", with: "\"kind\": \"lifting\",\n  \"notes\": \"saved by hand\",") }
            }
            let outcome = run(arguments + ["--store", store, "--json"], fileSystem: editor)
            #expect(outcome.status == 0, "\(name): \(outcome.output)")
            let text = try #require(readText(store + "/" + path))
            #expect(text.contains("\"notes\": \"saved by hand\""), "\(name) lost the hand edit")
            switch name {
            case "log": #expect(text.contains("\"weight\": 105"), "the logged set is there too")
            case "set": #expect(text.contains("\"reps\": 4"))
            case "drop": #expect(!text.contains("Back Squat"))
            default: #expect(text.contains("\"session_rpe\": 4"))
            }
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("a file that keeps changing under the write is refused with CONFLICT, and the edits stay")
    func refusesAfterThreeCollisions() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try HandEditRaceTests.activeSession(in: root)
            let counter = Counter()
            let editor = EditingBeforeRenameFileSystem(suffix: path, count: 3) { file in
                let number = counter.nextUUID().suffix(1)
                replaceText(file) { $0.replacingOccurrences(of: "\"kind\": \"lifting\",", with: "\"kind\": \"lifting\",\n  \"edit_\(number)\": true,") }
            }
            let outcome = run(["log", "Back Squat", "105x5", "--store", store, "--json"], fileSystem: editor)
            #expect(outcome.status == 5)
            #expect(outcome.errorCode == "CONFLICT")
            #expect(outcome.errorMessage == "\(path) changed outside liftlog while this command was saving it; nothing was written. Run the command again.")
            let text = try #require(readText(store + "/" + path))
            #expect(text.contains("\"edit_1\": true") && text.contains("\"edit_2\": true") && text.contains("\"edit_3\": true"))
            #expect(!text.contains("105"))
            #expect(!allFiles(in: store).contains { StoreFiles.isTemporary(String($0.split(separator: "/").last!)) })
        }
    }

    /// A store in `root` with a session started (and `logging` logged into it), and the
    /// session file's path in the store.
    static func activeSession(in root: String, logging sets: String? = nil) throws -> (store: String, path: String) {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
        if let sets { #expect(run(["log", "Back Squat", sets, "--store", store]).status == 0) }
        return (store, try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") }))
    }

    /// Saves `"edit_N": true` into the session file at `file` as an editor does: by a new file
    /// renamed over it, or written in place (truncated, written, flushed).
    static func saveEdit(_ number: Int, to file: String, inPlace: Bool) {
        save(file, inPlace: inPlace) { $0.replacingOccurrences(of: "\"kind\": \"lifting\",", with: "\"kind\": \"lifting\",\n  \"edit_\(number)\": true,") }
    }

    static func save(_ file: String, inPlace: Bool, _ change: (String) -> String) {
        if inPlace {
            guard let text = readText(file) else { return }
            let descriptor = open(file, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            let bytes = Array(change(text).utf8)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            fsync(descriptor)
            close(descriptor)
        } else {
            replaceText(file, change)
        }
    }

    /// The numbers in the session's `"hand_edits"` list in `text`.
    static func handEdits(in text: String) -> [Int] {
        guard let range = text.firstRange(of: "\"hand_edits\": [") else { return [] }
        return text[range.upperBound...].prefix { $0 != "]" }.split(separator: ",").compactMap { Int(String($0.filter(\.isNumber))) }
    }

    @Test("an edit saved at the very instant of the swap is kept, by rename and in place", arguments: [false, true])
    func keepsEditAtTheSwap(inPlace: Bool) throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try HandEditRaceTests.activeSession(in: root, logging: "100x5")
            let editor = EditingBeforeRenameFileSystem(suffix: path, at: .replace) { HandEditRaceTests.saveEdit(1, to: $0, inPlace: inPlace) }
            let outcome = run(["log", "Back Squat", "105x5", "--store", store, "--json"], fileSystem: editor)
            #expect(outcome.status == 0, "\(outcome.output)")
            let text = try #require(readText(store + "/" + path))
            #expect(text.contains("\"edit_1\": true"), "the edit saved at the swap was lost")
            #expect(text.contains("\"weight\": 105"), "the logged set is there too")
            #expect(!allFiles(in: store).contains { StoreFiles.isTemporary(String($0.split(separator: "/").last!)) })
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("an edit in place at the instant of the swap that keeps the size and sets the modification time back is seen by its bytes")
    func keepsSameSizeEditWithTimeSetBack() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try HandEditRaceTests.activeSession(in: root, logging: "100x5")
            let editor = EditingBeforeRenameFileSystem(suffix: path, at: .replace) { file in
                var before = stat()
                stat(file, &before)
                HandEditRaceTests.save(file, inPlace: true) { $0.replacingOccurrences(of: "\"weight\": 100", with: "\"weight\": 101") }
                var times = [before.st_atim, before.st_mtim]
                utimensat(AT_FDCWD, file, &times, 0)
            }
            let outcome = run(["log", "Back Squat", "105x5", "--store", store, "--json"], fileSystem: editor)
            #expect(outcome.status == 0, "\(outcome.output)")
            let text = try #require(readText(store + "/" + path))
            #expect(text.contains("\"weight\": 101") && text.contains("\"weight\": 105"), "\(text)")
        }
    }

    @Test("a second edit landing while theirs is swapped back is kept as a conflict copy, and CONFLICT said")
    func keepsSecondEditAsConflictCopy() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try HandEditRaceTests.activeSession(in: root)
            let counter = SharedCounter()
            // Every swap meets an edit: the first before liftlog's swap, the second before it swaps
            // theirs back, and so on.
            let editor = EditingBeforeRenameFileSystem(suffix: path, count: 8, at: .replace) { file in
                counter.add()
                HandEditRaceTests.saveEdit(counter.count, to: file, inPlace: false)
            }
            let outcome = run(["log", "Back Squat", "105x5", "--store", store, "--json"], fileSystem: editor)
            #expect(outcome.errorCode == "CONFLICT", "\(outcome.output)")
            let files = allFiles(in: store).filter { $0.hasPrefix("sessions/") }
            let texts = files.compactMap { readText(store + "/" + $0) }.joined()
            for number in 1...counter.count { #expect(texts.contains("\"edit_\(number)\": true"), "edit \(number) of \(counter.count) was lost") }
            let copy = try #require(files.first { $0.contains("(conflicted copy") }, "\(files)")
            #expect(outcome.errorMessage == "\(path) was changed twice by another program while this command saved it; nothing was written. The newest version keeps its name; the one it replaced is kept beside it as \(copy). 'liftlog resolve' does this.")
            let check = run(["check", "--store", store, "--json"])
            #expect(check.output.contains("is a sync conflict copy of"), "\(check.output)")
        }
    }

    @Test("where the file system cannot swap, the check and rename still keep an edit saved while flushing")
    func fallsBackWithoutExchange() throws {
        try withTemporaryDirectory { root throws in
            let (store, path) = try HandEditRaceTests.activeSession(in: root)
            let editor = EditingBeforeRenameFileSystem(suffix: path, canExchange: false) { HandEditRaceTests.saveEdit(1, to: $0, inPlace: false) }
            let outcome = run(["log", "Back Squat", "105x5", "--store", store, "--json"], fileSystem: editor)
            #expect(outcome.status == 0, "\(outcome.output)")
            let text = try #require(readText(store + "/" + path))
            #expect(text.contains("\"edit_1\": true") && text.contains("\"weight\": 105"))
            #expect(!allFiles(in: store).contains { StoreFiles.isTemporary(String($0.split(separator: "/").last!)) })
        }
    }

    @Test("race harness: an editor saving by rename and one saving in place, each against a log loop, lose no edit", .timeLimit(.minutes(longRun ? 15 : 5)), arguments: [false, true])
    func raceHarness(inPlace: Bool) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            #expect(runBinary(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") })
            let logs = longRun ? 800 : 250
            // The editor keeps a list in the file and adds the number of each save to it: an
            // edit lost is a number in no version of the file liftlog leaves (the file or a
            // conflict copy beside it).
            HandEditRaceTests.save(store + "/" + path, inPlace: false) { $0.replacingOccurrences(of: "\"kind\": \"lifting\",", with: "\"kind\": \"lifting\",\n  \"hand_edits\": [0],") }
            let saved = SharedCounter(), refused = SharedCounter(), edits = SharedCounter(), started = SharedCounter(), done = SharedCounter()
            let problems = ProblemLog()
            runConcurrently(2) { thread in
                if thread == 0 {
                    for index in 0..<logs {
                        started.add()
                        let outcome = runBinary(["log", "Back Squat", "\(index + 1)x5", "--store", store], environment: ["LIFTLOG_LOCK_TIMEOUT": "60"])
                        switch outcome.status {
                        case 0: saved.add()
                        // CONFLICT after three edits in a row; CORRUPT_FILE when it read a file
                        // the editor was writing in place.
                        case 5, 7: refused.add()
                        default: problems.add("log: exit \(outcome.status) \(outcome.error)")
                        }
                    }
                    done.add()
                } else {
                    // One save while each `log` runs, at a random point of it: after the editor
                    // has read the file between none and 300 times (as an editor polls it). The
                    // long run saves flat out, thousands of times a second.
                    var generator = SeededGenerator(seed: inPlace ? 2 : 1)
                    var seen = 0
                    while done.count == 0 {
                        guard longRun || started.count > seen else {
                            sched_yield()
                            continue
                        }
                        seen = started.count
                        for _ in 0..<(longRun ? 0 : Int.random(in: 0...300, using: &generator)) { _ = readBytes(store + "/" + path) }
                        edits.add()
                        let number = edits.count
                        HandEditRaceTests.save(store + "/" + path, inPlace: inPlace) { text in
                            text.replacingOccurrences(of: "\"hand_edits\": [", with: "\"hand_edits\": [\(number), ")
                        }
                    }
                }
            }
            let copies = allFiles(in: store).filter { $0.contains("(conflicted copy") }
            var kept = Swift.Set<Int>()
            for file in [path] + copies { kept.formUnion(HandEditRaceTests.handEdits(in: readText(store + "/" + file) ?? "")) }
            let lost = (1...edits.count).filter { !kept.contains($0) }
            print("race harness (editor \(inPlace ? "in place" : "by rename")): \(edits.count) edits against \(logs) log runs (\(saved.count) saved, \(refused.count) refused); edits lost: \(lost.count); conflict copies kept: \(copies.count)")
            #expect(lost.isEmpty, "edits lost: \(lost.prefix(10))")
            #expect(problems.all.isEmpty, "\(problems.all.prefix(5))")
            #expect(saved.count > 0)
        }
    }
}
