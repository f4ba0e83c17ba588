/// How a one-repetition maximum is estimated from a set (SPEC §8).
public enum E1RMFormula: String, Sendable, CaseIterable {
    /// `w × (1 + r/30)`, the default.
    case epley
    /// `w × 36 / (37 − r)`, for sets of fewer than 37 reps.
    case brzycki

    /// The formula used when none is asked for.
    public static let standard = E1RMFormula.epley

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
    /// The session the work was done in.
    public var sessionID: Session.ID
    /// The day the session started, in its own UTC offset.
    public var date: LocalDate
    /// The week of the mesocycle the session belonged to, if any.
    public var weekNumber: Int?
    /// Completed sets, warm-ups excluded.
    public var sets: Int
    /// The heaviest weight of those sets, in the report's unit.
    public var bestWeight: Double?
    /// The reps of that heaviest set.
    public var bestSetReps: Int?
    /// The best estimated one-rep maximum of the session, in the report's unit (a bodyweight
    /// set counts the nearest weigh-in plus its load).
    public var e1rm: Double?
    /// Σ load × reps of those sets, in the report's unit.
    public var volume: Double
    /// The most reps in one set.
    public var maxReps: Int?
    /// The longest timed set, in seconds.
    public var longestSeconds: Int?
    /// Σ distance of the distance sets, in metres.
    public var distanceMeters: Double?
    /// The best average pace of a distance set with a time, in seconds per kilometre.
    public var secondsPerKilometre: Double?

    /// An entry of the given figures (``ExerciseReport`` makes them from the sessions).
    public init(sessionID: Session.ID, date: LocalDate, weekNumber: Int?, sets: Int, bestWeight: Double?, bestSetReps: Int?, e1rm: Double?,
                volume: Double, maxReps: Int? = nil, longestSeconds: Int? = nil, distanceMeters: Double? = nil, secondsPerKilometre: Double? = nil) {
        self.sessionID = sessionID
        self.date = date
        self.weekNumber = weekNumber
        self.sets = sets
        self.bestWeight = bestWeight
        self.bestSetReps = bestSetReps
        self.e1rm = e1rm
        self.volume = volume
        self.maxReps = maxReps
        self.longestSeconds = longestSeconds
        self.distanceMeters = distanceMeters
        self.secondsPerKilometre = secondsPerKilometre
    }
}

/// The heaviest set of an exercise (ties: more reps, then the earlier date).
public struct PersonalRecord: Hashable, Sendable {
    /// In the unit it was lifted in.
    public var weight: Double
    /// The unit of ``weight``.
    public var unit: WeightUnit
    /// The reps of the set.
    public var reps: Int
    /// The day of the session it was lifted in.
    public var date: LocalDate
    /// The session it was lifted in.
    public var sessionID: Session.ID
}

/// The heaviest weight lifted for an exact number of reps.
public struct RepRecord: Hashable, Sendable {
    /// The exact number of reps.
    public var reps: Int
    /// The heaviest weight lifted for them, in ``unit``.
    public var weight: Double
    /// The unit of ``weight``.
    public var unit: WeightUnit
    /// The day it was lifted.
    public var date: LocalDate
}

/// The longest timed set (a hold), and the heaviest weighted one.
public struct HoldRecord: Hashable, Sendable {
    /// How long the set was held, in seconds.
    public var seconds: Int
    /// The load held, in `unit`; `nil` for a hold without one.
    public var weight: Double?
    /// The unit of ``weight``; `nil` with no load.
    public var unit: WeightUnit?
    /// The day it was held.
    public var date: LocalDate
    /// The session it was held in.
    public var sessionID: Session.ID
}

/// A distance done: the longest, or the fastest over a standard distance.
public struct DistanceRecord: Hashable, Sendable {
    /// The distance of the set, in metres.
    public var meters: Double
    /// Its time, when recorded.
    public var seconds: Int?
    /// The day of the set.
    public var date: LocalDate
    /// The session of the set.
    public var sessionID: Session.ID

    /// Average seconds per kilometre, when the set has a time.
    public var secondsPerKilometre: Double? {
        guard let seconds, meters > 0 else { return nil }
        return Double(seconds) * 1000 / meters
    }
}

/// The fastest average pace of a set at least as long as a standard distance.
public struct PaceRecord: Hashable, Sendable {
    /// The standard distance: `1 km`, `1 mi`, `2,000 m`, `5 km`, `10 km` (on an erg `500 m` to `10,000 m`).
    public var label: String
    /// The standard distance in metres (1,000 for `1 km`).
    public var standardMeters: Double
    /// The set it comes from.
    public var record: DistanceRecord
}

/// The best estimated one-rep max of an exercise (ties: the earlier date).
public struct EstimatedMaxRecord: Hashable, Sendable {
    /// In the report's unit.
    public var value: Double
    /// The day of the set the estimate comes from.
    public var date: LocalDate
    /// The session of that set.
    public var sessionID: Session.ID
}

/// The most reps in one set without added weight (ties: the earlier date).
public struct MaxRepsRecord: Hashable, Sendable {
    /// The reps of the set.
    public var reps: Int
    /// The day of the set.
    public var date: LocalDate
    /// The session of the set.
    public var sessionID: Session.ID
}

/// Everything liftlog knows of one exercise's history.
public struct ExerciseReport: Hashable, Sendable {
    /// The library exercise, when the history is of one (`nil` for a name the library does not have).
    public var exerciseID: Exercise.ID?
    /// The exercise's name as the library (or the sessions) spell it.
    public var exerciseName: String
    /// The unit of weights, e1RMs and volumes in ``entries`` and ``bestE1RM``.
    public var unit: WeightUnit
    /// Newest first.
    public var entries: [ProgressEntry]
    /// The heaviest set with an external load (a bodyweight set's added load is not one).
    public var personalRecord: PersonalRecord?
    /// The best estimated one-rep maximum, in ``unit`` (sets of 1 to 12 reps; SPEC §8).
    public var bestE1RM: EstimatedMaxRecord?
    /// For 1 to 12 reps, where there is one.
    public var repRecords: [RepRecord]
    /// The most reps in one set without added weight (bodyweight exercises), with its date.
    public var maxReps: MaxRepsRecord?
    /// The most weight added to the body for a bodyweight set (`bw+20x5`), with its reps.
    public var bestAddedLoad: PersonalRecord?
    /// The longest timed set.
    public var longestHold: HoldRecord?
    /// The timed set with the heaviest load (ties: the longer).
    public var heaviestHold: HoldRecord?
    /// The longest distance set.
    public var longestDistance: DistanceRecord?
    /// The fastest pace over each standard distance a set with a time reached.
    public var paces: [PaceRecord]
    /// How the exercise's distances and paces are told (the lifter's unit; an erg per 500 m),
    /// and so which standard distances ``paces`` are of.
    public var distance: DistanceScale

    /// A report of the given records (``Store/exerciseReport(_:formula:)`` makes them from the sessions).
    public init(exerciseID: Exercise.ID?, exerciseName: String, unit: WeightUnit, distance: DistanceScale = .unit(.km), entries: [ProgressEntry] = [],
                personalRecord: PersonalRecord? = nil, bestE1RM: EstimatedMaxRecord? = nil,
                repRecords: [RepRecord] = [], maxReps: MaxRepsRecord? = nil) {
        self.distance = distance
        self.exerciseID = exerciseID
        self.exerciseName = exerciseName
        self.unit = unit
        self.entries = entries
        self.personalRecord = personalRecord
        self.bestE1RM = bestE1RM
        self.repRecords = repRecords
        self.maxReps = maxReps
        self.paces = []
    }

    /// Whether the report has any record at all.
    public var hasRecords: Bool {
        personalRecord != nil || maxReps != nil || bestAddedLoad != nil || longestHold != nil || longestDistance != nil || bestE1RM != nil
    }

    /// Whether a set of `meters` covers the standard distance of `standardMeters`: at least
    /// that far, less what writing a distance in tenths of the other unit rounds off (3.1 mi
    /// is 4,989 m, a 5 km run; 6.2 mi a 10 km one): half a tenth of a mile (80 m), and never
    /// more than 1 % of the standard (a 1,990 m row is no 2,000 m).
    public static func covers(_ meters: Double, standard standardMeters: Double) -> Bool {
        meters >= standardMeters - min(0.05 * DistanceUnit.mi.meters, standardMeters / 100) - 1e-6
    }
}
