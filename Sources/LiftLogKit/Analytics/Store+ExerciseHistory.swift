extension Store {
    /// The history, personal record, best e1RM and rep records of an exercise, from the
    /// sessions that contain it (linked by ID, so renames are followed; by name for entries
    /// without a link).
    ///
    /// - Complexity: a byte search of the index, then one parsed line and one `stat` per
    ///   session that has the exercise; no session file is read (the index keeps each entry's
    ///   working sets) unless one changed in place.
    /// - Throws: `NOT_FOUND` (with suggestions) when neither the library nor any session knows
    ///   the name. An exercise with no sets yet gives a report with no entries.
    public func exerciseReport(_ name: String, formula: E1RMFormula = .standard) throws(LiftLogError) -> ExerciseReport {
        var exercise: Exercise
        var known = true
        do throws(LiftLogError) {
            exercise = try self.exercise(named: name)
        } catch {
            guard case .notFound = error else { throw error }
            if let renamed = try self.exercise(recordedAs: name) {
                // An old name: the exercise its sessions link to, under its name now.
                exercise = renamed
            } else {
                exercise = Exercise.unlisted(named: name)
                known = false
            }
        }
        let key = Exercise.nameKey(exercise.name)
        let target = exercise
        // Each session that has the exercise, with its working sets, straight from the index.
        let found: [ExerciseSighting] = try withFreshIndex(holdingLock: false) { index throws(LiftLogError) in
            try index.verifying { shown throws(LiftLogError) in
                var found: [ExerciseSighting] = []
                if known {
                    // A library exercise: only the lines that name its ID or have unlinked
                    // entries, read for this exercise alone.
                    try index.forEachSightingNewestFirst(of: SightingTarget(target)) { month, sighting in
                        found.append(sighting)
                        shown.append(UsedFile(month, fileName: sighting.fileName, identity: sighting.identity))
                        return true
                    }
                } else {
                    // A name no library exercise has: every line, its entries matched by name.
                    try index.forEachRecordNewestFirst { month, record throws(LiftLogError) in
                        if let sighting = ExerciseSighting(record, where: { target.isRecorded(as: $0.id, name: $0.name) || Exercise.nameKey($0.name) == key }) {
                            found.append(sighting)
                            shown.append(UsedFile(month, record))
                        }
                        return true
                    }
                }
                return found
            }
        }
        if found.isEmpty && !known {
            throw missingExercise(name, among: (try? exercises()) ?? [])
        }
        var builder = ExerciseReport.Builder(exerciseID: known ? exercise.id : nil, exerciseName: exercise.name, preferences: preferences, formula: formula)
        var bodyWeights = BodyWeights(store: self)
        for sighting in found {
            builder.add(sessionID: sighting.sessionID, startedAt: sighting.startedAt, weekNumber: sighting.weekNumber, sighting.sets,
                        bodyWeight: try bodyWeights.near(sighting.startedAt, sets: sighting.sets))
        }
        return builder.report
    }

    /// The library exercise that sessions recorded under `name` link to: the exercise a name
    /// was renamed from. `nil` when no session links that name to a library exercise.
    ///
    /// - Complexity: O(N) index lines, newest first, until one is found (only asked for names
    ///   the library does not have).
    public func exercise(recordedAs name: String) throws(LiftLogError) -> Exercise? {
        let key = Exercise.nameKey(name)
        let library = Dictionary(try exercises().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return try withFreshIndex(holdingLock: false) { index throws(LiftLogError) -> Exercise? in
            var found: Exercise?
            try index.forEachSummaryNewestFirst { summary in
                for ref in summary.exercises where Exercise.nameKey(ref.name) == key {
                    if let id = ref.id, let exercise = library[id] { found = exercise; return false }
                }
                return true
            }
            return found
        }
    }

    /// The reports of every exercise that has sets, in one pass over the index (for `pr`
    /// without an exercise). Entries are linked by ID, or by name when unlinked; an exercise
    /// removed from the library keeps its records under the name its sessions recorded.
    ///
    /// - Parameter entries: whether each report lists its sessions (``ExerciseReport/entries``);
    ///   without them, memory holds only the records and does not grow with the log.
    /// - Complexity: one index line per session and one `stat` per session used; no session
    ///   file is read unless it changed.
    public func exerciseReports(formula: E1RMFormula = .standard, entries: Bool = true) throws(LiftLogError) -> [ExerciseReport] {
        let library = try exercises()
        let byID = Dictionary(library.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let byName = Dictionary(library.enumerated().map { (Exercise.nameKey($1.name), $0) }, uniquingKeysWith: { first, _ in first })
        let preferences = preferences
        var bodyWeights = BodyWeights(store: self)
        return try withFreshIndex(holdingLock: false) { index throws(LiftLogError) -> [ExerciseReport] in
            var builders: [Int: ExerciseReport.Builder] = [:]
            // Exercises no longer in the library, by the name their sessions recorded.
            var removed: [String: ExerciseReport.Builder] = [:]
            // Each month checked against its files before it is used, then let go: memory
            // holds the reports, not the index.
            try index.forEachVerifiedRecordNewestFirst { _, record throws(LiftLogError) in
                guard let summary = record.summary else { return true }
                var sets: [Int: [SessionSummary.WorkSets]] = [:]
                var removedSets: [String: (name: String, sets: [SessionSummary.WorkSets])] = [:]
                for (ref, runs) in zip(summary.exercises, summary.workSetsOfEveryEntry) {
                    guard let found = ref.id.flatMap({ byID[$0] }) ?? (ref.id == nil ? byName[Exercise.nameKey(ref.name)] : nil) else {
                        removedSets[Exercise.nameKey(ref.name), default: (ref.name, [])].sets += runs
                        continue
                    }
                    sets[found, default: []] += runs
                }
                for (found, list) in sets {
                    let bodyWeight = try bodyWeights.near(summary, sets: list)
                    builders[found, default: ExerciseReport.Builder(exerciseID: library[found].id, exerciseName: library[found].name, preferences: preferences, formula: formula, keepsEntries: entries)].add(summary, list, bodyWeight: bodyWeight)
                }
                for (key, item) in removedSets {
                    let bodyWeight = try bodyWeights.near(summary, sets: item.sets)
                    removed[key, default: ExerciseReport.Builder(exerciseID: nil, exerciseName: item.name, preferences: preferences, formula: formula, keepsEntries: entries)].add(summary, item.sets, bodyWeight: bodyWeight)
                }
                return true
            }
            return builders.keys.sorted().map { builders[$0]!.report }
                + removed.keys.sorted().map { removed[$0]!.report }
        }
    }
}

extension Store {
    /// The `limit` exercises used most recently, newest first, each once.
    ///
    /// - Complexity: reads index lines newest month first and stops once `limit` exercises are
    ///   found, with a `stat` of each file of the months it went through; no session file is
    ///   read unless one changed in place.
    public func recentExercises(limit: Int = 10) throws(LiftLogError) -> [RecentExercise] {
        guard limit > 0 else { return [] }
        let library = Dictionary(try exercises().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var found: [RecentExercise] = []
        var seen: Swift.Set<String> = []
        try forEachSummaryNewestFirst { summary in
            for ref in summary.exercises {
                let name = ref.id.flatMap { library[$0] } ?? ref.name
                guard seen.insert(Exercise.nameKey(name)).inserted else { continue }
                found.append(RecentExercise(exerciseID: ref.id, name: name, lastUsed: summary.startedAt.localDate))
                if found.count == limit { return false }
            }
            return true
        }
        return found
    }

    /// How many sessions each exercise was logged in, by the ``Exercise/nameKey(_:)`` of its
    /// library name (of the name it was logged under when the library has no such exercise):
    /// what ranks the suggestions for a name no exercise has.
    package func exerciseUsage() throws(LiftLogError) -> [String: Int] {
        let library = Dictionary(try exercises().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return try withFreshIndex(holdingLock: false) { index throws(LiftLogError) -> [String: Int] in
            var counts: [String: Int] = [:]
            try index.forEachVerifiedSummaryNewestFirst { summary in
                for key in Swift.Set(summary.exercises.map { Exercise.nameKey($0.id.flatMap { library[$0] } ?? $0.name) }) { counts[key, default: 0] += 1 }
                return true
            }
            return counts
        }
    }
}

/// The body weight near a session, read from the body log the first time a bodyweight set
/// asks for it (most reports never do).
struct BodyWeights {
    let store: Store
    private var log: BodyLog?

    init(store: Store) {
        self.store = store
    }

    /// The weigh-in nearest the session (within ``BodyLog/window`` days), in the store's unit,
    /// when `sets` has a bodyweight set; else `nil`.
    mutating func near(_ summary: SessionSummary, sets: [SessionSummary.WorkSets]) throws(LiftLogError) -> Double? {
        try near(summary.startedAt, sets: sets)
    }

    /// ``near(_:sets:)`` for a session that started at `startedAt`.
    mutating func near(_ startedAt: Timestamp, sets: [SessionSummary.WorkSets]) throws(LiftLogError) -> Double? {
        guard sets.contains(where: \.isBodyweightLoad) else { return nil }
        if log == nil { log = try store.bodyLog() }
        return log!.bodyWeight(near: startedAt.localDate).map { WeightUnit.kg.convert($0.kilograms, to: store.preferences.unit) }
    }
}
