/// `pct(TM, WAVE[, +INCREMENT])`: each session's sets are percentages of a training max,
/// following a wave of weeks; after each wave the training max rises by the increment.
///
/// Waves: `531` (Wendler's 5/3/1: 65/75/85% × 5, 5, 5+; 70/80/90% × 3, 3, 3+;
/// 75/85/95% × 5, 3, 1+; deload 40/50/60% × 5), `bbb` (Boring But Big: 5 × 10 at 50%, four
/// weeks a wave to keep in step with the main lift). Loads are rounded to the exercise's
/// increment. The wave moves one week per session of the exercise, so a skipped week does not
/// skip a week of the wave.
public struct PercentageWave: Hashable, Sendable {
    /// The waves a training max is followed through.
    public enum Wave: String, Hashable, Sendable, CaseIterable {
        case fiveThreeOne = "531"
        case boringButBig = "bbb"

        /// Each week's sets: the share of the training max, the reps, and whether the set is
        /// AMRAP.
        public var weeks: [[(percent: Double, reps: Int, amrap: Bool)]] {
            switch self {
            case .fiveThreeOne:
                [[(0.65, 5, false), (0.75, 5, false), (0.85, 5, true)],
                 [(0.70, 3, false), (0.80, 3, false), (0.90, 3, true)],
                 [(0.75, 5, false), (0.85, 3, false), (0.95, 1, true)],
                 [(0.40, 5, false), (0.50, 5, false), (0.60, 5, false)]]
            case .boringButBig:
                Array(repeating: Array(repeating: (0.50, 10, false), count: 5), count: 4)
            }
        }

        /// `5s`, `3s`, `5/3/1`, `deload`.
        func name(ofWeek week: Int) -> String {
            switch self {
            case .fiveThreeOne: ["5s week", "3s week", "5/3/1 week", "deload week"][week]
            case .boringButBig: "5x10"
            }
        }
    }

    /// The training max the percentages are of.
    public var trainingMax: Load
    /// The wave followed.
    public var wave: Wave
    /// What the training max rises by after each wave; `nil` for none.
    public var increment: Load?

    /// A wave of `trainingMax`, rising by `increment` after each.
    public init(trainingMax: Load, wave: Wave, increment: Load? = nil) {
        self.trainingMax = trainingMax
        self.wave = wave
        self.increment = increment
    }

    /// The rule as plan text (`pct(100kg, 531, +5kg)`).
    public var text: String {
        "pct(\(trainingMax.text), \(wave.rawValue)" + (increment.map { ", +" + $0.text } ?? "") + ")"
    }

    init(_ arguments: [RuleArgument], ruleColumn: Int) throws(ProgramTextError) {
        try arguments.expect(2...3, form: "pct(TRAINING_MAX, WAVE[, +INCREMENT]), such as pct(100kg, 531, +5kg)", ruleColumn: ruleColumn)
        trainingMax = try arguments[0].load("The training max")
        guard let wave = Wave(rawValue: arguments[1].text.lowercased()) else {
            throw arguments[1].error("unknown wave '\(arguments[1].text)'; waves are \(Wave.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.wave = wave
        if arguments.count == 3 {
            guard arguments[2].text.hasPrefix("+") else { throw arguments[2].error("write the training max's rise per wave with a '+', such as +5kg") }
            increment = try arguments[2].load("The rise of the training max", signed: true)
        }
    }

    /// The training max of wave `cycle` (from 0), in `unit`.
    func trainingMax(cycle: Int, in unit: WeightUnit) -> Double {
        trainingMax.weight(in: unit) + Double(cycle) * (increment?.weight(in: unit) ?? 0)
    }
}

extension PercentageWave: RuleLogic {
    struct State {
        /// Sessions done.
        var done = 0
    }

    func initial(_ start: PlannedStart) -> State { State() }

    func prescription(_ state: inout State, _ start: PlannedStart, on date: LocalDate) -> Prescription {
        let weeks = wave.weeks
        let week = state.done % weeks.count, cycle = state.done / weeks.count
        let max = trainingMax(cycle: cycle, in: start.unit)
        let sets = weeks[week].map { PrescribedSet(reps: $0.reps, amrap: $0.amrap, weight: start.rounded(max * $0.percent), percent: $0.percent) }
        let percents = weeks[week].map { Load.plain($0.percent * 100) }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        var reason = "wave \(cycle + 1), \(wave.name(ofWeek: week)): \(percents.joined(separator: "/"))% of a training max of \(start.amount(max))"
        if cycle > 0, week == 0, let increment {
            reason = "training max +\(start.amount(increment.weight(in: start.unit))) for wave \(cycle + 1); " + reason
        }
        return Prescription(sets: sets, unit: start.unit, reason: reason)
    }

    func advance(_ state: inout State, _ start: PlannedStart, after attempt: Attempt, prescribed: Prescription) -> String {
        state.done += 1
        let last = attempt.sets.last(where: \.completed)
        if let set = prescribed.sets.last, set.amrap, let last { return "\(last.reps) reps on the \(set.reps)+ set" }
        return attempt.hits(prescribed) ? "done" : "a set fell short"
    }
}
