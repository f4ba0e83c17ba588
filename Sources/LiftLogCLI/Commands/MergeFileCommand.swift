import LiftLogKit

/// `liftlog merge-file`: the merge driver git runs for a store file both sides changed
/// (installed by `liftlog init --git` and `liftlog sync`: `.gitattributes` says
/// `*.json merge=liftlog`, the repository's config names this command).
enum MergeFileCommand {
    static let mergeFile = CommandSpec(
        name: "merge-file",
        abstract: "Merge two versions of a store file by meaning (git's merge driver for the store).",
        discussion: "git runs it as 'liftlog merge-file %O %A %B %P' when both sides of a merge changed one file: BASE is the version both started from (empty when both created the file), OURS this side's, THEIRS the other's. What only one side changed is taken; sets, entries, plan days and mesocycles are united by their IDs and names; the same exercise created on both sides becomes one; unknown keys are kept. The result goes into OURS in canonical form (exit 0). A value both sides changed differently is a conflict: OURS then holds both versions between git's markers, each such value is listed, and the exit status is 5; 'liftlog resolve' settles it field by field.",
        arguments: [Argument.mergeBase, Argument.mergeOurs, Argument.mergeTheirs, Argument.mergePath],
        usesStore: false,
        run: { _, arguments throws(LiftLogError) in
            func read(_ path: String) throws(LiftLogError) -> [UInt8] { try OutsideFiles.read(path) }
            let oursPath = arguments[.mergeOurs]
            let name = arguments[.mergePath] ?? oursPath
            let base = try read(arguments[.mergeBase])
            let ours = try read(oursPath), theirs = try read(arguments[.mergeTheirs])
            let merge = MergedFile(path: name, base: base.isEmpty ? nil : base, ours: ours, theirs: theirs)
            func write(_ bytes: [UInt8]) throws(LiftLogError) { try OutsideFiles.write(bytes, to: oursPath) }
            if merge.isClean, let bytes = merge.bytes {
                try write(bytes)
                return CommandResult(data: ["path": .string(name), "merged": true], text: "")
            }
            // Both versions between git's markers: what git writes, what `check` recognises.
            try write(Array("<<<<<<< ours\n".utf8) + ours + (ours.last == 0x0A ? [] : [0x0A]) + Array("=======\n".utf8)
                      + theirs + (theirs.last == 0x0A ? [] : [0x0A]) + Array(">>>>>>> theirs\n".utf8))
            let said = merge.problems.isEmpty
                ? "\(name): \(Formatting.count(merge.conflicts.count, "value")) changed differently on both sides: "
                    + merge.conflicts.map { "\($0.path.isEmpty ? "the whole file" : $0.path) (\(ResolveCommand.shown($0.ours)) | \(ResolveCommand.shown($0.theirs)))" }.joined(separator: ", ")
                : "\(name): the merged file would break its rules: " + merge.problems.map(\.message).joined(separator: "; ")
            throw .conflict(said + ". Settle it with 'liftlog resolve'.")
        })
}
