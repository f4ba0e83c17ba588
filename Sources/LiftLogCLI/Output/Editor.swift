#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's text editor: `$VISUAL`, else `$EDITOR`, else `vi`, run through the shell so that
/// a value such as `code --wait` works, attached to this terminal.
enum Editor {
    static func command(in environment: [String: String]) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.trimmingWhitespace().isEmpty { return value }
        }
        return "vi"
    }

    /// Runs the editor on `path`, waits for it, and returns its exit status (127 when it
    /// could not be started).
    static func edit(_ path: String, environment: [String: String]) -> Int32 {
        let arguments = ["/bin/sh", "-c", command(in: environment) + " \"$1\"", "sh", path]
        var variables = environment
        if variables["PATH"] == nil { variables["PATH"] = "/usr/local/bin:/usr/bin:/bin" }
        var cArguments = arguments.map { strdup($0) } + [nil]
        var cEnvironment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", nil, nil, &cArguments, &cEnvironment) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// A new private folder for the copy being edited.
    static func makeTemporaryFolder(in environment: [String: String]) -> String? {
        let base = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/liftlog-edit-XXXXXX").utf8CString)
        guard let pointer = mkdtemp(&template) else { return nil }
        return String(cString: pointer)
    }

    static func removeFolder(_ folder: String, file: String) {
        unlink(file)
        rmdir(folder)
    }
}
