/// The spreadsheet export of StrongLifts 5×5: one row per workout, `Date,Note,Workout,Body
/// Weight`, then up to six exercise blocks of `Exercise N,Weight (KG),Weight (LB),Set 1…Set 5`
/// whose set cells are the reps done (`0` a missed set, empty no set).
///
/// Quirks it reads: dates as MM/DD/YY or DD/MM/YY under the same header (decided from the file;
/// `--dates day-first|month-first` when it cannot be); the body weight of each workout (`95.5KG`,
/// `183.00lb`), added to the body log; exact duplicate rows; rows shorter than the header;
/// planks logged as seconds in the set cells.
struct StrongLiftsFormat: ImportFormat {
    static let source = "stronglifts"
    static let rowIsWorkout = true

    /// One exercise block's columns.
    private struct Block {
        var name: Int
        var kilograms: Int?
        var pounds: Int?
        var sets: [Int]
    }

    private let date: Int
    private let note, workoutName, bodyWeight: Int?
    private let blocks: [Block]
    private let options: ImportOptions

    static func recognizes(_ header: [String]) -> Bool {
        let names = header.map { $0.trimmingWhitespace().lowercased() }
        return names.contains("exercise 1") && names.contains("set 1") && names.first.map { $0.hasPrefix("date") } == true
    }

    init(header: [String], options: ImportOptions) throws(ImportProblem) {
        let names = header.map { $0.trimmingWhitespace().lowercased() }
        guard let date = names.firstIndex(where: { $0.hasPrefix("date") }) else {
            throw ImportProblem(line: 1, message: "this is not a StrongLifts export: there is no Date column")
        }
        self.date = date
        note = names.firstIndex(of: "note")
        workoutName = names.firstIndex(of: "workout")
        bodyWeight = names.firstIndex(of: "body weight")
        var blocks: [Block] = []
        for (index, name) in names.enumerated() where name.hasPrefix("exercise ") {
            var block = Block(name: index, sets: [])
            var next = index + 1
            while next < names.count, !names[next].hasPrefix("exercise ") {
                switch names[next] {
                case "weight (kg)": block.kilograms = next
                case "weight (lb)", "weight (lbs)": block.pounds = next
                default: if names[next].hasPrefix("set ") { block.sets.append(next) }
                }
                next += 1
            }
            blocks.append(block)
        }
        guard !blocks.isEmpty else { throw ImportProblem(line: 1, message: "this is not a StrongLifts export: there is no Exercise 1 column") }
        self.blocks = blocks
        self.options = options
    }

    /// `03/04/25`, `03/04/2025` or `2025/03/04`: the parts, and whether the year comes first.
    private static func dateParts(_ text: String) -> [Int]? {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "-" || $0 == "." }).map { Int($0) }
        guard parts.count == 3, !parts.contains(where: { $0 == nil }) else { return nil }
        return parts.compactMap { $0 }
    }

    /// Decides from every date of the file whether it is day first or month first.
    static func survey(_ path: String, header: [String], options: ImportOptions) throws(ImportProblem) -> ImportOptions {
        guard options.dayFirst == nil, let column = header.firstIndex(where: { $0.trimmingWhitespace().lowercased().hasPrefix("date") }) else { return options }
        guard var reader = try? CSVReader(path: path, separator: CSVReader.separator(forHeader: CSVReader.head(of: path))) else { return options }
        _ = try? reader.next()
        var dayFirst = false, monthFirst = false, yearFirst = true
        var firstDayFirstLine = 0, firstMonthFirstLine = 0
        while let record = try? reader.next() {
            guard column < record.fields.count, let parts = dateParts(record.fields[column].trimmingWhitespace()) else { continue }
            if parts[0] > 31 { continue } // 2025/03/04
            yearFirst = false
            if parts[0] > 12 { dayFirst = true; if firstDayFirstLine == 0 { firstDayFirstLine = record.line } }
            if parts[1] > 12 { monthFirst = true; if firstMonthFirstLine == 0 { firstMonthFirstLine = record.line } }
        }
        var decided = options
        if yearFirst { return decided }
        if dayFirst && monthFirst {
            throw ImportProblem(line: firstMonthFirstLine, message: "the dates are day first at line \(firstDayFirstLine) and month first here; fix the file, or say which it is", remedy: .giveDateOrder)
        }
        guard dayFirst || monthFirst else {
            throw ImportProblem(line: 2, message: "every date could be day first or month first (such as 03/04/25)", remedy: .giveDateOrder)
        }
        decided.dayFirst = dayFirst
        return decided
    }

    private func day(_ text: String, line: Int) throws(ImportProblem) -> LocalDate {
        guard let parts = StrongLiftsFormat.dateParts(text) else { throw ImportProblem(line: line, message: "date '\(text)' is not like 03/04/25") }
        let date: LocalDate?
        if parts[0] > 31 {
            date = LocalDate(year: parts[0], month: parts[1], day: parts[2])
        } else {
            let year = parts[2] < 100 ? 2000 + parts[2] : parts[2]
            let dayFirst = options.dayFirst ?? true
            date = LocalDate(year: year, month: dayFirst ? parts[1] : parts[0], day: dayFirst ? parts[0] : parts[1])
        }
        guard let date else { throw ImportProblem(line: line, message: "date '\(text)' is not a day of the calendar") }
        return date
    }

    func parse(_ record: CSVRecord) throws(ImportProblem) -> ImportRow {
        let line = record.line
        func cell(_ index: Int?) -> String { ImportValues.cell(record, index) }
        let dateText = cell(date)
        let date = try day(dateText, line: line)
        let start = ImportValues.localTime(date, 0, 0, 0, utcOffset: options.utcOffsetSeconds)
        let name = cell(workoutName)
        var workout = ImportedWorkout(key: "\(date)|\(name)", title: name.isEmpty ? nil : "Workout \(name)", start: start, end: start,
                                      startText: "\(date)|\(name)")
        workout.notes = cell(note).isEmpty ? nil : cell(note)
        let weightText = cell(bodyWeight).lowercased().replacingOccurrences(of: " ", with: "")
        if !weightText.isEmpty {
            let number = String(weightText.prefix { $0.isNumber || $0 == "." || $0 == "," })
            let unitText = String(weightText.dropFirst(number.count))
            guard let value = try ImportValues.number(number, line: line, column: "body weight"),
                  let unit = ["kg": WeightUnit.kg, "kgs": .kg, "lb": .lbs, "lbs": .lbs][unitText] ?? (unitText.isEmpty ? options.unit : nil) else {
                throw ImportProblem(line: line, message: "body weight '\(cell(bodyWeight))' is not like 84KG or 183.00lb")
            }
            workout.bodyWeight = BodyEntry.Value(value: value, unit: unit.rawValue)
        }
        var sets: [ImportedSet] = []
        for block in blocks {
            let exerciseName = Exercise.normalizedName(cell(block.name))
            guard !exerciseName.isEmpty else { continue }
            let timed = exerciseName.lowercased().contains("plank")
            // The weight in the unit asked for, else the one the row has.
            let kilograms = try ImportValues.number(cell(block.kilograms), line: line, column: "Weight (KG)")
            let pounds = try ImportValues.number(cell(block.pounds), line: line, column: "Weight (LB)")
            let (weight, unit): (Double?, WeightUnit) = options.unit == .lbs ? (pounds ?? kilograms, pounds != nil ? .lbs : .kg)
                : (kilograms ?? pounds, kilograms != nil || pounds == nil ? .kg : .lbs)
            for index in block.sets {
                let text = cell(index)
                guard !text.isEmpty else { continue }
                guard let value = try ImportValues.integer(text, line: line, column: "set"), value >= 0 else {
                    throw ImportProblem(line: line, message: "set '\(text)' of \(exerciseName) is not a number of reps")
                }
                var set = ImportedSet(line: line, exercise: exerciseName)
                if timed {
                    guard value > 0 else { continue }
                    set.seconds = value
                } else {
                    set.reps = value
                    if let weight, weight > 0 { set.weight = weight; set.unit = unit }
                }
                sets.append(set)
            }
        }
        guard !sets.isEmpty else { return workout.bodyWeight == nil ? .skip("a workout without sets") : .sets(workout, []) }
        return .sets(workout, sets)
    }
}
