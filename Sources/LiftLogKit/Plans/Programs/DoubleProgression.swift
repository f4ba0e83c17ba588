/// `dp(increment, min, max)`: the weight stays while the reps work up the range, one rep a
/// session (from the fewest reps of the last session); when every set reaches `max`, the next
/// session adds the increment and returns to `min`. Without a planned load the first session
/// sets it.
public struct DoubleProgression: Hashable, Sendable {
    /// The weight added once every set reaches ``maximumReps``.
    public var increment: Load
    /// The reps each set starts from after a raise.
    public var minimumReps: Int
    /// The reps each set must reach before the weight rises.
    public var maximumReps: Int

    /// A double progression by `increment` between `minimumReps` and `maximumReps`.
    public init(increment: Load, minimumReps: Int, maximumReps: Int) {
        self.increment = increment
        self.minimumReps = minimumReps
        self.maximumReps = maximumReps
    }

    /// The rule as plan text (`dp(2.5kg, 8, 12)`).
    public var text: String { "dp(\(increment.text), \(minimumReps), \(maximumReps))" }

    init(_ arguments: [RuleArgument], ruleColumn: Int) throws(ProgramTextError) {
        try arguments.expect(3...3, form: "dp(INCREMENT, MIN, MAX), such as dp(2.5kg, 8, 12)", ruleColumn: ruleColumn)
        increment = try arguments[0].load("The increment")
        minimumReps = try arguments[1].integer("The fewest reps", in: 1...PlanNotation.maximumReps)
        maximumReps = try arguments[2].integer("The most reps", in: 1...PlanNotation.maximumReps)
        guard minimumReps < maximumReps else {
            throw arguments[2].error("the most reps (\(maximumReps)) must be above the fewest (\(minimumReps))")
        }
    }
}

extension DoubleProgression: RuleLogic {
    struct State {
        var weight: Double?
        var reps: Int
        var reason: String
    }

    func initial(_ start: PlannedStart) -> State {
        State(weight: start.weight, reps: minimumReps,
              reason: start.weight.map { "start: \(start.amount($0)) from the plan, \(minimumReps) reps" } ?? "no load planned: the first session sets it")
    }

    func prescription(_ state: inout State, _ start: PlannedStart, on date: LocalDate) -> Prescription {
        Prescription(sets: start.uniform(reps: state.reps, weight: start.loadable(state.weight), amrapLast: false), unit: start.unit,
                     reason: start.reason(state.reason, exact: state.weight))
    }

    func advance(_ state: inout State, _ start: PlannedStart, after attempt: Attempt, prescribed: Prescription) -> String {
        if state.weight == nil { state.weight = attempt.topWeight }
        let done = attempt.sets.filter(\.completed)
        // As heavy as prescribed: the load the bar could take, not the rule's exact count.
        let heavyEnough = done.allSatisfy { ($0.weight ?? 0) >= (prescribed.topWeight ?? state.weight ?? 0) - 1e-6 }
        let fewest = done.count >= prescribed.sets.count && heavyEnough ? done.map(\.reps).min() ?? 0 : 0
        if fewest >= maximumReps, let weight = state.weight {
            let step = increment.weight(in: start.unit)
            state.weight = Store.roundedLoad(weight + step, step: 0)
            state.reps = minimumReps
            state.reason = "+\(start.amount(step)): every set reached \(maximumReps); back to \(minimumReps) reps"
        } else if fewest >= state.reps {
            state.reps = min(maximumReps, fewest + 1)
            state.reason = "\(state.reps) reps: every set reached \(fewest)"
        } else {
            state.reason = "same: a set fell short of \(state.reps) reps"
        }
        return state.reason
    }
}
