import LiftLogKit

/// `liftlog resolve`: settle the copies sync tools make when two devices changed one file.
enum ResolveCommand {
    static let resolve = CommandSpec(
        name: "resolve",
        abstract: "Settle sync-conflict copies: show how each differs from its original, then keep one or merge.",
        discussion: "Without COPY, goes through every conflict copy in the store. On a terminal it asks what to keep; otherwise say it with --keep. 'merged' keeps the sets of both sides of a session when each side only added sets or exercises.",
        arguments: [Argument.conflictCopy],
        options: [Option.keep],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            var conflicts = try store.conflictCopies()
            if let wanted = arguments[.conflictCopy] {
                conflicts = conflicts.filter { $0.path == wanted || $0.path.contains(wanted) }
                guard !conflicts.isEmpty else { throw .notFound("No sync conflict copy matches '\(wanted)'.", suggestions: Suggestions.closest(to: wanted, among: try store.conflictCopies().map(\.path))) }
                guard conflicts.count == 1 else { throw .validation("'\(wanted)' matches \(conflicts.count) conflict copies; give more of the path.") }
            }
            guard !conflicts.isEmpty else { return CommandResult(data: ["resolved": []], text: "No sync conflict copies.") }
            let keep = try arguments[.keep]
            guard keep != nil || context.io.inputIsTerminal else {
                // Nobody to ask: show the comparison, change nothing, and say how to choose.
                let advice = "Say what to keep with --keep original, --keep copy or --keep merged."
                let text = conflicts.map { describe($0, in: store, mergeable: canMerge($0, in: store), style: context.style) }.joined(separator: "\n\n")
                let data: JSONValue = ["conflicts": .array(conflicts.map { conflict in
                    ["copy": .string(conflict.path), "original": .string(conflict.original),
                     "differences": .array(differences(conflict, in: store).map { ["path": .string($0.path), "original": .string($0.original), "copy": .string($0.copy)] })]
                })]
                return CommandResult(data: data, text: text + "\n\n" + advice, failure: .usage(advice, command: arguments.commandName))
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
                func text(_ value: JSONValue?) -> String {
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
                found.append((path.isEmpty ? "(the whole file)" : path, text(a), text(b)))
            }
        }
        walk(left, right, "")
        return found
    }
}
