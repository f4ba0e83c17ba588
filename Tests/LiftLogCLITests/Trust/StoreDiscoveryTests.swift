#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// The store a command works on is the one it stands in, and only one its user owns.
@Suite("Finding the store")
struct StoreDiscoveryTests {
    /// Runs the binary in `folder` with `PWD` set to `pwd` (as a script with a stale `PWD` does).
    private func runIn(_ folder: String, pwd: String, _ arguments: [String], environment: [String: String] = [:]) -> Outcome {
        runProgram(["/bin/sh", "-c", "cd \"$1\" && PWD=\"$2\" && export PWD && shift 2 && exec \"$@\"", "sh", folder, pwd, liftlogBinary] + arguments,
                   environment: environment)
    }

    @Test("a stale PWD never wins over the folder the command really runs in")
    func stalePWD() throws {
        try withTemporaryDirectory { root throws in
            #expect(runBinary(["init", root + "/a", "--no-seed"]).status == 0)
            #expect(runBinary(["init", root + "/b", "--no-seed"]).status == 0)
            #expect(runBinary(["exercise", "add", "Only In A", "--store", root + "/a"]).status == 0)
            let outcome = runIn(root + "/a", pwd: root + "/b", ["exercises", "--json"], environment: ["XDG_DATA_HOME": root + "/xdg"])
            #expect(outcome.status == 0, "\(outcome.error)")
            #expect(outcome.json?["data"]?["exercises"]?.arrayValue?.first?["name"] == "Only In A")
            #expect(allFiles(in: root).allSatisfy { !$0.hasPrefix("xdg/") }, "the default store was not used")
        }
    }

    @Test("a store another user placed above the current folder is refused, and can be named to use it")
    func anotherUsersStore() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/shared"
            #expect(runBinary(["init", store, "--no-seed"]).status == 0)
            makeDirectories(store + "/mine")
            let otherUser: uid_t = geteuid() == 0 ? 65534 : 0
            guard chown(store + "/liftlog.json", otherUser, gid_t(otherUser)) == 0 else {
                Issue.record("cannot give liftlog.json to another user (run the tests as root, as CI does)")
                return
            }
            let before = snapshot(store)
            let refused = runIn(store + "/mine", pwd: store + "/mine", ["exercise", "add", "Trojan", "--json"], environment: ["XDG_DATA_HOME": root + "/xdg"])
            #expect(refused.status == 6)
            #expect(refused.errorCode == "FORBIDDEN")
            #expect(refused.errorMessage == "The store found at '\(store)' (above the current folder) belongs to another user (uid \(otherUser)), so liftlog does not use it. To use it anyway, name it: --store '\(store)' or LIFTLOG_STORE='\(store)'.")
            #expect(snapshot(store) == before)
            // Named explicitly, it is used.
            #expect(runIn(store + "/mine", pwd: store + "/mine", ["exercises", "--store", store]).status == 0)
        }
    }
}
