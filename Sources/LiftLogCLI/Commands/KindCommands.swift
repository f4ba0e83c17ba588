import LiftLogKit

/// `stretch`, `meditate`, `stats` and `calendar`.
enum KindCommands {
    private static func record(_ kind: Session.Kind, name: String, abstract: String, detail: any OptionDeclaration) -> CommandSpec {
        CommandSpec(
            name: name,
            abstract: abstract,
            options: [Option.minutes, Option.recordedAt, detail, Option.notes],
            run: { context, arguments throws(LiftLogError) in
                let store = try context.store()
                guard let minutes = try arguments[.minutes] else {
                    throw .usage("Missing value for '--minutes <n>': say how long it lasted.", command: arguments.commandName)
                }
                let stored = try store.recordSession(
                    kind: kind, minutes: minutes, startedAt: try WorkoutCommands.time(.recordedAt, in: arguments, store: store),
                    notes: try arguments[.notes], regions: kind == .stretch ? try arguments[.regions] ?? [] : [],
                    meditationType: kind == .meditation ? try arguments[.meditationType] : nil)
                let text = "Recorded \(Formatting.duration(stored.session.durationSeconds)) of \(kind.rawValue == "stretch" ? "stretching" : "meditation") on \(stored.session.startedAt.shortDescription) (\(stored.session.id.short))."
                let sessionJSON = try context.jsonData { () throws(LiftLogError) in try JSONShapes.session(stored, store: store) }
                return CommandResult(data: sessionJSON, text: text)
            })
    }

    static let stretch = record(.stretch, name: "stretch", abstract: "Record a stretch session.",
                                detail: Option.regions)
    static let meditate = record(.meditation, name: "meditate", abstract: "Record a meditation session.",
                                 detail: Option.meditationType)

    static let stats = CommandSpec(
        name: "stats",
        abstract: "Totals and streaks for each kind of session.",
        discussion: "A streak counts consecutive days with at least one session of that kind, each day taken in the session's own time zone; the current streak runs up to today or yesterday.",
        run: { context, _ throws(LiftLogError) in
            let store = try context.store()
            let stats = try store.stats()
            var data = JSONObject()
            var rows: [[String]] = []
            for kind in Session.Kind.allCases {
                let value = stats[kind] ?? KindStats()
                data[kind.rawValue] = DataShapes.kindStats(value)
                guard value.totalSessions + value.skippedSessions > 0 else { continue }
                rows.append([kind.rawValue, String(value.totalSessions), String(value.skippedSessions), Formatting.duration(value.totalMinutes * 60),
                             Formatting.count(value.currentStreak, "day"), Formatting.count(value.longestStreak, "day")])
            }
            // The skipped column only when a session was skipped.
            let anySkipped = rows.contains { $0[2] != "0" }
            if !anySkipped { rows = rows.map { row in var row = row; row.remove(at: 2); return row } }
            let header = anySkipped ? ["KIND", "SESSIONS", "SKIPPED", "TIME", "CURRENT STREAK", "LONGEST STREAK"] : ["KIND", "SESSIONS", "TIME", "CURRENT STREAK", "LONGEST STREAK"]
            let text = rows.isEmpty ? "No sessions yet." : Formatting.table(rows, header: header, style: context.style)
            return CommandResult(data: .object(data), text: text)
        }).reportingSkippedFiles()

    static let calendar = CommandSpec(
        name: "calendar",
        abstract: "A month grid, like cal, marking the days you trained by kind of session.",
        arguments: [Argument.month],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let today = store.currentTimestamp().localDate
            var (year, month) = (today.year, today.month)
            if let text = arguments[.month] {
                let parts = text.split(separator: "-")
                guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let y = Int(parts[0]), let m = Int(parts[1]) else {
                    throw .validation("The month must look like 2025-01, got '\(text)'.")
                }
                (year, month) = (y, m)
            }
            let calendar = try store.calendar(year: year, month: month)
            let days = calendar.days
            let mondayFirst = store.preferences.weekStart == .monday
            let names = mondayFirst ? ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"] : ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"]
            let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
            let first = LocalDate(year: year, month: month, day: 1)!
            var lines = [context.style.bold("\(monthNames[month - 1]) \(year)"), names.map { $0 + "  " }.joined().trimmingTrailingWhitespace()]
            var cells = [String](repeating: "    ", count: mondayFirst ? first.isoWeekday - 1 : first.isoWeekday % 7)
            for day in 1...CivilCalendar.daysInMonth(year: year, month: month) {
                let date = LocalDate(year: year, month: month, day: day)!
                let kinds = days[date] ?? []
                let mark = Formatting.dayMark(kinds) ?? (calendar.skippedDays.contains(date) ? "-" : " ")
                var cell = (day < 10 ? " " : "") + String(day) + mark
                if !kinds.isEmpty { cell = context.style.bold(cell) }
                cells.append(cell + " ")
            }
            while !cells.isEmpty {
                lines.append(cells.prefix(7).joined().trimmingTrailingWhitespace())
                cells.removeFirst(min(7, cells.count))
            }
            lines.append("")
            var legend = "L lifting  C cardio  S stretch  M meditation  + more than one"
            if !calendar.skippedDays.isEmpty { legend += "  - skipped" }
            lines.append(legend + " · \(Formatting.count(days.count, "day")) with a session")
            return CommandResult(data: calendar.json, text: lines.joined(separator: "\n"))
        }).reportingSkippedFiles()
}
