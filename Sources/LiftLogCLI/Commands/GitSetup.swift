#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogKit

/// `liftlog init --git`: a git repository for the store with a pre-commit hook.
enum GitSetup {
    /// The hook refuses a commit of files liftlog cannot read, or has not formatted.
    static func hook(liftlog: String) -> String {
        """
        #!/bin/sh
        # Installed by 'liftlog init --git': refuse to commit store files that liftlog cannot read
        # or that are not in canonical form. Bypass once with 'git commit --no-verify'.
        # Paths are never read back from a command's output, which drops a newline they end in:
        # git runs the hook at the top of the store, and the binary is named as installed.
        if command -v liftlog >/dev/null 2>&1; then liftlog=liftlog; else liftlog=\(shellQuoted(liftlog)); fi
        # Only what is staged: the time of a commit does not grow with the log.
        if ! "$liftlog" check --staged --store . >/dev/null 2>&1; then
            echo "liftlog: staged files have problems; run 'liftlog check --staged' to see them." >&2
            exit 1
        fi
        if ! "$liftlog" fmt --check --staged --store . >/dev/null 2>&1; then
            echo "liftlog: staged files are not in canonical form; run 'liftlog fmt'." >&2
            exit 1
        fi

        """
    }

    /// `text` as one word for the shell, whatever it holds: in single quotes, each single
    /// quote written as `'\''`.
    static func shellQuoted(_ text: String) -> String {
        var quoted = "'"
        for character in text {
            if character == "'" { quoted += "'\\''" } else { quoted.append(character) }
        }
        return quoted + "'"
    }

    /// The attribute that sends the store's JSON files to liftlog's merge driver.
    static let mergeAttribute = "*.json merge=liftlog"

    /// Makes git merge the store's files by meaning (``MergeFileCommand``): `.gitattributes`
    /// names the driver for `*.json`, the repository's config says how to run it (config is not
    /// cloned, so each clone's first `init --git` or `sync` sets it, and any later one whose
    /// liftlog is elsewhere).
    ///
    /// - Returns: a sentence when something was installed, else `nil`.
    static func installMergeDriver(in store: Store, environment: ProcessEnvironment) throws(LiftLogError) -> String? {
        func git(_ arguments: [String]) -> (status: Int32, output: String) { GitSync.git(arguments, in: store.root, environment: environment) }
        var changed = false
        let attributes = String(decoding: try store.files.read(".gitattributes") ?? [], as: UTF8.self)
        if !attributes.split(separator: "\n").contains(where: { $0.split(separator: " ").contains("merge=liftlog") }) {
            let separator = attributes.isEmpty || attributes.hasSuffix("\n") ? "" : "\n"
            try store.files.writeDurably(Array((attributes + separator + mergeAttribute + "\n").utf8), to: ".gitattributes")
            changed = true
        }
        let driver = shellQuoted(Subprocess.currentExecutable ?? "liftlog") + " merge-file %O %A %B %P"
        if git(["config", "--get", "merge.liftlog.driver"]).output.trimmingWhitespace() != driver {
            let named = git(["config", "merge.liftlog.name", "liftlog: merge store files by meaning"])
            let set = git(["config", "merge.liftlog.driver", driver])
            guard named.status == 0, set.status == 0 else {
                throw .io(path: store.root, operation: "configure git's merge driver in", reason: "git said: \(GitSync.firstLine(set.output))")
            }
            changed = true
        }
        return changed ? "Installed liftlog's merge driver: git merges the store's files by meaning ('liftlog merge-file')." : nil
    }

    /// Runs `git init` in the store (unless it is in a repository already) and installs the hook.
    ///
    /// - Returns: a sentence saying what was done.
    /// - Throws: `IO_ERROR` when git is missing or fails.
    static func install(in store: Store, environment: ProcessEnvironment) throws(LiftLogError) -> String {
        var said = ""
        if try store.files.status(".git") == nil {
            let status = Subprocess.run(["git", "init", "--quiet", store.root], environment: environment)
            guard status == 0 else {
                throw .io(path: store.root, operation: "run 'git init' in", reason: status == 127 ? "git is not installed" : "git exited with status \(status)")
            }
            said = "Initialized a git repository. "
        }
        guard try store.files.status(".git")?.kind == .directory else {
            throw .io(path: ".git", operation: "install a hook in", reason: "it is not a folder (a worktree or submodule); add the hook by hand")
        }
        let driver = try installMergeDriver(in: store, environment: environment).map { " " + $0 } ?? ""
        try store.files.ensureDirectory(".git/hooks")
        let path = ".git/hooks/pre-commit"
        if let existing = try store.files.read(path), !String(decoding: existing, as: UTF8.self).contains("liftlog init --git") {
            return said + "A pre-commit hook already exists in .git/hooks; add 'liftlog check --staged' and 'liftlog fmt --check --staged' to it by hand." + driver
        }
        try store.files.writeDurably(Array(hook(liftlog: Subprocess.currentExecutable ?? "liftlog").utf8), to: path)
        chmod(store.files.absolute(path), 0o755)
        return said + "Installed a pre-commit hook that runs 'liftlog check --staged' and 'liftlog fmt --check --staged'." + driver
    }
}
