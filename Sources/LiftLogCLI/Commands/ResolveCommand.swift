import LiftLogKit

/// `liftlog resolve`: settle the copies sync tools make when two devices changed one file.
enum ResolveCommand {
    static let resolve = CommandSpec(
        name: "resolve",
        abstract: "Settle what two devices changed differently: files git could not merge, and sync-conflict copies.",
        discussion: "Without FILE, goes through every file git left unmerged in the store and every conflict copy (Dropbox, Syncthing, iCloud and others). For a file git could not merge, everything only one side changed is merged by meaning and each value both sides changed is shown (this side | the other): keep 'ours' or 'theirs' of each, then the file is written and staged ('liftlog sync' then commits the merge). For a conflict copy, keep the original, the copy, or 'merged' (the sets of both sides of a session when each side only added sets or exercises). On a terminal it asks; otherwise say it with --keep.",
        arguments: [Argument.conflictCopy],
        options: [Option.keep],
        run: { context, arguments throws(LiftLogError) in
            var done: [JSONValue] = []
            var lines: [String] = []
            let store: Store
            do throws(LiftLogError) {
                store = try context.store()
            } catch {
                // liftlog.json is what git could not merge: it is settled first, so that the
                // store opens.
                guard case .corruptFile = error,
                      let manifest = GitConflicts.unmerged(root: context.storePath, environment: context.environment).first(where: { $0.path == Store.manifestFileName }) else { throw error }
                let keep = try arguments[.keep]
                if let keep, keep.side == nil { throw copyChoiceForGitConflict(keep) }
                guard keep != nil || context.io.inputIsTerminal else {
                    let advice = gitAdvice
                    let all = GitConflicts.unmerged(root: context.storePath, environment: context.environment)
                    return CommandResult(data: ["unmerged": unmergedData(all), "conflicts": []], text: all.map { describe($0, style: context.style) }.joined(separator: "\n\n") + "\n\n" + advice,
                                         failure: .usage(advice, command: arguments.commandName))
                }
                guard let settled = choose(manifest, keep: keep, context: context), settled.isClean, let bytes = settled.bytes else { throw error }
                try OutsideFiles.writeDurably(bytes, to: context.storePath + "/" + manifest.path)
                try GitConflicts.stage(manifest.path, root: context.storePath, environment: context.environment)
                lines.append(said(manifest, settled, keep: keep))
                done.append(["path": .string(manifest.path), "kept": keep.map { .string($0.rawValue) } ?? "chosen"])
                store = try context.store()
            }
            var unmerged = GitConflicts.unmerged(root: store.root, environment: context.environment)
            var conflicts = try store.conflictCopies()
            if let wanted = arguments[.conflictCopy] {
                unmerged = unmerged.filter { $0.path == wanted || $0.path.contains(wanted) }
                conflicts = conflicts.filter { $0.path == wanted || $0.path.contains(wanted) }
                let count = unmerged.count + conflicts.count
                guard count > 0 else {
                    let known = GitConflicts.unmerged(root: store.root, environment: context.environment).map(\.path) + (try store.conflictCopies().map(\.path))
                    throw .notFound("No file git could not merge and no sync conflict copy matches '\(wanted)'.", suggestions: Suggestions.closest(to: wanted, among: known))
                }
                guard count == 1 else { throw .validation("'\(wanted)' matches \(count) conflicts; give more of the path.") }
            }
            guard !unmerged.isEmpty || !conflicts.isEmpty || !done.isEmpty else {
                return CommandResult(data: ["resolved": []], text: "No conflicts: git has merged every file and there are no sync conflict copies.")
            }
            let keep = try arguments[.keep]
            if let keep, keep.side == nil, !unmerged.isEmpty, conflicts.isEmpty {
                throw copyChoiceForGitConflict(keep)
            }
            if let keep, keep.side != nil, unmerged.isEmpty, done.isEmpty {
                throw .validation("--keep \(keep.rawValue) is for a file git could not merge; for a sync conflict copy keep original, copy or merged.")
            }
            guard keep != nil || context.io.inputIsTerminal else {
                // Nobody to ask: show the comparison, change nothing, and say how to choose.
                var advice: [String] = []
                if !unmerged.isEmpty { advice.append(gitAdvice) }
                if !conflicts.isEmpty { advice.append("Say what to keep with --keep original, --keep copy or --keep merged.") }
                let text = (unmerged.map { describe($0, style: context.style) } + conflicts.map { describe($0, in: store, mergeable: canMerge($0, in: store), style: context.style) }).joined(separator: "\n\n")
                let data: JSONValue = [
                    "unmerged": unmergedData(unmerged),
                    "conflicts": .array(conflicts.map { conflict in
                        ["copy": .string(conflict.path), "original": .string(conflict.original),
                         "differences": .array(differences(conflict, in: store).map { ["path": .string($0.path), "original": .string($0.original), "copy": .string($0.copy)] })]
                    }),
                ]
                let said = advice.joined(separator: " ")
                return CommandResult(data: data, text: text + "\n\n" + said, failure: .usage(said, command: arguments.commandName))
            }
            for file in unmerged {
                guard let settled = choose(file, keep: keep, context: context) else {
                    lines.append("Skipped \(file.path).")
                    continue
                }
                try store.write(settled, to: file.path)
                try GitConflicts.stage(file.path, root: store.root, environment: context.environment)
                lines.append(said(file, settled, keep: keep))
                done.append(["path": .string(file.path), "kept": keep.map { .string($0.rawValue) } ?? "chosen"])
            }
            if !unmerged.isEmpty || !done.isEmpty, GitConflicts.unmerged(root: store.root, environment: context.environment).isEmpty {
                lines.append("Every file is merged: 'liftlog sync' commits the merge and pushes it.")
            }
            for conflict in conflicts where keep?.side == nil {
                let mergeable = canMerge(conflict, in: store)
                var choice = keep
                if choice == nil {
                    context.io.writeError(describe(conflict, in: store, mergeable: mergeable, style: context.style) + "\n")
                    context.io.writeError("Keep [o]riginal, [c]opy\(mergeable ? ", [m]erged" : ""), or [s]kip? ")
                    switch context.io.readLine()?.trimmingWhitespace().lowercased().first {
                    case "o": choice = .original
                    case "c": choice = .copy
                    case "m" where mergeable: choice = .merged
                    default: choice = nil
                    }
                }
                guard let choice else {
                    lines.append("Skipped \(conflict.path).")
                    continue
                }
                try store.resolve(conflict, keeping: choice)
                lines.append("Kept the \(choice == .merged ? "merged sets" : choice.rawValue) for \(conflict.original); removed \(conflict.path).")
                done.append(["copy": .string(conflict.path), "original": .string(conflict.original), "kept": .string(choice.rawValue)])
            }
            return CommandResult(data: ["resolved": .array(done)], text: lines.joined(separator: "\n"))
        })

    /// How to settle a file git could not merge when nobody is there to ask.
    static let gitAdvice = "Say which side to keep of each value both changed with --keep ours or --keep theirs."

    /// The refusal of a conflict copy's choice for a file git could not merge.
    static func copyChoiceForGitConflict(_ keep: ConflictChoice) -> LiftLogError {
        .validation("--keep \(keep.rawValue) is for sync conflict copies; for a file git could not merge keep ours or theirs.")
    }

    /// The merge of `file` with each value both sides changed settled by `keep`, else asked on
    /// the terminal; `nil` when the person skipped the file.
    static func choose(_ file: GitConflicts.File, keep: ConflictChoice?, context: CommandContext) -> MergedFile? {
        if keep == nil { context.io.writeError(describe(file, style: context.style) + "\n") }
        var skipped = false
        let settled = file.settled { conflict in
            if let side = keep?.side { return side }
            guard !skipped else { return nil }
            context.io.writeError("\(conflict.path.isEmpty ? "the whole file" : conflict.path): \(shown(conflict.ours)) | \(shown(conflict.theirs)). Keep [o]urs, [t]heirs, or [s]kip the file? ")
            switch context.io.readLine()?.trimmingWhitespace().lowercased().first {
            case "o": return .ours
            case "t": return .theirs
            default: skipped = true; return nil
            }
        }
        return settled.conflicts.isEmpty ? settled : nil
    }

    /// Each file git could not merge with the values both sides changed, for `--json`.
    static func unmergedData(_ files: [GitConflicts.File]) -> JSONValue {
        .array(files.map { file in
            ["path": .string(file.path),
             "differences": .array(file.merge.conflicts.map { ["path": .string($0.path), "ours": .string(shown($0.ours)), "theirs": .string(shown($0.theirs))] })]
        })
    }

    /// The line saying what was done for a file git could not merge.
    static func said(_ file: GitConflicts.File, _ settled: MergedFile, keep: ConflictChoice?) -> String {
        let kept = keep?.side.map { " (\($0.rawValue) where both changed a value)" } ?? ""
        return "Merged \(file.path)\(kept)\(settled.bytes == nil ? ": removed, as one side did" : "") and staged it."
    }

    /// What git could not merge in a file, for the person choosing.
    static func describe(_ file: GitConflicts.File, style: Style) -> String {
        var lines = [style.bold(file.path) + ": git could not merge it. What only one side changed is merged; both sides changed \(Formatting.count(file.merge.conflicts.count, "value")) (ours | theirs):"]
        for conflict in file.merge.conflicts.prefix(30) {
            lines.append("    \(conflict.path.isEmpty ? "(the whole file)" : conflict.path): \(shown(conflict.ours)) | \(shown(conflict.theirs))")
        }
        if file.merge.conflicts.count > 30 { lines.append("    … and \(file.merge.conflicts.count - 30) more") }
        for problem in file.merge.problems { lines.append("    " + problem.message) }
        return lines.joined(separator: "\n")
    }

    static func canMerge(_ conflict: ConflictCopy, in store: Store) -> Bool {
        guard conflict.original.hasPrefix("sessions/"),
              let mine = try? store.files.load(conflict.original, as: Session.self),
              let theirs = try? store.files.load(conflict.path, as: Session.self) else { return false }
        return Store.mergeAdditions(mine, theirs) != nil
    }

    /// How the copy differs from its original, for the person choosing.
    static func describe(_ conflict: ConflictCopy, in store: Store, mergeable: Bool, style: Style) -> String {
        var lines = [style.bold(conflict.path) + " is a conflict copy of \(conflict.original) (made by \(conflict.tool))."]
        let unit = store.preferences.unit
        if conflict.original.hasPrefix("sessions/") {
            let mine = try? store.files.load(conflict.original, as: Session.self)
            let theirs = try? store.files.load(conflict.path, as: Session.self)
            func summary(_ session: Session?) -> String {
                guard let session else { return "does not parse ('liftlog check' says why)" }
                let metrics = session.metrics(in: unit)
                return "\(session.status.rawValue), \(Formatting.count(metrics.exerciseCount, "exercise")), \(Formatting.count(metrics.setCount, "set")), volume \(Formatting.number(metrics.totalVolume)) \(unit.rawValue)"
            }
            lines.append("  original: \(summary(mine))")
            lines.append("  copy:     \(summary(theirs))")
            if mergeable { lines.append("  Each side only added sets: 'merged' keeps all of them.") }
        }
        let found = differences(conflict, in: store)
        if found.isEmpty {
            lines.append("  The two files hold the same data.")
        } else {
            lines.append("  What differs (original | copy):")
            for difference in found.prefix(30) {
                lines.append("    \(difference.path): \(difference.original) | \(difference.copy)")
            }
            if found.count > 30 { lines.append("    … and \(found.count - 30) more") }
        }
        return lines.joined(separator: "\n")
    }

    /// Every value that differs between the original and the copy, by its path in the file
    /// (`entries[0].sets[2].reps`), each side as written (`–` where absent).
    static func differences(_ conflict: ConflictCopy, in store: Store) -> [(path: String, original: String, copy: String)] {
        guard let left = try? store.files.read(conflict.original).flatMap({ try? JSONParser.parse($0) }),
              let right = try? store.files.read(conflict.path).flatMap({ try? JSONParser.parse($0) }) else { return [] }
        var found: [(String, String, String)] = []
        func walk(_ a: JSONValue?, _ b: JSONValue?, _ path: String) {
            guard a != b else { return }
            switch (a, b) {
            case (.object(let x)?, .object(let y)?):
                for key in Swift.Set(x.keys + y.keys).sorted() { walk(x[key], y[key], path.isEmpty ? key : path + "." + key) }
            case (.array(let x)?, .array(let y)?):
                for index in 0..<max(x.count, y.count) {
                    walk(index < x.count ? x[index] : nil, index < y.count ? y[index] : nil, path + "[\(index)]")
                }
            default:
                found.append((path.isEmpty ? "(the whole file)" : path, shown(a), shown(b)))
            }
        }
        walk(left, right, "")
        return found
    }

    /// A value of a store file as a person reads it: a set as "set 2: 100 kg × 5", an entry by
    /// its exercise, an object or array by its size, `–` where absent.
    static func shown(_ value: JSONValue?) -> String {
        guard let value else { return "–" }
        switch value {
        case .object(let members) where members["set_number"] != nil:
            // A set, as it is shown elsewhere.
            let number = members["set_number"].map(JSONWriter.compactString) ?? "?"
            let weight = members["weight"].map(JSONWriter.compactString).map { $0 + " " + (members["unit"]?.stringValue ?? "") } ?? "bodyweight"
            let reps = members["reps"].map(JSONWriter.compactString).map { " × " + $0 } ?? ""
            return "set \(number): \(weight.trimmingWhitespace())\(reps)"
        case .object(let members) where members["exercise_name"] != nil:
            let sets = members["sets"]?.arrayValue?.count ?? 0
            return "\(members["exercise_name"]?.stringValue ?? "?") (\(Formatting.count(sets, "set")))"
        case .object(let members): return "{\(Formatting.count(members.count, "key"))}"
        case .array(let elements): return "[\(Formatting.count(elements.count, "item"))]"
        default: return JSONWriter.compactString(value)
        }
    }
}
