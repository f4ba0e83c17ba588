/// Sets whose weight and reps read as swapped: `log "back squat" 5x225` meant 225 × 5, not
/// 5 lbs lifted 225 times. What `log` asks about before it writes (and says with `--json`).
extension SetNotation {
    /// The most reps a loaded set is taken to have before its numbers look swapped.
    public static let swappedRepsAbove = 30

    /// Whether this set reads as if its weight and reps were swapped, against `recentWeights`
    /// (the exercise's recent working weights, in this set's unit): a loaded set (not a
    /// bodyweight, timed or distance set) of more than 30 reps at a weight of at most 30,
    /// whose reps as a weight are within a quarter of a recent weight; with no recent weight,
    /// more reps than anyone does with a load (over 100).
    public func looksSwapped(recentWeights: [Double]) -> Bool {
        guard mayBeSwapped, let reps else { return false }
        let recent = recentWeights.filter { $0 > 0 }
        guard !recent.isEmpty else { return reps > 100 }
        return recent.contains { abs(Double(reps) - $0) <= $0 / 4 }
    }

    /// A loaded set of many reps at a light weight: the sets ``looksSwapped(recentWeights:)``
    /// looks at further.
    var mayBeSwapped: Bool {
        guard !bodyweight, durationSeconds == nil, distanceMeters == nil, let weight, weight > 0, let reps else { return false }
        return reps > SetNotation.swappedRepsAbove && weight <= Double(SetNotation.swappedRepsAbove)
    }

    /// "5 lbs × 225 reads like 225 lbs × 5 with its numbers swapped" (for `looksSwapped`).
    public func swappedDescription(defaultUnit: WeightUnit) -> String {
        let shownUnit = (unit ?? defaultUnit).rawValue
        let weightText = weight.map { NumberText.format($0) } ?? ""
        return "\(weightText) \(shownUnit) × \(reps ?? 0) reads like \(reps ?? 0) \(shownUnit) × \(weightText) with its numbers swapped"
    }
}

extension Store {
    /// The sets of `sets` for `exercise` that look swapped (``SetNotation/looksSwapped(recentWeights:)``)
    /// against the working weights of the exercise's last completed session.
    public func swappedSets(_ sets: [SetNotation], exercise name: String) throws(LiftLogError) -> [SetNotation] {
        // Most sets are not candidates at all: no history is read for them.
        guard sets.contains(where: \.mayBeSwapped) else { return [] }
        let known = try? findExercise(named: name)
        let previous = try previousSets(of: [(id: known?.id, name: known?.name ?? name)], before: currentTimestamp(), other: nil)
        let last = previous.values.first?.sets ?? []
        return sets.filter { set in
            let unit = set.unit ?? preferences.unit
            let recent = last.filter { !$0.bodyweight }.compactMap { run in run.weight.map { run.unit.convert($0, to: unit) } }
            return set.looksSwapped(recentWeights: recent)
        }
    }
}
