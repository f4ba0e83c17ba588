#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes JSON in the store's canonical form.
///
/// The canonical form (FORMAT.md): UTF-8, object keys sorted by code point, two-space indent,
/// `"key": value`, LF line endings, one trailing newline, empty containers as `{}` and `[]`,
/// non-ASCII characters written as themselves, control characters escaped. The same value
/// always gives the same bytes; the output equals Python's
/// `json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"`.
public enum JSONWriter {
    /// The canonical bytes of `value`, ending in a newline.
    ///
    /// - Complexity: O(n log k): linear in the output, plus sorting each object's keys.
    public static func canonicalBytes(_ value: JSONValue) -> [UInt8] {
        var output = ByteBuffer(capacity: 4096)
        write(value, indent: 0, into: &output)
        output.append(0x0A)
        return output.bytes()
    }

    /// The canonical text of `value`, ending in a newline.
    public static func canonicalString(_ value: JSONValue) -> String {
        String(decoding: canonicalBytes(value), as: UTF8.self)
    }

    /// `value` on one line with sorted keys and no spaces, for line-oriented output (NDJSON).
    public static func compactString(_ value: JSONValue) -> String {
        String(decoding: compactBytes(value), as: UTF8.self)
    }

    /// ``compactString(_:)`` as UTF-8 bytes.
    public static func compactBytes(_ value: JSONValue) -> [UInt8] {
        var output = ByteBuffer(capacity: 4096)
        writeCompact(value, into: &output)
        return output.bytes()
    }

    /// Members by key in code-point order (UTF-8 byte order is the same order).
    static func sortedMembers(_ object: JSONObject) -> [JSONObject.Member] {
        let members = object.members
        var sorted = true
        for index in members.indices.dropFirst() where !precedes(members[index - 1].key, members[index].key) {
            sorted = false
            break
        }
        return sorted ? members : members.sorted { precedes($0.key, $1.key) }
    }

    private static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { left in b.withUTF8 { right in
            let count = min(left.count, right.count)
            for index in 0..<count where left[index] != right[index] { return left[index] < right[index] }
            return left.count < right.count
        } }
    }

    // Written into a ``ByteBuffer``: a run of bytes is one `memcpy` (an array's
    // `append(contentsOf:)` checks its way around each key, value and comma).
    private static func write(_ value: JSONValue, indent: Int, into output: inout ByteBuffer) {
        switch value {
        case .null: output.append("null")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .number(let number): output.append(utf8Of: number.text)
        case .string(let text): writeString(text, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else { output.append("[]"); return }
            output.append(0x5B)
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(0x2C) }
                newline(indent + 2, into: &output)
                write(element, indent: indent + 2, into: &output)
            }
            newline(indent, into: &output)
            output.append(0x5D)
        case .object(let members):
            guard !members.isEmpty else { output.append("{}"); return }
            output.append(0x7B)
            for (offset, member) in sortedMembers(members).enumerated() {
                if offset > 0 { output.append(0x2C) }
                newline(indent + 2, into: &output)
                writeString(member.key, into: &output)
                output.append(": ")
                write(member.value, indent: indent + 2, into: &output)
            }
            newline(indent, into: &output)
            output.append(0x7D)
        }
    }

    static func writeCompact(_ value: JSONValue, into output: inout ByteBuffer) {
        switch value {
        case .array(let elements):
            output.append(0x5B)
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(0x2C) }
                writeCompact(element, into: &output)
            }
            output.append(0x5D)
        case .object(let members):
            output.append(0x7B)
            for (offset, member) in sortedMembers(members).enumerated() {
                if offset > 0 { output.append(0x2C) }
                writeString(member.key, into: &output)
                output.append(0x3A)
                writeCompact(member.value, into: &output)
            }
            output.append(0x7D)
        default:
            write(value, indent: 0, into: &output)
        }
    }

    /// A line break and `indent` spaces, the spaces appended as runs (a session file has a
    /// line for each member of each set).
    static func newline<Sink: ByteSink & ~Copyable>(_ indent: Int, into output: inout Sink) {
        output.append(0x0A)
        var remaining = indent
        while remaining > 0 {
            let spaces = JSONWriter.spaces
            let run = min(remaining, spaces.utf8CodeUnitCount)
            output.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start, count: run))
            remaining -= run
        }
    }

    /// A run of spaces for ``newline(_:into:)``.
    private static var spaces: StaticString { "                                                                " }

    static func writeString<Sink: ByteSink & ~Copyable>(_ text: String, into output: inout Sink) {
        var text = text
        text.withUTF8 { bytes in
            output.append(0x22)
            if !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
                output.append(contentsOf: bytes)
                output.append(0x22)
                return
            }
            for byte in bytes {
                switch byte {
                case 0x22: output.append("\\\"")
                case 0x5C: output.append("\\\\")
                case 0x0A: output.append("\\n")
                case 0x0D: output.append("\\r")
                case 0x09: output.append("\\t")
                case 0x08: output.append("\\b")
                case 0x0C: output.append("\\f")
                case 0x00..<0x20:
                    Array("\\u\(hex(byte, width: 4).lowercased())".utf8).withUnsafeBufferPointer { output.append(contentsOf: $0) }
                default: output.append(byte)
                }
            }
            output.append(0x22)
        }
    }
}

/// Writes the canonical form of a value member by member, for a type that writes itself
/// without building a ``JSONValue`` tree first (a session: ``Session/canonicalBytes``). The
/// bytes are those ``JSONWriter/canonicalBytes(_:)`` writes for the same members, when the
/// writer gives each object's keys in code-point order; made `compact`, those
/// ``JSONWriter/compactBytes(_:)`` writes.
///
/// Members from elsewhere can be merged into the outermost object of compact output
/// (``adding(_:)``): a response's session with its derived numbers.
struct CanonicalJSONWriter: ~Copyable {
    private var bytes = ByteBuffer(capacity: 4096)
    private var indent = 0
    /// Whether the container being written has no member yet.
    private var empty = true
    /// On one line, without spaces (``JSONWriter/compactBytes(_:)``).
    private let compact: Bool
    /// How deep the container being written is (1: the outermost).
    private var depth = 0
    /// Members to merge into the outermost object, by key in code-point order, and how many
    /// of them are written.
    private var added: [JSONObject.Member] = []
    private var addedWritten = 0

    init(compact: Bool = false) {
        self.compact = compact
    }

    /// Merges `members` into the outermost object of a compact writer, each where its key
    /// sorts; one whose key the writer is given too (through a `member` call, or a ``key(_:)``
    /// call that returns `false`) replaces that member, whose value is then not written.
    mutating func adding(_ members: JSONObject) {
        precondition(compact, "members are added to compact output only")
        added = JSONWriter.sortedMembers(members)
        addedWritten = 0
    }

    /// The document's bytes, with the final newline (none when compact).
    consuming func finish() -> [UInt8] {
        if !compact { bytes.append(0x0A) }
        return bytes.bytes()
    }

    mutating func beginObject() { begin(0x7B) }
    mutating func endObject() {
        if depth == 1 { _ = writeAdded(before: nil) }
        end(0x7D)
    }
    mutating func beginArray() { begin(0x5B) }
    mutating func endArray() { end(0x5D) }

    private mutating func begin(_ bracket: UInt8) {
        bytes.append(bracket)
        indent += 2
        depth += 1
        empty = true
    }

    private mutating func end(_ bracket: UInt8) {
        indent -= 2
        depth -= 1
        if !empty && !compact { JSONWriter.newline(indent, into: &bytes) }
        bytes.append(bracket)
        // The container is a member of the one around it, which is not empty.
        empty = false
    }

    /// Starts the next element of an array.
    mutating func element() {
        if !empty { bytes.append(0x2C) }
        empty = false
        if !compact { JSONWriter.newline(indent, into: &bytes) }
    }

    /// Starts the member `key` of an object: its value comes next, unless an added member
    /// has this key (it is written instead, and `false` returned: the caller then writes no
    /// value). Only in the outermost object, the only one members are added to.
    @discardableResult
    mutating func key(_ key: StaticString) -> Bool {
        if depth == 1 && addedWritten < added.count && !writeAdded(before: key) { return false }
        element()
        bytes.append(0x22)
        bytes.append(key)
        bytes.append(compact ? "\":" : "\": ")
        return true
    }

    /// Writes the added members whose keys sort before `key` (all of them for `nil`); `false`
    /// when one has `key` itself, written in its place.
    private mutating func writeAdded(before key: StaticString?) -> Bool {
        while addedWritten < added.count {
            let member = added[addedWritten]
            let order = key.map { CanonicalJSONWriter.order(member.key, $0) } ?? -1
            guard order <= 0 else { return true }
            addedWritten += 1
            element()
            JSONWriter.writeString(member.key, into: &bytes)
            bytes.append(0x3A)
            JSONWriter.writeCompact(member.value, into: &bytes)
            if order == 0 { return false }
        }
        return true
    }

    /// Below zero when `text` sorts before `key` in code-point order (UTF-8 byte order),
    /// zero when they are the same, above zero after.
    private static func order(_ text: String, _ key: StaticString) -> Int {
        var text = text
        return text.withUTF8 { left in
            let count = min(left.count, key.utf8CodeUnitCount)
            if count > 0, let base = left.baseAddress {
                let compared = memcmp(base, key.utf8Start, count)
                if compared != 0 { return Int(compared) }
            }
            return left.count - key.utf8CodeUnitCount
        }
    }

    mutating func string(_ text: String) { JSONWriter.writeString(text, into: &bytes) }
    mutating func bool(_ flag: Bool) { bytes.append(flag ? "true" : "false") }

    /// The member `key` with a timestamp's text (written as ``Timestamp/description``), when
    /// there is one.
    mutating func member(_ key: StaticString, _ value: Timestamp?) {
        guard let value, self.key(key) else { return }
        bytes.append(0x22)
        value.appendText(to: &bytes)
        bytes.append(0x22)
    }

    /// The member `key` when `value` is not `nil` (the canonical form has no nulls).
    mutating func member(_ key: StaticString, _ value: String?) {
        guard let value, self.key(key) else { return }
        string(value)
    }

    mutating func member(_ key: StaticString, _ value: Int?) {
        guard let value, self.key(key) else { return }
        JSONNumber.appendText(of: value, to: &bytes)
    }

    mutating func member(_ key: StaticString, _ value: Double?) {
        guard let value, self.key(key) else { return }
        JSONNumber.appendText(of: value, to: &bytes)
    }

    /// The member `key` with an array of strings, left out when empty.
    mutating func nonEmptyMember(_ key: StaticString, _ values: [String]) {
        guard !values.isEmpty, self.key(key) else { return }
        beginArray()
        for value in values {
            element()
            string(value)
        }
        endArray()
    }
}
