#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What differs between the C libraries when a program starts other programs or looks at
/// itself: every such difference in one place, for the CLI, the benchmark and the tests (an
/// app never needs it).
///
/// Checked against Apple's declarations: `posix_spawn_file_actions_t` is an optional opaque
/// pointer on Darwin (a struct in glibc and musl), `environ` is reached through
/// `_NSGetEnviron()`, and the executable's path through `_NSGetExecutablePath` (there is no
/// `/proc` on Darwin).
package enum ProcessSupport {
    #if canImport(Darwin)
    /// The file actions `posix_spawn` takes.
    package typealias FileActions = posix_spawn_file_actions_t?
    #else
    /// The file actions `posix_spawn` takes.
    package typealias FileActions = posix_spawn_file_actions_t
    #endif

    /// New, uninitialised file actions, for `posix_spawn_file_actions_init`.
    package static func newFileActions() -> FileActions {
        #if canImport(Darwin)
        return nil
        #else
        return posix_spawn_file_actions_t()
        #endif
    }

    /// This process's environment.
    package static var environment: [String: String] {
        #if canImport(Darwin)
        guard var pointer = _NSGetEnviron()?.pointee else { return [:] }
        #else
        var pointer = environ
        #endif
        var result: [String: String] = [:]
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    /// The absolute path of the running executable, when the system says.
    package static var executablePath: String? {
        #if canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return String(cString: buffer)
        #else
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }

    /// Sends `signal` to the process `pid`.
    package static func send(_ signal: Int32, to pid: pid_t) {
        _ = kill(pid, signal)
    }

    /// The exit status a shell would report for a `waitpid` status: the code, or 128 + signal.
    package static func exitStatus(_ status: Int32) -> Int32 {
        (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
