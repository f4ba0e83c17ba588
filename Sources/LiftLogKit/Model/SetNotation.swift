/// The short set notation of the command line: one argument per set or group of sets
/// (SPEC §7). Case-insensitive; the parts compose.
///
/// | notation | meaning |
/// |---|---|
/// | `100x5` | 100 in the preferred unit, 5 reps |
/// | `100kgx5`, `225lbsx5` | with an explicit unit (`lb` is accepted for `lbs`) |
/// | `100x5@8.5` | at RPE 8.5 |
/// | `100x5@rir2` | with 2 reps in reserve |
/// | `w:60x5`, `d:80x8`, `f:100x3` | a warm-up, drop or to-failure set |
/// | `100x5x3` | three sets of 5 at 100 (`100x5x3@8` and `100x5@8x3` both work) |
/// | `bwx12`, `bw+20x5`, `bw-25x8` | bodyweight: alone, with 20 added, assisted by 25 |
/// | `60s`, `1:30`, `2min`, `60sx3` | a timed set (a hold), three of them |
/// | `20x45s`, `bwx60s` | 20 held for 45 s; a bodyweight hold |
/// | `100x20m`, `bw+20x40m/0:30` | 100 pushed or carried 20 m; 20 added for 40 m in 30 s |
/// | `5km`, `400m`, `3mi`, `400mx6` | a distance; six of them |
/// | `5km/25:00`, `2000m/7:45` | a distance in a time |
///
/// `x` may also be written `X` or `×`; decimals use a point (`102.5x5`). Times are seconds
/// (`45s`, `45sec`), minutes (`2min`), hours (`1h`) or a clock (`1:30`, `1:02:30`); distances
/// are metres (`m`), kilometres (`km`) or miles (`mi`).
public struct SetNotation: Equatable, Sendable {
    /// The load: the weight lifted, or for a bodyweight set what was added (positive) or the
    /// assistance (negative); `nil` without one.
    public var weight: Double?
    /// The unit of ``weight``; `nil` for the store's.
    public var unit: WeightUnit?
    /// `nil` for a timed or distance set.
    public var reps: Int?
    /// Whether the load is the lifter's body weight plus ``weight``.
    public var bodyweight: Bool
    /// The time of the set, in seconds.
    public var durationSeconds: Int?
    /// The distance of the set, in metres.
    public var distanceMeters: Double?
    /// The RPE, 1–10 in steps of 0.5.
    public var rpe: Double?
    /// Reps in reserve, 0–10.
    public var rir: Int?
    /// Warm-up, drop, to failure, or normal.
    public var setType: WorkoutSet.SetType
    /// How many identical sets the argument stands for.
    public var count: Int

    /// A set of the given values.
    public init(weight: Double?, unit: WeightUnit?, reps: Int?, bodyweight: Bool = false, durationSeconds: Int? = nil,
                distanceMeters: Double? = nil, rpe: Double? = nil, rir: Int? = nil, setType: WorkoutSet.SetType = .normal, count: Int = 1) {
        self.weight = weight
        self.unit = unit
        self.reps = reps
        self.bodyweight = bodyweight
        self.durationSeconds = durationSeconds
        self.distanceMeters = distanceMeters
        self.rpe = rpe
        self.rir = rir
        self.setType = setType
        self.count = count
    }

    /// The most sets one argument may stand for.
    public static let maximumCount = 50
    /// The longest one timed set may be (a day).
    public static let maximumDurationSeconds = 86_400
    /// The longest one distance set may be (1,000 km).
    public static let maximumDistanceMeters = 1_000_000.0

    /// What the notation can say, for error messages.
    static let examples = "100x5, 225lbsx5, 100x5@8, w:60x5, 100x5x3, bw+20x5, 60s, 20x45s, 5km/25:00 or 400mx6"

    /// Parses one argument; the unit defaults to `defaultUnit` (sets without a load have none).
    ///
    /// - Throws: `VALIDATION_ERROR` naming the argument, what is wrong at which character and
    ///   the nearest valid form (the remedy ``Remedy/correctSet(token:offset:suggestion:)``).
    public static func parse(_ text: String, defaultUnit: WeightUnit) throws(LiftLogError) -> SetNotation {
        var parser = Parser(text, defaultUnit: defaultUnit)
        let failure: Parser.Failure
        do throws(Parser.Failure) {
            return try parser.parse()
        } catch {
            failure = error
        }
        // The nearest valid form: the wrong part replaced, offered only when it parses.
        let suggestion = failure.fix.flatMap { fix -> String? in
            var characters = parser.characters
            characters.replaceSubrange(fix.range.clamped(to: 0..<characters.count), with: Array(fix.text))
            let text = String(characters)
            var check = Parser(text, defaultUnit: defaultUnit)
            return (try? check.parse()) != nil ? text : nil
        }
        let tail = suggestion.map { " Did you mean \($0)?" } ?? " Write sets like \(examples)."
        throw .validation("Invalid set '\(text)': \(failure.reason).\(tail)",
                          remedy: .correctSet(token: text, offset: min(failure.offset, text.count), suggestion: suggestion))
    }

    /// A time as the notation writes one (`45s`, `2min`, `1:30`; a bare number is seconds).
    ///
    /// - Throws: `VALIDATION_ERROR` naming `option` and the forms it takes.
    public static func duration(_ text: String, option: String) throws(LiftLogError) -> Int {
        let time = !text.isEmpty && text.allSatisfy(\.isASCIIDigit) ? text + "s" : text
        guard !time.contains("x"), !time.contains("@"), let parsed = try? parse(time, defaultUnit: .kg), parsed.weight == nil,
              parsed.distanceMeters == nil, let seconds = parsed.durationSeconds else {
            throw .validation("\(option) must be a time such as 45, 45s, 2min or 1:30, got '\(text)'.")
        }
        return seconds
    }

    /// A distance as the notation writes one (`400m`, `5km`, `3mi`), in metres.
    ///
    /// - Throws: `VALIDATION_ERROR` naming `option` and the forms it takes.
    public static func distance(_ text: String, option: String) throws(LiftLogError) -> Double {
        guard !text.contains("x"), !text.contains("@"), !text.contains("/"), let parsed = try? parse(text, defaultUnit: .kg),
              let meters = parsed.distanceMeters else {
            throw .validation("\(option) must be a distance such as 400m, 5km or 3mi, got '\(text)'.")
        }
        return meters
    }

    /// Parses several arguments.
    public static func parse(_ texts: [String], defaultUnit: WeightUnit) throws(LiftLogError) -> [SetNotation] {
        var result: [SetNotation] = []
        for text in texts { result.append(try parse(text, defaultUnit: defaultUnit)) }
        return result
    }
}

extension SetNotation {
    /// A recursive-descent parser over the token's characters (lowercased one by one, so an
    /// error's offset is the offset in what the user typed).
    struct Parser {
        /// What is wrong, where (a character offset), and a replacement that makes it valid.
        struct Failure: Error {
            var offset: Int
            var reason: String
            var fix: (range: Range<Int>, text: String)?
        }

        let characters: [Character]
        let defaultUnit: WeightUnit
        var position = 0

        init(_ text: String, defaultUnit: WeightUnit) {
            characters = text.map { character in
                if character == "×" { return "x" }
                let lower = character.lowercased()
                return lower.count == 1 ? Character(lower) : character
            }
            self.defaultUnit = defaultUnit
        }

        var current: Character? { position < characters.count ? characters[position] : nil }
        var atEnd: Bool { position >= characters.count }

        func fail(_ reason: String, at offset: Int? = nil, replacing range: Range<Int>? = nil, with text: String? = nil) -> Failure {
            let at = offset ?? position
            return Failure(offset: at, reason: reason, fix: text.map { (range ?? at..<at, $0) })
        }

        func text(_ range: Range<Int>) -> String {
            // Appended one by one: `String(slice)` is the library's generic initializer, which
            // looks up the slice's conformances at run time the first time (every `log`).
            var text = ""
            for character in characters[range.clamped(to: 0..<characters.count)] { text.append(character) }
            return text
        }

        mutating func parse() throws(Failure) -> SetNotation {
            if characters.isEmpty { throw fail("the set is empty", with: "100x5") }
            var notation = SetNotation(weight: nil, unit: nil, reps: nil)
            notation.setType = try parseSetType()
            let bodyStart = position
            if current?.isLetter == true && current != "x" {
                if peekWord() != "bw" {
                    let start = position
                    let word = readWord()
                    if current == "x" {
                        throw fail("weight '\(word)' is not a number", at: start, replacing: start..<position, with: "100")
                    }
                    throw fail("a set starts with a weight, a time, a distance or 'bw'", at: start)
                }
                try parseBodyweightLoad(into: &notation)
                try expectX(after: "the bodyweight load", example: "12")
                try parseRepsOrTime(into: &notation)
            } else {
                guard let first = current, first.isASCIIDigit || first == "." || first == "-" || first == "+" else {
                    if current == "x" { throw fail("the weight is missing before 'x'", with: "60") }
                    if current == "@" { throw fail("the set is missing before '@'", with: "100x5") }
                    throw fail("a set starts with a weight, a time, a distance or 'bw'", replacing: position..<characters.count, with: "100x5")
                }
                if first == "-" { throw fail("a weight cannot be negative; for an assisted exercise write the assistance after bw-", replacing: position..<position + 1, with: "bw-") }
                if first == "+" { throw fail("a weight does not take a sign; for added load write it after bw+", replacing: position..<position + 1, with: "bw+") }
                let number = try parseNumber(what: "weight")
                let unitStart = position
                let word = readWord()
                if let unit = WeightUnit.parse(word) {
                    try setWeight(number, unit: unit, into: &notation)
                    try expectX(after: "the weight", example: "5")
                    try parseRepsOrTime(into: &notation)
                } else if word.isEmpty && current == "x" {
                    try setWeight(number, unit: defaultUnit, into: &notation)
                    position += 1
                    try parseRepsOrTime(into: &notation)
                } else if let metres = Parser.distanceUnit(word) {
                    try setDistance(number, metres: metres, unitStart: unitStart, into: &notation)
                } else if Parser.timeUnit(word) != nil || current == ":" {
                    position = bodyStart
                    notation.durationSeconds = try parseTime(required: true)
                } else if word.isEmpty {
                    if atEnd { throw fail("a number alone is not a set: add 'x' and the reps, or a unit of time or distance", with: "x5") }
                    throw fail("unexpected '\(current!)' after the weight", replacing: position..<position + 1, with: "x")
                } else {
                    let candidates = current == "x" ? ["kg", "lbs"] : ["s", "min", "m", "km", "mi"]
                    throw fail("unknown unit '\(word)' (weights: kg, lbs; times: s, min; distances: m, km, mi)", at: unitStart,
                               replacing: unitStart..<position, with: Parser.nearestUnit(to: word, among: candidates))
                }
            }
            try parseModifiers(into: &notation)
            return notation
        }

        /// `w:`, `d:` or `f:` first: a warm-up, drop or to-failure set.
        mutating func parseSetType() throws(Failure) -> WorkoutSet.SetType {
            guard let colon = characters.firstIndex(of: ":"), colon > 0, characters[..<colon].allSatisfy(\.isLetter) else { return .normal }
            let prefix = text(0..<colon)
            let type: WorkoutSet.SetType
            switch prefix {
            case "w": type = .warmup
            case "d": type = .drop
            case "f": type = .failure
            default: throw fail("'\(prefix):' is not a set type; use w: (warm-up), d: (drop) or f: (to failure)", at: 0, replacing: 0..<colon, with: "w")
            }
            position = colon + 1
            if atEnd { throw fail("the set is missing after '\(prefix):'", with: "60x5") }
            return type
        }

        /// `bw`, `bw+20`, `bw-25kg`.
        mutating func parseBodyweightLoad(into notation: inout SetNotation) throws(Failure) {
            _ = readWord()
            notation.bodyweight = true
            guard let sign = current, sign == "+" || sign == "-" else { return }
            position += 1
            guard let next = current, next.isASCIIDigit || next == "." else {
                throw fail("expected a weight after 'bw\(sign)'", with: "20")
            }
            let number = try parseNumber(what: "weight")
            let unitStart = position
            let unitWord = readWord()
            let unit: WeightUnit
            if unitWord.isEmpty {
                unit = defaultUnit
            } else if let parsed = WeightUnit.parse(unitWord) {
                unit = parsed
            } else {
                throw fail("unknown unit '\(unitWord)' (use kg or lbs)", at: unitStart, replacing: unitStart..<position,
                           with: Parser.nearestUnit(to: unitWord, among: ["kg", "lbs"]))
            }
            try setWeight(number, unit: unit, into: &notation)
            notation.weight = sign == "-" ? -notation.weight! : notation.weight
        }

        mutating func setWeight(_ number: (value: Double, start: Int), unit: WeightUnit, into notation: inout SetNotation) throws(Failure) {
            guard number.value <= WorkoutSet.maximumWeight else {
                throw fail("weight must be at most \(JSONNumber(WorkoutSet.maximumWeight)), found \(JSONNumber(number.value))", at: number.start)
            }
            notation.weight = number.value
            notation.unit = unit
        }

        /// A distance read as `number` and a unit of `metres` (`400m`, `5km`), and the time it
        /// took when `/` follows (`5km/25:00`).
        mutating func setDistance(_ number: (value: Double, start: Int), metres: Double, unitStart: Int, into notation: inout SetNotation) throws(Failure) {
            let distance = number.value * metres
            guard distance > 0 else { throw fail("a distance must be more than 0", at: number.start, replacing: number.start..<unitStart, with: "5") }
            guard distance <= SetNotation.maximumDistanceMeters else { throw fail("a distance must be at most 1,000 km", at: number.start) }
            notation.distanceMeters = (distance * 1000).rounded() / 1000
            if current == "/" {
                position += 1
                if atEnd { throw fail("expected a time after '/'", with: "25:00") }
                guard let seconds = try parseTime(required: true) else { throw fail("expected a time after '/'", with: "25:00") }
                notation.durationSeconds = seconds
            }
        }

        mutating func expectX(after what: String, example: String) throws(Failure) {
            guard current == "x" else {
                if atEnd { throw fail("expected 'x' and the reps after \(what)", with: "x" + example) }
                throw fail("expected 'x' after \(what), found '\(current!)'", replacing: position..<position + 1, with: "x")
            }
            position += 1
        }

        /// After `WEIGHTx`: reps (`5`), a time held (`45s`, `1:30`) or a distance carried or
        /// pushed (`20m`, `0.5km`, with the time it took after `/`).
        mutating func parseRepsOrTime(into notation: inout SetNotation) throws(Failure) {
            let start = position
            guard current?.isASCIIDigit == true else {
                if atEnd { throw fail("the reps are missing after 'x'", with: "5") }
                if current == "-" { throw fail("reps cannot be negative", replacing: position..<position + 1, with: "") }
                throw fail("expected the reps (a whole number) after 'x', found '\(current!)'", replacing: position..<position + 1, with: "5")
            }
            let numberEnd = skipNumber(from: start)
            let afterNumber = wordEnd(from: numberEnd)
            if let metres = Parser.distanceUnit(text(numberEnd..<afterNumber)) {
                let number = try parseNumber(what: "distance")
                let unitStart = position
                position = afterNumber
                try setDistance(number, metres: metres, unitStart: unitStart, into: &notation)
                return
            }
            while let character = current, character.isASCIIDigit { position += 1 }
            let word = peekWord()
            if Parser.timeUnit(word) != nil || current == ":" {
                position = start
                notation.durationSeconds = try parseTime(required: true)
                return
            }
            if current == "." || current == "," {
                throw fail("reps must be a whole number", at: position, replacing: start..<skipNumber(from: start), with: text(start..<position))
            }
            guard let reps = Int(text(start..<position)), reps <= WorkoutSet.maximumReps else {
                throw fail("reps must be at most \(WorkoutSet.maximumReps), found \(text(start..<position))", at: start)
            }
            notation.reps = reps
        }

        /// The modifiers after the set: `@8.5`, `@rir2` and `x3`, in either order, once each.
        mutating func parseModifiers(into notation: inout SetNotation) throws(Failure) {
            var sawEffort = false, sawCount = false
            while let character = current {
                if character == "@" {
                    guard !sawEffort else { throw fail("the effort is given twice", replacing: position..<characters.count, with: "") }
                    sawEffort = true
                    position += 1
                    try parseEffort(into: &notation)
                } else if character == "x" {
                    guard !sawCount else { throw fail("too many 'x': write WEIGHTxREPSxSETS", replacing: position..<characters.count, with: "") }
                    sawCount = true
                    position += 1
                    let start = position
                    guard current?.isASCIIDigit == true else {
                        if atEnd { throw fail("the number of sets is missing after 'x'", with: "3") }
                        throw fail("expected the number of sets after 'x', found '\(current!)'", replacing: position..<position + 1, with: "3")
                    }
                    while let digit = current, digit.isASCIIDigit { position += 1 }
                    guard let count = Int(text(start..<position)), (1...SetNotation.maximumCount).contains(count) else {
                        throw fail("the number of sets must be 1 to \(SetNotation.maximumCount)", at: start, replacing: start..<position, with: "3")
                    }
                    notation.count = count
                } else {
                    throw fail("unexpected '\(character)'", replacing: position..<characters.count, with: "")
                }
            }
        }

        /// `8`, `8.5`, `rir2`.
        mutating func parseEffort(into notation: inout SetNotation) throws(Failure) {
            let start = position
            if characters[position...].starts(with: Array("rir")) {
                position += 3
                let digits = position
                while let digit = current, digit.isASCIIDigit { position += 1 }
                guard position > digits else { throw fail("the reps in reserve are missing after '@rir'", with: "2") }
                guard let value = Int(text(digits..<position)), (0...10).contains(value) else {
                    throw fail("reps in reserve must be a whole number from 0 to 10", at: digits, replacing: digits..<position, with: "2")
                }
                notation.rir = value
                return
            }
            guard current?.isASCIIDigit == true else {
                if atEnd { throw fail("RPE is missing after '@'", with: "8") }
                throw fail("expected an RPE (1–10) or rir and a number after '@'", replacing: position..<skipWord(from: position), with: "8")
            }
            let number = try parseNumber(what: "RPE")
            guard WorkoutSet.isValidRPE(number.value) else {
                // `3x8@60` (or `@60kg`): sets × reps at a weight, as a gym's board writes them.
                let unitWord = text(position..<wordEnd(from: position))
                if number.value > 10, unitWord.isEmpty || WeightUnit.parse(unitWord) != nil, !notation.bodyweight, notation.count == 1,
                   let sets = notation.weight, let reps = notation.reps, sets == sets.rounded(), (2...SetNotation.maximumCount).contains(Int(sets)) {
                    let bodyStart = notation.setType == .normal ? 0 : (characters.firstIndex(of: ":") ?? -1) + 1
                    let weight = JSONNumber(number.value).text + unitWord
                    throw fail("RPE must be between 1 and 10; for \(Int(sets)) sets of \(reps) at \(weight) write WEIGHTxREPSxSETS", at: start,
                               replacing: bodyStart..<characters.count, with: "\(weight)x\(reps)x\(Int(sets))")
                }
                let nearest = min(10, max(1, (number.value * 2).rounded() / 2))
                throw fail("RPE must be between 1 and 10 in steps of 0.5", at: start, replacing: start..<position, with: JSONNumber(nearest).text)
            }
            notation.rpe = number.value
        }

        /// A time: `45s`, `45sec`, `2min`, `1h`, `1:30`, `1:02:30`. `nil` when there is none and
        /// `required` is false.
        mutating func parseTime(required: Bool) throws(Failure) -> Int? {
            let start = position
            guard let first = current, first.isASCIIDigit || first == "." else {
                if !required { return nil }
                if atEnd { throw fail("expected a time", with: "25:00") }
                throw fail("expected a time, found '\(current!)'", replacing: position..<position + 1, with: "25:00")
            }
            let number = try parseNumber(what: "time")
            var seconds: Double
            if current == ":" {
                guard number.value == number.value.rounded() else { throw fail("a clock time is whole minutes and seconds", at: start) }
                var parts = [Int(number.value)]
                while current == ":" {
                    position += 1
                    let digits = position
                    while let digit = current, digit.isASCIIDigit { position += 1 }
                    guard position - digits == 2, let value = Int(text(digits..<position)), value < 60 else {
                        throw fail("write a clock time as M:SS or H:MM:SS, with seconds and minutes from 00 to 59", at: digits,
                                   replacing: digits..<position, with: "30")
                    }
                    parts.append(value)
                }
                guard parts.count <= 3 else { throw fail("a clock time has at most hours, minutes and seconds", at: start) }
                seconds = Double(parts.reduce(0) { $0 * 60 + $1 })
            } else {
                let unitStart = position
                let word = readWord()
                guard let factor = Parser.timeUnit(word) else {
                    if word.isEmpty { throw fail("a time needs a unit: s, min or h, or write it as M:SS", with: "s") }
                    throw fail("unknown unit of time '\(word)' (use s, min or h)", at: unitStart, replacing: unitStart..<position, with: "s")
                }
                seconds = number.value * factor
            }
            guard seconds >= 1 else { throw fail("a time must be at least 1 second", at: start) }
            guard seconds <= Double(SetNotation.maximumDurationSeconds) else { throw fail("a time must be at most 24 hours", at: start) }
            return Int(seconds.rounded())
        }

        /// A decimal number at the position.
        mutating func parseNumber(what: String) throws(Failure) -> (value: Double, start: Int) {
            let start = position
            while let character = current, character.isASCIIDigit || character == "." { position += 1 }
            if current == ",", position + 1 < characters.count, characters[position + 1].isASCIIDigit {
                let end = skipNumber(from: start)
                throw fail("write decimals with a point", at: position, replacing: start..<end,
                           with: text(start..<end).replacingOccurrences(of: ",", with: "."))
            }
            let digits = text(start..<position)
            guard !digits.hasPrefix("."), let value = Double(digits), value.isFinite else {
                throw fail("\(what) '\(digits)' is not a number", at: start, replacing: start..<position,
                           with: digits.hasPrefix(".") ? "0" + digits : String(digits.prefix { $0 != "." }))
            }
            return (value, start)
        }

        /// Reads letters (not `x`, which separates parts) at the position.
        mutating func readWord() -> String {
            let start = position
            position = wordEnd(from: start)
            return text(start..<position)
        }

        /// Where the letters from `start` end (`x`, which separates parts, ends them too).
        func wordEnd(from start: Int) -> Int {
            var end = start
            while end < characters.count, characters[end].isLetter, characters[end] != "x" { end += 1 }
            return end
        }

        func peekWord() -> String {
            var copy = self
            return copy.readWord()
        }

        func skipNumber(from start: Int) -> Int {
            var end = start
            while end < characters.count, characters[end].isASCIIDigit || characters[end] == "." || characters[end] == "," { end += 1 }
            return end
        }

        func skipWord(from start: Int) -> Int {
            var end = start
            while end < characters.count, characters[end] != "x", characters[end] != "@" { end += 1 }
            return max(end, start + 1)
        }

        /// The metres in one of the distance unit `word`, or `nil` (a `switch`: a dictionary would
        /// be built the first time a set is parsed, in every command that logs one).
        static func distanceUnit(_ word: String) -> Double? {
            switch word {
            case "m": 1
            case "km": 1000
            case "mi": 1609.344
            default: nil
            }
        }
        /// The seconds in one of the time unit `word`, or `nil`.
        static func timeUnit(_ word: String) -> Double? {
            switch word {
            case "s", "sec", "secs": 1
            case "min", "mins": 60
            case "h": 3600
            default: nil
            }
        }

        /// The unit among `units` closest to a mistyped one, when one is close (`kgs`, `k`).
        static func nearestUnit(to word: String, among units: [String]) -> String? {
            let best = units.min { Suggestions.editDistance(word, $0) < Suggestions.editDistance(word, $1) }
            return best.flatMap { Suggestions.editDistance(word, $0) <= max(1, word.count / 2) ? $0 : nil }
        }
    }
}

extension WeightUnit {
    /// `kg`, `kgs`, `lb`, `lbs`.
    static func parse(_ word: String) -> WeightUnit? {
        switch word {
        case "kg", "kgs": .kg
        case "lb", "lbs": .lbs
        default: nil
        }
    }
}
