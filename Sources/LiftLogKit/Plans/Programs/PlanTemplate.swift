/// The built-in templates of public programs (`plan create NAME --from TEMPLATE --max EX=W`),
/// written as plan text with the lifter's maxes filled in.
///
/// | template | program | `--max` is |
/// |---|---|---|
/// | `5x5` | StrongLifts 5×5: 5x5 (deadlift 1x5), +2.5 kg a session (+5 kg deadlift), deload 10% after 3 misses | the first working weight |
/// | `starting-strength` | Starting Strength, phase 1: 3x5 (deadlift 1x5), +2.5 kg a session (+5 kg deadlift) | the first working weight |
/// | `531` | 5/3/1 Boring But Big: 65/75/85, 70/80/90, 75/85/95, deload 40/50/60% of the training max, 5x10 at 50% of the paired lift; +2.5 kg upper, +5 kg lower a wave | the training max |
/// | `gzclp` | GZCLP: T1 5x3+ → 6x2+ → 10x1+, T2 3x10 → 3x8 → 3x6, T3 3x15+ | the T1 weight (T2 starts at 65% of it) |
/// | `ppl` | push / pull / legs, six days, double progression in rep ranges | a starting weight (optional) |
///
/// In a store kept in pounds the increments are 5 and 10 lb.
public enum PlanTemplate: String, Sendable, CaseIterable {
    case fiveByFive = "5x5"
    case startingStrength = "starting-strength"
    case fiveThreeOne = "531"
    case gzclp
    case ppl

    /// The lifts a template needs a `--max` for.
    public var requiredMaxes: [String] {
        switch self {
        case .fiveByFive: ["Back Squat", "Bench Press", "Barbell Row", "Overhead Press", "Deadlift"]
        case .startingStrength: ["Back Squat", "Overhead Press", "Bench Press", "Deadlift"]
        case .fiveThreeOne, .gzclp: ["Back Squat", "Bench Press", "Deadlift", "Overhead Press"]
        case .ppl: []
        }
    }

    /// The lifts a `--max` may name.
    public var lifts: [String] {
        switch self {
        case .ppl: ["Bench Press", "Overhead Press", "Incline Dumbbell Press", "Lateral Raise", "Tricep Pushdown", "Barbell Row", "Lat Pulldown",
                    "Seated Cable Row", "Face Pull", "Dumbbell Curl", "Back Squat", "Romanian Deadlift", "Leg Press", "Leg Curl"]
        case .gzclp: requiredMaxes + ["Lat Pulldown", "Dumbbell Row"]
        default: requiredMaxes
        }
    }

    /// The plan text of the template for `maxes`.
    ///
    /// - Throws: `VALIDATION_ERROR` naming a missing max or a lift the template does not have.
    public func text(name: String, maxes: [(exercise: String, load: Load)], unit: WeightUnit) throws(LiftLogError) -> String {
        var given: [String: Load] = [:]
        for (exercise, load) in maxes {
            guard let lift = lifts.first(where: { Exercise.nameKey($0) == Exercise.nameKey(exercise) }) else {
                let hint = Suggestions.closest(to: exercise, among: lifts, limit: 1).first.map { " Did you mean '\($0)'?" } ?? ""
                throw .validation("Template \(rawValue) has no lift '\(exercise)'; its lifts are \(lifts.joined(separator: ", ")).\(hint)")
            }
            guard given[lift] == nil else { throw .validation("\(lift) is given twice.") }
            given[lift] = load
        }
        let missing = requiredMaxes.filter { given[$0] == nil }
        guard missing.isEmpty else {
            throw .validation("Template \(rawValue) starts from a \(self == .fiveThreeOne ? "training max" : "weight") for \(missing.joinedAsAlternatives(conjunction: "and")).",
                              remedy: .giveTrainingMaxes(missing))
        }
        // Increments in the unit of the lift's max (else the store's): 2.5 and 5 kg, or 5 and 10 lb.
        func small(_ lift: String? = nil) -> String { let unit = lift.flatMap { given[$0]?.unit } ?? unit; return Load(unit == .kg ? 2.5 : 5, unit).text }
        func big(_ lift: String? = nil) -> String { let unit = lift.flatMap { given[$0]?.unit } ?? unit; return Load(unit == .kg ? 5 : 10, unit).text }
        func load(_ lift: String, share: Double = 1) -> String {
            guard let max = given[lift] else { return "" }
            let step = max.unit == .kg ? 2.5 : 5
            return " / " + Load(Store.roundedLoad(max.weight * share, step: step), max.unit).text
        }
        func line(_ lift: String, _ scheme: String, _ rule: String, share: Double = 1) -> String {
            "\(lift) / \(scheme)\(load(lift, share: share)) / progress: \(rule)"
        }
        // Squat and deadlift move in bigger steps (5 kg, 10 lb) than the presses and rows.
        func step(_ lift: String) -> String { lift == "Back Squat" || lift == "Deadlift" ? big(lift) : small(lift) }
        // A linear program's lift: +2.5 kg a session (+5 kg deadlift), 10% off after 3 misses.
        func lift(_ name: String, _ scheme: String) -> String {
            line(name, scheme, "lp(\(name == "Deadlift" ? big(name) : small(name)), deload: 10% after 3 misses)")
        }
        var lines = ["# \(name)"]
        switch self {
        case .fiveByFive:
            lines += ["days_per_week: 3", "notes: StrongLifts 5x5: alternate A and B, three days a week.", "",
                      "## Workout A", lift("Back Squat", "5x5"), lift("Bench Press", "5x5"), lift("Barbell Row", "5x5"), "",
                      "## Workout B", lift("Back Squat", "5x5"), lift("Overhead Press", "5x5"), lift("Deadlift", "1x5")]
        case .startingStrength:
            lines += ["days_per_week: 3", "notes: Starting Strength, phase 1: alternate A and B, three days a week.", "",
                      "## Workout A", lift("Back Squat", "3x5"), lift("Overhead Press", "3x5"), lift("Deadlift", "1x5"), "",
                      "## Workout B", lift("Back Squat", "3x5"), lift("Bench Press", "3x5"), lift("Deadlift", "1x5")]
        case .fiveThreeOne:
            func main(_ lift: String) -> String { "\(lift) / 3x5+ / progress: pct(\(given[lift]!.text), 531, +\(step(lift)))" }
            func bbb(_ lift: String) -> String { "\(lift) / 5x10 / progress: pct(\(given[lift]!.text), bbb, +\(step(lift)))" }
            lines += ["days_per_week: 4", "notes: 5/3/1 Boring But Big: the main lift's wave, then 5x10 of the paired lift. The maxes given are training maxes (90% of a one-rep max).", "",
                      "## Press", main("Overhead Press"), bbb("Bench Press"), "",
                      "## Deadlift", main("Deadlift"), bbb("Back Squat"), "",
                      "## Bench", main("Bench Press"), bbb("Overhead Press"), "",
                      "## Squat", main("Back Squat"), bbb("Deadlift")]
        case .gzclp:
            func t1(_ lift: String) -> String { line(lift, "5x3+", "staged(\(step(lift)), 5x3+, 6x2+, 10x1+, reset: 85%)") }
            func t2(_ lift: String) -> String { line(lift, "3x10", "staged(\(step(lift)), 3x10, 3x8, 3x6, reset: 85%)", share: 0.65) }
            func t3(_ lift: String) -> String { line(lift, "3x15+", "lp(\(small(lift)))") }
            lines += ["days_per_week: 3", "notes: GZCLP: T1 heavy, T2 volume, T3 light; four workouts in rotation.", "",
                      "## A1", t1("Back Squat"), t2("Bench Press"), t3("Lat Pulldown"), "",
                      "## B1", t1("Overhead Press"), t2("Deadlift"), t3("Dumbbell Row"), "",
                      "## A2", t1("Bench Press"), t2("Back Squat"), t3("Lat Pulldown"), "",
                      "## B2", t1("Deadlift"), t2("Overhead Press"), t3("Dumbbell Row")]
        case .ppl:
            func dp(_ lift: String, _ sets: Int, _ low: Int, _ high: Int, _ step: String? = nil) -> String {
                line(lift, "\(sets)x\(low)-\(high)", "dp(\(step ?? small(lift)), \(low), \(high))")
            }
            let dumbbell = Load(unit == .kg ? 2 : 5, unit).text, fine = Load(unit == .kg ? 1 : 2.5, unit).text
            lines += ["days_per_week: 6", "notes: Push, pull, legs, twice a week: add weight when every set reaches the top of its range.", "",
                      "## Push", dp("Bench Press", 4, 6, 10), dp("Overhead Press", 3, 8, 12), dp("Incline Dumbbell Press", 3, 8, 12, dumbbell),
                      dp("Lateral Raise", 3, 12, 15, fine), dp("Tricep Pushdown", 3, 10, 15), "",
                      "## Pull", dp("Barbell Row", 4, 6, 10), dp("Lat Pulldown", 3, 8, 12), dp("Seated Cable Row", 3, 10, 12), dp("Face Pull", 3, 15, 20, fine),
                      dp("Dumbbell Curl", 3, 8, 12, fine), "",
                      "## Legs", dp("Back Squat", 4, 6, 10, big("Back Squat")), dp("Romanian Deadlift", 3, 8, 12, big("Romanian Deadlift")), dp("Leg Press", 3, 10, 15, big("Leg Press")), dp("Leg Curl", 3, 10, 15)]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
