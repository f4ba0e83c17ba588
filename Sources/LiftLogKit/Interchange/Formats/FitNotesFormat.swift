/// The CSV export of FitNotes (Android): `Date,Exercise,Category,Weight (kgs)|Weight (lbs)|Weight,
/// [Weight Unit,]Reps,Distance,Distance Unit,Time[,Comment]`, one row per set, dates without a
/// time (a session per day, with no invented duration).
///
/// Quirks it reads: `H:MM:SS` times; distances in m, km, mi or ft; a unit column left blank
/// (cardio) or wrong ("kg" on a plank of 0 kg); comments as set notes; the category as the
/// exercise's muscle group; an exercise name with commas the app did not quote (a row with more
/// fields than the header).
struct FitNotesFormat: ImportFormat {
    static let source = "fitnotes"

    private let columnCount: Int
    private let date: Int, exercise: Int
    private let category, weight, weightUnit, reps, distance, distanceUnit, time, comment: Int?
    private let headerUnit: WeightUnit?
    private let options: ImportOptions

    static func recognizes(_ header: [String]) -> Bool {
        let folded = header.map(ImportValues.fold)
        return folded.first == "date" && folded.contains("exercise") && folded.contains("category") && folded.contains("reps")
    }

    init(header: [String], options: ImportOptions) throws(ImportProblem) {
        let folded = header.map(ImportValues.fold)
        func column(_ test: (String) -> Bool) -> Int? { folded.firstIndex(where: test) }
        guard let date = column({ $0 == "date" }), let exercise = column({ $0 == "exercise" }) else {
            throw ImportProblem(line: 1, message: "this is not a FitNotes export: it needs the columns Date and Exercise")
        }
        columnCount = header.count
        self.date = date
        self.exercise = exercise
        category = column { $0 == "category" }
        weight = column { $0.hasPrefix("weight") && $0 != "weight unit" }
        weightUnit = column { $0 == "weight unit" }
        reps = column { $0 == "reps" }
        distance = column { $0 == "distance" }
        distanceUnit = column { $0 == "distance unit" }
        time = column { $0 == "time" }
        comment = column { $0 == "comment" }
        let weightHeader = weight.map { folded[$0] } ?? ""
        headerUnit = weightHeader.contains("(kgs)") || weightHeader.contains("(kg)") ? .kg : weightHeader.contains("(lbs)") || weightHeader.contains("(lb)") ? .lbs : nil
        self.options = options
    }

    func parse(_ record: CSVRecord) throws(ImportProblem) -> ImportRow {
        let line = record.line
        // Extra fields: commas inside an exercise name the app wrote without quotes.
        let extra = max(0, record.fields.count - columnCount)
        func cell(_ index: Int?) -> String {
            guard let index else { return "" }
            return ImportValues.cell(record, index > exercise ? index + extra : index)
        }
        let name = Exercise.normalizedName(extra > 0 ? record.fields[exercise...(exercise + extra)].joined(separator: ",") : cell(exercise))
        guard !name.isEmpty else { throw ImportProblem(line: line, message: "the exercise name is empty") }
        let dateText = cell(date)
        guard let day = LocalDate(dateText) else { throw ImportProblem(line: line, message: "date '\(dateText)' is not a date like 2026-03-04") }
        let start = ImportValues.localTime(day, 0, 0, 0, utcOffset: options.utcOffsetSeconds)
        let workout = ImportedWorkout(key: dateText, start: start, end: start, startText: dateText)
        var set = ImportedSet(line: line, exercise: name)
        let categoryText = cell(category)
        if !categoryText.isEmpty { set.muscleGroups = [categoryText.lowercased()] }
        set.reps = try ImportValues.integer(cell(reps), line: line, column: "reps")
        if let value = try ImportValues.number(cell(distance), line: line, column: "distance"), value > 0 {
            let factor: Double
            switch cell(distanceUnit).lowercased() {
            case "m", "metres", "meters", "": factor = 1
            case "km", "kms": factor = 1000
            case "mi", "mile", "miles": factor = 1609.344
            case "ft", "feet": factor = 0.3048
            default: throw ImportProblem(line: line, message: "distance unit '\(cell(distanceUnit))' is not m, km, mi or ft")
            }
            set.distanceMeters = (value * factor * 100).rounded() / 100
        }
        if let seconds = try clock(cell(time), line: line), seconds > 0 { set.seconds = seconds }
        if let value = try ImportValues.number(cell(weight), line: line, column: "weight"), value > 0 {
            var unit = headerUnit
            switch cell(weightUnit).lowercased() {
            case "kg", "kgs": unit = .kg
            case "lb", "lbs": unit = .lbs
            case "": break
            default: throw ImportProblem(line: line, message: "weight unit '\(cell(weightUnit))' is not kg or lbs")
            }
            guard let unit = unit ?? options.unit else {
                throw ImportProblem(line: line, message: "this row has a weight but the file does not say whether it is kg or lbs", remedy: .giveImportUnit)
            }
            set.weight = value
            set.unit = unit
        }
        // A weight of 0 (a plank "in kg") is no load at all.
        if set.weight == nil && set.reps == 0 && (set.seconds != nil || set.distanceMeters != nil) { set.reps = nil }
        let note = cell(comment)
        set.notes = note.isEmpty ? nil : note
        if set.weight == nil, set.reps == nil, set.seconds == nil, set.distanceMeters == nil { return .skip("empty set: no weight, reps, distance or time") }
        return .set(workout, set)
    }

    /// `0:01:48`, `1:48`, or seconds.
    private func clock(_ text: String, line: Int) throws(ImportProblem) -> Int? {
        guard !text.isEmpty else { return nil }
        let parts = text.split(separator: ":").map { Int($0) }
        guard !parts.contains(where: { $0 == nil }), (1...3).contains(parts.count) else {
            throw ImportProblem(line: line, message: "time '\(text)' is not like 0:01:48")
        }
        return parts.compactMap { $0 }.reduce(0) { $0 * 60 + $1 }
    }
}
