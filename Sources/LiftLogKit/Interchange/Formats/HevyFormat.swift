/// The CSV export of the Hevy app: `title, start_time, end_time, description, exercise_title,
/// superset_id, exercise_notes, set_index, set_type, weight_kg | weight_lbs, reps,
/// distance_km | distance_miles, duration_seconds, rpe`; times like `13 Jan 2026, 06:53`.
struct HevyFormat: ImportFormat {
    static let source = "hevy"

    private let title, start, exercise: Int
    private let end, description, superset, exerciseNotes, setType, weight, reps, distance, duration, rpe: Int?
    private let unit: WeightUnit
    private let distanceFactor: Double
    private let options: ImportOptions

    static func recognizes(_ header: [String]) -> Bool {
        let names = Swift.Set(header.map { $0.trimmingWhitespace().lowercased() })
        return names.isSuperset(of: ["title", "start_time", "exercise_title"])
    }

    init(header: [String], options: ImportOptions) throws(ImportProblem) {
        let names = header.map { $0.trimmingWhitespace().lowercased() }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let title = column("title"), let start = column("start_time"), let exercise = column("exercise_title") else {
            throw ImportProblem(line: 1, message: "this is not a Hevy export: it needs the columns title, start_time and exercise_title")
        }
        self.title = title
        self.start = start
        self.exercise = exercise
        end = column("end_time")
        description = column("description")
        superset = column("superset_id")
        exerciseNotes = column("exercise_notes")
        setType = column("set_type")
        weight = column("weight_kg") ?? column("weight_lbs")
        guard let unit = column("weight_kg") != nil ? .kg : column("weight_lbs") != nil ? .lbs : options.unit else {
            throw ImportProblem(line: 1, message: "this Hevy export has no weight_kg or weight_lbs column", remedy: .giveImportUnit)
        }
        self.unit = unit
        reps = column("reps")
        distance = column("distance_km") ?? column("distance_miles")
        distanceFactor = column("distance_km") != nil ? 1000 : 1609.344
        duration = column("duration_seconds")
        rpe = column("rpe")
        self.options = options
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `13 Jan 2026, 06:53` (day first) or `Jul 28, 2026, 6:49 PM` (month first, 12-hour
    /// clock), as the app writes them in different regions.
    private func time(_ text: String, line: Int) throws(ImportProblem) -> Timestamp {
        let problem = ImportProblem(line: line, message: "time '\(text)' is not like 13 Jan 2026, 06:53 or Jul 28, 2026, 6:49 PM")
        var parts = text.replacingOccurrences(of: ",", with: " ").split(separator: " ").map { String($0).lowercased() }
        var meridiem: String?
        if let last = parts.last, last == "am" || last == "pm" { meridiem = last; parts.removeLast() }
        guard parts.count == 4 else { throw problem }
        let (dayText, monthText) = Int(parts[0]) != nil ? (parts[0], parts[1]) : (parts[1], parts[0])
        guard let day = Int(dayText), let month = HevyFormat.months.firstIndex(of: String(monthText.prefix(3))),
              let year = Int(parts[2]), let date = LocalDate(year: year, month: month + 1, day: day) else { throw problem }
        let clock = parts[3].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 2, (0..<60).contains(clock[1]) else { throw problem }
        var hour = clock[0]
        if let meridiem {
            guard (1...12).contains(hour) else { throw problem }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        guard (0..<24).contains(hour) else { throw problem }
        return ImportValues.localTime(date, hour, clock[1], 0, utcOffset: options.utcOffsetSeconds)
    }

    func parse(_ record: CSVRecord) throws(ImportProblem) -> ImportRow {
        let line = record.line
        func cell(_ index: Int?) -> String { ImportValues.cell(record, index) }
        func text(_ index: Int?) -> String? {
            let value = cell(index).replacingOccurrences(of: "\\n", with: "\n")
            return value.isEmpty ? nil : value
        }
        let name = Exercise.normalizedName(cell(exercise))
        guard !name.isEmpty else { throw ImportProblem(line: line, message: "the exercise title is empty") }
        let startTime = try time(cell(start), line: line)
        var workout = ImportedWorkout(key: "\(cell(start))|\(cell(title))", title: text(title), start: startTime, notes: text(description),
                                      startText: cell(start))
        if !cell(end).isEmpty { workout.end = try time(cell(end), line: line) }
        var set = ImportedSet(line: line, exercise: name, unit: unit)
        switch cell(setType).lowercased() {
        case "warmup", "warm_up": set.setType = .warmup
        case "dropset", "drop", "drop_set": set.setType = .drop
        case "failure": set.setType = .failure
        case "normal", "": break
        default: throw ImportProblem(line: line, message: "set_type '\(cell(setType))' is not normal, warmup, dropset or failure")
        }
        set.weight = try ImportValues.number(cell(weight), line: line, column: "weight")
        set.reps = try ImportValues.integer(cell(reps), line: line, column: "reps")
        if let value = try ImportValues.number(cell(distance), line: line, column: "distance", decimals: 6), value > 0 {
            set.distanceMeters = (value * distanceFactor * 100).rounded() / 100
        }
        if let value = try ImportValues.integer(cell(self.duration), line: line, column: "duration_seconds"), value > 0 { set.seconds = value }
        if let value = try ImportValues.number(cell(rpe), line: line, column: "rpe") {
            guard WorkoutSet.isValidRPE(value) else { throw ImportProblem(line: line, message: "rpe \(cell(rpe)) is not between 1 and 10 in steps of 0.5") }
            set.rpe = value
        }
        if let value = set.weight, value < 0 { throw ImportProblem(line: line, message: "weight \(cell(weight)) is negative") }
        if let value = set.reps, value < 0 { throw ImportProblem(line: line, message: "reps \(cell(reps)) is negative") }
        set.exerciseNotes = text(exerciseNotes)
        set.superset = text(superset)
        return .set(workout, set)
    }
}
