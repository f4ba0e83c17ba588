import LiftLogKit

/// The steps of `liftlog sync`, one method each: check, format, commit the store's changes,
/// pull with rebase and check again, push. Each step says what it did in ``lines``.
struct GitSync {
    let store: Store
    let storeEnvironment: Store.Environment
    let environment: ProcessEnvironment
    /// What was done, one line a step.
    private(set) var lines: [String] = []

    init(store: Store, storeEnvironment: Store.Environment, environment: ProcessEnvironment) {
        self.store = store
        self.storeEnvironment = storeEnvironment
        self.environment = environment
    }

    /// Runs git in the store's folder.
    func git(_ arguments: [String]) -> (status: Int32, output: String) {
        Subprocess.capture(["git", "-C", store.root] + arguments, environment: environment)
    }

    /// Every step, in order.
    mutating func run() throws(LiftLogError) {
        try requireRepository()
        try requireValidStore()
        try format()
        try commit()
        guard let remote = remote else {
            lines.append("No remote is configured; add one with 'git remote add origin URL' to share the log.")
            return
        }
        let branch = git(["rev-parse", "--abbrev-ref", "HEAD"]).output.trimmingWhitespace()
        try pull(from: remote, branch: branch)
        try push(to: remote, branch: branch)
    }

    /// - Throws: `VALIDATION_ERROR` outside a git repository, `IO_ERROR` without git.
    func requireRepository() throws(LiftLogError) {
        let top = git(["rev-parse", "--show-toplevel"])
        guard top.status == 0 else {
            if top.status == 127 { throw .io(path: store.root, operation: "run git in", reason: "git is not installed") }
            throw .validation("The store is not in a git repository; run 'liftlog init --git' to make it one.")
        }
    }

    /// - Throws: `CORRUPT_FILE` with every problem of the store.
    func requireValidStore() throws(LiftLogError) {
        let report = try Store.check(at: store.root, environment: storeEnvironment)
        guard report.problems.isEmpty else { throw .corruptFile(report.problems) }
    }

    /// Puts hand-edited files in canonical form.
    mutating func format() throws(LiftLogError) {
        let formatted = try store.format(apply: true)
        let count = formatted.reformatted.count + formatted.moved.count
        if count > 0 { lines.append("Formatted \(Formatting.count(count, "file")).") }
    }

    /// Commits what changed in the store, and only the store's paths: in a store inside a
    /// larger repository, what the user staged elsewhere stays staged and out of the commit.
    mutating func commit() throws(LiftLogError) {
        _ = git(["add", "-A", "--", "."])
        let changes = SyncCommand.stagedChanges(git(["diff", "--cached", "--name-status", "--relative", "--", "."]).output)
        guard !changes.isEmpty else {
            lines.append("Nothing new to commit.")
            return
        }
        let message = store.describe(changes)
        let commit = git(["commit", "--quiet", "-m", message, "--", "."])
        guard commit.status == 0 else {
            throw .io(path: store.root, operation: "commit in", reason: "git said: \(GitSync.firstLine(commit.output)); nothing was committed")
        }
        lines.append("Committed: \(message)")
    }

    /// `origin`, else the first remote, else `nil`.
    var remote: String? {
        let remotes = git(["remote"]).output.split(separator: "\n").map(String.init)
        return remotes.contains("origin") ? "origin" : remotes.first
    }

    /// Pulls with rebase when the remote has the branch, then checks the result.
    ///
    /// - Throws: `CONFLICT` when git cannot combine the two sides (the rebase is undone and the
    ///   commit kept), `CORRUPT_FILE` when the pulled store has problems.
    mutating func pull(from remote: String, branch: String) throws(LiftLogError) {
        guard git(["ls-remote", "--exit-code", "--heads", remote, branch]).status == 0 else { return }
        let head = git(["rev-parse", "HEAD"]).output.trimmingWhitespace()
        let pull = git(["pull", "--rebase", "--quiet", remote, branch])
        if pull.status != 0 {
            let conflicted = git(["diff", "--name-only", "--diff-filter=U"]).output.split(separator: "\n").map(String.init)
            _ = git(["rebase", "--abort"])
            let files = conflicted.isEmpty ? GitSync.firstLine(pull.output) : conflicted.joined(separator: ", ")
            throw .conflict("git could not combine your changes with \(remote)'s (\(files)). Nothing was lost: your commit is still here. Settle it with 'git pull --rebase', then run 'liftlog sync' again.")
        }
        let pulled = Int(git(["rev-list", "--count", "\(head)..HEAD"]).output.trimmingWhitespace()) ?? 0
        if pulled > 0 || git(["rev-parse", "HEAD"]).output.trimmingWhitespace() != head {
            lines.append("Pulled from \(remote).")
        }
        try requireValidStore()
    }

    /// - Throws: `IO_ERROR` when git cannot push; the commits are kept.
    mutating func push(to remote: String, branch: String) throws(LiftLogError) {
        let push = git(["push", "--quiet", remote, "HEAD:\(branch)"])
        guard push.status == 0 else {
            throw .io(path: store.root, operation: "push from", reason: "git said: \(GitSync.firstLine(push.output)); your commits are kept here")
        }
        lines.append("Pushed to \(remote).")
    }

    static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init)?.trimmingWhitespace() ?? "no reason given"
    }
}
