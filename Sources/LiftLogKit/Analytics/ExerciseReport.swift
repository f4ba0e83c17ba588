/// How a one-repetition maximum is estimated from a set (SPEC §8).
public enum E1RMFormula: String, Sendable, CaseIterable {
    /// `w × (1 + r/30)`, the default.
    case epley
    /// `w × 36 / (37 − r)`, for sets of fewer than 37 reps.
    case brzycki

    /// The most reps a set may have to give an estimate: the formulas are not valid beyond
    /// (SPEC §8).
    public static let maximumReps = 12

    /// The estimate for `weight` lifted `reps` times; one rep is the weight itself. Only sets
    /// of 1 to ``maximumReps`` reps give one.
    public func estimate(weight: Double, reps: Int) -> Double? {
        guard (1...E1RMFormula.maximumReps).contains(reps) else { return nil }
        if reps == 1 { return weight }
        switch self {
        case .epley: return weight * (1 + Double(reps) / 30)
        case .brzycki: return reps < 37 ? weight * 36 / Double(37 - reps) : nil
        }
    }
}

/// One session's work on an exercise (SPEC §8, "Exercise history").
public struct ProgressEntry: Hashable, Sendable {
    public var sessionID: Session.ID
    public var date: LocalDate
    public var weekNumber: Int?
    /// Completed sets, warm-ups excluded.
    public var sets: Int
    /// The heaviest weight of those sets, in the report's unit.
    public var bestWeight: Double?
    /// The reps of that heaviest set.
    public var bestSetReps: Int?
    /// The best estimated one-rep maximum of the session, in the report's unit.
    public var e1rm: Double?
    /// Σ weight × reps of those sets, in the report's unit.
    public var volume: Double
}

/// The heaviest set of an exercise (ties: more reps, then the earlier date).
public struct PersonalRecord: Hashable, Sendable {
    /// In the unit it was lifted in.
    public var weight: Double
    public var unit: WeightUnit
    public var reps: Int
    public var date: LocalDate
    public var sessionID: Session.ID
}

/// The heaviest weight lifted for an exact number of reps.
public struct RepRecord: Hashable, Sendable {
    public var reps: Int
    public var weight: Double
    public var unit: WeightUnit
    public var date: LocalDate
}

/// Everything liftlog knows of one exercise's history.
public struct ExerciseReport: Sendable {
    public var exerciseID: Exercise.ID?
    public var exerciseName: String
    /// The unit of weights, e1RMs and volumes in ``entries`` and ``bestE1RM``.
    public var unit: WeightUnit
    /// Newest first.
    public var entries: [ProgressEntry]
    public var personalRecord: PersonalRecord?
    public var bestE1RM: (value: Double, date: LocalDate, sessionID: Session.ID)?
    /// For 1 to 12 reps, where there is one.
    public var repRecords: [RepRecord]
    /// The most reps in one set without added weight (bodyweight exercises), with its date.
    public var maxReps: (reps: Int, date: LocalDate, sessionID: Session.ID)?
}
