/// The notation of a planned exercise: how many sets of how many reps.
///
/// | notation | meaning |
/// |---|---|
/// | `5x5` | five sets of five |
/// | `3x8-12` | three sets of 8 to 12 reps |
/// | `3xAMRAP` | three sets of as many reps as possible |
/// | `3x5+` | three sets of five, the last as many as possible (at least five) |
///
/// The top of a range is the target: when every set of a week reaches it, a mesocycle adds the
/// exercise's weight increment the week after.
public struct PlanNotation: Hashable, Sendable {
    /// The most sets one planned exercise may have.
    public static let maximumSets = 20
    /// The most reps a planned set may ask for.
    public static let maximumReps = 100

    /// How many working sets.
    public var sets: Int
    /// As stored in the plan: `"5"`, `"8-12"` or `"AMRAP"`.
    public var reps: String
    /// The last set is as many reps as possible (`3x5+`).
    public var lastSetAMRAP: Bool
    /// Each set with its own load, for a pyramid or back-off sets; empty for alike sets.
    public var setTargets: [TrainingPlan.PlannedSet]

    /// `sets` of `reps`.
    public init(sets: Int, reps: String, lastSetAMRAP: Bool = false) {
        self.sets = sets
        self.reps = reps
        self.lastSetAMRAP = lastSetAMRAP
        setTargets = []
    }

    /// Each of `targets` in its turn: ``sets``, ``reps`` (their range) and ``lastSetAMRAP`` follow.
    public init(setTargets targets: [TrainingPlan.PlannedSet]) {
        let low = targets.map(\.reps).min() ?? 1, high = targets.map(\.reps).max() ?? 1
        self.init(sets: targets.count, reps: low == high ? "\(low)" : "\(low)-\(high)", lastSetAMRAP: targets.last?.amrap ?? false)
        setTargets = targets
    }

    /// Parses `3x8-12`, `5x5`, `3x5+`, `3xAMRAP` (`x` may be `X` or `×`), or sets each with
    /// its load, separated by commas: `135x10, 155x8, 175x6+` (a load without a unit is in
    /// `unit`, and needs one without it, as in plan text; a single such set needs its unit,
    /// `140kgx1`, to tell it from SETSxREPS).
    ///
    /// - Throws: `VALIDATION_ERROR` naming the text and what is wrong with it.
    public static func parse(_ text: String, unit: WeightUnit? = nil) throws(LiftLogError) -> PlanNotation {
        func invalid(_ reason: String) -> LiftLogError {
            .validation("Invalid plan notation '\(text)': \(reason). Write SETSxREPS, such as 5x5, 3x8-12, 3x5+ or 3xAMRAP.")
        }
        var body = text.trimmingWhitespace().lowercased().replacingOccurrences(of: "×", with: "x")
        // Sets one by one: a list, or one set whose load says its unit (`140kgx1`).
        let firstSets = body.split(separator: "x", maxSplits: 1).first ?? ""
        if body.contains(",") || (firstSets.first?.isASCIIDigit == true && firstSets.contains(where: \.isLetter)) {
            func invalid(_ reason: String) -> LiftLogError {
                .validation("Invalid plan notation '\(text)': \(reason). Write each set with its load, such as 135x10, 155x8, 175x6+.")
            }
            var targets: [TrainingPlan.PlannedSet] = []
            for piece in body.split(separator: ",", omittingEmptySubsequences: false) {
                var item = String(piece).trimmingWhitespace()
                let amrap = item.hasSuffix("+")
                if amrap { item.removeLast() }
                guard let cross = item.lastIndex(of: "x"), cross != item.startIndex else { throw invalid("'\(item)' is not a load x reps, such as 135x10") }
                let weight = String(item[..<cross]).trimmingWhitespace()
                guard unit != nil || weight.contains(where: \.isLetter) else { throw invalid("the load '\(weight)' needs its unit, such as \(weight)kg or \(weight)lb") }
                let load: Load
                do { load = try Load.parse(weight, defaultUnit: unit ?? .kg, what: "The load") } catch { throw invalid("'\(weight)' is not a load") }
                guard let reps = Int(item[item.index(after: cross)...]), (1...maximumReps).contains(reps) else {
                    throw invalid("reps '\(item[item.index(after: cross)...])' must be 1–\(maximumReps)")
                }
                targets.append(TrainingPlan.PlannedSet(reps: reps, amrap: amrap, load: load))
            }
            guard targets.count <= maximumSets else { throw invalid("sets must be 1–\(maximumSets)") }
            return PlanNotation(setTargets: targets)
        }
        let amrapLast = body.hasSuffix("+")
        if amrapLast { body.removeLast() }
        let parts = body.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw invalid("expected a number of sets, 'x' and reps") }
        guard parts[0].allSatisfy(\.isASCIIDigit), let sets = Int(parts[0]) else { throw invalid("'\(parts[0])' is not a number of sets") }
        guard (1...maximumSets).contains(sets) else { throw invalid("sets must be 1–\(maximumSets)") }
        let repsText = String(parts[1])
        if repsText == "amrap" {
            if amrapLast { throw invalid("AMRAP sets need no '+'") }
            return PlanNotation(sets: sets, reps: "AMRAP")
        }
        guard let range = repRange(repsText) else { throw invalid("reps '\(repsText)' must be a number, a range such as 8-12, or AMRAP") }
        guard range.lowerBound >= 1, range.upperBound <= maximumReps else { throw invalid("reps must be 1–\(maximumReps)") }
        return PlanNotation(sets: sets, reps: range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)", lastSetAMRAP: amrapLast)
    }

    /// `"5"` → 5...5, `"8-12"` → 8...12; `nil` for AMRAP or text that is neither.
    public static func repRange(_ text: String) -> ClosedRange<Int>? {
        let parts = text.trimmingWhitespace().split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) && $0.count <= 4 }) else { return nil }
        let low = Int(parts[0])!, high = Int(parts[parts.count - 1])!
        return low <= high ? low...high : nil
    }

    /// `3x8-12`, `3x5+`, `135lbx10, 155lbx8`.
    public var description: String { PlanNotation.text(sets: sets, reps: reps, lastSetAMRAP: lastSetAMRAP, setTargets: setTargets) }

    /// The scheme as plans write it: `3x8-12`, `3x5+`, or each set with its load.
    static func text(sets: Int, reps: String, lastSetAMRAP: Bool, setTargets: [TrainingPlan.PlannedSet]) -> String {
        setTargets.isEmpty ? "\(sets)x\(reps)" + (lastSetAMRAP ? "+" : "") : setTargets.map(\.text).joined(separator: ", ")
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension TrainingPlan.PlannedExercise {
    /// The reps a set aims for: the top of the range (`nil` for AMRAP or free text).
    public var targetReps: Int? { PlanNotation.repRange(reps)?.upperBound }

    /// The sets planned one by one as a prescription, in the first one's unit ("the sets as
    /// planned"); `nil` for alike sets.
    public var writtenPrescription: Prescription? {
        guard let unit = setTargets.first?.load.unit else { return nil }
        return Prescription(sets: setTargets.map { PrescribedSet(reps: $0.reps, amrap: $0.amrap, weight: $0.load.weight(in: unit)) },
                            unit: unit, reason: "the sets as planned")
    }

    /// `3x8-12`, `3x5+`, or each set with its load: `135lbx10, 155lbx8, 175lbx6+`.
    public var notation: String { PlanNotation.text(sets: sets, reps: reps, lastSetAMRAP: lastSetAMRAP, setTargets: setTargets) }
}
