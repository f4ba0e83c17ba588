import LiftLogKit

/// `progress` and `pr`.
enum AnalyticsCommands {
    static let progress = CommandSpec(
        name: "progress",
        abstract: "An exercise's history, newest first, with a chart and its personal record.",
        arguments: [Argument.exerciseName],
        options: [Option.metric, Option.svg, Option.formula],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let metric = try arguments[.metric]?.lowercased() ?? "e1rm"
            guard ["e1rm", "weight", "volume"].contains(metric) else {
                throw .validation("--metric must be e1rm, weight or volume, got '\(metric)'.")
            }
            let report = try store.exerciseReport(arguments[.exerciseName], formula: try arguments[.formula] ?? .epley)
            let data = progressJSON(report)
            let unit = report.unit.rawValue
            let points: [ChartPoint] = report.entries.compactMap { entry in
                let value: Double? = metric == "e1rm" ? entry.e1rm : metric == "weight" ? entry.bestWeight : entry.volume
                return value.map { ChartPoint(date: entry.date, value: $0, isRecord: false) }
            }
            var marked = points
            if let best = marked.indices.max(by: { (marked[$0].value, -marked[$0].date.dayNumber) < (marked[$1].value, -marked[$1].date.dayNumber) }) {
                marked[best].isRecord = true
            }
            if let svgPath = try arguments[.svg] {
                guard !marked.isEmpty else {
                    throw .validation("There is no \(metric) history of \(report.exerciseName) to chart yet; log some sets first.")
                }
                let svg = Chart.svg(marked, title: "\(report.exerciseName) — \(metricTitle(metric))", unit: unit)
                do throws(SystemError) {
                    let fileSystem = PosixFileSystem()
                    let descriptor = try fileSystem.openForWriting(svgPath, create: true, mode: 0o644)
                    defer { fileSystem.close(descriptor) }
                    try fileSystem.write(descriptor, Array(svg.utf8), path: svgPath)
                } catch {
                    throw .io(path: svgPath, operation: "write", reason: Errno(rawValue: error.errorNumber).description)
                }
            }
            guard !report.entries.isEmpty else {
                return CommandResult(data: data, text: "No history yet for \(report.exerciseName).")
            }
            var text = marked.isEmpty ? "" : Chart.terminal(marked, title: "\(report.exerciseName) — \(metricTitle(metric))", unit: unit, width: context.width, unicode: context.unicode, style: context.style) + "\n\n"
            let rows = report.entries.prefix(12).map { entry -> [String] in
                [entry.date.description, String(entry.sets), entry.bestWeight.map { "\(Formatting.number($0)) × \(entry.bestSetReps ?? 0)" } ?? "–",
                 entry.e1rm.map(Formatting.number) ?? "–", Formatting.number(entry.volume)]
            }
            text += Formatting.table(rows, header: ["DATE", "SETS", "BEST (\(unit))", "E1RM", "VOLUME"], style: context.style)
            if report.entries.count > 12 { text += "\n… \(report.entries.count - 12) earlier sessions (--json lists all)" }
            if let record = report.personalRecord {
                text += "\n\nPersonal record: \(Formatting.number(record.weight)) \(record.unit.rawValue) × \(record.reps) on \(record.date)"
            }
            if let best = report.maxReps {
                text += "\n\(report.personalRecord == nil ? "\n" : "")Most reps without added weight: \(best.reps) on \(best.date)"
            }
            if metric == "e1rm" && !marked.isEmpty { text += "\n" + e1rmNote }
            if let svgPath = try arguments[.svg] { text += "\nWrote the chart to \(svgPath)." }
            return CommandResult(data: data, text: text)
        })

    static func metricTitle(_ metric: String) -> String {
        switch metric {
        case "weight": return "best weight"
        case "volume": return "volume"
        default: return "estimated 1RM"
        }
    }

    static func recordJSON(_ record: PersonalRecord?) -> JSONValue {
        guard let record else { return .null }
        return ["weight": .number(JSONNumber(record.weight)), "unit": .string(record.unit.rawValue), "reps": .number(JSONNumber(record.reps)),
                "date": .string(record.date.description), "session_id": .string(record.sessionID.rawValue)]
    }

    static func maxRepsJSON(_ report: ExerciseReport) -> JSONValue {
        guard let best = report.maxReps else { return .null }
        return ["reps": .number(JSONNumber(best.reps)), "date": .string(best.date.description), "session_id": .string(best.sessionID.rawValue)]
    }

    /// The line that says which sets give an e1RM.
    static let e1rmNote = "Estimated 1RM from sets of 1 to \(E1RMFormula.maximumReps) reps only (the formulas do not hold beyond)."

    static func progressJSON(_ report: ExerciseReport) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map { .number(JSONNumber($0)) } ?? .null }
        return [
            "exercise_id": report.exerciseID.map { .string($0.rawValue) } ?? .null,
            "exercise_name": .string(report.exerciseName),
            "unit": .string(report.unit.rawValue),
            "entries": .array(report.entries.map { entry in
                ["session_id": .string(entry.sessionID.rawValue), "date": .string(entry.date.description),
                 "week_number": entry.weekNumber.map { .number(JSONNumber($0)) } ?? .null, "sets": .number(JSONNumber(entry.sets)),
                 "best_weight": number(entry.bestWeight), "best_set_reps": entry.bestSetReps.map { .number(JSONNumber($0)) } ?? .null,
                 "e1rm": number(entry.e1rm), "volume": .number(JSONNumber(entry.volume))]
            }),
            "personal_record": recordJSON(report.personalRecord),
            "max_reps": maxRepsJSON(report),
        ]
    }

    static let pr = CommandSpec(
        name: "pr",
        abstract: "Personal records: the heaviest set, the best estimated 1RM, and the heaviest weight for 1 to 12 reps.",
        discussion: "Without an exercise, lists the record of every exercise you have logged. Warm-up sets never count; weights in kg and lbs are compared converted.",
        arguments: [Argument.recordsExercise],
        options: [Option.formula],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let formula = try arguments[.formula] ?? .epley
            if let name = arguments[.recordsExercise] {
                let report = try store.exerciseReport(name, formula: formula)
                let data: JSONValue = [
                    "exercise_id": report.exerciseID.map { .string($0.rawValue) } ?? .null,
                    "exercise_name": .string(report.exerciseName),
                    "personal_record": recordJSON(report.personalRecord),
                    "best_e1rm": report.bestE1RM.map { ["value": .number(JSONNumber($0.value)), "unit": .string(report.unit.rawValue), "date": .string($0.date.description), "session_id": .string($0.sessionID.rawValue)] } ?? .null,
                    "rep_records": .array(report.repRecords.map { ["reps": .number(JSONNumber($0.reps)), "weight": .number(JSONNumber($0.weight)), "unit": .string($0.unit.rawValue), "date": .string($0.date.description)] }),
                    "max_reps": maxRepsJSON(report),
                ]
                guard report.personalRecord != nil || report.maxReps != nil else { return CommandResult(data: data, text: "No history yet for \(report.exerciseName).") }
                var text = context.style.bold(report.exerciseName)
                if let record = report.personalRecord {
                    text += "\nHeaviest set: \(Formatting.number(record.weight)) \(record.unit.rawValue) × \(record.reps) on \(record.date)"
                }
                if let best = report.maxReps { text += "\nMost reps without added weight: \(best.reps) on \(best.date)" }
                if let best = report.bestE1RM { text += "\nBest estimated 1RM (\(formula.rawValue)): \(Formatting.number(best.value)) \(report.unit.rawValue) on \(best.date)\n" + e1rmNote }
                if !report.repRecords.isEmpty {
                    text += "\n\n" + Formatting.table(report.repRecords.map { [String($0.reps), "\(Formatting.number($0.weight)) \($0.unit.rawValue)", $0.date.description] }, header: ["REPS", "WEIGHT", "DATE"], style: context.style)
                }
                return CommandResult(data: data, text: text)
            }
            var rows: [[String]] = []
            var list: [JSONValue] = []
            for report in try store.exerciseReports(formula: formula) {
                if let record = report.personalRecord {
                    rows.append([report.exerciseName, "\(Formatting.number(record.weight)) \(record.unit.rawValue) × \(record.reps)", record.date.description, report.bestE1RM.map { Formatting.number($0.value) } ?? "–"])
                } else if let best = report.maxReps {
                    rows.append([report.exerciseName, "\(best.reps) reps", best.date.description, "–"])
                } else {
                    continue
                }
                list.append(["exercise_name": .string(report.exerciseName), "personal_record": recordJSON(report.personalRecord), "max_reps": maxRepsJSON(report)])
            }
            let text = rows.isEmpty ? "No records yet: log some sets first." : Formatting.table(rows, header: ["EXERCISE", "HEAVIEST SET", "DATE", "BEST E1RM (\(store.preferences.unit.rawValue))"], style: context.style)
            return CommandResult(data: ["records": .array(list)], text: text)
        })
}
