import LiftLogKit

/// `liftlog sync`: git as the way two devices share one log.
enum SyncCommand {
    static let sync = CommandSpec(
        name: "sync",
        abstract: "Commit your changes, pull, check and push (when the store is in a git repository).",
        discussion: "Checks the store, puts hand-edited files in canonical form, commits new and changed files with a message that says what they are (\"Log 2025-01-24 Day A: 5 exercises, 18 sets\"), pulls with rebase, checks again, and pushes when a remote is configured. On a conflict git cannot settle it stops, leaves your commit in place, and says what to do.",
        run: { context, _ throws(LiftLogError) in
            let store = try context.store()
            let environment = context.environment
            func git(_ arguments: [String]) -> (status: Int32, output: String) {
                Subprocess.capture(["git", "-C", store.root] + arguments, environment: environment)
            }
            let top = git(["rev-parse", "--show-toplevel"])
            guard top.status == 0 else {
                if top.status == 127 { throw .io(path: store.root, operation: "run git in", reason: "git is not installed") }
                throw .validation("The store is not in a git repository; run 'liftlog init --git' to make it one.")
            }
            var lines: [String] = []
            let before = try Store.check(at: store.root, environment: context.storeEnvironment)
            guard before.problems.isEmpty else {
                throw .corruptFile(before.problems)
            }
            let formatted = try store.format(apply: true)
            let reformatted = formatted.reformatted.count + formatted.moved.count
            if reformatted > 0 { lines.append("Formatted \(Formatting.count(reformatted, "file")).") }

            // Commit what changed in the store.
            _ = git(["add", "-A", "--", "."])
            let changes = stagedChanges(git(["diff", "--cached", "--name-status", "--relative", "--", "."]).output)
            if !changes.isEmpty {
                let message = store.describe(changes)
                // Only the store's paths: in a store inside a larger repository, what the user
                // staged elsewhere stays staged and out of liftlog's commit.
                let commit = git(["commit", "--quiet", "-m", message, "--", "."])
                guard commit.status == 0 else {
                    throw .io(path: store.root, operation: "commit in", reason: "git said: \(firstLine(commit.output)); nothing was committed")
                }
                lines.append("Committed: \(message)")
            } else {
                lines.append("Nothing new to commit.")
            }

            // Pull and push when there is somewhere to.
            let remotes = git(["remote"]).output.split(separator: "\n").map(String.init)
            guard let remote = remotes.contains("origin") ? "origin" : remotes.first else {
                lines.append("No remote is configured; add one with 'git remote add origin URL' to share the log.")
                return CommandResult(data: result(lines), text: lines.joined(separator: "\n"))
            }
            let branch = git(["rev-parse", "--abbrev-ref", "HEAD"]).output.trimmingWhitespace()
            let head = git(["rev-parse", "HEAD"]).output.trimmingWhitespace()
            let remoteHasBranch = git(["ls-remote", "--exit-code", "--heads", remote, branch]).status == 0
            if remoteHasBranch {
                let pull = git(["pull", "--rebase", "--quiet", remote, branch])
                if pull.status != 0 {
                    let conflicted = git(["diff", "--name-only", "--diff-filter=U"]).output.split(separator: "\n").map(String.init)
                    _ = git(["rebase", "--abort"])
                    let files = conflicted.isEmpty ? firstLine(pull.output) : conflicted.joined(separator: ", ")
                    throw .conflict("git could not combine your changes with \(remote)'s (\(files)). Nothing was lost: your commit is still here. Settle it with 'git pull --rebase', then run 'liftlog sync' again.")
                }
                let pulled = Int(git(["rev-list", "--count", "\(head)..HEAD"]).output.trimmingWhitespace()) ?? 0
                if pulled > 0 || git(["rev-parse", "HEAD"]).output.trimmingWhitespace() != head {
                    lines.append("Pulled from \(remote).")
                }
                let after = try Store.check(at: store.root, environment: context.storeEnvironment)
                guard after.problems.isEmpty else {
                    throw .corruptFile(after.problems)
                }
            }
            let push = git(["push", "--quiet", remote, "HEAD:\(branch)"])
            guard push.status == 0 else {
                throw .io(path: store.root, operation: "push from", reason: "git said: \(firstLine(push.output)); your commits are kept here")
            }
            lines.append("Pushed to \(remote).")
            return CommandResult(data: result(lines), text: lines.joined(separator: "\n"))
        })

    private static func result(_ lines: [String]) -> JSONValue {
        ["steps": .array(lines.map { .string($0) })]
    }

    private static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init)?.trimmingWhitespace() ?? "no reason given"
    }

    /// `git diff --name-status` lines as changes (a rename counts as a deletion and an addition).
    static func stagedChanges(_ output: String) -> [FileChange] {
        var changes: [FileChange] = []
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t").map(String.init)
            guard let status = fields.first?.first, fields.count >= 2 else { continue }
            switch status {
            case "A": changes.append(FileChange(kind: .added, path: fields[1]))
            case "D": changes.append(FileChange(kind: .deleted, path: fields[1]))
            case "R" where fields.count >= 3:
                changes.append(FileChange(kind: .deleted, path: fields[1]))
                changes.append(FileChange(kind: .added, path: fields[2]))
            default: changes.append(FileChange(kind: .modified, path: fields.last!))
            }
        }
        return changes
    }
}
