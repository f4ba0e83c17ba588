/// A typed identifier: a lowercase UUID that knows what it identifies.
///
/// `Session.ID` and `Exercise.ID` are different types, so an exercise ID can never be passed
/// where a session ID is expected. Encodes as a plain string.
public struct Identifier<Owner>: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// The lowercase UUID text.
    public let rawValue: String

    /// Accepts a lowercase UUID (`8-4-4-4-12` hex digits), else `nil`.
    public init?(rawValue: String) {
        guard Identifier.isCanonicalUUID(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// A new random (version 4) identifier.
    public static func random() -> Identifier {
        Identifier(uncheckedRawValue: randomUUIDString())
    }

    init(uncheckedRawValue: String) {
        self.rawValue = uncheckedRawValue
    }

    /// The first 8 hex digits, used in file names and short listings.
    public var short: String { String(rawValue.prefix(8)) }

    /// The identifier's text.
    public var description: String { rawValue }

    /// Whether `lhs` sorts before `rhs` (by their text).
    public static func < (lhs: Identifier, rhs: Identifier) -> Bool { lhs.rawValue < rhs.rawValue }

    static func isCanonicalUUID(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isCanonicalUUID($0[...]) }
    }

    /// Whether `bytes` are a lowercase UUID (read in place: the index holds an ID per line).
    static func isCanonicalUUID(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard bytes.count == 36 else { return false }
        var offset = 0
        for byte in bytes {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                if byte != 0x2D { return false }
            } else if !((byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)) {
                return false
            }
            offset += 1
        }
        return true
    }

    /// The identifier spelled by `bytes`, or `nil` when they are not a lowercase UUID.
    init?(bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        guard Identifier.isCanonicalUUID(bytes) else { return nil }
        self.init(uncheckedRawValue: String(decoding: bytes, as: UTF8.self))
    }

    /// Decodes an identifier from its text, refusing one that is not a lowercase UUID.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = Identifier(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a lowercase UUID: \(text)"))
        }
        self = id
    }

    /// Encodes the identifier as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension Identifier: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Identifier? {
        guard case .string(let text) = value else {
            problems.add(path(), "expected an ID (a UUID string), found \(value.typeDescription)")
            return nil
        }
        guard let id = Identifier(rawValue: text) else {
            let hint = Identifier.isCanonicalUUID(text.lowercased()) ? "Write the ID in lowercase: \"\(text.lowercased())\"." : "IDs look like \"3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f\"."
            problems.add(path(), "\"\(text)\" is not a lowercase UUID", hint: hint)
            return nil
        }
        return id
    }

    package var jsonValue: JSONValue { .string(rawValue) }
}

/// An identifier's UUID in 16 bytes instead of a 36-character string: for holding the IDs of a
/// whole store at once (``Store/check(at:environment:)``'s rules across files). Orders as the
/// text does.
package struct PackedUUID: Hashable, Comparable, Sendable {
    let high: UInt64
    let low: UInt64

    /// The UUID of `id` (always a lowercase UUID, so every digit reads).
    package init<Owner>(_ id: Identifier<Owner>) {
        var high: UInt64 = 0, low: UInt64 = 0, digits = 0
        for byte in id.rawValue.utf8 where byte != UInt8(ascii: "-") {
            let value = UInt64(byte <= UInt8(ascii: "9") ? byte &- 0x30 : byte &- 0x57)
            if digits < 16 { high = high << 4 | value } else { low = low << 4 | value }
            digits += 1
        }
        self.high = high
        self.low = low
    }

    /// The lowercase UUID text, as the identifier spells it.
    package var text: String {
        uuidText([high, low].flatMap { word in stride(from: 56, through: 0, by: -8).map { UInt8(truncatingIfNeeded: word >> UInt64($0)) } })
    }

    package static func < (lhs: PackedUUID, rhs: PackedUUID) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

/// A random (version 4) UUID in lowercase, from the system's secure random source.
package func randomUUIDString() -> String {
    // Two 64-bit draws (a draw is a system call; one per byte made 16 of them).
    var generator = SystemRandomNumberGenerator()
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    for word in [generator.next() as UInt64, generator.next() as UInt64] {
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return uuidText(bytes)
}

/// 16 bytes spelled as a lowercase UUID (`8-4-4-4-12` hex digits).
func uuidText(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for (position, byte) in bytes.enumerated() {
        if position == 4 || position == 6 || position == 8 || position == 10 { text.append(UInt8(ascii: "-")) }
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
}
