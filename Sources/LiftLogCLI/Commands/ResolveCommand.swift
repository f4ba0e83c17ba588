import LiftLogKit

/// `liftlog resolve`: settle the copies sync tools make when two devices changed one file.
enum ResolveCommand {
    static let resolve = CommandSpec(
        name: "resolve",
        abstract: "Settle sync-conflict copies: show how each differs from its original, then keep one or merge.",
        discussion: "Without COPY, goes through every conflict copy in the store. On a terminal it asks what to keep; otherwise say it with --keep. 'merged' keeps the sets of both sides of a session when each side only added sets or exercises.",
        arguments: [ArgumentSpec(name: "copy", help: "One conflict copy (its path in the store, or any unique part of it).", isOptional: true)],
        options: [.value("--keep", valueName: "which", help: "original, copy or merged.")],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            var conflicts = try store.conflictCopies()
            if let wanted = arguments.positionals.first {
                conflicts = conflicts.filter { $0.path == wanted || $0.path.contains(wanted) }
                guard !conflicts.isEmpty else { throw .notFound("No sync conflict copy matches '\(wanted)'.", suggestions: Suggestions.closest(to: wanted, among: try store.conflictCopies().map(\.path))) }
                guard conflicts.count == 1 else { throw .validation("'\(wanted)' matches \(conflicts.count) conflict copies; give more of the path.") }
            }
            guard !conflicts.isEmpty else { return CommandResult(data: ["resolved": []], text: "No sync conflict copies.") }
            let keep = try arguments.choice("--keep", as: ConflictChoice.self)
            guard keep != nil || context.io.inputIsTerminal else {
                throw .usage("Say what to keep with --keep original, --keep copy or --keep merged.", command: arguments.commandName)
            }
            var done: [JSONValue] = []
            var lines: [String] = []
            for conflict in conflicts {
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
            if let mine, let theirs {
                var names: [String] = []
                for entry in mine.entries + theirs.entries where !names.contains(where: { Exercise.nameKey($0) == Exercise.nameKey(entry.exerciseName) }) {
                    names.append(entry.exerciseName)
                }
                for name in names {
                    let left = mine.entries.first { Exercise.nameKey($0.exerciseName) == Exercise.nameKey(name) }
                    let right = theirs.entries.first { Exercise.nameKey($0.exerciseName) == Exercise.nameKey(name) }
                    guard left?.sets != right?.sets else { continue }
                    lines.append("  \(name): \(left.map { Formatting.count($0.sets.count, "set") } ?? "–") | \(right.map { Formatting.count($0.sets.count, "set") } ?? "–")")
                }
            }
            if mergeable { lines.append("  Each side only added sets: 'merged' keeps all of them.") }
        } else if let left = try? store.files.read(conflict.original).flatMap({ try? JSONParser.parse($0) }),
                  let right = try? store.files.read(conflict.path).flatMap({ try? JSONParser.parse($0) }),
                  case .object(let a) = left, case .object(let b) = right {
            let keys = Swift.Set(a.keys + b.keys).filter { a[$0] != b[$0] }.sorted()
            lines.append(keys.isEmpty ? "  The two files hold the same data." : "  They differ in: \(keys.joined(separator: ", ")).")
        }
        return lines.joined(separator: "\n")
    }
}
