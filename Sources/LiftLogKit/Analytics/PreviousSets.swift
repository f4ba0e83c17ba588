/// What a lifter did of an exercise the last time (as Strong and Hevy show it beside each set):
/// the working sets of the newest completed session before this one that has the exercise.
public struct PreviousSets: Hashable, Sendable {
    /// The exercise's name.
    public var exerciseName: String
    /// The session the sets are from.
    public var sessionID: Session.ID
    /// The day of that session.
    public var date: LocalDate
    /// The working sets in order, one per set (warm-ups are not among them).
    public var sets: [SessionSummary.WorkSets]

    /// The set of last time that goes with the set at `index` of `entry`: the working set of
    /// the same place among the working sets (the second work set beside the second), or `nil`
    /// for a warm-up or when there were fewer then. Every surface pairs them so.
    public func matching(_ index: Int, of entry: Session.Entry) -> WorkoutSet? {
        guard entry.sets.indices.contains(index), entry.sets[index].setType != .warmup else { return nil }
        let place = entry.sets[..<index].filter { $0.setType != .warmup }.count
        guard sets.indices.contains(place) else { return nil }
        let set = sets[place]
        return WorkoutSet(setNumber: place + 1, weight: set.weight, unit: set.unit, reps: set.reps, bodyweight: set.bodyweight,
                          distanceMeters: set.distanceMeters, durationSeconds: set.durationSeconds)
    }

    /// The sets as the API's JSON gives them.
    public var json: JSONValue {
        ["exercise_name": .string(exerciseName), "session_id": .string(sessionID.rawValue), "date": .string(date.description),
         "sets": .array(sets.map { set in
             var object: JSONObject = ["unit": .string(set.unit.rawValue)]
             object["weight"] = set.weight.map { .number(JSONNumber($0)) } ?? .null
             object["reps"] = set.reps.map { .number(JSONNumber($0)) } ?? .null
             if set.bodyweight { object["bodyweight"] = .bool(true) }
             if let seconds = set.durationSeconds { object["duration_seconds"] = .number(JSONNumber(seconds)) }
             if let metres = set.distanceMeters { object["distance_m"] = .number(JSONNumber(metres)) }
             return .object(object)
         })]
    }
}

extension Store {
    /// For each exercise of `session`, what was done of it the last time: the working sets of
    /// the newest completed session started before `session` that has it (by exercise ID, else
    /// by name), one per set. An exercise never done before has none.
    ///
    /// - Complexity: one walk of the index, newest first, that stops once every exercise is
    ///   found (``Store/forEachSummaryNewestFirst(_:)``: the months it does not reach are not
    ///   looked at); no session file is read unless one changed.
    public func previousSets(for session: Session) throws(LiftLogError) -> [PreviousSets] {
        // The session's own file, as this store last wrote or read it (`log` just did): its
        // month changed with it, and the walk need not read it again to leave it out.
        var own = WrittenSessions()
        if let version = files.versions.version(of: session.relativePath) {
            own.add(SessionSummary(session, path: session.relativePath, unit: preferences.unit), at: session.relativePath, status: version)
        }
        let found = try previousSets(of: session.entries.map { (id: $0.exerciseID, name: $0.exerciseName) }, before: session.startedAt, other: session.id, written: own.records)
        return session.entries.compactMap { found[Exercise.nameKey($0.exerciseName)] }
    }

    /// What was done of each of `exercises` (by ID, else name) in the newest completed session
    /// started before `time` that has it, other than the session `other`; by ``Exercise/nameKey(_:)``.
    func previousSets(of exercises: [(id: Exercise.ID?, name: String)], before time: Timestamp, other: Session.ID?, written: [String: IndexRecord] = [:]) throws(LiftLogError) -> [String: PreviousSets] {
        var wanted = exercises
        var found: [String: PreviousSets] = [:]
        guard !wanted.isEmpty else { return [:] }
        try forEachSummaryNewestFirst(written: written) { summary in
            guard summary.status == .completed, summary.id != other, summary.startedAt < time else { return true }
            for (position, ref) in summary.exercises.enumerated() {
                guard let match = wanted.firstIndex(where: { item in
                    (item.id != nil && item.id == ref.id) || Exercise.nameKey(item.name) == Exercise.nameKey(ref.name)
                }) else { continue }
                let runs = summary.workSets(ofEntryAt: position)
                guard !runs.isEmpty else { continue }
                let each = runs.flatMap { run in [SessionSummary.WorkSets](repeating: SessionSummary.WorkSets(
                    weight: run.weight, unit: run.unit, reps: run.reps, count: 1, bodyweight: run.bodyweight,
                    durationSeconds: run.durationSeconds, distanceMeters: run.distanceMeters), count: max(1, run.count)) }
                let name = wanted[match].name
                found[Exercise.nameKey(name)] = PreviousSets(exerciseName: name, sessionID: summary.id, date: summary.startedAt.localDate, sets: each)
                wanted.remove(at: match)
            }
            return !wanted.isEmpty
        }
        return found
    }
}
