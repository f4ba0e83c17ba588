import LiftLogKit

/// `history`, `show`, `rm`.
enum HistoryCommands {
    static let history = CommandSpec(
        name: "history",
        abstract: "List sessions, newest first, a page at a time.",
        options: [
            .value("--page", valueName: "n", help: "The page to show.", default: "1"),
            .value("--per-page", valueName: "k", help: "Sessions per page, 1–1000.", default: "25"),
            .value("--from", valueName: "date", help: "Only sessions on or after this date (YYYY-MM-DD)."),
            .value("--to", valueName: "date", help: "Only sessions on or before this date (YYYY-MM-DD)."),
            .value("--exercise", valueName: "name", help: "Only sessions with this exercise."),
            .value("--kind", valueName: "kind", help: "Only lifting, cardio, stretch or meditation sessions."),
        ],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let query = HistoryQuery(
                page: try arguments.int("--page") ?? 1, perPage: try arguments.int("--per-page") ?? HistoryQuery.defaultPerPage,
                from: try arguments.date("--from"), to: try arguments.date("--to"), exercise: arguments.value("--exercise"),
                kind: try arguments.choice("--kind", as: Session.Kind.self))
            let page = try store.history(query)
            for file in page.unreadableFiles {
                context.io.writeError(context.style.yellow("Warning:") + " skipped \(file)\n")
            }
            guard !page.sessions.isEmpty else {
                let filtered = query.from != nil || query.to != nil || query.exercise != nil || query.kind != nil
                let text = page.total == 0 ? (filtered ? "No sessions match." : "No sessions yet.") : "Page \(page.page) is empty: there \(page.totalPages == 1 ? "is 1 page" : "are \(page.totalPages) pages")."
                return CommandResult(data: JSONShapes.history(page), text: text)
            }
            let rows = page.sessions.map { summary -> [String] in
                let volume = summary.totalVolume > 0 ? "\(Formatting.number(summary.totalVolume)) \(summary.unit.rawValue)" : "–"
                return [
                    summary.startedAt.shortDescription, summary.status == .active ? "\(summary.kind.rawValue)*" : summary.kind.rawValue,
                    summary.planDay ?? "", Formatting.duration(summary.durationSeconds), String(summary.exerciseCount),
                    String(summary.setCount), volume, context.style.dim(summary.id.short),
                ]
            }
            var text = Formatting.table(rows, header: ["DATE", "KIND", "DAY", "TIME", "EXERCISES", "SETS", "VOLUME", "ID"], style: context.style)
            text += "\n\nPage \(page.page) of \(page.totalPages) · \(Formatting.count(page.total, "session"))"
            if page.sessions.contains(where: { $0.status == .active }) { text += " · * active" }
            if page.page < page.totalPages { text += " · next: --page \(page.page + 1)" }
            return CommandResult(data: JSONShapes.history(page), text: text)
        })

    static let show = CommandSpec(
        name: "show",
        abstract: "Show one session in detail.",
        arguments: [ArgumentSpec(name: "id", help: "The session's ID or a unique prefix of at least 4 characters.")],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored = try store.session(idPrefix: arguments.positionals[0])
            return WorkoutCommands.sessionResult(stored, store: store, context: context)
        })

    static let remove = CommandSpec(
        name: "rm",
        abstract: "Delete one session (asks on a terminal).",
        arguments: [ArgumentSpec(name: "id", help: "The session's ID or a unique prefix of at least 4 characters.")],
        options: [.yes],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored = try store.session(idPrefix: arguments.positionals[0])
            guard arguments.has("--yes") || context.confirm("Delete the \(stored.session.kind.rawValue) session of \(stored.session.startedAt.shortDescription)?") else {
                return CommandResult(data: ["deleted": false], text: "Nothing deleted.")
            }
            let deleted = try store.deleteSession(idPrefix: stored.session.id.rawValue)
            return CommandResult(data: ["deleted": true, "id": .string(deleted.session.id.rawValue), "path": .string(deleted.path)],
                                 text: "Deleted session \(deleted.session.id.short) (\(deleted.path)).")
        })
}
