/// `rpe(TARGET)`: the load is picked from the lifter's latest e1RM so that the planned reps
/// land at the target RPE, by ``RPETable``, rounded to a loadable weight. The e1RM comes from
/// the last session's best set (its logged RPE, else the target); before any, the planned load.
public struct RPELoading: Hashable, Sendable {
    /// The RPE each working set aims at.
    public var target: Double

    /// Loading to `target` RPE.
    public init(target: Double) { self.target = target }

    /// The rule as plan text (`rpe(8)`).
    public var text: String { "rpe(\(Load.plain(target)))" }

    init(_ arguments: [RuleArgument], ruleColumn: Int) throws(ProgramTextError) {
        try arguments.expect(1...1, form: "rpe(TARGET), such as rpe(8)", ruleColumn: ruleColumn)
        guard let value = Double(arguments[0].text), RPETable.rpeRange.contains(value), (value * 2).rounded() == value * 2 else {
            throw arguments[0].error("the target RPE must be \(Load.plain(RPETable.rpeRange.lowerBound))–10 in steps of 0.5, found '\(arguments[0].text)'")
        }
        target = value
    }
}

extension RPELoading: RuleLogic {
    struct State {
        var e1rm: Double?
        var reason: String
    }

    func initial(_ start: PlannedStart) -> State {
        State(e1rm: nil, reason: start.weight.map { "start: \(start.amount($0)) from the plan until a session gives an e1RM" } ?? "no load planned: the first session gives the e1RM")
    }

    func prescription(_ state: inout State, _ start: PlannedStart, on date: LocalDate) -> Prescription {
        let reps = start.reps.upperBound
        var weight = start.weight
        var reason = state.reason
        if let e1rm = state.e1rm, let share = RPETable.share(reps: reps, rpe: target) {
            weight = start.rounded(e1rm * share)
            reason += "; \(reps) @\(Load.plain(target)) is \(Load.plain(share * 100))%"
        }
        return Prescription(sets: start.uniform(reps: reps, weight: weight), unit: start.unit, reason: reason)
    }

    func advance(_ state: inout State, _ start: PlannedStart, after attempt: Attempt, prescribed: Prescription) -> String {
        var best: (e1rm: Double, set: Attempt.WorkSet, rpe: Double)?
        for set in attempt.sets where set.completed {
            let rpe = set.rpe ?? target
            guard let weight = set.weight, let share = RPETable.share(reps: set.reps, rpe: rpe) else { continue }
            let e1rm = weight / share
            if e1rm > best?.e1rm ?? 0 { best = (e1rm, set, rpe) }
        }
        guard let best else { return "no set gave an e1RM" }
        state.e1rm = best.e1rm
        state.reason = "e1RM \(start.amount(best.e1rm)) from \(start.amount(best.set.weight ?? 0)) × \(best.set.reps) @\(Load.plain(best.rpe))"
        return state.reason
    }
}

/// Mike Tuchscherer's RPE table (Reactive Training Systems): the share of a one-rep max that
/// `reps` reps at `rpe` take. One sequence read diagonally: each rep more, or each half point
/// of RPE less, is one step down it.
public enum RPETable {
    /// The RPEs the table covers.
    public static let rpeRange: ClosedRange<Double> = 6.5...10
    /// The reps the table covers.
    public static let repRange = 1...12

    /// 1 rep @10 is 100%, 2 @10 (or 1 @9) is 95.5%, … 12 @6.5 is 58.6%, in tenths of a percent.
    static let steps: [Int] = [1000, 978, 955, 939, 922, 907, 892, 878, 863, 850, 837, 824, 811, 799, 786,
                               774, 762, 751, 739, 723, 707, 694, 680, 667, 653, 640, 626, 613, 599, 586]

    /// The share (0.863 for 5 reps @10), or `nil` outside the table.
    public static func share(reps: Int, rpe: Double) -> Double? {
        guard repRange.contains(reps), rpeRange.contains(rpe), (rpe * 2).rounded() == rpe * 2 else { return nil }
        return Double(steps[(reps - 1) * 2 + Int(((10 - rpe) * 2).rounded())]) / 1000
    }
}
