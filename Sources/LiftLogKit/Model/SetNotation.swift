/// The short set notation of the command line: one argument per set or group of sets.
///
/// | notation | meaning |
/// |---|---|
/// | `100x5` | 100 in the preferred unit, 5 reps |
/// | `100kgx5`, `225lbsx5` | with an explicit unit (`lb` is accepted for `lbs`) |
/// | `100x5@8.5` | at RPE 8.5 |
/// | `100x5@rir2` | with 2 reps in reserve |
/// | `w:60x5`, `d:80x8`, `f:100x3` | a warm-up, drop or to-failure set |
/// | `100x5x3` | three sets of 5 at 100 (`100x5x3@8` and `100x5@8x3` both work) |
/// | `bwx12` | bodyweight, 12 reps |
///
/// `x` may also be written `X` or `×`; decimals use a point (`102.5x5`).
public struct SetNotation: Equatable, Sendable {
    /// `nil` for bodyweight.
    public var weight: Double?
    public var unit: WeightUnit?
    public var reps: Int
    public var rpe: Double?
    /// Reps in reserve, 0–10.
    public var rir: Int?
    /// Warm-up, drop, to failure, or normal.
    public var setType: WorkoutSet.SetType
    /// How many identical sets the argument stands for.
    public var count: Int

    public init(weight: Double?, unit: WeightUnit?, reps: Int, rpe: Double? = nil, rir: Int? = nil, setType: WorkoutSet.SetType = .normal, count: Int = 1) {
        self.weight = weight
        self.unit = unit
        self.reps = reps
        self.rpe = rpe
        self.rir = rir
        self.setType = setType
        self.count = count
    }

    /// The most sets one argument may stand for.
    public static let maximumCount = 50

    /// Parses one argument; the unit defaults to `defaultUnit` (bodyweight sets have none).
    ///
    /// - Throws: `VALIDATION_ERROR` naming the argument and what is wrong with it.
    public static func parse(_ text: String, defaultUnit: WeightUnit) throws(LiftLogError) -> SetNotation {
        func invalid(_ reason: String) -> LiftLogError {
            .validation("Invalid set '\(text)': \(reason). Write sets like 100x5, 100kgx5, 225lbsx5, 100x5@8.5, 100x5@rir2, w:60x5, 100x5x3 or bwx12.")
        }
        var body = text.lowercased().replacingOccurrences(of: "×", with: "x")
        // `w:`, `d:` or `f:` first: a warm-up, drop or to-failure set.
        var setType = WorkoutSet.SetType.normal
        if let colon = body.firstIndex(of: ":") {
            switch body[..<colon] {
            case "w": setType = .warmup
            case "d": setType = .drop
            case "f": setType = .failure
            default: throw invalid("'\(body[..<colon]):' is not a set type; use w: (warm-up), d: (drop) or f: (to failure)")
            }
            body = String(body[body.index(after: colon)...])
        }
        var rpe: Double?
        var rir: Int?
        if let at = body.firstIndex(of: "@") {
            var effortText = String(body[body.index(after: at)...])
            body = String(body[..<at])
            // `100x5@8x3`: the count may follow the effort.
            if let x = effortText.firstIndex(of: "x") {
                body += "x" + effortText[effortText.index(after: x)...]
                effortText = String(effortText[..<x])
            }
            if effortText.hasPrefix("rir") {
                let number = effortText.dropFirst(3)
                guard !number.isEmpty else { throw invalid("the reps in reserve are missing after '@rir'") }
                guard number.allSatisfy(\.isASCIIDigit), let value = Int(number), (0...10).contains(value) else {
                    throw invalid("reps in reserve must be a whole number from 0 to 10, as in @rir2")
                }
                rir = value
            } else {
                guard !effortText.isEmpty else { throw invalid("RPE is missing after '@'") }
                guard let value = Double(effortText), value.isFinite else { throw invalid("RPE '\(effortText)' is not a number") }
                guard WorkoutSet.isValidRPE(value) else { throw invalid("RPE must be between 1 and 10 in steps of 0.5") }
                rpe = value
            }
        }
        let parts = body.split(separator: "x", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2 else { throw invalid("expected WEIGHTxREPS") }
        guard parts.count <= 3 else { throw invalid("too many 'x'") }
        let (weight, unit) = try parseWeight(parts[0], defaultUnit: defaultUnit, invalid: invalid)
        let reps = try parseCount(parts[1], what: "reps", minimum: 0, maximum: WorkoutSet.maximumReps, invalid: invalid)
        var count = 1
        if parts.count == 3 {
            count = try parseCount(parts[2], what: "the number of sets", minimum: 1, maximum: maximumCount, invalid: invalid)
        }
        return SetNotation(weight: weight, unit: unit, reps: reps, rpe: rpe, rir: rir, setType: setType, count: count)
    }

    /// Parses several arguments.
    public static func parse(_ texts: [String], defaultUnit: WeightUnit) throws(LiftLogError) -> [SetNotation] {
        var result: [SetNotation] = []
        for text in texts { result.append(try parse(text, defaultUnit: defaultUnit)) }
        return result
    }

    private static func parseWeight(_ text: String, defaultUnit: WeightUnit, invalid: (String) -> LiftLogError) throws(LiftLogError) -> (Double?, WeightUnit?) {
        if text.isEmpty { throw invalid("the weight is missing before 'x'") }
        if text == "bw" { return (nil, nil) }
        var number = text
        var unit = defaultUnit
        let letters = text.drop { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "," }
        if !letters.isEmpty {
            number = String(text.dropLast(letters.count))
            switch letters {
            case "kg", "kgs": unit = .kg
            case "lb", "lbs": unit = .lbs
            default:
                if number.isEmpty { throw invalid("weight '\(text)' is not a number") }
                throw invalid("unknown unit '\(letters)' (use kg or lbs)")
            }
        }
        if number.contains(",") { throw invalid("write decimals with a point, as in 102.5") }
        guard let value = Double(number), value.isFinite, !number.hasPrefix("+"), !number.hasPrefix(".") else {
            throw invalid("weight '\(number)' is not a number")
        }
        guard value >= 0 else { throw invalid("weight cannot be negative") }
        guard value <= WorkoutSet.maximumWeight else { throw invalid("weight must be at most \(JSONNumber(WorkoutSet.maximumWeight)), found \(number)") }
        return (value, unit)
    }

    private static func parseCount(_ text: String, what: String, minimum: Int, maximum: Int, invalid: (String) -> LiftLogError) throws(LiftLogError) -> Int {
        guard !text.isEmpty else { throw invalid("\(what) missing after 'x'") }
        guard text.allSatisfy(\.isASCIIDigit) else { throw invalid("\(what) must be a whole number of \(minimum) or more") }
        guard let value = Int(text), value <= maximum else { throw invalid("\(what) must be at most \(maximum), found \(text)") }
        guard value >= minimum else { throw invalid("\(what) must be a whole number of \(minimum) or more") }
        return value
    }
}
