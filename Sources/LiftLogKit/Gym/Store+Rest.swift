extension Store {
    /// The rest after the set just logged: the `rest_seconds` of the exercise of the active
    /// session's latest set, else the store's `rest` preference, else 90 seconds.
    public func restAfterLatestSet() throws(LiftLogError) -> (seconds: Int, exercise: String?) {
        let fallback = max(1, preferences.restSeconds ?? 90)
        guard let active = try activeSession() else { return (fallback, nil) }
        let latest = active.session.entries.compactMap { entry in
            entry.sets.compactMap(\.completedAt).max().map { (entry, $0) }
        }.max { $0.1 < $1.1 }?.0
        guard let entry = latest else { return (fallback, nil) }
        let exercise = entry.exerciseID.flatMap { id in try? exercises().first { $0.id == id } } ?? (try? self.exercise(named: entry.exerciseName))
        guard let rest = exercise?.restSeconds, rest > 0 else { return (fallback, entry.exerciseName) }
        return (rest, entry.exerciseName)
    }
}
