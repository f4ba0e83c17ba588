/// The "Backup & Export" file of JEFIT: sections marked `### NAME ###…`, each with its own
/// header. `SETTING` holds the weight unit (with a leading space: " lbs"), `WORKOUT SESSIONS` the
/// sessions (`_id`, `mydate`, `starttime` in Unix seconds or its misspelling `starttimie`,
/// `total_time`), `EXERCISE LOGS` a row per exercise of a day (`belongsession`, `mydate`, `ename`,
/// `logs` like `50.0x15,50.0x15`, newer files an `auto_generated` column, older ones a leading
/// `row_id`); newer files add `EXERCISE SET LOGS`, which repeats the logs set by set and is not
/// read twice. The rows end at the next section's marker: the sections after (body stats with
/// their own columns, set logs) are not exercise logs, whatever their width. `BODY STATS` rows
/// (`mydate`, `body_weight` in the file's unit, `body_fat` in %) go to the body log; its
/// lengths (waist, arms…) are left out, as the file does not say their unit.
struct JefitFormat: ImportFormat {
    static let source = "jefit"
    static let section: String? = "### EXERCISE LOGS"

    private let columns: [String: Int]
    private let columnCount: Int
    private let unit: WeightUnit
    private let options: ImportOptions
    let bodyStats: [Result<ImportedBodyStat, ImportProblem>]

    static func recognizes(_ header: [String]) -> Bool {
        header.first?.hasPrefix("###") == true
    }

    /// Reads the `SETTING` and `WORKOUT SESSIONS` sections: the unit, and each session's start
    /// and length (`session.<id>` → `seconds|length`).
    static func survey(_ path: String, header: [String], options: ImportOptions) throws(ImportProblem) -> ImportOptions {
        var surveyed = options
        guard var reader = try? CSVReader(path: path, separator: CSVReader.separator(forHeader: CSVReader.head(of: path))) else { return options }
        var section = "", sectionHeader: [String] = []
        while let record = try? reader.next() {
            let first = record.fields.first?.trimmingWhitespace() ?? ""
            if first.hasPrefix("###") {
                section = String(String(first.drop { $0 == "#" || $0 == " " }.reversed()).drop { $0 == "#" || $0 == " " }.reversed())
                sectionHeader = []
                continue
            }
            if record.fields.allSatisfy({ $0.trimmingWhitespace().isEmpty }) { continue }
            if sectionHeader.isEmpty { sectionHeader = record.fields.map { $0.trimmingWhitespace().lowercased() }; continue }
            func cell(_ name: String) -> String? {
                guard let index = sectionHeader.firstIndex(of: name), index < record.fields.count else { return nil }
                let value = record.fields[index].trimmingWhitespace()
                return value.isEmpty ? nil : value
            }
            switch section {
            case "SETTING":
                for (index, name) in sectionHeader.enumerated() where name.contains("unit") && index < record.fields.count {
                    let value = record.fields[index].trimmingWhitespace().lowercased()
                    if value == "lbs" || value == "lb" { surveyed.surveyed["unit"] = "lbs" }
                    if value == "kg" || value == "kgs" { surveyed.surveyed["unit"] = "kg" }
                }
            case "WORKOUT SESSIONS":
                guard let id = cell("_id"), let start = cell("starttime") ?? cell("starttimie"), Int64(start) != nil else { continue }
                surveyed.surveyed["session.\(id)"] = "\(start)|\(cell("total_time") ?? "")"
            case "BODY STATS":
                guard cell("body_weight") != nil || cell("body_fat") != nil else { continue }
                surveyed.surveyed["body.\(record.line)"] = [cell("mydate"), cell("body_weight"), cell("body_fat")].map { $0 ?? "" }.joined(separator: "|")
            default: break
            }
        }
        return surveyed
    }

    init(header: [String], options: ImportOptions) throws(ImportProblem) {
        let names = header.map { $0.trimmingWhitespace().lowercased() }
        var columns: [String: Int] = [:]
        for (index, name) in names.enumerated() where columns[name] == nil { columns[name] = index }
        guard columns["ename"] != nil, columns["logs"] != nil, columns["mydate"] != nil else {
            throw ImportProblem(line: 1, message: "this is not a JEFIT export: its EXERCISE LOGS section needs the columns mydate, ename and logs")
        }
        self.columns = columns
        columnCount = header.count
        guard let unit = options.surveyed["unit"].flatMap(WeightUnit.init(rawValue:)) ?? options.unit else {
            throw ImportProblem(line: 1, message: "this JEFIT export does not say whether its weights are in kg or lbs", remedy: .giveImportUnit)
        }
        self.unit = unit
        self.options = options
        bodyStats = JefitFormat.bodyStats(options, unit: unit)
    }

    /// The body stats ``survey(_:header:options:)`` found, in file order; a row whose day or
    /// values cannot be read is a problem at its line.
    private static func bodyStats(_ options: ImportOptions, unit: WeightUnit) -> [Result<ImportedBodyStat, ImportProblem>] {
        let rows = options.surveyed.compactMap { key, value in key.hasPrefix("body.") ? Int(key.dropFirst(5)).map { ($0, value) } : nil }.sorted { $0.0 < $1.0 }
        return rows.compactMap { line, text in
            do throws(ImportProblem) { return try bodyStat(line: line, text: text, options: options, unit: unit).map { .success($0) } } catch { return .failure(error) }
        }
    }

    /// One row of body stats, or `nil` when it measured nothing.
    private static func bodyStat(line: Int, text: String, options: ImportOptions, unit: WeightUnit) throws(ImportProblem) -> ImportedBodyStat? {
        let cells = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard let day = LocalDate(cells[0]) else { throw ImportProblem(line: line, message: "body stats: mydate '\(cells[0])' is not a date like 2026-01-05") }
        var measurements: [String: BodyEntry.Value] = [:]
        for (name, text, unit) in [(BodyEntry.bodyWeight, cells[1], unit.rawValue), (BodyEntry.bodyFat, cells[2], "%")] where !text.isEmpty {
            guard let number = Double(text), number.isFinite else { throw ImportProblem(line: line, message: "body stats: \(name) '\(text)' is not a number") }
            // JEFIT writes 0 for a value not measured.
            if number == 0 { continue }
            let value = BodyEntry.Value(value: number, unit: unit)
            if let problem = BodyEntry.problem(name: name, value: value) { throw ImportProblem(line: line, message: "body stats: " + problem.message) }
            measurements[name] = value
        }
        guard !measurements.isEmpty else { return nil }
        return ImportedBodyStat(key: "body stats \(day)", measuredAt: ImportValues.localTime(day, 0, 0, 0, utcOffset: options.utcOffsetSeconds),
                                measurements: measurements)
    }

    func parse(_ record: CSVRecord) throws(ImportProblem) -> ImportRow {
        let line = record.line
        if record.fields.count != columnCount { return .skip("") }
        func cell(_ name: String) -> String { ImportValues.cell(record, columns[name]) }
        if cell("auto_generated") == "1" { return .skip("generated by the app, not logged") }
        // An exercise the app no longer names (deleted from its database) keeps its sets under
        // its JEFIT number, to be renamed or merged; without a number too it has nothing to go by.
        var name = Exercise.normalizedName(cell("ename"))
        if name.isEmpty, let number = Int(cell("eid")), number > 0 { name = "JEFIT exercise \(number)" }
        guard !name.isEmpty else { throw ImportProblem(line: line, message: "the exercise name is empty, and so is its eid") }
        let session = cell("belongsession")
        var start: Timestamp
        var end: Timestamp?
        let startText: String
        if let known = options.surveyed["session.\(session)"] {
            let parts = known.split(separator: "|", omittingEmptySubsequences: false)
            let seconds = Int64(parts[0]) ?? 0
            let offset = options.utcOffsetSeconds ?? LocalTimeZone.utcOffset(atEpochSeconds: seconds)
            start = Timestamp(millisecondsSince1970: seconds * 1000, utcOffsetSeconds: offset)
            if parts.count > 1, let length = Int(parts[1]), length > 0 { end = start.adding(seconds: length) }
            startText = "session \(session)"
        } else {
            guard let day = LocalDate(cell("mydate")) else { throw ImportProblem(line: line, message: "mydate '\(cell("mydate"))' is not a date like 2026-01-05") }
            start = ImportValues.localTime(day, 0, 0, 0, utcOffset: options.utcOffsetSeconds)
            end = start
            startText = cell("mydate")
        }
        let workout = ImportedWorkout(key: startText, start: start, end: end, startText: startText)
        let logs = cell("logs")
        var sets: [ImportedSet] = []
        // The entry: each log row is one block (the same exercise twice on a day stays twice).
        let entry = Int(cell("_id")) ?? line
        for token in logs.split(separator: ",") {
            let parts = token.split(separator: "x")
            guard parts.count == 2, let weight = Double(parts[0]), let reps = Double(parts[1]), reps >= 0, reps == reps.rounded(), weight >= 0 else {
                return .skip("'\(logs)' of \(name) is not a list of weight x reps (a cardio log is not read yet)")
            }
            var set = ImportedSet(line: line, exercise: name)
            set.entry = entry
            set.reps = Int(reps)
            if weight > 0 {
                set.weight = (weight * 100).rounded() / 100
                set.unit = unit
            }
            sets.append(set)
        }
        guard !sets.isEmpty else { return .skip("no sets in '\(logs)'") }
        return .sets(workout, sets)
    }
}
