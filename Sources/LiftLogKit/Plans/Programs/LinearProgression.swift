/// `lp(increment[, weekly][, deload: P% after N misses])`: the increment is added after each
/// session in which every target rep was hit (after each such week with `weekly`); after N
/// misses in a row the load drops by P%, rounded to a loadable step. Without a planned load the
/// first session sets it.
public struct LinearProgression: Hashable, Sendable {
    /// A drop of the load after misses in a row.
    public struct Deload: Hashable, Sendable {
        /// The share taken off, in percent (10 for 10%).
        public var percent: Double
        /// Misses in a row that trigger it.
        public var afterMisses: Int
    }

    /// The weight added after each hit session (or week).
    public var increment: Load
    /// Whether the increment is added once a week rather than every session.
    public var weekly: Bool
    /// The drop after misses, if the rule has one.
    public var deload: Deload?

    /// A linear progression by `increment`.
    public init(increment: Load, weekly: Bool = false, deload: Deload? = nil) {
        self.increment = increment
        self.weekly = weekly
        self.deload = deload
    }

    /// The rule as plan text (`lp(2.5kg, weekly)`).
    public var text: String {
        var parts = [increment.text]
        if weekly { parts.append("weekly") }
        if let deload { parts.append("deload: \(Load.plain(deload.percent))% after \(deload.afterMisses) misses") }
        return "lp(" + parts.joined(separator: ", ") + ")"
    }

    static let form = "lp(INCREMENT[, weekly][, deload: P% after N misses]), such as lp(2.5kg)"

    init(_ arguments: [RuleArgument], ruleColumn: Int) throws(ProgramTextError) {
        try arguments.expect(1...3, form: LinearProgression.form, ruleColumn: ruleColumn)
        increment = try arguments[0].load("The increment")
        weekly = false
        for argument in arguments.dropFirst() {
            let lower = argument.text.lowercased()
            if lower == "weekly", !weekly, deload == nil {
                weekly = true
            } else if lower.hasPrefix("deload:"), deload == nil {
                let words = lower.dropFirst("deload:".count).split(separator: " ")
                guard words.count == 4, words[1] == "after", words[3] == "misses" || words[3] == "miss" else {
                    throw argument.error("write the deload as 'deload: 10% after 3 misses', found '\(argument.text)'")
                }
                let percent = try RuleArgument(scalars: Array(words[0].unicodeScalars), column: argument.column).percent("The deload")
                guard let misses = Int(words[2]), (1...20).contains(misses) else {
                    throw argument.error("the misses before a deload must be a whole number 1–20, found '\(words[2])'")
                }
                deload = Deload(percent: percent, afterMisses: misses)
            } else {
                throw argument.error("expected 'weekly' or 'deload: P% after N misses', found '\(argument.text)'")
            }
        }
    }
}

extension LinearProgression: RuleLogic {
    struct State {
        var weight: Double?
        var misses = 0
        var reason: String
        /// With `weekly`: the Monday of the week being logged, and whether every session of
        /// it hit so far.
        var week: Int?
        var weekHit = true
    }

    func initial(_ start: PlannedStart) -> State {
        State(weight: start.weight, reason: start.weight.map { "start: \(start.amount($0)) from the plan" } ?? "no load planned: the first session sets it")
    }

    func prescription(_ state: inout State, _ start: PlannedStart, on date: LocalDate) -> Prescription {
        if weekly, let week = state.week, LinearProgression.monday(of: date) != week {
            state.reason = settle(&state, start, hit: state.weekHit, what: "every target of the week before hit", missed: "a target missed the week before")
            state.week = nil
        }
        return Prescription(sets: start.uniform(reps: start.reps.upperBound, weight: start.loadable(state.weight)), unit: start.unit,
                            reason: start.reason(state.reason, exact: state.weight))
    }

    func advance(_ state: inout State, _ start: PlannedStart, after attempt: Attempt, prescribed: Prescription) -> String {
        let hit = attempt.hits(prescribed)
        if state.weight == nil { state.weight = attempt.topWeight }
        guard weekly else {
            state.reason = settle(&state, start, hit: hit, what: "every rep of \(prescribed.summary) hit", missed: "\(prescribed.summary) missed")
            return state.reason
        }
        let week = LinearProgression.monday(of: attempt.date)
        if state.week != week { state.weekHit = true }
        state.week = week
        state.weekHit = state.weekHit && hit
        return hit ? "hit; the week decides" : "missed; the week decides"
    }

    /// Applies a hit or a miss; returns the reason.
    private func settle(_ state: inout State, _ start: PlannedStart, hit: Bool, what: String, missed: String) -> String {
        guard let weight = state.weight else { return "same: no load yet" }
        let step = increment.weight(in: start.unit)
        if hit {
            state.misses = 0
            state.weight = Store.roundedLoad(weight + step, step: 0)
            return "+\(start.amount(step)): \(what)"
        }
        state.misses += 1
        guard let deload else { return "same weight: \(missed)" }
        if state.misses >= deload.afterMisses {
            state.misses = 0
            state.weight = start.rounded(weight * (1 - deload.percent / 100))
            return "deload \(Load.plain(deload.percent))%: \(missed), miss \(deload.afterMisses) in a row"
        }
        return "same weight: \(missed) (miss \(state.misses) of \(deload.afterMisses) before a deload)"
    }

    /// The day number of the Monday of `date`'s week.
    static func monday(of date: LocalDate) -> Int { date.dayNumber - (date.isoWeekday - 1) }
}
