/// Totals and streaks of one kind of session (SPEC §8).
public struct KindStats: Hashable, Sendable {
    /// The sessions trained (a skipped one is not).
    public var totalSessions = 0
    /// The planned sessions skipped (``Session/Status/skipped``), counted apart.
    public var skippedSessions = 0
    /// Σ of session lengths, in seconds.
    public var totalSeconds = 0
    /// ``totalSeconds`` to the nearest minute (the sum is rounded, not each session).
    public var totalMinutes: Int { (totalSeconds + 30) / 60 }
    /// Consecutive days with a session, ending today or yesterday (0 otherwise).
    public var currentStreak = 0
    /// The longest run of consecutive days with a session, ever.
    public var longestStreak = 0

    /// No sessions yet.
    public init() {}
}
