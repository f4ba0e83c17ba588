#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogKit
import LiftLogProcess

// Child processes for the tests: the built `liftlog` binary and any other program, started with
// pipes for their output, and what they printed when they end.

/// What one run of the tool printed and returned.
public struct Outcome: Sendable {
    public var status: Int32
    public var output: String
    public var error: String

    public init(status: Int32, output: String, error: String) {
        self.status = status
        self.output = output
        self.error = error
    }

    /// The parsed `--json` document.
    public var json: JSONValue? { try? JSONParser.parse(Array(output.utf8)) }
    public var errorCode: String? { json?["error"]?["code"]?.stringValue }
    public var errorMessage: String? { json?["error"]?["message"]?.stringValue }
}

/// The built `liftlog` binary, next to the test bundle.
public var liftlogBinary: String {
    let executable = ProcessSupport.executablePath ?? ""
    var folder = String(executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)])
    // Swift Testing may run inside `liftlogPackageTests.xctest/…`; walk up to the build folder.
    while !folder.isEmpty, access(folder + "/liftlog", X_OK) != 0, let slash = folder.lastIndex(of: "/") {
        folder = String(folder[..<slash])
    }
    return folder + "/liftlog"
}

/// A running `liftlog` process.
public struct ChildProcess: Sendable {
    public var pid: pid_t
    public var outputPipe: Int32
    public var errorPipe: Int32
    /// Why the program could not be started (it then never ran).
    public var startFailure: String? = nil

    public init(pid: pid_t, outputPipe: Int32, errorPipe: Int32, startFailure: String? = nil) {
        self.pid = pid
        self.outputPipe = outputPipe
        self.errorPipe = errorPipe
        self.startFailure = startFailure
    }

    /// Starts the binary with `arguments`, the environment `environment` (plus PATH), and
    /// optionally another program in front (`setpriv …`).
    public static func start(_ arguments: [String], environment: [String: String], prefix: [String] = []) -> ChildProcess {
        spawn(prefix + [liftlogBinary] + arguments, environment: environment)
    }

    /// Starts any program (found in /usr/bin when its path is not absolute).
    public static func spawn(_ argv: [String], environment: [String: String]) -> ChildProcess {
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
                return ChildProcess(pid: -1, outputPipe: -1, errorPipe: -1, startFailure: ChildProcess.cannotStart(argv[0], errorNumber: reason.rawValue))
            }
            return ChildProcess(pid: -1, outputPipe: -1, errorPipe: -1, startFailure: "cannot start \(argv[0])")
        }
        return ChildProcess(pid: pid, outputPipe: outPipe[0], errorPipe: errPipe[0])
    }

    /// What a test that needs a program reports when it cannot be started: the install command.
    public static func cannotStart(_ program: String, errorNumber: Int32) -> String {
        let name = program.split(separator: "/").last.map(String.init) ?? program
        let packages = ["rsvg-convert": "librsvg2-bin", "setpriv": "util-linux", "git": "git", "python3": "python3",
                        "chromium": "chromium", "chromedriver": "chromium-driver"]
        let install = packages[name].map { "; install it with 'apt-get install \($0)' (bash scripts/test-env.sh installs what the tests need)" } ?? ""
        return "cannot start \(name): \(String(cString: strerror(errorNumber)))\(install)"
    }

    public func kill(_ signal: Int32 = SIGKILL) {
        guard pid > 0 else { return }
        ProcessSupport.send(signal, to: pid)
    }

    /// Waits for the process and collects what it printed (status 127 and the reason when it
    /// could not be started).
    public func wait() -> Outcome {
        if let startFailure { return Outcome(status: 127, output: "", error: startFailure) }
        // Both pipes at once: a program that fills one while the other is read never stalls.
        let error = Drain(errorPipe)
        let output = String(decoding: ProcessSupport.readAll(outputPipe), as: UTF8.self)
        return Outcome(status: ProcessSupport.wait(for: pid), output: output, error: error.finish())
    }
}

/// Reads a descriptor to its end on a thread of its own, so the program writing to it never
/// blocks on a full pipe (a server's access log) while the test does something else.
public final class Drain: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private var thread: pthread_t?

    public init(_ descriptor: Int32) {
        thread = Threads.start { [self] in bytes = ProcessSupport.readAll(descriptor) }
        if thread == nil { bytes = ProcessSupport.readAll(descriptor) }
    }

    /// Waits for the end of the descriptor and returns what was read.
    public func finish() -> String {
        if let thread { pthread_join(thread, nil) }
        thread = nil
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Runs the built binary to completion.
public func runBinary(_ arguments: [String], environment: [String: String] = [:], prefix: [String] = []) -> Outcome {
    ChildProcess.start(arguments, environment: environment, prefix: prefix).wait()
}

/// Runs any program to completion, such as git.
public func runProgram(_ argv: [String], environment: [String: String] = [:]) -> Outcome {
    ChildProcess.spawn(argv, environment: environment).wait()
}

