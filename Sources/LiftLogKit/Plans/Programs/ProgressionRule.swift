/// How a planned exercise progresses from session to session: one of the rules below, as
/// written in a plan (`progress: lp(2.5kg)` in plan text, `"progress": "lp(2.5kg)"` in the
/// plan's JSON).
///
/// | rule | text |
/// |---|---|
/// | ``LinearProgression`` | `lp(2.5kg)`, `lp(2.5kg, weekly)`, `lp(5kg, deload: 10% after 3 misses)` |
/// | ``DoubleProgression`` | `dp(2.5kg, 8, 12)` |
/// | ``PercentageWave`` | `pct(100kg, 531, +5kg)`, `pct(100kg, bbb, +5kg)` |
/// | ``RPELoading`` | `rpe(8)` |
/// | ``StagedProgression`` | `staged(5kg, 5x3+, 6x2+, 10x1+, reset: 85%)` |
///
/// Each rule is a pure function of the exercise's history: ``next(from:after:on:)`` replays
/// the attempts in order and gives the next session's prescription with its reason.
public struct ProgressionRule: Hashable, Sendable {
    /// Which rule it is, with its parameters.
    public enum Kind: Hashable, Sendable {
        case linear(LinearProgression)
        case double(DoubleProgression)
        case percentage(PercentageWave)
        case rpe(RPELoading)
        case staged(StagedProgression)
    }

    /// The rule and its parameters.
    public var kind: Kind
    /// The rule as written (kept as it was, so a plan file is not rewritten by reading it).
    public var text: String

    /// The rule `kind`, written as `text` (by default its canonical text).
    public init(_ kind: Kind, text: String? = nil) {
        self.kind = kind
        self.text = text ?? ProgressionRule.canonicalText(kind)
    }

    /// The rule in its canonical form: `lp(2.5kg, deload: 10% after 3 misses)`.
    public var canonicalText: String { ProgressionRule.canonicalText(kind) }

    static func canonicalText(_ kind: Kind) -> String {
        switch kind {
        case .linear(let rule): rule.text
        case .double(let rule): rule.text
        case .percentage(let rule): rule.text
        case .rpe(let rule): rule.text
        case .staged(let rule): rule.text
        }
    }

    /// The unit the rule's own loads are in (the training max's, the increment's).
    public var unit: WeightUnit? {
        switch kind {
        case .linear(let rule): rule.increment.unit
        case .double(let rule): rule.increment.unit
        case .percentage(let rule): rule.trainingMax.unit
        case .rpe: nil
        case .staged(let rule): rule.increment.unit
        }
    }

    // MARK: Replaying history

    /// One attempt as the rule judged it.
    public struct Step: Hashable, Sendable {
        /// What the session was prescribed.
        public var prescription: Prescription
        /// What the session did.
        public var attempt: Attempt
        /// Why the rule moved as it did after this attempt.
        public var outcome: String
    }

    /// The prescription for a session on `date` after `attempts` (oldest first; those not
    /// done are left out), with every step that led to it.
    public func replay(from start: PlannedStart, attempts: [Attempt], on date: LocalDate) -> (steps: [Step], next: Prescription) {
        switch kind {
        case .linear(let rule): ProgressionRule.replay(rule, start, attempts, date)
        case .double(let rule): ProgressionRule.replay(rule, start, attempts, date)
        case .percentage(let rule): ProgressionRule.replay(rule, start, attempts, date)
        case .rpe(let rule): ProgressionRule.replay(rule, start, attempts, date)
        case .staged(let rule): ProgressionRule.replay(rule, start, attempts, date)
        }
    }

    /// The prescription for a session on `date` after `attempts`.
    public func next(from start: PlannedStart, after attempts: [Attempt], on date: LocalDate) -> Prescription {
        replay(from: start, attempts: attempts, on: date).next
    }

    private static func replay<Logic: RuleLogic>(_ logic: Logic, _ start: PlannedStart, _ attempts: [Attempt], _ date: LocalDate) -> (steps: [Step], next: Prescription) {
        var state = logic.initial(start)
        var steps: [Step] = []
        for attempt in attempts where attempt.wasDone {
            let prescribed = logic.prescription(&state, start, on: attempt.date)
            let outcome = logic.advance(&state, start, after: attempt, prescribed: prescribed)
            steps.append(Step(prescription: prescribed, attempt: attempt, outcome: outcome))
        }
        return (steps, logic.prescription(&state, start, on: date))
    }
}

/// The logic of one rule: a state replayed over the attempts.
protocol RuleLogic: Sendable {
    associatedtype State
    func initial(_ start: PlannedStart) -> State
    /// What a session on `date` is prescribed (a weekly rule settles the week before first).
    func prescription(_ state: inout State, _ start: PlannedStart, on date: LocalDate) -> Prescription
    /// Moves the state after `attempt`; returns what happened, as the reasons say it.
    func advance(_ state: inout State, _ start: PlannedStart, after attempt: Attempt, prescribed: Prescription) -> String
}

// MARK: - Parsing

/// A mistake in plan text or in a rule, at a 1-based column of the text it was found in.
public struct ProgramTextError: Error, Hashable, Sendable {
    /// What is wrong, and what is expected there.
    public var message: String
    /// The 1-based column of the mistake in the text.
    public var column: Int

    /// A mistake `message` at `column`.
    public init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }
}

extension ProgressionRule {
    /// The rules' names, as written.
    public static let names = ["lp", "dp", "pct", "rpe", "staged"]

    /// Parses a rule: `lp(2.5kg)`, `dp(2.5kg, 8, 12)`, `pct(100kg, 531, +5kg)`, `rpe(8)`,
    /// `staged(5kg, 5x3+, 6x2+, 10x1+, reset: 85%)`.
    ///
    /// - Throws: ``ProgramTextError`` at the column of the mistake (from 1, in `text`).
    public static func parse(_ text: String) throws(ProgramTextError) -> ProgressionRule {
        let scalars = Array(text.unicodeScalars)
        guard let open = scalars.firstIndex(of: "(") else {
            throw ProgramTextError("a rule is written NAME(ARGUMENTS), such as lp(2.5kg); found '\(text)'", column: 1)
        }
        let name = String(String.UnicodeScalarView(scalars[..<open])).trimmingWhitespace().lowercased()
        guard scalars.last == ")" else { throw ProgramTextError("the rule's ')' is missing", column: scalars.count + 1) }
        var arguments: [RuleArgument] = []
        var current: [Unicode.Scalar] = []
        var column = open + 2
        for (offset, scalar) in scalars[(open + 1)..<(scalars.count - 1)].enumerated() {
            if scalar == "," {
                arguments.append(RuleArgument(scalars: current, column: column))
                current = []
                column = open + 2 + offset + 1
            } else {
                current.append(scalar)
            }
        }
        arguments.append(RuleArgument(scalars: current, column: column))
        if arguments.count == 1, arguments[0].text.isEmpty { arguments = [] }
        let kind: Kind
        switch name {
        case "lp": kind = .linear(try LinearProgression(arguments, ruleColumn: 1))
        case "dp": kind = .double(try DoubleProgression(arguments, ruleColumn: 1))
        case "pct": kind = .percentage(try PercentageWave(arguments, ruleColumn: 1))
        case "rpe": kind = .rpe(try RPELoading(arguments, ruleColumn: 1))
        case "staged": kind = .staged(try StagedProgression(arguments, ruleColumn: 1))
        default:
            let hint = Suggestions.closest(to: name, among: names).first.map { " (did you mean \($0)?)" } ?? ""
            throw ProgramTextError("unknown rule '\(name)'\(hint); rules are \(names.joined(separator: ", "))", column: 1)
        }
        return ProgressionRule(kind, text: text.trimmingWhitespace())
    }
}

extension ProgressionRule {
    /// A rule given as the value of `field` (an option, a request's key): `nil` for an empty
    /// text, which removes a rule.
    ///
    /// - Throws: `VALIDATION_ERROR` naming `field`, the text and the column of the mistake.
    public static func parse(_ text: String, field: String) throws(LiftLogError) -> ProgressionRule? {
        guard !text.isEmpty else { return nil }
        do throws(ProgramTextError) {
            return try parse(text)
        } catch {
            throw .validation("\(field) '\(text)', column \(error.column): \(error.message).")
        }
    }
}

/// One argument of a rule, with the column it starts at.
struct RuleArgument {
    var text: String
    var column: Int

    init(scalars: [Unicode.Scalar], column: Int) {
        let leading = scalars.prefix(while: { $0 == " " || $0 == "\t" }).count
        self.text = String(String.UnicodeScalarView(scalars)).trimmingWhitespace()
        self.column = column + leading
    }

    func error(_ message: String) -> ProgramTextError { ProgramTextError(message, column: column) }

    /// `2.5kg`, `5lb` (`+5kg` with `signed`).
    func load(_ what: String, signed: Bool = false) throws(ProgramTextError) -> Load {
        var body = text.lowercased().replacingOccurrences(of: " ", with: "")
        if signed, body.hasPrefix("+") { body.removeFirst() }
        guard let split = body.firstIndex(where: { $0.isLetter }) else {
            throw error("\(what) '\(text)' needs a unit, such as \(text)kg or \(text)lb")
        }
        guard let unit = WeightUnit.parse(String(body[split...])) else {
            throw error("\(what) '\(text)' is not a weight; write it as 2.5kg or 5lb")
        }
        guard let value = Double(body[..<split]), value.isFinite, value >= 0, value <= Load.maximumWeight else {
            throw error("\(what) '\(text)' is not a weight; write it as 2.5kg or 5lb")
        }
        return Load(value, unit)
    }

    /// `8`.
    func integer(_ what: String, in range: ClosedRange<Int>) throws(ProgramTextError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw error("\(what) must be a whole number \(range.lowerBound)–\(range.upperBound), found '\(text)'")
        }
        return value
    }

    /// `10%` as 10.
    func percent(_ what: String) throws(ProgramTextError) -> Double {
        guard text.hasSuffix("%"), let value = Double(String(text.dropLast()).trimmingWhitespace()), value > 0, value < 100 else {
            throw error("\(what) must be a percentage above 0 and below 100, such as 10%, found '\(text)'")
        }
        return value
    }
}

extension Array where Element == RuleArgument {
    /// The arguments' count within `range`, or an error naming the rule's form.
    func expect(_ range: ClosedRange<Int>, form: String, ruleColumn: Int) throws(ProgramTextError) {
        guard range.contains(count) else {
            throw ProgramTextError("expected \(form)", column: count > range.upperBound ? self[range.upperBound].column : ruleColumn)
        }
    }
}
