import LiftLogKit

/// `trends`: this week, weekly volume, sessions per week, streaks and the main lifts' e1RM.
enum TrendsCommand {
    static let trends = CommandSpec(
        name: "trends",
        abstract: "This week's sessions, weekly volume, streaks and the main lifts' estimated 1RM.",
        discussion: "Weeks start on the store's week_start (Monday unless liftlog.json says otherwise). The main lifts are the three exercises in the most sessions of the period; each week shows its best estimated 1RM.",
        options: [DefaultedOption.trendWeeks, Option.lookBackFrom, DefaultedOption.formula],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let report = try store.trends(weeks: try arguments[.trendWeeks], formula: try arguments[.formula],
                                          today: try arguments[.lookBackFrom])
            return CommandResult(data: json(report), text: render(report, width: context.width, unicode: context.unicode, style: context.style))
        }).reportingSkippedFiles()

    static func json(_ report: TrendsReport) -> JSONValue { DataShapes.trendsJSON(report) }

    static func render(_ report: TrendsReport, width: Int, unicode: Bool, style: Style) -> String {
        let thisWeek = report.weeks.last!
        var lines: [String] = []
        let first = report.thisWeek.first!.date, last = report.thisWeek.last!.date
        lines.append(style.bold("This week") + " (\(first) to \(last)): " + Formatting.count(thisWeek.sessions, "session"))
        lines.append("  " + report.thisWeek.map(\.date.weekdayName).joined(separator: "  "))
        lines.append("  " + report.thisWeek.map { day -> String in
            let mark = Formatting.dayMark(day.kinds) ?? (day.date > report.today ? " " : (unicode ? "·" : "."))
            let cell = " " + mark + " "
            return day.date == report.today ? style.bold(cell) : cell
        }.joined(separator: "  ").trimmingTrailingWhitespace())
        lines.append("")

        lines.append(style.bold("Weekly volume") + " (\(report.unit.rawValue)), last \(Formatting.count(report.weeks.count, "week"))")
        let numbers = report.weeks.map { Formatting.number($0.volume) }
        let numberWidth = numbers.map(\.count).max() ?? 1
        let barWidth = max(10, min(50, width - 2 - 10 - 2 - 2 - numberWidth - 2 - 11))
        let top = report.weeks.map(\.volume).max() ?? 0
        for (week, number) in zip(report.weeks, numbers) {
            let bar = bar(week.volume, of: top, width: barWidth, unicode: unicode)
            lines.append("  \(week.start)  \(bar)\(String(repeating: " ", count: barWidth - bar.count))  \(String(repeating: " ", count: numberWidth - number.count))\(number)  \(Formatting.count(week.sessions, "session"))")
        }
        lines.append("")
        lines.append("Sessions per week: \(Formatting.number(report.sessionsPerWeek)) · current streak \(Formatting.count(report.currentStreak, "day")) · longest \(Formatting.count(report.longestStreak, "day"))")

        if !report.lifts.isEmpty {
            lines.append("")
            lines.append(style.bold("Estimated 1RM") + " (\(report.unit.rawValue)), week by week")
            let nameWidth = report.lifts.map(\.exerciseName.count).max() ?? 0
            for lift in report.lifts {
                let values = lift.weekly.compactMap { $0 }
                var line = "  " + lift.exerciseName + String(repeating: " ", count: nameWidth - lift.exerciseName.count) + "  " + sparkline(lift.weekly, unicode: unicode)
                if values.count == 1 {
                    line += "  " + Formatting.number(values[0])
                } else if let start = values.first, let end = values.last {
                    line += "  " + Formatting.number(start) + (unicode ? " → " : " -> ") + Formatting.number(end)
                    if start > 0 {
                        let change = (end - start) / start * 100
                        line += " (" + (change >= 0 ? "+" : "") + Formatting.number((change * 10).rounded() / 10) + "%)"
                    }
                }
                lines.append(line)
            }
        }
        let muscles = report.weeks.last!.muscleSets.filter { $0.value > 0 }
        if !muscles.isEmpty {
            lines.append("")
            lines.append(style.bold("Hard sets per muscle") + " this week: " + muscles.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                .map { "\($0.key) \(Formatting.number($0.value))" }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    static let pain = CommandSpec(
        name: "pain",
        abstract: "The pain tags noted when finishing sessions: how often, with which exercises, in which weeks.",
        discussion: "Tags come from 'liftlog finish --pain knee,shoulder'. Each tag lists the sessions that noted it, the exercises done in them (the most often first) and the weeks they fell in (weeks start on the store's week_start), to see a pattern.",
        options: [Option.from, Option.to],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let report = try store.painReport(from: try arguments[.from], to: try arguments[.to])
            var lines: [String] = []
            for tag in report.tags {
                lines.append(context.style.bold(tag.tag) + ": " + Formatting.count(tag.sessions, "session")
                             + (tag.firstDate == tag.lastDate ? ", \(tag.firstDate)" : ", \(tag.firstDate) to \(tag.lastDate)"))
                if !tag.exercises.isEmpty { lines.append("  with " + tag.exercises.map { "\($0.name) (\($0.sessions))" }.joined(separator: ", ")) }
                lines.append("  weeks of " + tag.weeks.map { "\($0.name) (\($0.sessions))" }.joined(separator: ", "))
                lines.append("")
            }
            lines.append(report.sessionsWithPain == 0 ? "No pain noted in \(Formatting.count(report.sessions, "session"))."
                         : "\(report.sessionsWithPain) of \(Formatting.count(report.sessions, "session")) noted pain.")
            return CommandResult(data: report.json, text: lines.joined(separator: "\n"))
        })

    static let muscles = CommandSpec(
        name: "muscles",
        abstract: "Weekly hard sets per muscle group, with bars.",
        discussion: "Each completed working set (warm-ups never) counts 1 for each primary muscle of its exercise and 0.5 for each secondary one (secondary_muscles in the exercise's file; without them, the first muscle group is the primary one). Exercises without muscle groups are not counted, and are named after the table; 'liftlog exercise edit NAME --muscles a,b --secondary c' adds them.",
        options: [DefaultedOption.trendWeeks, Option.lookBackFrom],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let report = try store.trends(weeks: try arguments[.trendWeeks], today: try arguments[.lookBackFrom])
            let weeks = report.weeks
            let averages = report.averageMuscleSets
            let thisWeek = weeks.last!
            let order = averages.keys.sorted { (thisWeek.muscleSets[$0] ?? 0, averages[$0]!, $1) > (thisWeek.muscleSets[$1] ?? 0, averages[$1]!, $0) }
            let data: JSONValue = [
                "weeks": .array(weeks.map { ["start_date": .string($0.start.description), "muscle_sets": DataShapes.muscleSetsJSON($0.muscleSets)] }),
                "average": DataShapes.muscleSetsJSON(averages.mapValues { ($0 * 100).rounded() / 100 }),
                "not_counted": .array(report.uncountedExercises.map { .string($0) }),
            ]
            let leftOut = report.uncountedExercises.isEmpty ? ""
                : "\n\nNot counted, without muscle groups: \(report.uncountedExercises.joined(separator: ", ")). Add them with 'liftlog exercise edit NAME --muscles a,b --secondary c'."
            guard !order.isEmpty else {
                return CommandResult(data: data, text: "No working sets of exercises with muscle groups in the last \(Formatting.count(weeks.count, "week"))." + leftOut)
            }
            let top = order.map { thisWeek.muscleSets[$0] ?? 0 }.max() ?? 0
            let barWidth = max(10, min(30, context.width - 50))
            let rows = order.map { muscle -> [String] in
                let sets = thisWeek.muscleSets[muscle] ?? 0
                let drawn = bar(sets, of: top, width: barWidth, unicode: context.unicode)
                return [muscle, drawn + String(repeating: " ", count: barWidth - drawn.count), Formatting.number(sets), Formatting.number((averages[muscle]! * 10).rounded() / 10)]
            }
            let text = Formatting.table(rows, header: ["MUSCLE", "THIS WEEK (from \(thisWeek.start))", "SETS", "AVERAGE/WEEK (\(weeks.count))"], style: context.style) + leftOut
            return CommandResult(data: data, text: text)
        }).reportingSkippedFiles()

    /// A horizontal bar of `value / top × width` cells, in eighths when the terminal is UTF-8.
    static func bar(_ value: Double, of top: Double, width: Int, unicode: Bool) -> String {
        guard top > 0, value > 0 else { return "" }
        let eighths = Int((value / top * Double(width) * 8).rounded())
        guard unicode else { return String(repeating: "#", count: max(1, eighths / 8)) }
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        let text = String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
        return text.isEmpty ? "▏" : text
    }

    /// One character per week, its height the value's place between the lowest and highest.
    static func sparkline(_ values: [Double?], unicode: Bool) -> String {
        let levels: [Character] = unicode ? ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] : [".", ":", "-", "=", "+", "*", "#", "@"]
        let present = values.compactMap { $0 }
        guard let low = present.min(), let high = present.max() else { return String(repeating: " ", count: values.count) }
        return String(values.map { value -> Character in
            guard let value else { return " " }
            guard high > low else { return levels[levels.count / 2] }
            return levels[Int(((value - low) / (high - low) * Double(levels.count - 1)).rounded())]
        })
    }
}
