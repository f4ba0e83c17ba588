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
    public func exerciseReport(_ name: String, formula: E1RMFormula = .epley) throws(LiftLogError) -> ExerciseReport {
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
        let found: [(summary: SessionSummary, sets: [SessionSummary.WorkSets])] = try withFreshIndex(holdingLock: false) { index throws(LiftLogError) in
            try index.verifying { shown throws(LiftLogError) in
                var found: [(SessionSummary, [SessionSummary.WorkSets])] = []
                let visit = { (month: MonthKey, record: IndexRecord) throws(LiftLogError) -> Bool in
                    guard let summary = record.summary else { return true }
                    var sets: [SessionSummary.WorkSets] = []
                    var matched = false
                    for (position, ref) in summary.exercises.enumerated()
                    where target.isRecorded(as: ref.id, name: ref.name) || (!known && Exercise.nameKey(ref.name) == key) {
                        matched = true
                        sets += summary.workSets(ofEntryAt: position)
                    }
                    if matched {
                        found.append((summary, sets))
                        shown.append((month, record))
                    }
                    return true
                }
                // A library exercise: only the lines that name its ID or have unlinked entries.
                if known {
                    try index.forEachRecordNewestFirst(mayContain: target.id, visit)
                } else {
                    try index.forEachRecordNewestFirst(visit)
                }
                return found
            }
        }
        if found.isEmpty && !known {
            throw .notFound("No exercise named '\(name)'.", suggestions: Suggestions.closest(to: name, among: (try? exercises().map(\.name)) ?? []))
        }
        var builder = ExerciseReport.Builder(exerciseID: known ? exercise.id : nil, exerciseName: exercise.name, unit: preferences.unit, formula: formula)
        for (summary, sets) in found { builder.add(summary, sets) }
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
    /// - Complexity: one index line per session and one `stat` per session used; no session
    ///   file is read unless it changed.
    public func exerciseReports(formula: E1RMFormula = .epley) throws(LiftLogError) -> [ExerciseReport] {
        let library = try exercises()
        let byID = Dictionary(library.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let byName = Dictionary(library.enumerated().map { (Exercise.nameKey($1.name), $0) }, uniquingKeysWith: { first, _ in first })
        let unit = preferences.unit
        return try withFreshIndex(holdingLock: false) { index throws(LiftLogError) -> [ExerciseReport] in
            try index.verifying { shown throws(LiftLogError) in
                var builders: [Int: ExerciseReport.Builder] = [:]
                // Exercises no longer in the library, by the name their sessions recorded.
                var removed: [String: ExerciseReport.Builder] = [:]
                try index.forEachRecordNewestFirst { month, record in
                    guard let summary = record.summary else { return true }
                    var sets: [Int: [SessionSummary.WorkSets]] = [:]
                    var removedSets: [String: (name: String, sets: [SessionSummary.WorkSets])] = [:]
                    for (position, ref) in summary.exercises.enumerated() {
                        guard let found = ref.id.flatMap({ byID[$0] }) ?? (ref.id == nil ? byName[Exercise.nameKey(ref.name)] : nil) else {
                            removedSets[Exercise.nameKey(ref.name), default: (ref.name, [])].sets += summary.workSets(ofEntryAt: position)
                            continue
                        }
                        sets[found, default: []] += summary.workSets(ofEntryAt: position)
                    }
                    for (found, list) in sets {
                        builders[found, default: ExerciseReport.Builder(exerciseID: library[found].id, exerciseName: library[found].name, unit: unit, formula: formula)].add(summary, list)
                    }
                    for (key, item) in removedSets {
                        removed[key, default: ExerciseReport.Builder(exerciseID: nil, exerciseName: item.name, unit: unit, formula: formula)].add(summary, item.sets)
                    }
                    if !sets.isEmpty || !removedSets.isEmpty { shown.append((month, record)) }
                    return true
                }
                return builders.keys.sorted().map { builders[$0]!.report }
                    + removed.keys.sorted().map { removed[$0]!.report }
            }
        }
    }
}

extension ExerciseReport {
    /// Builds a report from one session's working sets at a time, newest session first.
    struct Builder {
        private var partial: ExerciseReport
        private let formula: E1RMFormula
        private var repBest: [Int: (kg: Double, record: RepRecord)] = [:]
        private var prKilograms = -1.0

        init(exerciseID: Exercise.ID?, exerciseName: String, unit: WeightUnit, formula: E1RMFormula) {
            partial = ExerciseReport(exerciseID: exerciseID, exerciseName: exerciseName, unit: unit, entries: [], personalRecord: nil, bestE1RM: nil, repRecords: [], maxReps: nil)
            self.formula = formula
        }

        /// Adds the exercise's working sets of one session.
        mutating func add(_ summary: SessionSummary, _ sets: [SessionSummary.WorkSets]) {
            let unit = partial.unit
            let date = summary.startedAt.localDate
            let sessionID = summary.id
            var entry = ProgressEntry(sessionID: sessionID, date: date, weekNumber: summary.weekNumber, sets: 0, bestWeight: nil, bestSetReps: nil, e1rm: nil, volume: 0)
            var bestKilograms = -1.0
            for set in sets {
                entry.sets += set.count
                // A set of 0 reps is a missed attempt: never a record, never the best weight.
                guard let reps = set.reps, reps >= 1 else { continue }
                guard let weight = set.weight else {
                    // Bodyweight: the record is the most reps (ties: the earlier date).
                    if reps > partial.maxReps?.reps ?? 0 || (reps == partial.maxReps?.reps && date < partial.maxReps!.date) {
                        partial.maxReps = (reps, date, sessionID)
                    }
                    // A session of bodyweight sets alone: its best set is the one with most reps.
                    if entry.bestWeight == nil { entry.bestSetReps = max(entry.bestSetReps ?? 0, reps) }
                    continue
                }
                let setUnit = set.unit
                entry.volume += setUnit.convert(weight, to: unit) * Double(reps) * Double(set.count)
                let kilograms = setUnit.convert(weight, to: .kg)
                let inUnit = setUnit.convert(weight, to: unit)
                if kilograms > bestKilograms || (kilograms == bestKilograms && reps > (entry.bestSetReps ?? 0)) {
                    bestKilograms = kilograms
                    entry.bestWeight = rounded(inUnit)
                    entry.bestSetReps = reps
                }
                if let estimate = formula.estimate(weight: inUnit, reps: reps) {
                    entry.e1rm = max(entry.e1rm ?? 0, rounded(estimate))
                    if estimate > partial.bestE1RM?.value ?? 0 || (rounded(estimate) == partial.bestE1RM?.value && date < partial.bestE1RM!.date) {
                        partial.bestE1RM = (rounded(estimate), date, sessionID)
                    }
                }
                // The heaviest set; ties go to more reps, then to the earlier date.
                let record = PersonalRecord(weight: weight, unit: setUnit, reps: reps, date: date, sessionID: sessionID)
                if let current = partial.personalRecord {
                    let better = kilograms > prKilograms + 1e-9
                        || (abs(kilograms - prKilograms) <= 1e-9 && (reps > current.reps || (reps == current.reps && date < current.date)))
                    if better { partial.personalRecord = record; prKilograms = kilograms }
                } else {
                    partial.personalRecord = record
                    prKilograms = kilograms
                }
                if (1...12).contains(reps) {
                    let candidate = RepRecord(reps: reps, weight: weight, unit: setUnit, date: date)
                    if let current = repBest[reps] {
                        if kilograms > current.kg + 1e-9 || (abs(kilograms - current.kg) <= 1e-9 && date < current.record.date) { repBest[reps] = (kilograms, candidate) }
                    } else {
                        repBest[reps] = (kilograms, candidate)
                    }
                }
            }
            entry.volume = rounded(entry.volume)
            partial.entries.append(entry)
        }

        /// The report so far: entries newest first, rep records by reps.
        var report: ExerciseReport {
            var report = partial
            report.entries.sort { $0.date > $1.date }
            report.repRecords = repBest.keys.sorted().map { repBest[$0]!.record }
            return report
        }

        private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
    }
}


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

extension Store {
    /// The `limit` exercises used most recently, newest first, each once.
    ///
    /// - Complexity: reads index lines newest month first and stops once `limit` exercises are
    ///   found; no session file is read.
    public func recentExercises(limit: Int = 10) throws(LiftLogError) -> [RecentExercise] {
        guard limit > 0 else { return [] }
        let library = Dictionary(try exercises().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return try withFreshIndex(holdingLock: false) { index throws(LiftLogError) -> [RecentExercise] in
            var found: [RecentExercise] = []
            var seen: Swift.Set<String> = []
            try index.forEachSummaryNewestFirst { summary in
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
    }
}
