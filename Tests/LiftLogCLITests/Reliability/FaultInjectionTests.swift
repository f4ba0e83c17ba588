#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// The store's files without liftlog's own temporary files and backup names (which the next
/// command removes, as the test checks separately).
func userFiles(_ store: String) -> [String: String] {
    snapshot(store).filter { !StoreFiles.isTemporary(String($0.key.split(separator: "/").last!)) }
}

/// Every write-side operation of a command fails in turn; nothing the user had may change.
@Suite("Fault injection")
struct FaultInjectionTests {
    /// A command and how to prepare the store it runs on.
    struct Scenario: CustomStringConvertible, Sendable {
        var name: String
        var prepare: @Sendable (String) -> Void
        var arguments: [String]
        var description: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "log", prepare: { store in
            _ = run(["start", "--store", store]); _ = run(["log", "--store", store, "Back Squat", "100x5x2"])
        }, arguments: ["log", "Back Squat", "105x5"]),
        Scenario(name: "start", prepare: { _ in }, arguments: ["start"]),
        Scenario(name: "finish", prepare: { store in
            _ = run(["start", "--store", store]); _ = run(["log", "--store", store, "Deadlift", "140x5"])
        }, arguments: ["finish", "--feel", "4"]),
        Scenario(name: "exercise add", prepare: { _ in }, arguments: ["exercise", "add", "Sled Push"]),
        Scenario(name: "exercise rename", prepare: { _ in }, arguments: ["exercise", "edit", "Back Squat", "--name", "High Bar Squat"]),
        Scenario(name: "rm", prepare: { store in
            _ = run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]); _ = run(["finish", "--store", store])
        }, arguments: ["rm", "00000000", "--yes"]),
        Scenario(name: "fmt", prepare: { store in
            let path = store + "/exercises/deadlift.json"
            writeText(readText(path)!.replacingOccurrences(of: "\n", with: "\r\n"), to: path)
        }, arguments: ["fmt"]),
        Scenario(name: "seed", prepare: { store in
            writeText(#"{"exercises": [{"name": "Sled Push"}, {"name": "Sled Pull"}]}"#, to: store + "/../more.json")
        }, arguments: ["seed", "../more.json"]),
    ]

    @Test("a failure at any step leaves the store as it was, or saves everything", arguments: FaultInjectionTests.scenarios)
    func everyStep(scenario: Scenario) throws {
        try withTemporaryDirectory { root throws in
            // The outcome without faults, to compare with.
            let (template, clean) = preparedStores(in: root, scenario.prepare)
            let arguments = scenario.arguments.map { $0 == "../more.json" ? clean + "/../more.json" : $0 }
            if scenario.name == "seed" { writeText(readText(template + "/../more.json")!, to: clean + "/../more.json") }
            let expected = run(arguments + ["--store", clean])
            #expect(expected.status == 0, "\(expected.error)")
            let after = userFiles(clean)
            var injected = 0
            for number in 1...500 {
                let store = root + "/case\(number)/s"
                copyTree(template, to: store)
                if scenario.name == "seed" { writeText(readText(template + "/../more.json")!, to: store + "/../more.json") }
                let before = userFiles(store)
                let errorNumber = [ENOSPC, EIO, EACCES][number % 3]
                let faulty = FaultyFileSystem(failAt: number, errorNumber: errorNumber)
                let caseArguments = scenario.arguments.map { $0 == "../more.json" ? store + "/../more.json" : $0 }
                let outcome = run(caseArguments + ["--store", store, "--json"], fileSystem: faulty)
                guard let failed = faulty.failed else { break }
                injected += 1
                let label = "\(scenario.name): \(failed.operation) #\(number) failing with \(String(cString: strerror(errorNumber)))"
                if outcome.status == ErrorCode.io.exitStatus {
                    #expect(outcome.errorMessage?.hasPrefix("Cannot ") == true, "\(label): \(outcome.output)")
                    #expect(outcome.errorMessage?.contains(String(cString: strerror(errorNumber))) == true, "\(label): \(outcome.output)")
                    #expect(userFiles(store) == before, "\(label): the store changed although the command failed")
                } else {
                    #expect(outcome.status == 0, "\(label): exit \(outcome.status) \(outcome.output)")
                    #expect(userFiles(store) == after, "\(label): the command succeeded but did not save the same as without a fault")
                }
                // The next command, on the real file system, finds a consistent store.
                #expect(run(["history", "--store", store]).status == 0, "\(label)")
                #expect(run(["check", "--store", store]).status == 0, "\(label): \(run(["check", "--store", store]).output)")
                let leftovers = allFiles(in: store).filter { !$0.hasPrefix(".liftlog/") && StoreFiles.isTemporary(String($0.split(separator: "/").last!)) }
                #expect(leftovers.isEmpty, "\(label): left \(leftovers)")
            }
            #expect(injected >= 3, "\(scenario.name): too few operations to fail")
            print("fault injection: \(scenario.name): \(injected) faults injected, nothing lost")
        }
    }
}
