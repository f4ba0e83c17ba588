import LiftLogKit

/// The steps of `liftlog sync`, one method each: check, format, commit the store's changes,
/// pull with rebase and check again, push. Each step says what it did in ``lines``.
struct GitSync {
    let store: Store
    let storeEnvironment: Store.Environment
    let environment: ProcessEnvironment
    /// What was done, one line a step.
    private(set) var lines: [String] = []
    /// Whether the session in progress is committed too.
    var includeActive = false

    init(store: Store, storeEnvironment: Store.Environment, environment: ProcessEnvironment) {
        self.store = store
        self.storeEnvironment = storeEnvironment
        self.environment = environment
    }

    /// Runs git in the store's folder.
    func git(_ arguments: [String]) -> (status: Int32, output: String) {
        GitSync.git(arguments, in: store.root, environment: environment)
    }

    /// Runs git in `folder`, its output (both streams) captured.
    static func git(_ arguments: [String], in folder: String, environment: ProcessEnvironment) -> (status: Int32, output: String) {
        Subprocess.capture(["git", "-C", folder] + arguments, environment: environment)
    }

    /// Every step, in order.
    mutating func run() throws(LiftLogError) {
        try requireRepository()
        try requireValidStore()
        if let installed = try GitSetup.installMergeDriver(in: store, environment: environment) { lines.append(installed) }
        try finishMerge()
        try format()
        try commit()
        guard let remote = remote else {
            lines.append("No remote is configured; add one with 'git remote add origin URL' to share the log.")
            return
        }
        let branch = git(["rev-parse", "--abbrev-ref", "HEAD"]).output.trimmingWhitespace()
        guard try pull(from: remote, branch: branch) else { return }
        try push(to: remote, branch: branch)
    }

    /// - Throws: `VALIDATION_ERROR` outside a git repository, `IO_ERROR` without git.
    func requireRepository() throws(LiftLogError) {
        let top = git(["rev-parse", "--show-toplevel"])
        guard top.status == 0 else {
            if top.status == 127 { throw .io(path: store.root, operation: "run git in", reason: "git is not installed") }
            throw .validation("The store is not in a git repository; run 'liftlog init --git' to make it one.")
        }
        for state in ["rebase-merge", "rebase-apply"] where isPresent(gitPath: state) {
            throw .conflict("A rebase is in progress in the store's repository; finish it ('git rebase --continue' or 'git rebase --abort'), then run 'liftlog sync' again. Nothing was changed.")
        }
        // (A rebase detaches HEAD while it runs: said as a rebase, first.)
        guard git(["symbolic-ref", "-q", "HEAD"]).status == 0 else {
            throw .validation("No branch is checked out in the store's repository (HEAD is detached); check one out with 'git switch BRANCH', then run 'liftlog sync' again. Nothing was changed.")
        }
        let unmerged = unmergedFiles
        if isPresent(gitPath: "MERGE_HEAD"), !unmerged.isEmpty {
            guard unmerged.allSatisfy(StoreLayout.isStoreFile) else {
                throw .conflict("A merge is in progress in the store's repository; finish it (commit the merge or 'git merge --abort'), then run 'liftlog sync' again. Nothing was changed.")
            }
            throw .conflict("A merge is in progress and git could not merge \(unmerged.joined(separator: ", ")): both devices changed the same values. Settle them with 'liftlog resolve' (or go back with 'git merge --abort'), then run 'liftlog sync' again. Nothing was changed.")
        }
    }

    /// Whether git's file `name` (`MERGE_HEAD`, `rebase-merge`) is there: a merge or rebase
    /// under way. It may be outside the store (the repository's folder), so it is looked at
    /// directly.
    func isPresent(gitPath name: String) -> Bool {
        let relative = git(["rev-parse", "--git-path", name]).output.trimmingWhitespace()
        let path = relative.hasPrefix("/") ? relative : store.root + "/" + relative
        return OutsideFiles.exists(path)
    }

    /// The store's files git has not merged, relative to the store.
    var unmergedFiles: [String] {
        git(["diff", "--name-only", "--relative", "--diff-filter=U"]).output.split(separator: "\n").map(String.init)
    }

    /// Commits a merge whose files are all settled (by `liftlog resolve`): what the merge
    /// brought is checked like everything else first.
    mutating func finishMerge() throws(LiftLogError) {
        guard isPresent(gitPath: "MERGE_HEAD") else { return }
        let commit = git(["commit", "--quiet", "--no-edit"])
        guard commit.status == 0 else {
            throw .io(path: store.root, operation: "commit the merge in", reason: "git said: \(GitSync.firstLine(commit.output)); nothing was committed")
        }
        lines.append("Committed the merge.")
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

    /// Commits what changed among the store's own files (``StoreLayout``) and the files git
    /// already tracks there, by name: a file of another kind is listed as left out, never
    /// committed; what the user staged elsewhere, or in the store by hand, stays staged and out
    /// of the commit. The session in progress stays out unless ``includeActive``.
    mutating func commit() throws(LiftLogError) {
        let prefix = git(["rev-parse", "--show-prefix"]).output.trimmingWhitespace()
        let active = includeActive ? nil : try store.activeSession()?.path
        var chosen: [String] = [], leftOut: [String] = [], activeChanged = false
        for entry in GitSync.statusEntries(git(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", "."]).output) {
            guard entry.path.hasPrefix(prefix) else { continue }
            let path = String(entry.path.dropFirst(prefix.count))
            if path == active { activeChanged = true; continue }
            if entry.tracked || StoreLayout.isStoreFile(path) { chosen.append(path) } else { leftOut.append(path) }
        }
        if activeChanged { lines.append("Left out the session in progress (\(active ?? "")): it goes with the first sync after it is finished ('liftlog sync --include-active' takes it now).") }
        if !leftOut.isEmpty {
            lines.append("Left out \(Formatting.count(leftOut.count, "file")) that liftlog does not keep: \(leftOut.sorted().joined(separator: ", ")). Commit them with git yourself if you mean to.")
        }
        guard !chosen.isEmpty else {
            lines.append("Nothing new to commit.")
            return
        }
        let named = chosen.map { ":(literal)" + $0 }
        _ = git(["add", "-A", "--"] + named)
        let changes = SyncCommand.stagedChanges(git(["diff", "--cached", "--name-status", "--relative", "--"] + named).output)
        guard !changes.isEmpty else {
            lines.append("Nothing new to commit.")
            return
        }
        let message = store.describe(changes)
        let commit = git(["commit", "--quiet", "-m", message, "--"] + named)
        guard commit.status == 0 else {
            throw .io(path: store.root, operation: "commit in", reason: "git said: \(GitSync.firstLine(commit.output)); nothing was committed")
        }
        lines.append("Committed: \(message)")
    }

    /// The paths of `git status --porcelain=v1 -z` (from the top of the repository), each with
    /// whether git tracks it (an untracked one is `??`); a rename gives its new path and its old.
    static func statusEntries(_ output: String) -> [(path: String, tracked: Bool)] {
        var entries: [(path: String, tracked: Bool)] = []
        var fields = output.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)[...]
        while let field = fields.popFirst(), field.count > 3 {
            let code = field.prefix(2)
            entries.append((String(field.dropFirst(3)), code != "??"))
            if code.contains("R") || code.contains("C"), let old = fields.popFirst() { entries.append((old, true)) }
        }
        return entries
    }

    /// `origin`, else the first remote, else `nil`.
    var remote: String? {
        let remotes = git(["remote"]).output.split(separator: "\n").map(String.init)
        return remotes.contains("origin") ? "origin" : remotes.first
    }

    /// Pulls with rebase when the remote has the branch, then checks the result; `false` when
    /// the remote cannot be reached (said in ``lines``: the commit waits for the next sync).
    ///
    /// - Throws: `CONFLICT` when git cannot combine the two sides (the rebase is undone and the
    ///   commit kept), `CORRUPT_FILE` when the pulled store has problems.
    mutating func pull(from remote: String, branch: String) throws(LiftLogError) -> Bool {
        let heads = git(["ls-remote", "--exit-code", "--heads", remote, branch])
        // 2: the remote has no such branch yet (the push makes it).
        if heads.status == 2 { return true }
        guard heads.status == 0 else {
            lines.append("Could not reach \(remote) (git said: \(GitSync.firstLine(heads.output))); what was committed stays here and goes with the next 'liftlog sync'.")
            return false
        }
        let head = git(["rev-parse", "HEAD"]).output.trimmingWhitespace()
        // A merge the user made to settle an earlier conflict is pulled by merging again:
        // rebasing would replay what it settled and meet the same conflict.
        let merges = !git(["rev-list", "--merges", "refs/remotes/\(remote)/\(branch)..HEAD"]).output.trimmingWhitespace().isEmpty
        var pull = git(["pull", merges ? "--no-rebase" : "--rebase", "--quiet", remote, branch])
        if pull.status != 0 && !merges {
            // A rebase that stops would leave the work tree between commits: merge instead,
            // so that what is left to settle is one merge of the two sides.
            _ = git(["rebase", "--abort"])
            pull = git(["pull", "--no-rebase", "--quiet", remote, branch])
        }
        if pull.status != 0 {
            let conflicted = unmergedFiles
            guard !conflicted.isEmpty, isPresent(gitPath: "MERGE_HEAD") else {
                _ = git(["merge", "--abort"])
                throw .conflict("git could not combine your changes with \(remote)'s (git said: \(GitSync.firstLine(pull.output))). Nothing was lost: your commit is still here.")
            }
            throw .conflict("Both devices changed the same values in \(conflicted.joined(separator: ", ")); everything else is merged. Your commit is still here. Settle them with 'liftlog resolve' (or go back with 'git merge --abort'), then run 'liftlog sync' again.")
        }
        let pulled = Int(git(["rev-list", "--count", "\(head)..HEAD"]).output.trimmingWhitespace()) ?? 0
        if pulled > 0 || git(["rev-parse", "HEAD"]).output.trimmingWhitespace() != head {
            lines.append("Pulled from \(remote).")
        }
        try requireValidStore()
        return true
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
