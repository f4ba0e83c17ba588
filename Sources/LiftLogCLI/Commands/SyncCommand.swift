import LiftLogKit

/// `liftlog sync`: git as the way two devices share one log.
enum SyncCommand {
    static let sync = CommandSpec(
        name: "sync",
        abstract: "Commit your changes, pull, check and push (when the store is in a git repository).",
        discussion: "Checks the store, puts hand-edited files in canonical form, commits new and changed files with a message that says what they are (\"Log 2025-01-24 Day A: 5 exercises, 18 sets\"), pulls with rebase, checks again, and pushes when a remote is configured. It commits only the files of liftlog's format and files git already tracks, and lists every other file it left out (a .env, a key, a conflict copy): add those with git yourself if you mean to. The session in progress stays on this device until it is finished, unless --include-active. On a conflict git cannot settle it stops, leaves your commit in place, and says what to do.",
        options: [Flag.includeActive],
        run: { context, arguments throws(LiftLogError) in
            var sync = GitSync(store: try context.store(), storeEnvironment: context.storeEnvironment, environment: context.environment)
            sync.includeActive = arguments[.includeActive]
            try sync.run()
            return CommandResult(data: result(sync.lines), text: sync.lines.joined(separator: "\n"))
        })

    private static func result(_ lines: [String]) -> JSONValue {
        ["steps": .array(lines.map { .string($0) })]
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
