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
