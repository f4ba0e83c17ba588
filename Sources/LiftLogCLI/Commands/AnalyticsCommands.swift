import LiftLogKit

/// `progress` and `pr`.
enum AnalyticsCommands {
    static let progress = CommandSpec(
        name: "progress",
        abstract: "An exercise's history, newest first, with a chart and its personal record.",
        arguments: [Argument.exerciseName],
        options: [Option.metric, Option.svg, DefaultedOption.formula],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let given = try arguments[.metric]?.lowercased()
            if let given, !ProgressMetric.allCases.map(\.rawValue).contains(given) {
                throw .validation("--metric must be \(ProgressMetric.allCases.map(\.rawValue).joinedAsAlternatives()), got '\(given)'.")
            }
            let report = try store.exerciseReport(arguments[.exerciseName], formula: try arguments[.formula])
            let metric = given.flatMap(ProgressMetric.init(rawValue:)) ?? ProgressMetric.natural(for: report)
            let unit = metric.unit(of: report)
            let marked = ProgressChart.points(report, metric: metric)
            if let svgPath = try arguments[.svg] {
                guard !marked.isEmpty else {
                    throw .validation("There is no \(metric.rawValue) history of \(report.exerciseName) to chart yet; log some sets first.")
                }
                try OutsideFiles.write(Array(ProgressChart.svg(marked, title: "\(report.exerciseName) — \(metric.title)", unit: unit).utf8), to: svgPath)
            }
            guard !report.entries.isEmpty else {
                return CommandResult(data: progressJSON(report), text: "No history yet for \(report.exerciseName).")
            }
            var text = marked.isEmpty ? "" : Chart.terminal(marked, title: "\(report.exerciseName) — \(metric.title)", unit: unit, width: context.width, unicode: context.unicode, style: context.style) + "\n\n"
            text += progressTable(report, style: context.style)
            if report.entries.count > 12 { text += "\n… \(report.entries.count - 12) earlier sessions (--json lists all)" }
            let records = recordLines(report)
            if !records.isEmpty { text += "\n\n" + records.joined(separator: "\n") }
            if metric == .e1rm && !marked.isEmpty { text += "\n" + e1rmNote }
            if let svgPath = try arguments[.svg] { text += "\nWrote the chart to \(svgPath)." }
            return CommandResult(data: progressJSON(report), text: text)
        }).reportingSkippedFiles()

    /// The history table, with the columns the exercise's sets have.
    static func progressTable(_ report: ExerciseReport, style: Style) -> String {
        let distance = report.distance
        let entries = Array(report.entries.prefix(12))
        let unit = report.unit.rawValue
        var columns: [(header: String, cell: (ProgressEntry) -> String)] = [("DATE", { $0.date.description }), ("SETS", { String($0.sets) })]
        if entries.contains(where: { $0.bestWeight != nil }) {
            columns.append(("BEST (\(unit))", { entry in entry.bestWeight.map { "\(Formatting.number($0)) × \(entry.bestSetReps ?? 0)" } ?? "–" }))
        } else if entries.contains(where: { $0.maxReps != nil }) {
            columns.append(("MOST REPS", { $0.maxReps.map(String.init) ?? "–" }))
        }
        if entries.contains(where: { $0.longestSeconds != nil }) { columns.append(("LONGEST", { $0.longestSeconds.map(Formatting.clock) ?? "–" })) }
        if entries.contains(where: { $0.distanceMeters != nil }) { columns.append(("DISTANCE", { $0.distanceMeters.map { Formatting.distance($0, in: distance) } ?? "–" })) }
        if entries.contains(where: { $0.secondsPerKilometre != nil }) {
            columns.append(("BEST PACE", { $0.secondsPerKilometre.map { Formatting.pace(secondsPerKilometre: $0, in: distance) } ?? "–" }))
        }
        if entries.contains(where: { $0.e1rm != nil }) { columns.append(("E1RM", { $0.e1rm.map(Formatting.number) ?? "–" })) }
        if entries.contains(where: { $0.volume > 0 }) { columns.append(("VOLUME", { Formatting.number($0.volume) })) }
        return Formatting.table(entries.map { entry in columns.map { $0.cell(entry) } }, header: columns.map(\.header), style: style)
    }

    /// One line per record the exercise has.
    static func recordLines(_ report: ExerciseReport) -> [String] {
        let distance = report.distance
        var lines: [String] = []
        if let record = report.personalRecord {
            lines.append("Heaviest set: \(Formatting.number(record.weight)) \(record.unit.rawValue) × \(record.reps) on \(record.date)")
        }
        if let best = report.maxReps { lines.append("Most reps without added weight: \(best.reps) on \(best.date)") }
        if let best = report.bestAddedLoad {
            lines.append("Most weight added: bodyweight + \(Formatting.number(best.weight)) \(best.unit.rawValue) × \(best.reps) on \(best.date)")
        }
        if let hold = report.longestHold { lines.append("Longest hold: \(Formatting.clock(hold.seconds))\(hold.weight.map { " with \(Formatting.weight($0, hold.unit))" } ?? "") on \(hold.date)") }
        if let hold = report.heaviestHold, hold != report.longestHold, let weight = hold.weight {
            lines.append("Heaviest hold: \(Formatting.weight(weight, hold.unit)) for \(Formatting.clock(hold.seconds)) on \(hold.date)")
        }
        if let longest = report.longestDistance {
            lines.append("Longest: \(Formatting.distance(longest.meters, in: distance))\(longest.seconds.map { " in \(Formatting.clock($0))" } ?? "") on \(longest.date)")
        }
        for pace in report.paces {
            guard let seconds = pace.record.secondsPerKilometre else { continue }
            lines.append("Fastest \(pace.label): \(Formatting.pace(secondsPerKilometre: seconds, in: distance)) over \(Formatting.distance(pace.record.meters, in: distance)) on \(pace.record.date)")
        }
        return lines
    }

    /// The line that says which sets give an e1RM.
    static let e1rmNote = "Estimated 1RM from sets of 1 to \(E1RMFormula.maximumReps) reps only (the formulas do not hold beyond)."

    static func recordJSON(_ record: PersonalRecord?) -> JSONValue { DataShapes.recordJSON(record) }
    static func maxRepsJSON(_ report: ExerciseReport) -> JSONValue { DataShapes.maxRepsJSON(report) }
    static func progressJSON(_ report: ExerciseReport) -> JSONValue { DataShapes.progressJSON(report) }
    static func kindRecordsJSON(_ report: ExerciseReport) -> JSONObject { DataShapes.kindRecordsJSON(report) }

    static let pr = CommandSpec(
        name: "pr",
        abstract: "Personal records: heaviest sets, estimated 1RM, the heaviest weight for 1 to 12 reps, most reps, longest holds, distances and paces.",
        discussion: "Without an exercise, lists the record of every exercise you have logged. Warm-up sets never count; weights in kg and lbs are compared converted.",
        arguments: [Argument.recordsExercise],
        options: [DefaultedOption.formula],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let formula = try arguments[.formula]
            if let name = arguments[.recordsExercise] {
                let report = try store.exerciseReport(name, formula: formula)
                let data = DataShapes.exerciseRecordsJSON(report)
                guard report.hasRecords else { return CommandResult(data: data, text: "No history yet for \(report.exerciseName).") }
                var text = context.style.bold(report.exerciseName)
                for line in recordLines(report) { text += "\n" + line }
                if let best = report.bestE1RM { text += "\nBest estimated 1RM (\(formula.rawValue)): \(Formatting.number(best.value)) \(report.unit.rawValue) on \(best.date)\n" + e1rmNote }
                if !report.repRecords.isEmpty {
                    text += "\n\n" + Formatting.table(report.repRecords.map { [String($0.reps), "\(Formatting.number($0.weight)) \($0.unit.rawValue)", $0.date.description] }, header: ["REPS", "WEIGHT", "DATE"], style: context.style)
                }
                return CommandResult(data: data, text: text)
            }
            var rows: [[String]] = []
            var list: [JSONValue] = []
            // The records alone: memory does not grow with the log.
            for report in try store.exerciseReports(formula: formula, entries: false) {
                let e1rm = report.bestE1RM.map { Formatting.number($0.value) } ?? "–"
                if let record = report.personalRecord {
                    rows.append([report.exerciseName, "\(Formatting.number(record.weight)) \(record.unit.rawValue) × \(record.reps)", record.date.description, e1rm])
                } else if let best = report.bestAddedLoad {
                    rows.append([report.exerciseName, "bodyweight + \(Formatting.number(best.weight)) \(best.unit.rawValue) × \(best.reps)", best.date.description, e1rm])
                } else if let best = report.maxReps {
                    rows.append([report.exerciseName, "\(best.reps) reps", best.date.description, e1rm])
                } else if let pace = report.paces.last, let seconds = pace.record.secondsPerKilometre {
                    rows.append([report.exerciseName, "\(pace.label) at \(Formatting.pace(secondsPerKilometre: seconds, in: report.distance))", pace.record.date.description, "–"])
                } else if let longest = report.longestDistance {
                    rows.append([report.exerciseName, Formatting.distance(longest.meters, in: report.distance), longest.date.description, "–"])
                } else if let hold = report.longestHold {
                    rows.append([report.exerciseName, "\(Formatting.clock(hold.seconds)) hold", hold.date.description, "–"])
                } else {
                    continue
                }
                var object: JSONObject = ["exercise_name": .string(report.exerciseName), "personal_record": recordJSON(report.personalRecord), "max_reps": maxRepsJSON(report)]
                object.merge(kindRecordsJSON(report))
                list.append(.object(object))
            }
            let text = rows.isEmpty ? "No records yet: log some sets first." : Formatting.table(rows, header: ["EXERCISE", "BEST", "DATE", "BEST E1RM (\(store.preferences.unit.rawValue))"], style: context.style)
            return CommandResult(data: ["records": .array(list)], text: text)
        }).reportingSkippedFiles()
}
