extension Store {
    /// The rest between sets when neither the exercise nor the store says: 90 seconds.
    public static let defaultRestSeconds = 90

    /// The rest after the set just logged: the `rest_seconds` of the exercise of the active
    /// session's latest set, else the store's `rest` preference, else 90 seconds.
    public func restAfterLatestSet() throws(LiftLogError) -> (seconds: Int, exercise: String?) {
        let fallback = restSeconds(after: nil)
        guard let active = try activeSession() else { return (fallback, nil) }
        let latest = active.session.entries.compactMap { entry in
            entry.sets.compactMap(\.completedAt).max().map { (entry, $0) }
        }.max { $0.1 < $1.1 }?.0
        guard let entry = latest else { return (fallback, nil) }
        return (restSeconds(after: Store.libraryExercise(of: entry, in: (try? exercises()) ?? [])), entry.exerciseName)
    }

    /// The rest after a set of `exercise`: its own `rest_seconds`, else the store's `rest`
    /// preference, else 90 seconds (`nil`: an exercise not in the library).
    public func restSeconds(after exercise: Exercise?) -> Int {
        if let rest = exercise?.restSeconds, rest > 0 { return rest }
        return max(1, preferences.restSeconds ?? Store.defaultRestSeconds)
    }

    /// The rest after a set of each exercise of `session`, by its name in the session (the
    /// library read once).
    public func restSeconds(in session: Session) -> [String: Int] {
        let library = (try? exercises()) ?? []
        var rests: [String: Int] = [:]
        for entry in session.entries { rests[entry.exerciseName] = restSeconds(after: Store.libraryExercise(of: entry, in: library)) }
        return rests
    }

    /// The exercise of `library` an entry records: by ID, else by name.
    static func libraryExercise(of entry: Session.Entry, in library: [Exercise]) -> Exercise? {
        entry.exerciseID.flatMap { id in library.first { $0.id == id } } ?? library.first { Exercise.nameKey($0.name) == Exercise.nameKey(entry.exerciseName) }
    }
}
