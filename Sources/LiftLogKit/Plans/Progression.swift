/// The progression rule of a mesocycle, as pure functions of the sessions logged.
///
/// Week 1 aims for the heaviest working weight of the last session before the mesocycle that
/// had the exercise. A week's target is what its sets recorded as `target_weight`, when they
/// did. After a week in which every target rep was hit, the next week aims for the week's
/// target plus the exercise's `weight_increment`; otherwise it stays. A week with no
/// session of the exercise (or only sets left pending or skipped) keeps the target it had.
public enum Progression {
    /// One week of one exercise: what it aimed for and what was done.
    public struct Week: Hashable, Sendable {
        /// The week number, from 1.
        public var number: Int
        /// The weight aimed for, in the store's unit; `nil` without history or for bodyweight.
        public var targetWeight: Double?
        /// The heaviest completed working weight of the week, in the store's unit.
        public var performedWeight: Double?
        /// How many sessions of the week had the exercise.
        public var sessions: Int
        /// Whether every target rep was hit; `nil` when it was not done that week.
        public var hit: Bool?
    }

    /// Whether an entry hit every target rep: each set carrying a target (as `start --plan-day`
    /// writes them) was completed with at least its target reps at no less than its target
    /// weight; an entry logged without targets needs `planned.sets` working sets of at least the
    /// top of the planned rep range at `weight` or more.
    public static func hitEveryTarget(_ entry: Session.Entry, planned: TrainingPlan.PlannedExercise, weight: Double?, unit: WeightUnit) -> Bool {
        let targeted = entry.sets.filter { $0.targetReps != nil && $0.setType != .warmup }
        if !targeted.isEmpty {
            return targeted.allSatisfy { set in
                guard set.status == .completed, let reps = set.reps, reps >= set.targetReps! else { return false }
                guard let target = set.targetWeight else { return true }
                return heavyEnough(set, than: target, in: set.unit ?? unit, unit: unit)
            }
        }
        guard let targetReps = planned.targetReps else { return false }
        let good = entry.sets.filter { set in
            set.countsAsWork && (set.reps ?? 0) >= targetReps && (weight.map { heavyEnough(set, than: $0, in: unit, unit: unit) } ?? true)
        }
        return good.count >= planned.sets
    }

    private static func heavyEnough(_ set: WorkoutSet, than target: Double, in targetUnit: WeightUnit, unit: WeightUnit) -> Bool {
        guard let weight = set.weight else { return target <= 0 }
        return (set.unit ?? unit).convert(weight, to: .kg) >= targetUnit.convert(target, to: .kg) - 1e-6
    }

    /// The heaviest completed working weight of `entries`, in `unit`, to 0.01.
    public static func heaviestWeight(_ entries: [Session.Entry], unit: WeightUnit) -> Double? {
        entries.flatMap(\.sets).filter(\.countsAsWork).compactMap { set in set.weight.map { (set.unit ?? unit).convert($0, to: unit) } }.max().map(round)
    }

    /// Weeks 1 through `weeks` of one exercise.
    ///
    /// - Parameters:
    ///   - entries: the exercise's entries in the plan's sessions, by week number (1-based);
    ///     weeks without any are absent.
    ///   - startWeight: the weight week 1 aims for.
    ///   - increment: the exercise's `weight_increment`, in `unit`.
    public static func weeks(_ weeks: Int, planned: TrainingPlan.PlannedExercise, entries: [Int: [Session.Entry]], startWeight: Double?, increment: Double, unit: WeightUnit) -> [Week] {
        var result: [Week] = []
        var target = startWeight.map(round)
        for number in 1...max(weeks, 1) {
            // An entry whose sets were all left pending or skipped was not done.
            let done = (entries[number] ?? []).filter { $0.sets.contains(where: \.countsAsWork) }
            let performed = heaviestWeight(done, unit: unit)
            // What the sessions themselves aimed for (written by `start --plan-day`, or by hand)
            // is the week's target; else the rule's.
            let recorded = done.flatMap(\.sets).filter { $0.setType != .warmup }
                .compactMap { set in set.targetWeight.map { (set.unit ?? unit).convert($0, to: unit) } }.max().map(round)
            var week = Week(number: number, targetWeight: recorded ?? target, performedWeight: performed, sessions: done.count, hit: nil)
            if !done.isEmpty {
                // A week logged without a target sets the bar by what was lifted.
                let base = recorded ?? target ?? performed
                let hit = done.allSatisfy { hitEveryTarget($0, planned: planned, weight: base, unit: unit) }
                week.hit = hit
                if let base { target = round(hit ? base + increment : base) }
            }
            result.append(week)
        }
        return result
    }

    /// Weights to 0.01 (a converted 135 lb is 61.23 kg).
    private static func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
