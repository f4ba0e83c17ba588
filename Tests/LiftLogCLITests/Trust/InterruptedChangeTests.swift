#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// Changes of several files (moves, renames, activations) survive a crash at any step: the next
/// command completes them or they never happened; never two files with one ID, never half a
/// rename.
@Suite("Interrupted changes")
struct InterruptedChangeTests {
    struct Scenario: CustomStringConvertible, Sendable {
        var name: String
        var prepare: @Sendable (String) -> Void
        var arguments: @Sendable (String) -> [String]
        var environment: @Sendable (String) -> [String: String] = { _ in [:] }
        var description: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "exercise rename used by a plan", prepare: { store in
            _ = run(["plan", "create", "P", "--days", "A", "--store", store], uniqueIDs: true)
            _ = run(["plan", "add-exercise", "P", "A", "Back Squat", "3x5", "--store", store], uniqueIDs: true)
        }, arguments: { _ in ["exercise", "edit", "Back Squat", "--name", "High Bar Squat"] }),
        Scenario(name: "edit moving a session", prepare: { store in
            _ = run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"], uniqueIDs: true)
            _ = run(["log", "Deadlift", "140x5", "--store", store], uniqueIDs: true)
            _ = run(["finish", "--store", store, "--at", "2025-01-24T07:00:00+01:00"])
            writeText("#!/bin/sh\nsed -i 's/2025-01-24T0/2025-02-03T0/' \"$1\"\n", to: store + "/../editor.sh")
            chmod(store + "/../editor.sh", 0o755)
        }, arguments: { _ in ["edit", "00000000"] }, environment: { store in ["EDITOR": store + "/../editor.sh", "TMPDIR": store + "/.."] }),
        Scenario(name: "fmt moving a session", prepare: { store in
            _ = run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"], uniqueIDs: true)
            _ = run(["finish", "--store", store, "--at", "2025-01-24T07:00:00+01:00"])
            let path = allFiles(in: store).first { $0.hasPrefix("sessions/") }!
            replaceText(store + "/" + path) { $0.replacingOccurrences(of: "2025-01-24T0", with: "2025-03-01T0") }
        }, arguments: { _ in ["fmt"] }),
        Scenario(name: "plan create --activate", prepare: { store in
            _ = run(["plan", "create", "Old", "--activate", "--store", store], uniqueIDs: true)
        }, arguments: { _ in ["plan", "create", "New", "--activate"] }),
        Scenario(name: "meso start", prepare: { store in
            _ = run(["plan", "create", "Old", "--activate", "--store", store], uniqueIDs: true)
            _ = run(["plan", "create", "New", "--days", "A", "--store", store], uniqueIDs: true)
            _ = run(["plan", "add-exercise", "New", "A", "Deadlift", "1x5", "--store", store], uniqueIDs: true)
            _ = run(["meso", "create", "New", "--weeks", "4", "--start", "2025-01-20", "--store", store], uniqueIDs: true)
        }, arguments: { _ in ["meso", "start", "New"] }),
    ]

    @Test("a crash at any step: the next command finds the change whole or not at all", arguments: InterruptedChangeTests.scenarios)
    func crashAtEveryStep(scenario: Scenario) throws {
        try withTemporaryDirectory { root throws in
            let (template, clean) = preparedStores(in: root, scenario.prepare)
            if let editor = readText(template + "/../editor.sh") {
                writeText(editor, to: clean + "/../editor.sh")
                chmod(clean + "/../editor.sh", 0o755)
            }
            let expected = run(scenario.arguments(clean) + ["--store", clean], environment: scenario.environment(clean), uniqueIDs: false)
            #expect(expected.status == 0, "\(scenario.name): \(expected.error)")
            let after = userFiles(clean)
            var crashes = 0, completed = 0
            for number in 1...300 {
                let store = root + "/case\(number)/s"
                copyTree(template, to: store)
                if let editor = readText(template + "/../editor.sh") {
                    writeText(editor, to: store + "/../editor.sh")
                    chmod(store + "/../editor.sh", 0o755)
                }
                let before = userFiles(store)
                let crashing = FaultyFileSystem(failAt: number, errorNumber: EIO, crash: true)
                _ = run(scenario.arguments(store) + ["--store", store, "--json"], environment: scenario.environment(store), fileSystem: crashing)
                guard crashing.failed != nil else { break }
                crashes += 1
                // The next command, on the real file system.
                let next = run(["history", "--store", store], uniqueIDs: true)
                let label = "\(scenario.name): crash at step \(number) (\(crashing.failed!.operation) \(crashing.failed!.path.split(separator: "/").suffix(2).joined(separator: "/")))"
                #expect(next.status == 0, "\(label): \(next.error)")
                let now = userFiles(store)
                #expect(now == before || now == after, "\(label): neither before nor after: \(Swift.Set(now.keys).symmetricDifference(after.keys))")
                if now == after && now != before {
                    completed += 1
                    #expect(run(["check", "--store", store]).status == 0, "\(label)")
                }
                #expect(!allFiles(in: store).contains(StoreFiles.journalPath), "\(label): the journal was left: \(next.error)")
            }
            #expect(crashes >= 5, "\(scenario.name): too few steps")
            #expect(completed >= 1, "\(scenario.name): no crash was completed by the next command")
            print("interrupted changes: \(scenario.name): \(crashes) crash points, \(completed) completed by the next command, the rest undone")
        }
    }
}
