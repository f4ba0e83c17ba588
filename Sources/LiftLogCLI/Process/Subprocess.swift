import LiftLogKit
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
    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        var variables = environment
        if variables["PATH"] == nil { variables["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        var cArguments = arguments.map { strdup($0) } + [nil]
        var cEnvironment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        guard let program = locate(arguments[0], path: variables["PATH"]) else { return 127 }
        var pid: pid_t = 0
        guard posix_spawn(&pid, program, nil, nil, &cArguments, &cEnvironment) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return ProcessSupport.exitStatus(status)
    }

    /// Runs a program with its standard output and error captured instead of shown; returns
    /// its exit status and what it printed (both streams, in order).
    static func capture(_ arguments: [String], environment: [String: String]) -> (status: Int32, output: String) {
        var variables = environment
        if variables["PATH"] == nil { variables["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        guard let program = locate(arguments[0], path: variables["PATH"]) else { return (127, "\(arguments[0]): not found") }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return (127, "cannot create a pipe") }
        var actions = ProcessSupport.newFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        var cArguments = arguments.map { strdup($0) } + [nil]
        var cEnvironment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, program, &actions, nil, &cArguments, &cEnvironment)
        close(fds[1])
        guard started == 0 else { close(fds[0]); return (127, "cannot start \(program)") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fds[0], &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (ProcessSupport.exitStatus(status), String(decoding: bytes, as: UTF8.self))
    }

    /// `program` itself when it has a slash, else the first executable of that name on `path`.
    private static func locate(_ program: String, path: String?) -> String? {
        if program.contains("/") { return program }
        return (path ?? "").split(separator: ":").map { "\($0)/\(program)" }.first { access($0, X_OK) == 0 }
    }

    /// The absolute path of the running executable, when the system says.
    static var currentExecutable: String? { ProcessSupport.executablePath }
}
