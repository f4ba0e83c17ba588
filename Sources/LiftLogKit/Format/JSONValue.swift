/// A JSON document held as a tree, with numbers kept as their exact source text.
///
/// LiftLogKit reads and writes every store file through this type: ``JSONParser`` builds it
/// (reporting the line and column of a syntax error), ``JSONWriter`` writes it in the store's
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
        if value == value.rounded(), abs(value) < 1e15 {
            self.text = String(Int64(value))
        } else {
            self.text = "\(value)"
        }
    }

    /// The canonical JSON text of an integer.
    public init(_ value: Int) {
        self.text = String(value)
    }

    /// The value as a `Double` (infinite when out of range).
    public var doubleValue: Double {
        // Fast path for the plain decimals of store files (`102.5`, `-3`): exact when the
        // digits fit in 2^53 and the scale is a power of ten that a Double holds exactly.
        var mantissa: Int64 = 0
        var scale = 0
        var negative = false
        var seenDot = false
        var digits = 0
        for byte in text.utf8 {
            switch byte {
            case 0x2D where digits == 0 && !negative: negative = true
            case 0x2E where !seenDot: seenDot = true
            case 0x30...0x39:
                mantissa = mantissa * 10 + Int64(byte - 0x30)
                digits += 1
                if seenDot { scale += 1 }
                if digits > 15 { return Double(text) ?? .nan }
            default: return Double(text) ?? .nan
            }
        }
        let value = Double(mantissa) / JSONNumber.powersOfTen[scale]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// The value as an `Int` when it is a whole number in range (`5`, `5.0`, `5e0`).
    public var intValue: Int? {
        if let value = Int(text) { return value }
        let double = doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) < 9e15 else { return nil }
        return Int(double)
    }

    public var description: String { text }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

extension JSONValue: Codable {
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
