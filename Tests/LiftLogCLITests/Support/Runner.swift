import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

final class Capture: @unchecked Sendable {
    private let lock = Mutex()
    private var text = ""
    func append(_ more: String) { lock.withLock { text += more } }
    var value: String { lock.withLock { text } }
}

/// IDs unique across every in-process run of the test process.
private let sharedIDs = Counter()

/// Runs the tool in-process with a fixed clock. IDs count from 1 in each run (predictable in
/// outputs) unless `uniqueIDs` draws them from one counter shared by every run, as a store
/// that several runs add plans and sessions to needs.
func run(_ arguments: [String], environment: [String: String] = [:], now: Timestamp = Timestamp("2025-01-24T07:30:00+01:00")!, stdin: [String] = [], terminal: Bool = false, fileSystem: (any FileSystem)? = nil, uniqueIDs: Bool = false) -> Outcome {
    let output = Capture(), error = Capture()
    let lines = LineQueue(stdin)
    let io = ProcessIO(writeOutput: { output.append($0) }, writeError: { error.append($0) }, readLine: { lines.next() },
                       outputIsTerminal: terminal, inputIsTerminal: terminal)
    var storeEnvironment = Store.Environment.fixed(now: now)
    storeEnvironment.lockTimeout = 2
    if uniqueIDs {
        storeEnvironment.makeUUID = { sharedIDs.nextUUID() }
        storeEnvironment.makeSessionID = { Session.ID(uncheckedRawValue: sharedIDs.nextUUID()) }
    }
    if let fileSystem { storeEnvironment.fileSystem = fileSystem }
    var env = ["HOME": "/nonexistent-home"]
    env.merge(environment) { $1 }
    let status = CLI.run(arguments: arguments, environment: env, io: io, storeEnvironment: storeEnvironment)
    return Outcome(status: status, output: output.value, error: error.value)
}

final class LineQueue: @unchecked Sendable {
    private let lock = Mutex()
    private var lines: [String]
    init(_ lines: [String]) { self.lines = lines }
    func next() -> String? { lock.withLock { lines.isEmpty ? nil : lines.removeFirst() } }
}

/// A store made by `init` and `prepare` (the template each case starts from), and a copy of it
/// (where the command runs without faults, to compare with).
func preparedStores(in root: String, _ prepare: (String) -> Void) -> (template: String, clean: String) {
    let template = root + "/template/s", clean = root + "/clean/s"
    #expect(run(["init", template]).status == 0)
    prepare(template)
    copyTree(template, to: clean)
    return (template, clean)
}

/// The author and committer git needs to commit in a test repository.
let gitIdentity = ["GIT_AUTHOR_NAME": "Lifter", "GIT_AUTHOR_EMAIL": "lifter@example.com",
                   "GIT_COMMITTER_NAME": "Lifter", "GIT_COMMITTER_EMAIL": "lifter@example.com"]

/// A command that must be refused: its arguments, exit status, error code and message.
struct Refusal {
    var arguments: [String]
    var status: Int32
    var code: String
    var message: String

    init(_ arguments: [String], _ status: Int32, _ code: String, _ message: String) {
        self.arguments = arguments
        self.status = status
        self.code = code
        self.message = message
    }
}

/// Runs each refusal with `--store store --json` and checks its status, code and message.
func expectRefused(_ refusals: [Refusal], store: String, uniqueIDs: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    for refusal in refusals {
        let outcome = run(refusal.arguments + ["--store", store, "--json"], uniqueIDs: uniqueIDs)
        #expect(outcome.status == refusal.status, "\(refusal.arguments)", sourceLocation: sourceLocation)
        #expect(outcome.errorCode == refusal.code, "\(refusal.arguments)", sourceLocation: sourceLocation)
        #expect(outcome.errorMessage == refusal.message, "\(refusal.arguments)", sourceLocation: sourceLocation)
    }
}
