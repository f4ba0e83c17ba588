#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogKit

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
        var count = 0
        while pointer[count] != nil { count += 1 }
        var result: [String: String] = [:]
        result.reserveCapacity(count)
        while let entry = pointer.pointee {
            // Split at the first "=" as bytes: cheaper than walking characters, at every start-up.
            let bytes = UnsafeRawBufferPointer(start: entry, count: strlen(entry))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                result[String(decoding: bytes[..<equals], as: UTF8.self)] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
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

    /// Where a started program's standard stream goes.
    package enum Stream: Sendable {
        /// Left as this process has it (a terminal, say).
        case inherit
        /// `/dev/null`.
        case null
        /// This descriptor (one end of a pipe).
        case descriptor(Int32)
    }

    /// Starts `program` with `arguments` (`arguments[0]` included) and `environment`
    /// (`NAME=value` strings); closes `closing` in the child (the parent's ends of pipes).
    ///
    /// The one place the package starts programs: the CLI (the editor, git), the benchmark and
    /// the tests all come here.
    /// - Returns: the child's process ID, or why it could not be started.
    package static func spawn(_ program: String, arguments: [String], environment: [String], input: Stream = .null,
                              output: Stream = .inherit, error: Stream = .inherit, closing: [Int32] = []) -> Result<pid_t, Errno> {
        var actions = newFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target, flags) in [(input, Int32(0), O_RDONLY), (output, Int32(1), O_WRONLY), (error, Int32(2), O_WRONLY)] {
            switch stream {
            case .inherit: break
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", flags, 0)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var cArguments = arguments.map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, nil, &cArguments, &cEnvironment)
        return result == 0 ? .success(pid) : .failure(Errno(rawValue: result))
    }

    /// Waits for `pid` and returns its exit status as a shell reports it.
    package static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        _ = retryingOnInterrupt { waitpid(pid, &status, 0) }
        return exitStatus(status)
    }

    /// Reads a descriptor to its end and closes it.
    package static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = retryingOnInterrupt { read(descriptor, &buffer, buffer.count) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        close(descriptor)
        return bytes
    }

    /// Lets SIGINT and SIGTERM reach this thread: a program that started this one may have
    /// left them blocked, and Ctrl-C must stop a command that runs until it is stopped (a
    /// server, a watcher). Call after setting their handlers.
    package static func unblockStopSignals() {
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
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
