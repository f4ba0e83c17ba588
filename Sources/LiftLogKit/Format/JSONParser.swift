#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON syntax error at a byte offset of the source.
package struct JSONSyntaxError: Error, Equatable, Sendable {
    /// Byte offset of the offending character (or of the end of the input).
    package var offset: Int
    /// What is wrong, in words a person editing the file understands.
    package var message: String
}

/// A strict RFC 8259 JSON reader that reports where each mistake is.
///
/// Foundation's decoders on Linux lose the position of syntax errors; this reader keeps it, and
/// can also record the offset of every value so a rule broken deep inside a document (a negative
/// `reps` in the third set) is reported at its exact line and column.
///
/// It accepts and ignores a leading UTF-8 byte order mark; it rejects comments, trailing commas,
/// duplicate keys, invalid UTF-8 and nesting deeper than ``maximumDepth``.
///
/// - Complexity: O(n) in the size of the input.
package enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 200

    /// Parses a whole document.
    ///
    /// - Throws: ``JSONSyntaxError`` with the offset of the first mistake.
    package static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, recorder: nil)
            return try parser.parseDocument()
        }
    }

    /// Parses a whole document and returns, next to it, the byte offset of every value and of
    /// every object key, by path.
    package static func parseWithPositions(_ bytes: [UInt8]) throws -> (JSONValue, PositionTable) {
        try bytes.withUnsafeBufferPointer { buffer in
            let recorder = PositionTable()
            var parser = Parser(buffer, recorder: recorder)
            let value = try parser.parseDocument()
            return (value, recorder)
        }
    }
}

/// Byte offsets of the values and keys of a parsed document.
package final class PositionTable {
    package var valueOffsets: [JSONPath: Int] = [:]
    package var keyOffsets: [JSONPath: Int] = [:]
    fileprivate var stack: [JSONPath.Component] = []

    /// The offset of the value at `path`; for a path that does not exist, the offset of the
    /// nearest enclosing value that does.
    package func offset(of path: JSONPath) -> Int {
        var components = path.components
        while true {
            if let offset = valueOffsets[JSONPath(components: components)] { return offset }
            if components.isEmpty { return 0 }
            components.removeLast()
        }
    }

    /// The offset of the key that names `path` (for "unknown key" problems), else of the value.
    package func keyOffset(of path: JSONPath) -> Int {
        keyOffsets[path] ?? offset(of: path)
    }
}

private enum Byte {
    static let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, slash: UInt8 = 0x2F
    static let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A
    static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
    static let minus: UInt8 = 0x2D, plus: UInt8 = 0x2B, dot: UInt8 = 0x2E, zero: UInt8 = 0x30, nine: UInt8 = 0x39
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D
    static let singleQuote: UInt8 = 0x27
}

private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    let recorder: PositionTable?

    init(_ bytes: UnsafeBufferPointer<UInt8>, recorder: PositionTable?) {
        self.bytes = bytes
        self.recorder = recorder
    }

    /// The offset of the comma before `offset` (past white space), where a trailing comma is.
    func lastComma(before offset: Int) -> Int {
        var position = offset - 1
        while position > 0, bytes[position] != Byte.comma { position -= 1 }
        return position
    }

    func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? index, message: message)
    }

    mutating func parseDocument() throws -> JSONValue {
        skipByteOrderMark()
        skipWhitespace()
        if index >= bytes.count { throw fail("the file is empty; expected a JSON object") }
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw fail("unexpected \(describe(at: index)) after the end of the JSON value; remove it")
        }
        return value
    }

    /// Skips a leading UTF-8 byte order mark, which the parser accepts and ignores.
    mutating func skipByteOrderMark() {
        if index == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case Byte.space, Byte.tab, Byte.newline, Byte.carriageReturn: index += 1
            default: return
            }
        }
    }

    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x20 || byte == 0x7F { return "control character U+\(hex(byte, width: 4))" }
        if let length = utf8Length(at: offset),
           let scalar = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self).unicodeScalars.first {
            return "character '\(scalar)'"
        }
        return "byte 0x\(hex(byte, width: 2)) (not valid UTF-8)"
    }

    mutating func parseValue() throws -> JSONValue {
        if let recorder {
            recorder.valueOffsets[JSONPath(components: recorder.stack)] = index
        }
        guard index < bytes.count else { throw fail("unexpected end of file; expected a value") }
        switch bytes[index] {
        case Byte.openBrace: return try parseObject()
        case Byte.openBracket: return try parseArray()
        case Byte.quote: return .string(try parseString())
        case Byte.minus, Byte.zero...Byte.nine: return .number(try parseNumber())
        case 0x74: try expectLiteral("true"); return .bool(true)
        case 0x66: try expectLiteral("false"); return .bool(false)
        case 0x6E: try expectLiteral("null"); return .null
        case Byte.singleQuote: throw fail("JSON strings use double quotes (\"), not single quotes")
        case Byte.slash: throw fail("comments are not allowed in JSON; remove them")
        case Byte.closeBrace, Byte.closeBracket, Byte.comma:
            throw fail("unexpected \(describe(at: index)); expected a value")
        default:
            throw fail("unexpected \(describe(at: index)); expected a value (a string needs double quotes)")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws {
        let start = index
        let count = literal.utf8CodeUnitCount
        let matches = index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == literal.utf8Start[$0] }
        guard matches else { throw fail("unexpected \(describe(at: start)); expected a value (did you mean \(literal)?)", at: start) }
        index += count
    }

    mutating func enter() throws {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw fail("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
    }

    mutating func parseObject() throws -> JSONValue {
        try enter()
        index += 1
        var members: [JSONObject.Member] = []
        // Small objects (all of a store's) check duplicates by comparing the keys' source bytes;
        // a large one switches to a hash set so that a hostile file cannot make parsing quadratic.
        // Bounds as a pair, not a `Range`: an array of ranges makes the runtime look up
        // `Int: Comparable` among every conformance of the binary (this parser reads
        // `liftlog.json` in every command).
        var keyRanges: [(start: Int, end: Int)] = []
        var seen: Swift.Set<String>?
        skipWhitespace()
        if index < bytes.count, bytes[index] == Byte.closeBrace {
            index += 1
            depth -= 1
            return .object(JSONObject(uniqueMembers: members))
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file inside an object; expected '}'") }
            if bytes[index] == Byte.closeBrace { throw fail("trailing comma before '}' is not allowed in JSON; remove it", at: lastComma(before: index)) }
            guard bytes[index] == Byte.quote else {
                if bytes[index] == Byte.singleQuote { throw fail("JSON keys use double quotes (\"), not single quotes") }
                throw fail("unexpected \(describe(at: index)); expected a key in double quotes")
            }
            let keyOffset = index
            let key = try parseString()
            let keyRange = (keyOffset + 1)..<(index - 1)
            skipWhitespace()
            guard index < bytes.count, bytes[index] == Byte.colon else {
                throw fail("expected ':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            let duplicate: Bool
            if var set = seen {
                duplicate = !set.insert(key).inserted
                seen = set
            } else {
                duplicate = keyRanges.contains { sameBytes($0.start..<$0.end, keyRange) } || (keyHasEscapes(keyRange) && members.contains { $0.key == key })
                keyRanges.append((keyRange.lowerBound, keyRange.upperBound))
                if members.count == 32 { seen = Swift.Set(members.map(\.key) + [key]) }
            }
            if duplicate { throw fail("duplicate key \"\(key)\"; keep only one", at: keyOffset) }
            if let recorder {
                recorder.stack.append(.key(key))
                recorder.keyOffsets[JSONPath(components: recorder.stack)] = keyOffset
            }
            members.append(JSONObject.Member(key: key, value: try parseValue()))
            recorder?.stack.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file inside an object; expected '}'") }
            if bytes[index] == Byte.comma { index += 1; continue }
            if bytes[index] == Byte.closeBrace { index += 1; break }
            throw fail("unexpected \(describe(at: index)); expected ',' or '}' after the value of \"\(key)\"")
        }
        depth -= 1
        return .object(JSONObject(uniqueMembers: members))
    }

    /// Whether two ranges of the source hold the same bytes.
    func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        var i = a.lowerBound, j = b.lowerBound
        while i < a.upperBound {
            if bytes[i] != bytes[j] { return false }
            i += 1
            j += 1
        }
        return true
    }

    /// Whether a key's source contains an escape (then its bytes are not its text).
    func keyHasEscapes(_ range: Range<Int>) -> Bool {
        bytes[range].contains(Byte.backslash)
    }

    mutating func parseArray() throws -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == Byte.closeBracket {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file inside an array; expected ']'") }
            if bytes[index] == Byte.closeBracket { throw fail("trailing comma before ']' is not allowed in JSON; remove it", at: lastComma(before: index)) }
            recorder?.stack.append(.index(elements.count))
            elements.append(try parseValue())
            recorder?.stack.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file inside an array; expected ']'") }
            if bytes[index] == Byte.comma { index += 1; continue }
            if bytes[index] == Byte.closeBracket { index += 1; break }
            throw fail("unexpected \(describe(at: index)); expected ',' or ']' after an array element")
        }
        depth -= 1
        return .array(elements)
    }

    mutating func parseNumber() throws -> JSONNumber {
        let range = try scanNumber()
        return JSONNumber(validatedText: String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
    }

    /// The bytes of the number at `index`, checked against JSON's grammar, and `index` past them.
    mutating func scanNumber() throws -> Range<Int> {
        let start = index
        if bytes[index] == Byte.minus { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number: expected a digit") }
        if bytes[index] == Byte.zero {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail("numbers cannot have leading zeros", at: start) }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == Byte.dot {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number: expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == 0x65 {
            index += 1
            if index < bytes.count, bytes[index] == Byte.plus || bytes[index] == Byte.minus { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number: expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index - start > 100 { throw fail("number is too long (more than 100 characters)", at: start) }
        return start..<index
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= Byte.zero && byte <= Byte.nine }

    /// The length of the valid UTF-8 sequence starting at `offset`, or `nil`.
    func utf8Length(at offset: Int) -> Int? {
        let lead = bytes[offset]
        func continuation(_ k: Int) -> Bool {
            offset + k < bytes.count && bytes[offset + k] & 0xC0 == 0x80
        }
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : nil
        case 0xE0...0xEF:
            guard continuation(1), continuation(2) else { return nil }
            let second = bytes[offset + 1]
            if lead == 0xE0 && second < 0xA0 { return nil }
            if lead == 0xED && second > 0x9F { return nil }
            return 3
        case 0xF0...0xF4:
            guard continuation(1), continuation(2), continuation(3) else { return nil }
            let second = bytes[offset + 1]
            if lead == 0xF0 && second < 0x90 { return nil }
            if lead == 0xF4 && second > 0x8F { return nil }
            return 4
        default: return nil
        }
    }

    mutating func parseString() throws -> String {
        let open = index
        index += 1
        let start = index
        var hasEscape = false
        while true {
            guard index < bytes.count else { throw fail("unterminated string; add the closing '\"'", at: open) }
            let byte = bytes[index]
            if byte == Byte.quote { break }
            if byte == Byte.backslash {
                hasEscape = true
                index += 2
                continue
            }
            if byte < 0x20 {
                if byte == Byte.newline { throw fail("line break inside a string; write it as \\n or close the string") }
                throw fail("control character U+\(hex(byte, width: 4)) inside a string; escape it as \\u\(hex(byte, width: 4))")
            }
            if byte < 0x80 {
                index += 1
            } else {
                guard let length = utf8Length(at: index) else {
                    throw fail("byte 0x\(hex(byte, width: 2)) is not valid UTF-8; save the file as UTF-8")
                }
                index += length
            }
        }
        let end = index
        index += 1
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !hasEscape { return String(decoding: raw, as: UTF8.self) }
        return try unescape(from: start, to: end)
    }

    func unescape(from start: Int, to end: Int) throws -> String {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var i = start
        while i < end {
            let byte = bytes[i]
            guard byte == Byte.backslash else { output.append(byte); i += 1; continue }
            guard i + 1 < end else { throw fail("unterminated escape sequence", at: i) }
            let escaped = bytes[i + 1]
            switch escaped {
            case Byte.quote, Byte.backslash, Byte.slash: output.append(escaped)
            case 0x62: output.append(0x08)
            case 0x66: output.append(0x0C)
            case 0x6E: output.append(0x0A)
            case 0x72: output.append(0x0D)
            case 0x74: output.append(0x09)
            case 0x75:
                var scalarValue = try hex4(at: i + 2, end: end)
                var consumed = 6
                if (0xD800...0xDBFF).contains(scalarValue) {
                    guard i + 12 <= end, bytes[i + 6] == Byte.backslash, bytes[i + 7] == 0x75 else {
                        throw fail("unpaired surrogate \\u\(hex(scalarValue, width: 4)) in a string", at: i)
                    }
                    let low = try hex4(at: i + 8, end: end)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw fail("unpaired surrogate \\u\(hex(scalarValue, width: 4)) in a string", at: i)
                    }
                    scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
                    consumed = 12
                } else if (0xDC00...0xDFFF).contains(scalarValue) {
                    throw fail("unpaired surrogate \\u\(hex(scalarValue, width: 4)) in a string", at: i)
                }
                guard let scalar = Unicode.Scalar(scalarValue) else { throw fail("invalid \\u escape", at: i) }
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
                i += consumed
                continue
            default:
                throw fail("invalid escape '\\\(Character(Unicode.Scalar(escaped)))' in a string; write a backslash as \\\\", at: i)
            }
            i += 2
        }
        return String(decoding: output, as: UTF8.self)
    }

    func hex4(at offset: Int, end: Int) throws -> UInt32 {
        guard offset + 4 <= end else { throw fail("\\u must be followed by four hex digits", at: offset - 2) }
        var value: UInt32 = 0
        for k in 0..<4 {
            let byte = bytes[offset + k]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw fail("\\u must be followed by four hex digits", at: offset - 2)
            }
            value = value << 4 | digit
        }
        return value
    }
}

func hex<T: BinaryInteger>(_ value: T, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// Reads a JSON document's values in order without building a tree, for a decoder that knows
/// the shape of what it reads (a session file) and gives up at the first thing it does not
/// expect: a key it does not know, a `null`, a value of another type, a syntax error. The
/// caller then reads the document as a tree (``JSONParser/parse(_:)`` and ``ObjectReader``),
/// which keeps what it does not know and says where each problem is; what this reader accepts,
/// it reads as the parser does (strings, escapes, UTF-8 and numbers through the same code).
package struct JSONStreamReader {
    private var parser: Parser

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        parser = Parser(bytes, recorder: nil)
    }

    /// Calls `body` to read the document in `bytes`, and gives what it returned when the
    /// document ends right after (white space aside); `nil` when `body` gives up.
    package static func read<T>(_ bytes: [UInt8], _ body: (inout JSONStreamReader) -> T?) -> T? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONStreamReader(buffer)
            reader.parser.skipByteOrderMark()
            reader.parser.skipWhitespace()
            guard let value = body(&reader) else { return nil }
            reader.parser.skipWhitespace()
            return reader.parser.index == buffer.count ? value : nil
        }
    }

    private mutating func next(is byte: UInt8) -> Bool {
        parser.skipWhitespace()
        return parser.index < parser.bytes.count && parser.bytes[parser.index] == byte
    }

    /// Reads an object whose keys are all in `keys` (each at most once), calling `member` with
    /// the position in `keys` of each key to read its value. `false` when the value is not an
    /// object, a key is not in `keys` or comes twice, or `member` gives up.
    package mutating func readObject(keys: JSONKeyTable, _ member: (inout JSONStreamReader, Int) -> Bool) -> Bool {
        var seen: UInt64 = 0
        var previous = -1
        return readSequence(open: Byte.openBrace, close: Byte.closeBrace) { reader in
            guard reader.next(is: Byte.quote) else { return false }
            let bytes = reader.parser.bytes
            let start = reader.parser.index + 1
            // A key is one of `keys` only when its bytes are: one with an escape is not. Its
            // closing quote, then any backslash before it, found with `memchr` (a byte-by-byte
            // loop here, 85 instructions a key, was 5 % of a reindex: 1.2 % fewer in all).
            let end = ByteFields.find(Byte.quote, in: bytes, from: start, to: bytes.count)
            guard end < bytes.count, ByteFields.find(Byte.backslash, in: bytes, from: start, to: end) == end, let position = keys.position(of: UnsafeBufferPointer(rebasing: bytes[start..<end]), after: previous),
                  seen & (1 << UInt64(position)) == 0 else { return false }
            seen |= 1 << UInt64(position)
            previous = position
            reader.parser.index = end + 1
            guard reader.next(is: Byte.colon) else { return false }
            reader.parser.index += 1
            reader.parser.skipWhitespace()
            return member(&reader, position)
        }
    }

    /// Reads an array, calling `element` to read each element. `false` when the value is not
    /// an array or `element` gives up.
    package mutating func readArray(_ element: (inout JSONStreamReader) -> Bool) -> Bool {
        readSequence(open: Byte.openBracket, close: Byte.closeBracket, element)
    }

    /// Reads `open`, items separated by commas (each read by `item`), and `close`.
    private mutating func readSequence(open: UInt8, close: UInt8, _ item: (inout JSONStreamReader) -> Bool) -> Bool {
        guard next(is: open), (try? parser.enter()) != nil else { return false }
        parser.index += 1
        if next(is: close) {
            parser.index += 1
            parser.depth -= 1
            return true
        }
        while true {
            parser.skipWhitespace()
            guard item(&self) else { return false }
            if next(is: Byte.comma) {
                parser.index += 1
                continue
            }
            guard next(is: close) else { return false }
            parser.index += 1
            parser.depth -= 1
            return true
        }
    }

    /// A string value; `nil` for anything else.
    package mutating func readString() -> String? {
        guard next(is: Byte.quote) else { return nil }
        return try? parser.parseString()
    }

    /// The bytes of a number value, checked as the parser checks them; `nil` for anything else.
    private mutating func numberBytes() -> UnsafeBufferPointer<UInt8>? {
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count else { return nil }
        let byte = parser.bytes[parser.index]
        guard byte == Byte.minus || (byte >= Byte.zero && byte <= Byte.nine), let range = try? parser.scanNumber() else { return nil }
        return UnsafeBufferPointer(rebasing: parser.bytes[range])
    }

    /// A number value as a whole number, as ``JSONNumber/intValue`` reads its text; `nil` for
    /// anything else, or a number that is not whole.
    package mutating func readInt() -> Int? {
        guard let bytes = numberBytes() else { return nil }
        // A plain integer in range (most of them): its value, as `Int(text)` gives it.
        if let value = ByteFields.int64(bytes) { return Int(value) }
        return JSONNumber(validatedText: String(decoding: bytes, as: UTF8.self)).intValue
    }

    /// A number value as ``JSONNumber/doubleValue`` reads its text; `nil` for anything else.
    package mutating func readDouble() -> Double? {
        guard let bytes = numberBytes() else { return nil }
        return JSONNumber.double(bytes) ?? .nan
    }

    /// A string value read as a time (``Timestamp/init(_:)``); `nil` for anything else, or a
    /// string that is not a time.
    package mutating func readTimestamp() -> Timestamp? {
        guard next(is: Byte.quote) else { return nil }
        if let plain = plainString() { return Timestamp(utf8: plain) }
        return (try? parser.parseString()).flatMap(Timestamp.init)
    }

    /// A string value that is one of `table`'s keys, as the key's position in it; `nil` for
    /// anything else. For the values of enumerations (a set's type, status and unit), read
    /// without making a `String` of them.
    package mutating func readCase(_ table: JSONKeyTable) -> Int? {
        guard next(is: Byte.quote) else { return nil }
        if let plain = plainString() { return table.position(of: plain, after: -1) }
        // With an escape, the text the escapes spell (`"kg"` may be written `"\u006bg"`).
        guard var text = try? parser.parseString() else { return nil }
        return text.withUTF8 { table.position(of: $0, after: -1) }
    }

    /// At a string value of printable ASCII without escapes (every time and every case written
    /// so), its bytes, which are its text, and moves past it; otherwise `nil`, and stays.
    private mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        let bytes = parser.bytes
        let start = parser.index + 1
        var end = start
        while end < bytes.count, bytes[end] >= Byte.space, bytes[end] < 0x80, bytes[end] != Byte.quote, bytes[end] != Byte.backslash { end += 1 }
        guard end < bytes.count, bytes[end] == Byte.quote else { return nil }
        parser.index = end + 1
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// `true` or `false`; `nil` for anything else.
    package mutating func readBool() -> Bool? {
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count else { return nil }
        switch parser.bytes[parser.index] {
        case 0x74: guard (try? parser.expectLiteral("true")) != nil else { return nil }; return true
        case 0x66: guard (try? parser.expectLiteral("false")) != nil else { return nil }; return false
        default: return nil
        }
    }

    /// An array of strings; `nil` for anything else.
    package mutating func readStrings() -> [String]? {
        var strings: [String] = []
        let read = readArray { reader in
            guard let text = reader.readString() else { return false }
            strings.append(text)
            return true
        }
        return read ? strings : nil
    }
}

/// The keys an object read by ``JSONStreamReader/readObject(keys:_:)`` may have (at most 64),
/// best in code-point order (see ``position(of:after:)``).
package struct JSONKeyTable: Sendable {
    /// Every key's bytes, one after the other (one buffer: looking a key up takes no reference
    /// to an array of its own, a retain and a release per key tried).
    private let bytes: [UInt8]
    /// Where each key starts in `bytes`, and where the last ends.
    private let starts: [Int]

    package init(_ keys: [String]) {
        precondition(!keys.isEmpty && keys.count <= 64)
        var bytes: [UInt8] = [], starts = [0]
        for key in keys {
            bytes += key.utf8
            starts.append(bytes.count)
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// The position of the key spelled by `text`, or `nil`. The search starts after `previous`,
    /// the position of the object's key before it: in a file in canonical form (keys sorted)
    /// with the table's keys sorted too, each key is found on the way from the one before.
    func position(of text: UnsafeBufferPointer<UInt8>, after previous: Int) -> Int? {
        bytes.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { starts in
                let count = starts.count - 1
                for step in 1...count {
                    let position = (previous + step) % count
                    let start = starts[position]
                    if starts[position + 1] - start == text.count,
                       text.isEmpty || memcmp(all.baseAddress! + start, text.baseAddress!, text.count) == 0 {
                        return position
                    }
                }
                return nil
            }
        }
    }
}
