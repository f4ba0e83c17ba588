/// What a set of an exercise is measured in, so that a logging screen asks for that and no
/// more: a load and reps, reps at body weight with a load added, a time held, or a distance
/// and its time.
public enum SetMeasure: String, Sendable, Hashable, CaseIterable {
    /// A weight × reps (a barbell, dumbbell, machine or cable exercise).
    case load
    /// Reps at body weight, with a load added (or taken off: assisted) when there is one.
    case bodyweight
    /// Seconds held (a plank, a hang).
    case time
    /// A distance and the time it took (a run, a row).
    case distance

    /// The measure of `exercise` (`nil`: not in the library): what its sets held the last time
    /// when they agree (all with a distance, all timed without reps, all at body weight: ``SessionSummary/WorkSets/isBodyweightLoad``), else
    /// what its equipment and category say — cardio a distance, flexibility a time, a body-weight
    /// exercise reps, anything else a load.
    public static func of(_ exercise: Exercise?, lastTime: [SessionSummary.WorkSets]) -> SetMeasure {
        if !lastTime.isEmpty {
            if lastTime.allSatisfy({ $0.distanceMeters != nil }) { return .distance }
            if lastTime.allSatisfy({ $0.durationSeconds != nil && $0.reps == nil }) { return .time }
            if lastTime.allSatisfy(\.isBodyweightLoad) { return .bodyweight }
            if lastTime.contains(where: { $0.weight != nil }) { return .load }
        }
        guard let exercise else { return .load }
        if exercise.modality == .cardio || exercise.category == .cardio { return .distance }
        if exercise.category == .flexibility { return .time }
        return exercise.modality == .bodyweight ? .bodyweight : .load
    }
}

extension Store {
    /// The measure of each exercise of `session`, by its name in the session: ``SetMeasure/of(_:lastTime:)``
    /// with the library read once and `previous` (``previousSets(for:)``) as the last time.
    public func setMeasures(in session: Session, previous: [PreviousSets]) -> [String: SetMeasure] {
        let library = (try? exercises()) ?? []
        var measures: [String: SetMeasure] = [:]
        for entry in session.entries {
            let last = previous.first { Exercise.nameKey($0.exerciseName) == Exercise.nameKey(entry.exerciseName) }?.sets ?? []
            measures[entry.exerciseName] = SetMeasure.of(Store.libraryExercise(of: entry, in: library), lastTime: last)
        }
        return measures
    }

    /// The measure of `exercise` for a set logged now: ``SetMeasure/of(_:lastTime:)`` with its
    /// working sets of the newest completed session that has it (as ``previousSets(for:)``).
    public func setMeasure(of exercise: Exercise) throws(LiftLogError) -> SetMeasure {
        let last = try previousSets(of: [(id: exercise.id, name: exercise.name)], before: currentTimestamp(), other: nil)
        return SetMeasure.of(exercise, lastTime: last[Exercise.nameKey(exercise.name)]?.sets ?? [])
    }
}
