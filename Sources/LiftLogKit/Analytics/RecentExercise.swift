/// An exercise and the last day it appeared in a session.
public struct RecentExercise: Hashable, Sendable {
    /// The library link, when the session entry has one.
    public var exerciseID: Exercise.ID?
    /// The library's current name when the link resolves (renames are followed), else the name
    /// the session recorded.
    public var name: String
    /// The local date of the newest session that contains it.
    public var lastUsed: LocalDate
}
