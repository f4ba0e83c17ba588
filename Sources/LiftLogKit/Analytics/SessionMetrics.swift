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
    /// taken to be in `unit`).
    public func metrics(in unit: WeightUnit) -> SessionMetrics {
        var volume = 0.0
        var sets = 0
        var exercises = 0
        for entry in entries {
            var counted = false
            for set in entry.sets where set.status == .completed {
                sets += 1
                counted = true
                if set.setType != .warmup { volume += set.volume(in: unit, defaultUnit: unit) }
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
