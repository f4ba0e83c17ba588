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
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            #expect(run(["log", "Back Squat", "100x5", "--store", store]).status == 0)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") })
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
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") })
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
}
