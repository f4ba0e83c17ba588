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

    /// `13 Jan 2026, 06:53` (day first), `Jul 28, 2026, 6:49 PM` (month first, 12-hour clock),
    /// and the same in the app's other languages: `5 Mai 2026, 07:34`, `13 Fev 2026, 18:02`,
    /// `3 janv. 2026, 07:00`, `7 мая 2026 г., 07:34`, `2026年5月5日 07:34`, `2026년 5월 5일 오후 6:49`.
    /// The parts are told by their shape (the clock has a colon, the year four digits, the
    /// month a name: ``MonthNames``), in whatever order the language puts them.
    private func time(_ text: String, line: Int) throws(ImportProblem) -> Timestamp {
        let problem = ImportProblem(line: line, message: "time '\(text)' is not like 13 Jan 2026, 06:53 or Jul 28, 2026, 6:49 PM")
        guard let (date, hour, minute) = HevyFormat.parts(of: text) else { throw problem }
        return ImportValues.localTime(date, hour, minute, 0, utcOffset: options.utcOffsetSeconds)
    }

    /// The date, hour and minute of one of Hevy's times, or `nil`.
    static func parts(of text: String) -> (LocalDate, Int, Int)? {
        var lowered = text.lowercased()
        var meridiem: Bool?     // true: after noon
        for (word, afternoon) in [("a.m.", false), ("p.m.", true), ("오전", false), ("오후", true), ("午前", false), ("午後", true), ("上午", false), ("下午", true)]
        where lowered.contains(word) {
            meridiem = afternoon
            lowered = lowered.replacingOccurrences(of: word, with: " ")
        }
        var year: Int?, month: Int?, day: Int?, clock: [Int]?
        if lowered.contains(where: { "年년".contains($0) }) {
            // 2026年5月5日 07:34, 2026년 5월 5일 오후 6:49: the numbers in order.
            var numbers: [Int] = [], digits = ""
            for character in lowered + " " {
                if character.isASCII, character.isNumber { digits.append(character) } else if !digits.isEmpty { numbers.append(Int(digits)!); digits = "" }
            }
            guard numbers.count == 5 else { return nil }
            (year, month, day, clock) = (numbers[0], numbers[1], numbers[2], [numbers[3], numbers[4]])
        } else {
            let fillers: Set<String> = ["de", "del", "di", "à", "às", "a", "las", "alle", "um", "om", "o", "at", "kl", "kl.", "в", "г", "г.", "r", "r."]
            var numbers: [String] = []
            for token in lowered.replacingOccurrences(of: ",", with: " ").replacingOccurrences(of: "/", with: " ").split(separator: " ").map(String.init) where !fillers.contains(token) {
                if token == "am" || token == "pm" { meridiem = token == "pm"; continue }
                if token.contains(":") {
                    guard clock == nil else { return nil }
                    clock = token.split(separator: ":").compactMap { Int($0) }
                    continue
                }
                let number = token.hasSuffix(".") ? String(token.dropLast()) : token
                if Int(number) != nil { numbers.append(number); continue }
                guard month == nil, let named = MonthNames.month(token) else { return nil }
                month = named
            }
            if month != nil {
                // A day and a four-digit year, in either order.
                guard numbers.count == 2, let years = numbers.firstIndex(where: { $0.count == 4 }) else { return nil }
                (year, day) = (Int(numbers[years]), Int(numbers[1 - years]))
            } else {
                // Year, month, day in numbers (2026. 5. 11., 2026/05/05).
                guard numbers.count == 3, numbers[0].count == 4 else { return nil }
                (year, month, day) = (Int(numbers[0]), Int(numbers[1]), Int(numbers[2]))
            }
        }
        guard let year, let month, let day, let clock, clock.count == 2, (0..<60).contains(clock[1]),
              let date = LocalDate(year: year, month: month, day: day) else { return nil }
        var hour = clock[0]
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem ? 12 : 0)
        }
        guard (0..<24).contains(hour) else { return nil }
        return (date, hour, clock[1])
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
