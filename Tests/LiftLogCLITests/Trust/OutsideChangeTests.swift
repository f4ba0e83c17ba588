import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// Sets liftlog saved never vanish without a word.
@Suite("The active session changed outside liftlog")
struct OutsideChangeTests {
    private let identity = gitIdentity

    /// A store under git whose active session was committed with one set, then given two more.
    private func commitOneSetThenLogTwo(_ store: String) {
        #expect(runBinary(["init", store, "--git"]).status == 0)
        #expect(runBinary(["start", "--store", store]).status == 0)
        #expect(runBinary(["log", "Back Squat", "100x5", "--store", store]).status == 0)
        commitAll(store, "one set")
        #expect(runBinary(["log", "Back Squat", "105x5", "105x4", "--store", store]).status == 0)
    }

    private func commitAll(_ store: String, _ message: String) {
        #expect(runProgram(["git", "-C", store, "add", "-A"], environment: identity).status == 0)
        #expect(runProgram(["git", "-C", store, "commit", "-q", "--no-verify", "-m", message], environment: identity).status == 0)
    }

    @Test("a git checkout of an older version: the next command names the sets no longer there, once")
    func checkoutOfOlderVersion() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            commitOneSetThenLogTwo(store)
            // Quietly, no note: nothing was lost yet.
            #expect(!runBinary(["status", "--store", store]).error.contains("changed outside liftlog"))
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") })
            #expect(runProgram(["git", "-C", store, "checkout", "--", path], environment: identity).status == 0)

            let next = runBinary(["status", "--store", store])
            #expect(next.status == 0)
            let id = String(path.suffix(13).prefix(8))
            #expect(next.error.contains("Note: the active session \(id) changed outside liftlog: 2 sets it saved are no longer in its file \(path): Back Squat set 2 (105 kg × 5), Back Squat set 3 (105 kg × 4)."), "\(next.error)")
            // Said once.
            #expect(!runBinary(["status", "--store", store]).error.contains("changed outside liftlog"))
            // liftlog's own changes are never reported.
            #expect(runBinary(["set", "Back Squat", "1", "--reps", "4", "--store", store]).status == 0)
            #expect(runBinary(["drop", "Back Squat", "--store", store]).status == 0)
            #expect(!runBinary(["status", "--store", store]).error.contains("changed outside liftlog"))
        }
    }

    @Test("when the next command logs a set (log, superset), it names the sets no longer there, once, and logs on top of the file as it is")
    func loggingAfterCheckout() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            commitOneSetThenLogTwo(store)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") })
            let id = String(path.suffix(13).prefix(8))
            #expect(runProgram(["git", "-C", store, "checkout", "--", path], environment: identity).status == 0)

            let logged = runBinary(["log", "Bench Press", "80x5", "--store", store])
            #expect(logged.status == 0 && logged.output.contains("Bench Press"))
            #expect(logged.error.contains("Note: the active session \(id) changed outside liftlog: 2 sets it saved are no longer in its file \(path): Back Squat set 2 (105 kg × 5), Back Squat set 3 (105 kg × 4)."), "\(logged.error)")
            #expect(!runBinary(["status", "--store", store]).error.contains("changed outside liftlog"))
            #expect(runBinary(["status", "--store", store, "--json"]).json?["data"]?["set_count"] == 2)

            // The same through superset, after another older version comes back.
            commitAll(store, "two sets")
            #expect(runBinary(["log", "Deadlift", "140x5", "--store", store]).status == 0)
            #expect(runProgram(["git", "-C", store, "checkout", "--", path], environment: identity).status == 0)
            let superset = runBinary(["superset", "Pull-up", "bwx8", "Push-up", "bwx12", "--store", store])
            #expect(superset.status == 0)
            #expect(superset.error.contains("a set it saved is no longer in its file \(path): Deadlift set 1 (140 kg × 5)."), "\(superset.error)")
            #expect(!runBinary(["status", "--store", store]).error.contains("changed outside liftlog"))
            // A log that fails says nothing of it either way, and changes nothing.
            #expect(runBinary(["log", "Nope", "1x1", "--store", store]).status != 0)
        }
    }

    @Test("a saved set edited by hand is named as changed, with what it was and is now, apart from sets gone from the file")
    func setEditedByHand() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            #expect(run(["log", "Back Squat", "100x5", "105x5", "--store", store]).status == 0)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") })
            let file = store + "/" + path
            let id = String(path.suffix(13).prefix(8))
            // A typo fixed by hand: set 2 was 105, is 110. The set is there: not "no longer in its file".
            replaceText(file) { $0.replacingOccurrences(of: "\"weight\": 105\n", with: "\"weight\": 110\n") }
            let next = run(["status", "--store", store])
            #expect(next.status == 0)
            #expect(next.error.contains("Note: the active session \(id) changed outside liftlog: a set it saved reads differently in its file \(path): Back Squat set 2 was 105 kg × 5, now 110 kg × 5. If that was not meant (a 'git checkout' of an older version, a sync), bring the file back from git or your backup. This note is shown once."), "\(next.error)")
            #expect(!next.error.contains("no longer in"))
            #expect(!run(["status", "--store", store]).error.contains("changed outside liftlog"))

            // A change past the second decimal reads the same rounded: the weights as stored.
            replaceText(file) { $0.replacingOccurrences(of: "\"weight\": 110\n", with: "\"weight\": 110.004\n") }
            #expect(run(["status", "--store", store]).error.contains("Back Squat set 2 was 110 kg, now 110.004 kg."))
            // A set marked skipped by hand says so.
            replaceText(file) { text in
                var text = text
                if let first = text.firstRange(of: "\"status\": \"completed\"") { text.replaceSubrange(first, with: "\"status\": \"skipped\"") }
                return text
            }
            #expect(run(["status", "--store", store]).error.contains("Back Squat set 1 was 100 kg × 5, now 100 kg × 5 (skipped)."))

            // One set gone and one changed: each named as what it is, with both pieces of advice.
            #expect(run(["set", "Back Squat", "1", "--done", "--store", store]).status == 0)
            let beforeDeadlift = try #require(readText(file))
            #expect(run(["log", "Deadlift", "140x5", "--store", store]).status == 0)
            writeText(beforeDeadlift.replacingOccurrences(of: "\"weight\": 100\n", with: "\"weight\": 102.5\n"), to: file)
            let both = run(["status", "--store", store])
            #expect(both.error.contains("changed outside liftlog: a set it saved is no longer in its file \(path): Deadlift set 1 (140 kg × 5); another reads differently: Back Squat set 1 was 100 kg × 5, now 102.5 kg × 5. If that was not meant (a 'git checkout' of an older version, a sync), bring the file back from git or your backup; otherwise log the sets again."), "\(both.error)")
        }
    }

    @Test("the active session's file removed behind liftlog's back")
    func fileRemoved() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            #expect(run(["log", "Deadlift", "140x5", "--store", store]).status == 0)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") })
            removeTree(store + "/" + path)
            let next = run(["history", "--store", store])
            #expect(next.error.contains("a set it saved is no longer in the store (its file is gone): Deadlift set 1 (140 kg × 5)."), "\(next.error)")
            #expect(!run(["history", "--store", store]).error.contains("changed outside"))
            // Finishing or discarding never leaves a note behind.
            #expect(run(["start", "--store", store, "--at", "2025-01-24T07:00:00+01:00"], uniqueIDs: true).status == 0)
            #expect(run(["log", "Deadlift", "140x5", "--store", store]).status == 0)
            #expect(run(["discard", "--yes", "--store", store]).status == 0)
            #expect(!run(["history", "--store", store]).error.contains("changed outside"))
        }
    }
}
