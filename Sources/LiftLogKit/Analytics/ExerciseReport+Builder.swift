extension ExerciseReport {
    /// Builds a report from one session's working sets at a time, newest session first.
    struct Builder {
        private var partial: ExerciseReport
        private let formula: E1RMFormula
        private var repBest: [Int: (kg: Double, record: RepRecord)] = [:]
        private var prKilograms = -1.0
        private var addedKilograms = -Double.infinity
        private var paceBest: [Int: PaceRecord] = [:]
        /// Whether each session's entry is kept (the records alone need none of them).
        private let keepsEntries: Bool

        init(exerciseID: Exercise.ID?, exerciseName: String, preferences: StoreManifest.Preferences, formula: E1RMFormula, keepsEntries: Bool = true) {
            partial = ExerciseReport(exerciseID: exerciseID, exerciseName: exerciseName, unit: preferences.unit, distance: preferences.distanceScale(of: exerciseName))
            self.formula = formula
            self.keepsEntries = keepsEntries
        }

        /// Adds the exercise's working sets of one session. `bodyWeight` (in the report's unit)
        /// is the weigh-in nearest the session, for its bodyweight sets' volume and e1RM.
        mutating func add(_ summary: SessionSummary, _ sets: [SessionSummary.WorkSets], bodyWeight: Double? = nil) {
            add(sessionID: summary.id, startedAt: summary.startedAt, weekNumber: summary.weekNumber, sets, bodyWeight: bodyWeight)
        }

        /// ``add(_:_:bodyWeight:)`` for the session `sessionID`, which started at `startedAt`.
        mutating func add(sessionID: Session.ID, startedAt: Timestamp, weekNumber: Int?, _ sets: [SessionSummary.WorkSets], bodyWeight: Double? = nil) {
            let unit = partial.unit
            let date = startedAt.localDate
            var entry = ProgressEntry(sessionID: sessionID, date: date, weekNumber: weekNumber, sets: 0, bestWeight: nil, bestSetReps: nil, e1rm: nil, volume: 0)
            var bestKilograms = -1.0
            for set in sets {
                entry.sets += set.count
                if let seconds = set.durationSeconds, set.reps == nil, set.distanceMeters == nil { addTimed(set, seconds: seconds, date: date, sessionID: sessionID, into: &entry) }
                if let meters = set.distanceMeters { addDistance(set, meters: meters, date: date, sessionID: sessionID, into: &entry) }
                // A set of 0 reps is a missed attempt: never a record, never the best weight.
                guard let reps = set.reps, reps >= 1 else { continue }
                entry.maxReps = max(entry.maxReps ?? 0, reps)
                if set.isBodyweightLoad {
                    addBodyweight(set, reps: reps, bodyWeight: bodyWeight, date: date, sessionID: sessionID, into: &entry)
                    continue
                }
                let weight = set.weight!
                let setUnit = set.unit
                entry.volume += setUnit.convert(weight, to: unit) * Double(reps) * Double(set.count)
                let kilograms = setUnit.convert(weight, to: .kg)
                let inUnit = setUnit.convert(weight, to: unit)
                if kilograms > bestKilograms || (kilograms == bestKilograms && reps > (entry.bestSetReps ?? 0)) {
                    bestKilograms = kilograms
                    entry.bestWeight = rounded(inUnit)
                    entry.bestSetReps = reps
                }
                addEstimate(load: inUnit, reps: reps, date: date, sessionID: sessionID, into: &entry)
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
            entry.distanceMeters = entry.distanceMeters.map(rounded)
            if keepsEntries { partial.entries.append(entry) }
        }

        /// The e1RM of a set of `load` (in the report's unit) for `reps`.
        private mutating func addEstimate(load: Double, reps: Int, date: LocalDate, sessionID: Session.ID, into entry: inout ProgressEntry) {
            guard load > 0, let estimate = formula.estimate(weight: load, reps: reps) else { return }
            entry.e1rm = max(entry.e1rm ?? 0, rounded(estimate))
            if estimate > partial.bestE1RM?.value ?? 0 || (rounded(estimate) == partial.bestE1RM?.value && date < partial.bestE1RM!.date) {
                partial.bestE1RM = EstimatedMaxRecord(value: rounded(estimate), date: date, sessionID: sessionID)
            }
        }

        /// A bodyweight set: most reps without added load, the best added load, and with a
        /// weigh-in, volume and e1RM of body weight plus the load.
        private mutating func addBodyweight(_ set: SessionSummary.WorkSets, reps: Int, bodyWeight: Double?, date: LocalDate, sessionID: Session.ID, into entry: inout ProgressEntry) {
            let added = set.weight ?? 0
            if added == 0 {
                // The record is the most reps (ties: the earlier date).
                if reps > partial.maxReps?.reps ?? 0 || (reps == partial.maxReps?.reps && date < partial.maxReps!.date) {
                    partial.maxReps = MaxRepsRecord(reps: reps, date: date, sessionID: sessionID)
                }
            } else if added > 0 {
                let kilograms = set.unit.convert(added, to: .kg)
                let current = partial.bestAddedLoad
                if kilograms > addedKilograms + 1e-9
                    || (abs(kilograms - addedKilograms) <= 1e-9 && (reps > current!.reps || (reps == current!.reps && date < current!.date))) {
                    partial.bestAddedLoad = PersonalRecord(weight: added, unit: set.unit, reps: reps, date: date, sessionID: sessionID)
                    addedKilograms = kilograms
                }
            }
            // A session of bodyweight sets alone: its best set is the one with most reps.
            if entry.bestWeight == nil { entry.bestSetReps = max(entry.bestSetReps ?? 0, reps) }
            guard let bodyWeight else { return }
            let load = max(0, bodyWeight + set.unit.convert(added, to: partial.unit))
            entry.volume += load * Double(reps) * Double(set.count)
            addEstimate(load: load, reps: reps, date: date, sessionID: sessionID, into: &entry)
        }

        /// A timed set: the longest hold and the heaviest weighted one.
        private mutating func addTimed(_ set: SessionSummary.WorkSets, seconds: Int, date: LocalDate, sessionID: Session.ID, into entry: inout ProgressEntry) {
            entry.longestSeconds = max(entry.longestSeconds ?? 0, seconds)
            let weight = set.bodyweight ? nil : set.weight
            let hold = HoldRecord(seconds: seconds, weight: weight, unit: weight == nil ? nil : set.unit, date: date, sessionID: sessionID)
            if let current = partial.longestHold {
                if seconds > current.seconds || (seconds == current.seconds && date < current.date) { partial.longestHold = hold }
            } else {
                partial.longestHold = hold
            }
            guard let weight, weight > 0 else { return }
            let kilograms = set.unit.convert(weight, to: .kg)
            if let current = partial.heaviestHold, let currentWeight = current.weight, let currentUnit = current.unit {
                let currentKilograms = currentUnit.convert(currentWeight, to: .kg)
                let better = kilograms > currentKilograms + 1e-9
                    || (abs(kilograms - currentKilograms) <= 1e-9 && (seconds > current.seconds || (seconds == current.seconds && date < current.date)))
                if better { partial.heaviestHold = hold }
            } else {
                partial.heaviestHold = hold
            }
        }

        /// A distance set: the longest, and the fastest pace over each standard distance it reached.
        private mutating func addDistance(_ set: SessionSummary.WorkSets, meters: Double, date: LocalDate, sessionID: Session.ID, into entry: inout ProgressEntry) {
            entry.distanceMeters = (entry.distanceMeters ?? 0) + meters * Double(set.count)
            let record = DistanceRecord(meters: meters, seconds: set.durationSeconds, date: date, sessionID: sessionID)
            if let current = partial.longestDistance {
                if meters > current.meters || (meters == current.meters && date < current.date) { partial.longestDistance = record }
            } else {
                partial.longestDistance = record
            }
            guard let pace = record.secondsPerKilometre else { return }
            entry.secondsPerKilometre = min(entry.secondsPerKilometre ?? .infinity, pace)
            for (index, standard) in partial.distance.standardDistances.enumerated() where ExerciseReport.covers(meters, standard: standard.meters) {
                if let current = paceBest[index], let best = current.record.secondsPerKilometre {
                    guard pace < best - 1e-9 || (abs(pace - best) <= 1e-9 && date < current.record.date) else { continue }
                }
                paceBest[index] = PaceRecord(label: standard.label, standardMeters: standard.meters, record: record)
            }
        }

        /// The report so far: entries newest first, rep records by reps.
        var report: ExerciseReport {
            var report = partial
            report.entries.sort { $0.date > $1.date }
            report.repRecords = repBest.keys.sorted().map { repBest[$0]!.record }
            report.paces = paceBest.keys.sorted().map { paceBest[$0]! }
            return report
        }

        private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
    }
}
