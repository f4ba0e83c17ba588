/// The history CSV of Liftosaur: `Workout DateTime,Program,Day Name,Exercise,Is Warmup Set?,
/// Required Reps,Completed Reps,Is AMRAP?,Required RPE,Completed RPE,Log RPE?,Required Weight
/// Value,Required Weight Unit,Completed Weight Value,Completed Weight Unit,Ask Weight?,Completed
/// Reps Time,Target Muscles,Synergist Muscles,Notes` (and the older 15 columns with `RPE`,
/// `Weight Value`, `Weight Unit`).
///
/// Times are UTC with milliseconds; a set with no completed reps was planned and not done
/// (imported as skipped, with its target); warm-ups, RPE, kg or lb per row; target and
/// synergist muscles become the muscles of exercises it adds.
struct LiftosaurFormat: ImportFormat {
    static let source = "liftosaur"

    private let dateTime, exercise: Int
    private let program, day, warmup, requiredReps, completedReps, rpe, requiredWeight, requiredUnit, weight, unit, completedTime,
                target, synergist, notes: Int?
    private let options: ImportOptions

    static func recognizes(_ header: [String]) -> Bool {
        let names = Swift.Set(header.map { $0.trimmingWhitespace() })
        return names.isSuperset(of: ["Workout DateTime", "Exercise", "Is Warmup Set?"])
    }

    init(header: [String], options: ImportOptions) throws(ImportProblem) {
        let names = header.map { $0.trimmingWhitespace() }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let dateTime = column("Workout DateTime"), let exercise = column("Exercise") else {
            throw ImportProblem(line: 1, message: "this is not a Liftosaur export: it needs the columns Workout DateTime and Exercise")
        }
        self.dateTime = dateTime
        self.exercise = exercise
        program = column("Program")
        day = column("Day Name")
        warmup = column("Is Warmup Set?")
        requiredReps = column("Required Reps")
        completedReps = column("Completed Reps")
        rpe = column("Completed RPE") ?? column("RPE")
        requiredWeight = column("Required Weight Value")
        requiredUnit = column("Required Weight Unit")
        weight = column("Completed Weight Value") ?? column("Weight Value")
        unit = column("Completed Weight Unit") ?? column("Weight Unit")
        completedTime = column("Completed Reps Time")
        target = column("Target Muscles")
        synergist = column("Synergist Muscles")
        notes = column("Notes")
        self.options = options
    }

    /// An instant as Liftosaur writes it (`2026-03-01T10:00:00.000Z`; some versions
    /// `2026-03-07 09:01:00 +00:00`, and without an offset it is UTC), in the offset of
    /// `--utc-offset`, else of this machine's zone at that instant.
    private func instant(_ text: String, line: Int) throws(ImportProblem) -> Timestamp {
        var written = text.trimmingWhitespace()
        let parts = written.split(separator: " ")
        if parts.count >= 2, parts[0].utf8.count == 10 {
            let offset = parts.count == 3 && (parts[2].hasPrefix("+") || parts[2].hasPrefix("-")) ? String(parts[2]) : parts.count == 2 ? "Z" : ""
            if !offset.isEmpty { written = parts[0] + "T" + parts[1] + offset }
        }
        guard let utc = Timestamp(written) else { throw ImportProblem(line: line, message: "time '\(text)' is not like 2026-03-01T10:00:00.000Z") }
        let seconds = utc.millisecondsSince1970 / 1000
        let offset = options.utcOffsetSeconds ?? LocalTimeZone.utcOffset(atEpochSeconds: seconds)
        return Timestamp(millisecondsSince1970: seconds * 1000, utcOffsetSeconds: offset)
    }

    /// An instant as Liftosaur usually writes it: UTC, milliseconds, `Z`.
    static func written(_ instant: Timestamp) -> String {
        let utc = Timestamp(millisecondsSince1970: instant.millisecondsSince1970, utcOffsetSeconds: 0).description
        let base = String(utc.dropLast(6))
        return (base.contains(".") ? base : base + ".000") + "Z"
    }

    private static func unit(_ text: String, line: Int) throws(ImportProblem) -> WeightUnit? {
        switch text.lowercased() {
        case "kg", "kgs": return .kg
        case "lb", "lbs": return .lbs
        case "": return nil
        default: throw ImportProblem(line: line, message: "weight unit '\(text)' is not kg or lb")
        }
    }

    func parse(_ record: CSVRecord) throws(ImportProblem) -> ImportRow {
        let line = record.line
        func cell(_ index: Int?) -> String { ImportValues.cell(record, index) }
        let name = Exercise.normalizedName(cell(exercise))
        guard !name.isEmpty else { throw ImportProblem(line: line, message: "the exercise name is empty") }
        let start = try instant(cell(dateTime), line: line)
        // The workout's name for its ID: the instant as the app usually writes it, whichever
        // way this file wrote it, so the same workout is the same session from either file.
        let startText = cell(dateTime).hasSuffix("Z") ? cell(dateTime) : LiftosaurFormat.written(start)
        var workout = ImportedWorkout(key: startText, title: cell(day).isEmpty ? nil : cell(day), start: start, startText: startText)
        workout.plan = cell(program).isEmpty ? nil : cell(program)
        var set = ImportedSet(line: line, exercise: name)
        if cell(warmup) == "1" { set.setType = .warmup }
        set.targetReps = try ImportValues.integer(cell(requiredReps), line: line, column: "Required Reps")
        set.reps = try ImportValues.integer(cell(completedReps), line: line, column: "Completed Reps")
        if let value = try ImportValues.number(cell(weight), line: line, column: "weight"), value > 0 {
            set.weight = value
            set.unit = try LiftosaurFormat.unit(cell(unit), line: line) ?? options.unit ?? .kg
        }
        if let value = try ImportValues.number(cell(requiredWeight), line: line, column: "Required Weight Value"), value > 0 {
            let targetUnit = try LiftosaurFormat.unit(cell(requiredUnit), line: line) ?? set.unit ?? .kg
            set.targetWeight = set.unit.map { targetUnit.convert(value, to: $0) }.map { ($0 * 100).rounded() / 100 } ?? value
            if set.unit == nil { set.unit = targetUnit }
        }
        if let value = try ImportValues.number(cell(rpe), line: line, column: "RPE"), value > 0 {
            guard WorkoutSet.isValidRPE(value) else { throw ImportProblem(line: line, message: "RPE \(cell(rpe)) is not between 1 and 10 in steps of 0.5") }
            set.rpe = value
        }
        if !cell(completedTime).isEmpty { set.completedAt = try instant(cell(completedTime), line: line) }
        // Planned, not done: no completed reps.
        if cell(completedReps).isEmpty { set.status = .skipped }
        let note = cell(notes)
        set.notes = note.isEmpty ? nil : note
        func muscles(_ text: String) -> [String] { text.split(separator: ",").map { String($0).trimmingWhitespace().lowercased() }.filter { !$0.isEmpty } }
        set.muscleGroups = muscles(cell(target)) + muscles(cell(synergist))
        set.secondaryMuscles = muscles(cell(synergist))
        return .set(workout, set)
    }
}
