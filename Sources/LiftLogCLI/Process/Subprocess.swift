import LiftLogKit
import LiftLogProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs another program attached to this process's terminal and waits for it.
enum Subprocess {
    /// Runs `arguments[0]` (found on `PATH` when it has no slash) with `environment`; returns its
    /// exit status, or 127 when it could not be started.
    static func run(_ arguments: [String], environment: ProcessEnvironment) -> Int32 {
        let (program, variables) = prepare(arguments[0], environment: environment)
        guard let program else { return 127 }
        let started = ProcessSupport.spawn(program, arguments: arguments, environment: variables,
                                           input: .inherit, output: .inherit, error: .inherit)
        guard case .success(let pid) = started else { return 127 }
        return ProcessSupport.wait(for: pid)
    }

    /// Runs a program with its standard output and error captured instead of shown; returns
    /// its exit status and what it printed (both streams, in order).
    static func capture(_ arguments: [String], environment: ProcessEnvironment) -> (status: Int32, output: String) {
        let (program, variables) = prepare(arguments[0], environment: environment)
        guard let program else { return (127, "\(arguments[0]): not found") }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return (127, "cannot create a pipe") }
        let started = ProcessSupport.spawn(program, arguments: arguments, environment: variables,
                                           output: .descriptor(fds[1]), error: .descriptor(fds[1]), closing: [fds[0]])
        close(fds[1])
        guard case .success(let pid) = started else { close(fds[0]); return (127, "cannot start \(program)") }
        let bytes = ProcessSupport.readAll(fds[0])
        return (ProcessSupport.wait(for: pid), String(decoding: bytes, as: UTF8.self))
    }

    /// The program to start (`nil` when it is not found) and the whole environment it gets as
    /// `NAME=value`, with a usual `PATH` when `environment` has none.
    private static func prepare(_ program: String, environment: ProcessEnvironment) -> (program: String?, variables: [String]) {
        var variables = environment.all
        if variables["PATH"] == nil { variables["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        return (locate(program, path: variables["PATH"]), variables.map { "\($0.key)=\($0.value)" })
    }

    /// `program` itself when it has a slash, else the first executable of that name on `path`.
    private static func locate(_ program: String, path: String?) -> String? {
        if program.contains("/") { return program }
        return (path ?? "").split(separator: ":").map { "\($0)/\(program)" }.first { access($0, X_OK) == 0 }
    }

    /// The absolute path of the running executable, when the system says.
    static var currentExecutable: String? { ProcessSupport.executablePath }
}
