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
    static func command(in environment: ProcessEnvironment) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.trimmingWhitespace().isEmpty { return value }
        }
        return "vi"
    }

    /// Runs the editor on `path`, waits for it, and returns its exit status (127 when it
    /// could not be started).
    static func edit(_ path: String, environment: ProcessEnvironment) -> Int32 {
        Subprocess.run(["/bin/sh", "-c", command(in: environment) + " \"$1\"", "sh", path], environment: environment)
    }

    /// A new private folder for the copy being edited.
    static func makeTemporaryFolder(in environment: ProcessEnvironment) -> String? {
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
