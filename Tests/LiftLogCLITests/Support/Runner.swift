import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// What one run of the tool printed and returned.
struct Outcome {
    var status: Int32
    var output: String
    var error: String

    /// The parsed `--json` document.
    var json: JSONValue? { try? JSONParser.parse(Array(output.utf8)) }
    var errorCode: String? { json?["error"]?["code"]?.stringValue }
    var errorMessage: String? { json?["error"]?["message"]?.stringValue }
}

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

/// The built `liftlog` binary, next to the test bundle.
var liftlogBinary: String {
    let executable = ProcessSupport.executablePath ?? ""
    var folder = String(executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)])
    // Swift Testing may run inside `liftlogPackageTests.xctest/…`; walk up to the build folder.
    while !folder.isEmpty, access(folder + "/liftlog", X_OK) != 0, let slash = folder.lastIndex(of: "/") {
        folder = String(folder[..<slash])
    }
    return folder + "/liftlog"
}

/// A running `liftlog` process.
struct Process {
    var pid: pid_t
    var outputPipe: Int32
    var errorPipe: Int32
    /// Why the program could not be started (it then never ran).
    var startFailure: String? = nil

    /// Starts the binary with `arguments`, the environment `environment` (plus PATH), and
    /// optionally another program in front (`setpriv …`).
    static func start(_ arguments: [String], environment: [String: String], prefix: [String] = []) -> Process {
        spawn(prefix + [liftlogBinary] + arguments, environment: environment)
    }

    /// Starts any program (found in /usr/bin when its path is not absolute).
    static func spawn(_ argv: [String], environment: [String: String]) -> Process {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        pipe(&outPipe)
        pipe(&errPipe)
        let path = String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin"))
        let env = ["PATH=\(path)", "HOME=/nonexistent-home"] + environment.map { "\($0.key)=\($0.value)" }
        let program = argv[0].hasPrefix("/") ? argv[0]
            : path.split(separator: ":").map { "\($0)/\(argv[0])" }.first { access($0, X_OK) == 0 } ?? "/usr/bin/" + argv[0]
        let started = ProcessSupport.spawn(program, arguments: argv, environment: env, output: .descriptor(outPipe[1]),
                                           error: .descriptor(errPipe[1]), closing: [outPipe[0], errPipe[0]])
        close(outPipe[1])
        close(errPipe[1])
        guard case .success(let pid) = started else {
            // A missing tool fails the test that needs it, never the whole test process.
            close(outPipe[0])
            close(errPipe[0])
            if case .failure(let reason) = started {
                return Process(pid: -1, outputPipe: -1, errorPipe: -1, startFailure: Process.cannotStart(argv[0], errorNumber: reason.rawValue))
            }
            return Process(pid: -1, outputPipe: -1, errorPipe: -1, startFailure: "cannot start \(argv[0])")
        }
        return Process(pid: pid, outputPipe: outPipe[0], errorPipe: errPipe[0])
    }

    /// What a test that needs a program reports when it cannot be started: the install command.
    static func cannotStart(_ program: String, errorNumber: Int32) -> String {
        let name = program.split(separator: "/").last.map(String.init) ?? program
        let packages = ["rsvg-convert": "librsvg2-bin", "setpriv": "util-linux", "git": "git", "python3": "python3",
                        "chromium": "chromium", "chromedriver": "chromium-driver"]
        let install = packages[name].map { "; install it with 'apt-get install \($0)' (bash scripts/test-env.sh installs what the tests need)" } ?? ""
        return "cannot start \(name): \(String(cString: strerror(errorNumber)))\(install)"
    }

    func kill(_ signal: Int32 = SIGKILL) {
        guard pid > 0 else { return }
        ProcessSupport.send(signal, to: pid)
    }

    /// Waits for the process and collects what it printed (status 127 and the reason when it
    /// could not be started).
    func wait() -> Outcome {
        if let startFailure { return Outcome(status: 127, output: "", error: startFailure) }
        // Both pipes at once: a program that fills one while the other is read never stalls.
        let error = Drain(errorPipe)
        let output = String(decoding: ProcessSupport.readAll(outputPipe), as: UTF8.self)
        return Outcome(status: ProcessSupport.wait(for: pid), output: output, error: error.finish())
    }
}

/// Reads a descriptor to its end on a thread of its own, so the program writing to it never
/// blocks on a full pipe (a server's access log) while the test does something else.
final class Drain: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private var thread: pthread_t?

    init(_ descriptor: Int32) {
        thread = Threads.start { [self] in bytes = ProcessSupport.readAll(descriptor) }
        if thread == nil { bytes = ProcessSupport.readAll(descriptor) }
    }

    /// Waits for the end of the descriptor and returns what was read.
    func finish() -> String {
        if let thread { pthread_join(thread, nil) }
        thread = nil
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Waits until the folders and files a test just changed (`touch -d`, which sets their status
/// change time to now) no longer look just changed to liftlog: the index lists a folder again
/// at every read while it changed in the last two seconds (of a clock read to the second), which
/// would answer from the files whatever a test means to check of a settled store.
func waitUntilSettled() {
    usleep(3_100_000)
}

/// Runs the built binary to completion.
func runBinary(_ arguments: [String], environment: [String: String] = [:], prefix: [String] = []) -> Outcome {
    Process.start(arguments, environment: environment, prefix: prefix).wait()
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

/// Runs any program to completion, such as git.
func runProgram(_ argv: [String], environment: [String: String] = [:]) -> Outcome {
    Process.spawn(argv, environment: environment).wait()
}

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
