/// A JSON document held as a tree, with numbers kept as their exact source text.
///
/// LiftLogKit reads and writes every store file through this type: the JSON parser builds it
/// (reporting the line and column of a syntax error), the canonical writer writes it in the store's
/// canonical form, and models keep the keys they do not know as `JSONValue`s so a rewrite never
/// loses them.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short name of the value's type for messages ("a string", "an object").
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The members of an object, or `nil`.
    public var objectValue: JSONObject? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, or `nil`.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text of a string, or `nil`.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value at `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

/// A JSON number, stored as its source text so that numbers a program does not interpret (in
/// keys it does not know) are written back exactly as they were read.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number as written, valid JSON number syntax.
    public let text: String

    /// Wraps already-validated JSON number text.
    init(validatedText: String) {
        self.text = validatedText
    }

    /// The canonical JSON text of a finite `Double`: integral values without a fraction,
    /// others in the shortest form that reads back to the same `Double`.
    public init(_ value: Double) {
        precondition(value.isFinite, "JSON cannot represent \(value)")
        if JSONNumber.isWrittenWhole(value) {
            self.text = String(Int64(value))
        } else {
            self.text = "\(value)"
        }
    }

    /// Whether `value` is written as a whole number, without a fraction or an exponent.
    private static func isWrittenWhole(_ value: Double) -> Bool {
        value == value.rounded() && abs(value) < 1e15
    }

    /// The canonical JSON text of an integer.
    public init(_ value: Int) {
        self.text = String(value)
    }

    /// Appends the text of ``init(_:)-(Int)`` to `bytes`, without making a `String`.
    static func appendText<Sink: ByteSink & ~Copyable>(of value: Int, to bytes: inout Sink) {
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        guard magnitude >= 10 else { bytes.append(0x30 &+ UInt8(magnitude)); return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            while magnitude > 0 {
                start -= 1
                digits[start] = 0x30 &+ UInt8(magnitude % 10)
                magnitude /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    /// Appends the text of ``init(_:)-(Double)`` to `bytes`: an integral value's digits without
    /// making a `String`, any other as that text.
    static func appendText<Sink: ByteSink & ~Copyable>(of value: Double, to bytes: inout Sink) {
        if isWrittenWhole(value) {
            appendText(of: Int(Int64(value)), to: &bytes)
        } else {
            bytes.append(utf8Of: JSONNumber(value).text)
        }
    }

    /// The value as a `Double` (infinite when out of range).
    public var doubleValue: Double {
        if let value = text.utf8.withContiguousStorageIfAvailable({ JSONNumber.double($0) }) { return value ?? .nan }
        return Double(text) ?? .nan
    }

    /// A decimal number as `Double(String)` reads it, or `nil`: the numbers of store files and
    /// of the index (`102.5`, `-3`, `27407.5`). Plain decimals of up to 15 significant digits
    /// and 22 decimal places are converted from their digits: such a mantissa and power of ten
    /// are both exact in a `Double`, so one division rounds correctly and gives the very value
    /// the C library's `strtod` gives (the "fast path" of Clinger's algorithm). Anything else
    /// takes `Double(String)`.
    static func double<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Double? where Bytes.Index == Int {
        guard !bytes.isEmpty else { return nil }
        var index = bytes.startIndex
        let negative = bytes[index] == 0x2D
        if negative { index += 1 }
        var mantissa: Int64 = 0
        var digits = 0, decimals = 0
        var seenDot = false
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if byte == 0x2E, !seenDot {
                seenDot = true
                continue
            }
            let digit = byte &- 0x30
            guard digit < 10, digits < 15 else { return Double(String(decoding: bytes, as: UTF8.self)) }
            mantissa = mantissa * 10 + Int64(digit)
            if mantissa > 0 { digits += 1 }
            if seenDot { decimals += 1 }
        }
        // "-", ".", "1.", ".5" and the like: whatever `Double(String)` makes of them.
        let integerDigits = index - bytes.startIndex - (negative ? 1 : 0) - (seenDot ? 1 : 0) - decimals
        guard integerDigits > 0, !seenDot || decimals > 0, decimals <= 22 else { return Double(String(decoding: bytes, as: UTF8.self)) }
        let value = Double(mantissa) / JSONNumber.powersOfTen[decimals]
        return negative ? -value : value
    }

    /// 10⁰ … 10²², each exact in a `Double`.
    /// (A literal: the compiler lays it out in the binary, where a computed table would be built
    /// on first use in every process that reads a number.)
    private static let powersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                                1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    /// The value as an `Int` when it is a whole number in range (`5`, `5.0`, `5e0`).
    public var intValue: Int? {
        if let value = Int(text) { return value }
        let double = doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) < 9e15 else { return nil }
        return Int(double)
    }

    /// The number as written.
    public var description: String { text }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// A JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A JSON number.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    /// A JSON number.
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A JSON array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A JSON object of the members written, in that order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .number(JSONNumber(value))
        } else if let value = try? container.decode(Double.self) {
            self = .number(JSONNumber(value))
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(JSONObject(try container.decode([String: JSONValue].self)))
        }
    }

    /// Encodes the value as the JSON it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let number):
            if let int = Int(number.text) { try container.encode(int) } else { try container.encode(number.doubleValue) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value.dictionary)
        }
    }
}
