import LiftLogKit

/// `history`, `show`, `rm`.
enum HistoryCommands {
    static let history = CommandSpec(
        name: "history",
        abstract: "List sessions, newest first, a page at a time.",
        options: [DefaultedOption.page, DefaultedOption.perPage, Option.from, Option.to, Option.exercise, Option.kindFilter],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let query = HistoryQuery(
                page: try arguments[.page], perPage: try arguments[.perPage],
                from: try arguments[.from], to: try arguments[.to], exercise: try arguments[.exercise],
                kind: try arguments[.kindFilter])
            let page = try store.history(query)
            guard !page.sessions.isEmpty else {
                let filtered = query.from != nil || query.to != nil || query.exercise != nil || query.kind != nil
                let text = page.total == 0 ? (filtered ? "No sessions match." : "No sessions yet.") : "Page \(page.page) is empty: there \(page.totalPages == 1 ? "is 1 page" : "are \(page.totalPages) pages")."
                return CommandResult(data: JSONShapes.history(page), text: text)
            }
            let rows = page.sessions.map { summary -> [String] in
                // A run's distance where a lift's volume goes.
                let distance = summary.totalVolume > 0 ? 0 : summary.totalDistanceMeters
                let volume = summary.totalVolume > 0 ? "\(Formatting.number(summary.totalVolume)) \(summary.unit.rawValue)"
                    : distance > 0 ? Formatting.distance(distance, in: .unit(store.preferences.distanceUnit)) : "–"
                return [
                    summary.startedAt.shortDescription, summary.status == .active ? "\(summary.kind.rawValue)*" : summary.status == .skipped ? "\(summary.kind.rawValue) (skipped)" : summary.kind.rawValue,
                    summary.planDay ?? "", Formatting.duration(summary.durationSeconds), String(summary.exerciseCount),
                    String(summary.setCount), volume, context.style.dim(summary.id.short),
                ]
            }
            var text = Formatting.table(rows, header: ["DATE", "KIND", "DAY", "TIME", "EXERCISES", "SETS", "VOLUME/DIST", "ID"], style: context.style)
            text += "\n\nPage \(page.page) of \(page.totalPages) · \(Formatting.count(page.total, "session"))"
            if page.sessions.contains(where: { $0.status == .active }) { text += " · * active" }
            if page.page < page.totalPages { text += " · next: --page \(page.page + 1)" }
            return CommandResult(data: JSONShapes.history(page), text: text)
        }).reportingSkippedFiles()

    static let show = CommandSpec(
        name: "show",
        abstract: "Show one session in detail.",
        arguments: [Argument.shownSession],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            return try WorkoutCommands.sessionResult(try session(arguments[.shownSession], store: store), store: store, context: context)
        })

    /// The session `id` names: an ID prefix, or `last`, the newest as history lists it first.
    static func session(_ id: String, store: Store) throws(LiftLogError) -> StoredSession {
        try store.session(reference: id)
    }

    static let remove = CommandSpec(
        name: "rm",
        abstract: "Delete one session (asks on a terminal).",
        arguments: [Argument.sessionID],
        options: [Flag.yes],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored = try store.session(idPrefix: arguments[.sessionID])
            guard arguments[.yes] || context.confirm("Delete the \(stored.session.kind.rawValue) session of \(stored.session.startedAt.shortDescription)?") else {
                return CommandResult(data: ["deleted": false], text: "Nothing deleted.")
            }
            let deleted = try store.deleteSession(idPrefix: stored.session.id.rawValue)
            return CommandResult(data: ["deleted": true, "id": .string(deleted.session.id.rawValue), "path": .string(deleted.path)],
                                 text: "Deleted session \(deleted.session.id.short) (\(deleted.path)).")
        })
}
