/// How training went over the last weeks: this week's days, weekly sessions and volume,
/// streaks, and the estimated 1RM of the main lifts week by week.
public struct TrendsReport: Sendable {
    /// How many weeks a report covers when no number is asked for, this one included.
    public static let defaultWeeks = 8

    /// One week (starting on the store's `week_start`).
    public struct Week: Hashable, Sendable {
        /// The week's first day.
        public var start: LocalDate
        /// Completed sessions in the week, of any kind.
        public var sessions: Int
        /// Σ weight × reps of completed working sets, in ``TrendsReport/unit``.
        public var volume: Double
        /// Σ of session lengths, in whole minutes.
        public var minutes: Int
        /// Hard sets per muscle group: each completed working set (warm-ups never) counts 1
        /// for each primary muscle of its exercise and 0.5 for each secondary one.
        public var muscleSets: [String: Double] = [:]
    }

    /// A main lift: one of the exercises in the most sessions of the period.
    public struct Lift: Hashable, Sendable {
        /// The library exercise, when there is one.
        public var exerciseID: Exercise.ID?
        /// The exercise's name.
        public var exerciseName: String
        /// Sessions in the period that had it.
        public var sessions: Int
        /// The best estimated 1RM of each week, oldest first (`nil`: not done that week).
        public var weekly: [Double?]
    }

    /// The unit of volumes and e1RMs (the store's).
    public var unit: WeightUnit
    /// The day the report ends on.
    public var today: LocalDate
    /// The days of this week, from its first day, with the kinds of session on each.
    public var thisWeek: [(date: LocalDate, kinds: [Session.Kind])]
    /// Oldest first; the last is this week.
    public var weeks: [Week]
    /// Consecutive days with any session, to today or yesterday; and the longest ever.
    public var currentStreak: Int
    /// The longest run of consecutive days with a session, ever.
    public var longestStreak: Int
    /// The main lifts, most sessions first.
    public var lifts: [Lift]

    /// The day of the first session ever (any kind), if there is one.
    public var firstTrainingDay: LocalDate?
    /// The exercises with working sets in the period that no muscle counts: without muscle
    /// groups in their file, or no longer in the library. Sorted.
    public var uncountedExercises: [String] = []

    /// Each muscle's hard sets a week, averaged over the period's weeks.
    public var averageMuscleSets: [String: Double] {
        var total: [String: Double] = [:]
        for week in weeks { for (muscle, sets) in week.muscleSets { total[muscle, default: 0] += sets } }
        return total.mapValues { $0 / Double(max(1, weeks.count)) }
    }

    /// Sessions per week over the period's weeks, from the week of the first session ever:
    /// weeks before a lifter started do not lower the average.
    public var sessionsPerWeek: Double {
        guard let firstTrainingDay else { return 0 }
        let counted = weeks.filter { $0.start.adding(days: 6) >= firstTrainingDay }
        return counted.isEmpty ? 0 : Double(counted.reduce(0) { $0 + $1.sessions }) / Double(counted.count)
    }
}
