/// Numbers derived from a session's data, never stored.
public struct SessionMetrics: Hashable, Sendable {
    /// Completed minus started for a finished workout; the recorded length for a stretch or
    /// meditation; `nil` while a workout is active.
    public var durationSeconds: Int?
    /// Σ weight × reps over completed, non-warm-up sets, in ``unit``.
    public var totalVolume: Double
    /// The unit of ``totalVolume``.
    public var unit: WeightUnit
    /// Entries with at least one set.
    public var exerciseCount: Int
    /// Completed sets, warm-ups included.
    public var setCount: Int
}

extension Session {
    /// The derived numbers of this session, with volume in `unit` (sets without a unit are
    /// taken to be in `unit`); bodyweight sets count `bodyWeight` (in `unit`) plus their load,
    /// and nothing without it.
    public func metrics(in unit: WeightUnit, bodyWeight: Double? = nil) -> SessionMetrics {
        var volume = 0.0
        var sets = 0
        var exercises = 0
        for entry in entries {
            var counted = false
            for set in entry.sets where set.status == .completed {
                sets += 1
                counted = true
                if set.setType != .warmup { volume += set.volume(in: unit, defaultUnit: unit, bodyWeight: bodyWeight) }
            }
            if counted || !entry.sets.isEmpty { exercises += 1 }
        }
        let duration: Int?
        if let durationSeconds {
            duration = durationSeconds
        } else if let completedAt {
            duration = startedAt.seconds(until: completedAt)
        } else {
            duration = nil
        }
        return SessionMetrics(durationSeconds: duration, totalVolume: (volume * 100).rounded() / 100, unit: unit, exerciseCount: exercises, setCount: sets)
    }
}

extension Session {
    /// Whether a completed set of the session is a bodyweight set (its volume needs a weigh-in).
    public var hasBodyweightSets: Bool {
        entries.contains { $0.sets.contains { $0.countsAsWork && $0.isBodyweightLoad } }
    }
}

extension Store {
    /// The derived numbers of a session in the store's unit, its bodyweight sets counted at
    /// the weigh-in nearest it (SPEC §8).
    ///
    /// - Complexity: reads the body log only when the session has bodyweight sets.
    public func metrics(of session: Session) throws(LiftLogError) -> SessionMetrics {
        session.metrics(in: preferences.unit, bodyWeight: try bodyWeight(for: session))
    }

    /// Each exercise's numbers in `session`, in the order of its entries: its sets, best set,
    /// best e1RM and volume in the store's unit, exactly as ``exerciseReport(_:formula:)``
    /// counts that session (what `show` gives beside each exercise, and `progress` in its row).
    public func exerciseProgress(in session: Session, formula: E1RMFormula = .standard) throws(LiftLogError) -> [ProgressEntry] {
        exerciseProgress(in: session, formula: formula, bodyWeight: try bodyWeight(for: session))
    }

    /// ``metrics(of:)`` and ``exerciseProgress(in:formula:)`` together, the body log read once.
    package func derivedNumbers(of session: Session) throws(LiftLogError) -> (metrics: SessionMetrics, progress: [ProgressEntry]) {
        let bodyWeight = try bodyWeight(for: session)
        return (session.metrics(in: preferences.unit, bodyWeight: bodyWeight), exerciseProgress(in: session, formula: .epley, bodyWeight: bodyWeight))
    }

    private func exerciseProgress(in session: Session, formula: E1RMFormula, bodyWeight: Double?) -> [ProgressEntry] {
        let unit = preferences.unit
        let summary = SessionSummary(session, path: "", unit: unit)
        return session.entries.indices.map { index in
            var builder = ExerciseReport.Builder(exerciseID: session.entries[index].exerciseID, exerciseName: session.entries[index].exerciseName, preferences: preferences, formula: formula)
            builder.add(summary, summary.workSets(ofEntryAt: index), bodyWeight: bodyWeight)
            return builder.report.entries[0]
        }
    }

    /// The body weight `session`'s bodyweight sets count, in the store's unit: the weigh-in
    /// nearest it; `nil` when it has none (or no weigh-in is near).
    ///
    /// - Complexity: reads the body log only when the session has bodyweight sets.
    private func bodyWeight(for session: Session) throws(LiftLogError) -> Double? {
        guard session.hasBodyweightSets else { return nil }
        return try bodyLog().bodyWeight(near: session.startedAt.localDate).map { WeightUnit.kg.convert($0.kilograms, to: preferences.unit) }
    }
}
