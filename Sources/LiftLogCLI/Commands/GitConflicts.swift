import LiftLogKit

/// The store's files a git merge left unmerged, with their three versions from git's index.
enum GitConflicts {
    /// A file git could not merge.
    struct File {
        /// Its path in the store.
        var path: String
        var base: [UInt8]?
        var ours: [UInt8]?
        var theirs: [UInt8]?
        /// The merge of the three with nothing settled: what is left to choose.
        var merge: MergedFile

        /// The merge with each value both sides changed settled by `settle`.
        func settled(_ settle: (DocumentMerge.Conflict) -> DocumentMerge.Side?) -> MergedFile {
            MergedFile(path: path, base: base, ours: ours, theirs: theirs, settle: settle)
        }
    }

    /// Every unmerged file of the store's format (none outside a repository or without git):
    /// another file git could not merge is the user's to settle with git.
    static func unmerged(root: String, environment: ProcessEnvironment) -> [File] {
        func git(_ arguments: [String]) -> (status: Int32, output: String) { GitSync.git(arguments, in: root, environment: environment) }
        let listed = git(["ls-files", "-u", "-z", "--", "."])
        guard listed.status == 0 else { return [] }
        // "MODE OBJECT STAGE\tPATH": stage 1 is the common version, 2 ours, 3 theirs.
        var stages: [String: [Int: String]] = [:]
        var order: [String] = []
        for record in listed.output.split(separator: "\0") {
            let parts = record.split(separator: "\t", maxSplits: 1)
            let fields = parts.first?.split(separator: " ") ?? []
            guard parts.count == 2, fields.count == 3, let stage = Int(fields[2]) else { continue }
            let path = String(parts[1])
            guard StoreLayout.isStoreFile(path) else { continue }
            if stages[path] == nil { order.append(path) }
            stages[path, default: [:]][stage] = String(fields[1])
        }
        return order.map { path in
            func version(_ stage: Int) -> [UInt8]? {
                guard let object = stages[path]?[stage] else { return nil }
                let shown = git(["cat-file", "blob", object])
                return shown.status == 0 ? Array(shown.output.utf8) : nil
            }
            let base = version(1), ours = version(2), theirs = version(3)
            return File(path: path, base: base, ours: ours, theirs: theirs, merge: MergedFile(path: path, base: base, ours: ours, theirs: theirs))
        }
    }

    /// Tells git the file is settled (`git add`, or `git rm` of a file the merge removed).
    static func stage(_ path: String, root: String, environment: ProcessEnvironment) throws(LiftLogError) {
        let added = GitSync.git(["add", "-A", "--", ":(literal)" + path], in: root, environment: environment)
        guard added.status == 0 else {
            throw .io(path: path, operation: "stage", reason: "git said: \(GitSync.firstLine(added.output))")
        }
    }
}
