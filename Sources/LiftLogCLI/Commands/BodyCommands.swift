import LiftLogKit

/// `weigh`, `measure` and `body`: body weight and measurements, with a trend.
enum BodyCommands {
    /// `82.4`, `82.4kg`, `182lbs`, `84cm`, `18.5%`: a number and an optional unit.
    static func value(_ text: String, what: String) throws(LiftLogError) -> (number: Double, unit: String?) {
        let lower = text.lowercased()
        let number = String(lower.prefix { $0.isNumber || $0 == "." })
        var unit = String(lower.dropFirst(number.count))
        if unit == "lb" { unit = "lbs" }
        guard let value = Double(number), value.isFinite, !number.hasPrefix("."), !number.isEmpty else {
            throw .validation("\(what) must be a number with an optional unit (\(BodyEntry.units.joined(separator: ", "))), such as 82.4 or 84cm, got '\(text)'.")
        }
        guard unit.isEmpty || BodyEntry.units.contains(unit) else {
            throw .validation("Unknown unit '\(unit)' in '\(text)'; use one of \(BodyEntry.units.joined(separator: ", ")).")
        }
        return (value, unit.isEmpty ? nil : unit)
    }

    /// The unit a measurement gets when none is written: body weight in the store's unit,
    /// body fat in percent, other measurements in centimetres (inches in a store in pounds).
    static func defaultUnit(of name: String, store: Store) -> String {
        switch name {
        case BodyEntry.bodyWeight: store.preferences.unit.rawValue
        case BodyEntry.bodyFat: "%"
        default: store.preferences.unit == .lbs ? "in" : "cm"
        }
    }

    static func entryJSON(_ stored: StoredBodyEntry) -> JSONValue {
        guard case .object(var object) = stored.entry.json else { return stored.entry.json }
        object["path"] = .string(stored.path)
        return .object(object)
    }

    static let weigh = CommandSpec(
        name: "weigh",
        abstract: "Record your body weight.",
        discussion: "One file per weigh-in under body/, so weigh-ins from two devices merge in git without conflicts. Bodyweight sets (bw+20x5) count the weigh-in nearest their session, within \(BodyLog.window) days, for volume and estimated 1RM.",
        arguments: [Argument.bodyWeight],
        options: [Option.recordedNow, Option.bodyWeightUnit, Option.notes],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let parsed = try value(arguments[.bodyWeight], what: "The body weight")
            let given = try arguments[.bodyWeightUnit]
            if let written = parsed.unit, let given, written != given.rawValue {
                throw .validation("The weight says \(written) and --unit says \(given.rawValue); give one.")
            }
            guard let unit = parsed.unit.map({ WeightUnit(rawValue: $0) }) ?? given ?? store.preferences.unit else {
                throw .validation("A body weight is in kg or lbs, got '\(parsed.unit ?? "")'.")
            }
            let stored = try store.weigh(parsed.number, unit: unit, at: try WorkoutCommands.time(.recordedNow, in: arguments, store: store),
                                         notes: try arguments[.notes])
            var text = "Weighed \(Formatting.number(parsed.number)) \(unit.rawValue) on \(stored.entry.measuredAt.shortDescription)."
            let log = try store.bodyLog()
            let points = log.series(BodyEntry.bodyWeight, weightUnit: unit)
            if points.count > 1, let average = BodyLog.movingAverage(points).last {
                text += " 7-day average \(Formatting.number(average.value)) \(unit.rawValue)."
            }
            return CommandResult(data: entryJSON(stored), text: text)
        })

    static let measure = CommandSpec(
        name: "measure",
        abstract: "Record body measurements: waist=84 body_fat=18.5 arm=36.5cm.",
        discussion: "Names are free (lowercase letters, digits and _). Without a unit, body_weight is in the store's unit, body_fat in %, and other measurements in cm (in, in a store in lbs); write one to say otherwise: waist=33in. Units: \(BodyEntry.units.joined(separator: ", ")).",
        arguments: [Argument.measurements],
        options: [Option.recordedNow, Option.notes],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            var values: [String: BodyEntry.Value] = [:]
            for item in arguments[.measurements] {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty else {
                    throw .validation("Write measurements as NAME=VALUE, such as waist=84, got '\(item)'.")
                }
                let name = parts[0].lowercased().replacingOccurrences(of: "-", with: "_")
                let parsed = try value(parts[1], what: "The value of \(name)")
                guard values[name] == nil else { throw .validation("\(name) is given twice.") }
                values[name] = BodyEntry.Value(value: parsed.number, unit: parsed.unit ?? defaultUnit(of: name, store: store))
            }
            let stored = try store.recordBody(values, at: try WorkoutCommands.time(.recordedNow, in: arguments, store: store), notes: try arguments[.notes])
            let list = stored.entry.measurements.keys.sorted().map { name in
                let value = stored.entry.measurements[name]!
                return "\(name) \(Formatting.number(value.value))\(value.unit == "%" ? "" : " ")\(value.unit)"
            }
            return CommandResult(data: entryJSON(stored), text: "Recorded \(list.joined(separator: ", ")) on \(stored.entry.measuredAt.shortDescription).")
        })

    static let body = CommandSpec(
        name: "body",
        abstract: "Body weight with its 7-day average, a chart, your measurements and relative strength.",
        discussion: "The 7-day average of a day is the mean of the weigh-ins of that day and the six before it. With 'liftlog config sex' set, a weigh-in and a set of Back Squat, Bench Press and Deadlift, shows the DOTS and Wilks 2020 scores of your heaviest sets.",
        options: [DefaultedOption.bodyWeeks, Option.svg],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let weeks = try arguments[.bodyWeeks]
            let log = try store.bodyLog()
            let unit = store.preferences.unit
            let shown = try log.recentBodyWeights(weeks: weeks, endingOn: store.currentTimestamp().localDate, unit: unit)
            for problem in log.problems { context.io.writeError("Warning: \(problem.description) (left out).\n") }
            var data: JSONObject = [
                "unit": .string(unit.rawValue),
                "weigh_ins": .array(shown.map { point, average in
                    ["date": .string(point.date.description), "weight": .number(JSONNumber(rounded(point.value))),
                     "average_7_days": .number(JSONNumber(rounded(average.value)))]
                }),
            ]
            var measurements = JSONObject()
            var latest: [[String]] = []
            for name in log.measurementNames where name != BodyEntry.bodyWeight {
                let entries = log.entries.filter { $0.entry.measurements[name] != nil }
                measurements[name] = .array(entries.map { stored in
                    let value = stored.entry.measurements[name]!
                    return ["date": .string(stored.entry.measuredAt.localDate.description), "value": .number(JSONNumber(value.value)), "unit": .string(value.unit)]
                })
                if let last = entries.last, let value = last.entry.measurements[name] {
                    var row = [name, "\(Formatting.number(value.value)) \(value.unit)", last.entry.measuredAt.localDate.description]
                    if entries.count > 1, let previous = entries.dropLast().last?.entry.measurements[name], previous.unit == value.unit {
                        let change = value.value - previous.value
                        row.append((change > 0 ? "+" : "") + Formatting.number(change))
                    } else {
                        row.append("")
                    }
                    latest.append(row)
                }
            }
            data["measurements"] = .object(measurements)
            let scores = try store.strengthScores(bodyLog: log)
            data["strength"] = scores.map { scores in
                ["total_kg": .number(JSONNumber(rounded(scores.total))), "body_weight_kg": .number(JSONNumber(rounded(scores.bodyWeight))),
                 "sex": .string(scores.sex.rawValue), "dots": .number(JSONNumber(rounded(scores.dots))), "wilks_2020": .number(JSONNumber(rounded(scores.wilks2020))),
                 "lifts": .object(JSONObject(Dictionary(uniqueKeysWithValues: scores.lifts.map { ($0.exercise, JSONValue.number(JSONNumber(rounded($0.kilograms)))) })))]
            } ?? .null
            let points = shown.map { ChartPoint(date: $0.weight.date, value: $0.weight.value, isRecord: false) }
            if let svgPath = try arguments[.svg] {
                guard !points.isEmpty else { throw .validation("There are no weigh-ins in the last \(weeks) weeks to chart; record one with 'liftlog weigh'.") }
                try OutsideFiles.write(Array(ProgressChart.svg(points, title: "Body weight", unit: unit.rawValue).utf8), to: svgPath)
            }
            var sections: [String] = []
            if shown.isEmpty {
                sections.append(log.weighIns.isEmpty ? "No weigh-ins yet. Record one with 'liftlog weigh 82.4'." : "No weigh-ins in the last \(weeks) weeks.")
            } else {
                sections.append(Chart.terminal(points, title: "Body weight", unit: unit.rawValue, width: context.width, unicode: context.unicode, style: context.style))
                let rows = shown.suffix(14).reversed().map { point, average in [point.date.description, Formatting.number(point.value), Formatting.number(average.value)] }
                sections.append(Formatting.table(rows, header: ["DATE", "WEIGHT (\(unit.rawValue))", "7-DAY AVERAGE"], style: context.style))
            }
            if !latest.isEmpty { sections.append(Formatting.table(latest, header: ["MEASUREMENT", "LATEST", "DATE", "CHANGE"], style: context.style)) }
            if let scores {
                let lifts = scores.lifts.map { "\($0.exercise) \(Formatting.number($0.kilograms))" }.joined(separator: " + ")
                sections.append("Relative strength: DOTS \(Formatting.number(scores.dots)) · Wilks 2020 \(Formatting.number(scores.wilks2020))\n  total \(Formatting.number(scores.total)) kg (\(lifts)) at \(Formatting.number(scores.bodyWeight)) kg body weight (\(scores.bodyWeightDate))")
            }
            if let svgPath = try arguments[.svg] { sections.append("Wrote the chart to \(svgPath).") }
            return CommandResult(data: .object(data), text: sections.joined(separator: "\n\n"))
        }).reportingSkippedFiles()

    private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
