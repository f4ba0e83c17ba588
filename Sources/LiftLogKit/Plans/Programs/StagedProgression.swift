/// `staged(INCREMENT, STAGE, STAGE…, reset: P%)`, GZCLP-like: while a stage's sets are hit
/// the load rises by the increment; a miss moves to the next stage at the same load; a miss at
/// the last stage resets to the first at P% of the load (GZCLP's T1: 5x3+ → 6x2+ → 10x1+, then
/// 85%; its T2: 3x10 → 3x8 → 3x6).
public struct StagedProgression: Hashable, Sendable {
    /// The weight added while a stage's sets are hit.
    public var increment: Load
    /// The schemes moved through on misses, in order (`5x3+`, `6x2+`, `10x1+`).
    public var stages: [PlanNotation]
    /// The share of the load the reset starts at, in percent (85 for 85%).
    public var resetPercent: Double

    /// A staged progression by `increment` through `stages`, resetting at `resetPercent`.
    public init(increment: Load, stages: [PlanNotation], resetPercent: Double) {
        self.increment = increment
        self.stages = stages
        self.resetPercent = resetPercent
    }

    /// The rule as plan text.
    public var text: String {
        "staged(" + ([increment.text] + stages.map(\.description) + ["reset: \(Load.plain(resetPercent))%"]).joined(separator: ", ") + ")"
    }

    init(_ arguments: [RuleArgument], ruleColumn: Int) throws(ProgramTextError) {
        let form = "staged(INCREMENT, STAGE, STAGE…, reset: P%), such as staged(5kg, 5x3+, 6x2+, 10x1+, reset: 85%)"
        try arguments.expect(3...10, form: form, ruleColumn: ruleColumn)
        increment = try arguments[0].load("The increment")
        stages = []
        for argument in arguments.dropFirst().dropLast() {
            let stage: PlanNotation
            do {
                stage = try PlanNotation.parse(argument.text)
            } catch {
                throw argument.error("stage '\(argument.text)' is not SETSxREPS, such as 5x3+")
            }
            guard stage.setTargets.isEmpty else { throw argument.error("stage '\(argument.text)' is not SETSxREPS, such as 5x3+") }
            stages.append(stage)
        }
        let last = arguments[arguments.count - 1]
        guard last.text.lowercased().hasPrefix("reset:") else { throw last.error("the last argument is the reset, such as 'reset: 85%'") }
        resetPercent = try RuleArgument(scalars: Array(last.text.dropFirst("reset:".count).unicodeScalars), column: last.column + 6).percent("The reset")
    }
}

extension StagedProgression: RuleLogic {
    struct State {
        var weight: Double?
        var stage = 0
        var reason: String
    }

    func initial(_ start: PlannedStart) -> State {
        State(weight: start.weight, reason: start.weight.map { "start: \(start.amount($0)) from the plan, \(stages[0].description)" } ?? "no load planned: the first session sets it")
    }

    func prescription(_ state: inout State, _ start: PlannedStart, on date: LocalDate) -> Prescription {
        let stage = stages[state.stage]
        let reps = PlanNotation.repRange(stage.reps)?.upperBound ?? start.reps.upperBound
        return Prescription(sets: start.uniform(sets: stage.sets, reps: reps, weight: start.loadable(state.weight), amrapLast: stage.lastSetAMRAP), unit: start.unit,
                            reason: start.reason(state.reason, exact: state.weight))
    }

    func advance(_ state: inout State, _ start: PlannedStart, after attempt: Attempt, prescribed: Prescription) -> String {
        if state.weight == nil { state.weight = attempt.topWeight }
        guard let weight = state.weight else { return "no load yet" }
        let stage = stages[state.stage]
        if attempt.hits(prescribed) {
            let step = increment.weight(in: start.unit)
            state.weight = Store.roundedLoad(weight + step, step: 0)
            state.reason = "+\(start.amount(step)): \(stage.description) hit"
        } else if state.stage + 1 < stages.count {
            state.stage += 1
            state.reason = "\(stage.description) missed: \(stages[state.stage].description) at the same load"
        } else {
            state.stage = 0
            state.weight = start.rounded(weight * resetPercent / 100)
            state.reason = "\(stage.description) missed at the last stage: reset to \(stages[0].description) at \(Load.plain(resetPercent))%"
        }
        return state.reason
    }
}
