extension Store {
    /// Puts `exercise` (from the library) in the place of the active session's exercise at
    /// `position` (from 1), keeping its slot and its sets' targets: the machine is taken, the
    /// plan's Barbell Row becomes a Seated Cable Row for today.
    ///
    /// - Parameter sessionID: the session the caller means, when it names one: it must be the
    ///   active one.
    /// - Throws: `NOT_FOUND` without an active session, for a position it does not have, or an
    ///   exercise not in the library; `VALIDATION_ERROR` when `sessionID` is another session, the
    ///   exercise at `position` has a set done (those sets were that exercise: add the other one
    ///   instead) or `exercise` is already in the session. Nothing is changed then.
    @discardableResult
    public func swapExercise(at position: Int, to exercise: String, sessionID: Session.ID? = nil) throws(LiftLogError) -> StoredSession {
        let replacement = try self.exercise(named: exercise)
        return try withLockRereadingOnOutsideChange { () throws(LiftLogError) -> StoredSession in
            guard var stored = try findActive(holdingLock: true) else { throw .notFound("No active session.", remedy: .startSession) }
            if let sessionID, sessionID != stored.session.id {
                throw .validation("Only the active session's exercises can be swapped; session \(sessionID.rawValue.prefix(8)) is not active.")
            }
            let entries = stored.session.entries
            guard entries.indices.contains(position - 1) else {
                throw .notFound("The active session has no exercise at position \(position) (it has \(entries.count)).")
            }
            let current = entries[position - 1]
            if replacement.isRecorded(as: current.exerciseID, name: current.exerciseName) { return stored }
            if current.sets.contains(where: { $0.status == .completed }) {
                throw .validation("\(current.exerciseName) has sets done; they stay \(current.exerciseName). Add \(replacement.name) as an exercise of its own instead.")
            }
            if entries.contains(where: { replacement.isRecorded(as: $0.exerciseID, name: $0.exerciseName) }) {
                throw .validation("\(replacement.name) is already in this session; its sets go there.")
            }
            stored.session.entries[position - 1].exerciseID = replacement.id
            stored.session.entries[position - 1].exerciseName = replacement.name
            try save(stored)
            return stored
        }
    }

    /// Makes the active session's exercises at `positions` (from 1) one superset, done in
    /// rounds: they share the label one of them has already (the first), else the next free one
    /// (A, B, …); with `apart`, each of them leaves its superset instead. A superset left with
    /// one exercise is none: its label goes too. The sets stay as they are.
    ///
    /// - Parameter sessionID: the session the caller means, when it names one: it must be the
    ///   active one.
    /// - Throws: `NOT_FOUND` without an active session or for a position it does not have;
    ///   `VALIDATION_ERROR` for fewer than two positions to join, a position given twice, or a
    ///   `sessionID` of another session. Nothing is changed then.
    @discardableResult
    public func superset(_ positions: [Int], apart: Bool = false, sessionID: Session.ID? = nil) throws(LiftLogError) -> StoredSession {
        if let twice = positions.first(where: { position in positions.filter { $0 == position }.count > 1 }) {
            throw .validation("Position \(twice) is given twice; give each exercise once.")
        }
        if !apart, positions.count < 2 { throw .validation("A superset needs at least two exercises: give two positions or more, such as 1 and 2.") }
        if apart, positions.isEmpty { throw .validation("Give the position of the exercise to take out of its superset, such as 2.") }
        return try withLockRereadingOnOutsideChange { () throws(LiftLogError) -> StoredSession in
            guard var stored = try findActive(holdingLock: true) else { throw .notFound("No active session.", remedy: .startSession) }
            if let sessionID, sessionID != stored.session.id {
                throw .validation("Only the active session's exercises can be made a superset; session \(sessionID.rawValue.prefix(8)) is not active.")
            }
            var entries = stored.session.entries
            if let missing = positions.first(where: { !entries.indices.contains($0 - 1) }) {
                throw .notFound("The active session has no exercise at position \(missing) (it has \(entries.count)).")
            }
            let label = apart ? nil : positions.lazy.compactMap { entries[$0 - 1].superset }.first ?? Store.nextSupersetLabel(in: stored.session)
            let before = Swift.Set(positions.compactMap { entries[$0 - 1].superset })
            for position in positions { entries[position - 1].superset = label }
            // A label this left with one exercise marks no superset.
            for index in entries.indices {
                guard let own = entries[index].superset, before.contains(own), entries.filter({ $0.superset == own }).count < 2 else { continue }
                entries[index].superset = nil
                entries[index].method = nil
            }
            guard entries != stored.session.entries else { return stored }
            stored.session.entries = entries
            try save(stored)
            return stored
        }
    }

    /// The exercises to do instead of `exercise`: of the library, those that train its first
    /// muscle group — first those whose own first muscle it is, the same equipment first, then
    /// those sharing more of its muscles, then by name; at most `limit`.
    public func alternatives(to exercise: Exercise, limit: Int = 8) throws(LiftLogError) -> [Exercise] {
        guard let primary = exercise.muscleGroups.first else { return [] }
        let ranked = try exercises().filter { $0.id != exercise.id && $0.muscleGroups.contains(primary) }.map { other in
            (exercise: other, rank: Store.alternativeRank(of: other, to: exercise), key: Exercise.nameKey(other.name))
        }
        return ranked.sorted { ($0.rank.0, $0.rank.1, $0.rank.2, $0.key) < ($1.rank.0, $1.rank.1, $1.rank.2, $1.key) }.prefix(max(0, limit)).map(\.exercise)
    }

    /// How `other` ranks as an alternative to `exercise`, lower first: its first muscle not the
    /// same, its equipment not the same, minus the muscles they share.
    static func alternativeRank(of other: Exercise, to exercise: Exercise) -> (Int, Int, Int) {
        (other.muscleGroups.first == exercise.muscleGroups.first ? 0 : 1, other.modality == exercise.modality ? 0 : 1,
         -Swift.Set(other.muscleGroups).intersection(exercise.muscleGroups).count)
    }
}
