/// The CSV export of Alpha Progression: semicolons, decimal commas, a first line that holds only
/// a byte-order mark, then a section per workout, each of these rows:
///
/// ```
/// "Legs · Day 2 · Week 4 · Push-Pull-Legs";"2026-02-19 4:54 h";"1:02 hr"
/// "1. Hack Squats · Machine · 8 reps";"WU1 · 37,5 kg · 9 reps<br>WU2 · 72,5 kg · 7 reps"
/// #;KG;REPS;RIR
/// 1;115;8;1
/// 2;102,5;6;0
/// ```
///
/// A workout's title, its start (24-hour, no offset) and length (`H:MM hr`); each exercise
/// numbered with its equipment and target reps, its warm-ups beside it; then its sets: number,
/// weight (`+35` is the body's weight and 35 more, `+0` the body alone), reps and reps in
/// reserve. An exercise is named with its equipment, as the app tells them apart:
/// `Hack Squats (Machine)`. The rows depend on the ones above them, so the reader keeps the
/// workout and exercise it is in.
struct AlphaProgressionFormat: ImportFormat {
    static let source = "alpha"

    /// Where the reader is: the workout, the exercise and the weight unit of its sets.
    private final class Position {
        var workout: ImportedWorkout?
        var exercise: String?
        var entry = 0
        var unit: WeightUnit = .kg
    }

    private let position = Position()
    private let options: ImportOptions

    static func recognizes(_ header: [String]) -> Bool {
        header.count >= 2 && start(header[1]) != nil
    }

    /// `2026-02-19 4:54 h` → the day and the time.
    private static func start(_ text: String) -> (LocalDate, Int, Int)? {
        var words = text.trimmingWhitespace().split(separator: " ").map(String.init)
        if words.last == "h" { words.removeLast() }
        guard words.count == 2, let date = LocalDate(words[0]) else { return nil }
        let clock = words[1].split(separator: ":")
        guard clock.count == 2, let hour = Int(clock[0]), let minute = Int(clock[1]), (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        return (date, hour, minute)
    }

    init(header: [String], options: ImportOptions) throws(ImportProblem) {
        self.options = options
        // The header is the first workout's row.
        position.workout = try workout(header, line: 2)
    }

    /// A workout's row: its title, start and length.
    private func workout(_ fields: [String], line: Int) throws(ImportProblem) -> ImportedWorkout {
        guard fields.count >= 2, let (date, hour, minute) = AlphaProgressionFormat.start(fields[1]) else {
            throw ImportProblem(line: line, message: "'\(fields.joined(separator: ";").prefix(60))' is not a workout's first row, like \"Push\";\"2026-02-19 16:54 h\";\"1:02 hr\"")
        }
        let start = ImportValues.localTime(date, hour, minute, 0, utcOffset: options.utcOffsetSeconds)
        var end: Timestamp?
        if fields.count >= 3 {
            var length = fields[2].trimmingWhitespace()
            if length.hasSuffix("hr") { length = String(length.dropLast(2)).trimmingWhitespace() }
            let clock = length.split(separator: ":")
            if clock.count == 2, let hours = Int(clock[0]), let minutes = Int(clock[1]), hours < 24, minutes < 60 {
                end = start.adding(seconds: hours * 3600 + minutes * 60)
            }
        }
        let startText = fields[1].trimmingWhitespace()
        var workout = ImportedWorkout(key: startText, start: start, end: end, startText: startText)
        let title = fields[0].trimmingWhitespace()
        workout.title = title.isEmpty ? nil : title
        return workout
    }

    func parse(_ record: CSVRecord) throws(ImportProblem) -> ImportRow {
        let line = record.line
        let fields = record.fields.map { $0.trimmingWhitespace() }
        // A workout's first row.
        if fields.count >= 2, AlphaProgressionFormat.start(fields[1]) != nil, !fields[0].hasPrefix("#"), Int(fields[0]) == nil {
            position.workout = try workout(fields, line: line)
            position.exercise = nil
            return .skip("")
        }
        guard let workout = position.workout else { throw ImportProblem(line: line, message: "a row before the first workout") }
        // The columns of the sets that follow: their unit.
        if fields.first == "#" {
            let unit = fields.count > 1 ? fields[1].lowercased() : "kg"
            position.unit = unit.hasPrefix("lb") ? .lbs : .kg
            return .skip("")
        }
        // An exercise: `1. Hack Squats · Machine · 8 reps`, its warm-ups beside it.
        if let first = fields.first, let dot = first.firstIndex(of: "."), Int(first[..<dot]) != nil, first.contains("·") {
            let parts = first[first.index(after: dot)...].split(separator: "·").map { String($0).trimmingWhitespace() }
            guard let name = parts.first, !name.isEmpty else { throw ImportProblem(line: line, message: "the exercise name is empty") }
            let equipment = parts.count > 2 || (parts.count == 2 && !parts[1].hasSuffix("reps")) ? parts[1] : ""
            position.exercise = Exercise.normalizedName(equipment.isEmpty ? name : "\(name) (\(equipment))")
            position.entry += 1
            var sets: [ImportedSet] = []
            if fields.count > 1, !fields[1].isEmpty {
                for warmup in fields[1].replacingOccurrences(of: "<br>", with: "\n").split(separator: "\n") {
                    let pieces = warmup.split(separator: "·").map { String($0).trimmingWhitespace() }
                    guard pieces.count == 3 else { throw ImportProblem(line: line, message: "warm-up '\(warmup)' is not like 'WU1 · 37,5 kg · 9 reps'") }
                    var set = try self.set(weight: pieces[1].split(separator: " ").first.map(String.init) ?? "", reps: pieces[2].split(separator: " ").first.map(String.init) ?? "",
                                           rir: "", line: line)
                    set.setType = .warmup
                    // Its unit is its own (`37,5 kg`): the sets' columns come after it.
                    if set.weight != nil { set.unit = pieces[1].lowercased().hasSuffix("lb") || pieces[1].lowercased().hasSuffix("lbs") ? .lbs : .kg }
                    sets.append(set)
                }
            }
            return sets.isEmpty ? .skip("") : .sets(workout, sets)
        }
        // A set: number, weight, reps, reps in reserve.
        if fields.count >= 3, let first = fields.first, Int(first) != nil {
            guard position.exercise != nil else { throw ImportProblem(line: line, message: "a set before its exercise's row") }
            return .set(workout, try set(weight: fields[1], reps: fields[2], rir: fields.count > 3 ? fields[3] : "", line: line))
        }
        throw ImportProblem(line: line, message: "'\(fields.joined(separator: ";").prefix(60))' is not a row of an Alpha Progression export (a workout, an exercise, '#;KG;REPS;RIR' or a set)")
    }

    /// A set of the current exercise: `115`, `102,5`, `+35` (added to the body), `+0` (the body alone).
    private func set(weight text: String, reps repsText: String, rir rirText: String, line: Int) throws(ImportProblem) -> ImportedSet {
        var set = ImportedSet(line: line, exercise: position.exercise ?? "")
        set.entry = position.entry
        var weightText = text
        if weightText.hasPrefix("+") {
            set.bodyweight = true
            weightText.removeFirst()
        }
        if let weight = try ImportValues.number(weightText, line: line, column: "weight"), weight != 0 {
            set.weight = weight
            set.unit = position.unit
        }
        set.reps = try ImportValues.integer(repsText, line: line, column: "reps")
        if let rir = try ImportValues.number(rirText, line: line, column: "RIR") {
            // liftlog keeps whole reps in reserve: a half is the fewer (0,5 → 0).
            set.rir = Int(rir.rounded(.down))
        }
        return set
    }
}
