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
        var program = arguments[0]
        if !program.contains("/") {
            let candidates = (variables["PATH"] ?? "").split(separator: ":").map { "\($0)/\(program)" }
            guard let found = candidates.first(where: { access($0, X_OK) == 0 }) else { return 127 }
            program = found
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, program, nil, nil, &cArguments, &cEnvironment) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// The absolute path of the running executable, when the system says.
    static var currentExecutable: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
