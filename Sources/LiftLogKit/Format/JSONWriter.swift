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
package enum JSONWriter {
    /// The canonical bytes of `value`, ending in a newline.
    ///
    /// - Complexity: O(n log k): linear in the output, plus sorting each object's keys.
    package static func canonicalBytes(_ value: JSONValue) -> [UInt8] {
        var output = ByteBuffer(capacity: 4096)
        write(value, indent: 0, into: &output)
        output.append(0x0A)
        return output.bytes()
    }

    /// The canonical text of `value`, ending in a newline.
    package static func canonicalString(_ value: JSONValue) -> String {
        String(decoding: canonicalBytes(value), as: UTF8.self)
    }

    /// `value` on one line with sorted keys and no spaces, for line-oriented output (NDJSON).
    package static func compactString(_ value: JSONValue) -> String {
        String(decoding: compactBytes(value), as: UTF8.self)
    }

    /// ``compactString(_:)`` as UTF-8 bytes.
    package static func compactBytes(_ value: JSONValue) -> [UInt8] {
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

