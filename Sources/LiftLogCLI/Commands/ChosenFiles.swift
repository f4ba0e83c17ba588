import LiftLogKit

/// The store files `check` and `fmt` are limited to: paths named on the command line, or with
/// `--staged` the files git is about to commit (for the pre-commit hook, whose time must not
/// grow with the log).
enum ChosenFiles {
    /// The paths relative to the store, or `nil` for the whole store.
    ///
    /// - Throws: `USAGE_ERROR` for paths and `--staged` together; `VALIDATION_ERROR` for a path
    ///   outside the store or a store outside a git repository; `IO_ERROR` without git.
    static func paths(_ given: [String], staged: Bool, storeRoot: String, context: CommandContext, command: String) throws(LiftLogError) -> [String]? {
        let root = normalized(CommandContext.absolute(storeRoot))
        if staged {
            guard given.isEmpty else { throw .usage("Give files or --staged, not both.", command: command) }
            // --relative: paths from the store's folder, only those inside it, even when the
            // store is a folder of a larger repository.
            let result = Subprocess.capture(["git", "-C", root, "diff", "--cached", "--name-only", "--diff-filter=ACMR", "--relative", "-z"], environment: context.environment)
            if result.status == 127 { throw .io(path: root, operation: "run git in", reason: "git is not installed") }
            guard result.status == 0 else {
                throw .validation("--staged needs the store in a git repository, and '\(root)' is not in one; run 'liftlog init --git' to make it one.")
            }
            return result.output.split(separator: "\0").map(String.init).filter { !$0.isEmpty }
        }
        guard !given.isEmpty else { return nil }
        var paths: [String] = []
        for path in given {
            let absolute = normalized(CommandContext.absolute(path))
            guard absolute.hasPrefix(root + "/") else {
                throw .validation("'\(path)' is not in the store at \(root).")
            }
            paths.append(String(absolute.dropFirst(root.count + 1)))
        }
        return paths
    }

    /// `path` with `.` and `..` resolved and repeated slashes removed, by its text alone.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
