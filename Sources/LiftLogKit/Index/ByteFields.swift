#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level splitting of the index's text files: lines and tab-separated fields, without
/// building `Character`s (the index is read on every command, so this is a hot path).
package enum ByteFields {
    /// The lines of `bytes`, without their `\n`, that start with `prefix` (every line for an
    /// empty one); a final empty line is dropped. Line breaks are found with `memchr` and the
    /// prefix compared with `memcmp`: an ID shard of a large log holds hundreds of lines, of
    /// which `show` wants one.
    static func lines(_ bytes: [UInt8], startingWith prefix: [UInt8] = []) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        bytes.withUnsafeBufferPointer { buffer in
            prefix.withUnsafeBufferPointer { wanted in
                var start = 0
                while start < buffer.count {
                    let end = find(0x0A, in: buffer, from: start, to: buffer.count)
                    if end - start >= wanted.count && (wanted.isEmpty || memcmp(buffer.baseAddress! + start, wanted.baseAddress!, wanted.count) == 0) {
                        lines.append(bytes[start..<end])
                    }
                    start = end + 1
                }
            }
        }
        return lines
    }

    /// The tab-separated fields of one line.
    static func fields(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        split(line, at: 0x09)
    }

    /// The parts of `bytes` between occurrences of the ASCII byte `separator` (empty parts
    /// kept; one part for empty input).
    static func split(_ bytes: ArraySlice<UInt8>, at separator: UInt8) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        parts.reserveCapacity(19)
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == separator {
            parts.append(bytes[start..<index])
            start = index + 1
        }
        parts.append(bytes[start..<bytes.endIndex])
        return parts
    }

    static func string<Field: Collection<UInt8>>(_ field: Field) -> String {
        String(decoding: field, as: UTF8.self)
    }

    /// A non-negative or negative decimal integer, or `nil`.
    static func int64<Field: Collection<UInt8>>(_ field: Field) -> Int64? where Field.Index == Int {
        guard !field.isEmpty else { return nil }
        var value: Int64 = 0
        var negative = false
        var index = field.startIndex
        if field[index] == 0x2D { negative = true; index += 1 }
        guard index < field.endIndex else { return nil }
        // Eighteen digits cannot overflow: those are read without a check per digit (an index
        // line has a dozen numbers, nanosecond times of nineteen digits among them).
        let unchecked = min(field.endIndex, index + 18)
        while index < unchecked {
            let digit = field[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
            index += 1
        }
        while index < field.endIndex {
            let byte = field[index]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(byte - 0x30))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return negative ? -value : value
    }

    /// Whether `a` and `b` hold the same bytes, compared with `memcmp` (`==` on arrays compares
    /// them an element at a time: a whole index state, or a session file against its canonical
    /// form, on every request or file).
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        firstRange(of: needle, in: haystack) != nil
    }

    /// Where `needle` first occurs in `haystack` (in `haystack`'s indices): each place its first
    /// byte occurs (`memchr`), then the rest compared there.
    package static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
        guard !needle.isEmpty else { return haystack.startIndex..<haystack.startIndex }
        guard haystack.count >= needle.count else { return nil }
        let offset = haystack.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle -> Int? in
                let base = haystack.baseAddress!, last = haystack.count - needle.count
                var from = 0
                while from <= last, let found = memchr(base + from, Int32(needle[0]), last - from + 1) {
                    let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return at }
                    from = at + 1
                }
                return nil
            }
        }
        return offset.map { (haystack.startIndex + $0)..<(haystack.startIndex + $0 + needle.count) }
    }

    /// Where the first `byte` of `buffer[from..<end]` is, found with `memchr`; `end` when there
    /// is none. The one search every byte scan of the index uses.
    static func find(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        guard from < end, let base = buffer.baseAddress, let found = memchr(base + from, Int32(byte), end - from) else { return end }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// How many times `byte` occurs in `buffer`.
    static func count(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var at = find(byte, in: buffer, from: 0, to: buffer.count)
        while at < buffer.count {
            count += 1
            at = find(byte, in: buffer, from: at + 1, to: buffer.count)
        }
        return count
    }

    /// How many lines of `buffer` start with `byte`.
    static func lineCount(startingWith byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0, start = 0
        while start < buffer.count {
            if buffer[start] == byte { count += 1 }
            start = find(0x0A, in: buffer, from: start, to: buffer.count) + 1
        }
        return count
    }

    /// The case of `cases` whose raw value `field` spells, or `nil`.
    static func value<Value: RawRepresentable>(_ field: Field, among cases: [Value]) -> Value? where Value.RawValue == String {
        for value in cases {
            var raw = value.rawValue
            if raw.withUTF8({ $0.count == field.count && (field.isEmpty || memcmp($0.baseAddress!, field.base.baseAddress! + field.startIndex, field.count) == 0) }) {
                return value
            }
        }
        return nil
    }

    /// The value of the decimal digits at `base[from..<end]` up to the first other byte (wrapping
    /// past nineteen digits), and where they stop.
    static func leadingDigits(_ base: UnsafePointer<UInt8>, from: Int, to end: Int) -> (value: UInt64, stop: Int) {
        var index = from
        var value: UInt64 = 0
        while index < end {
            let digit = base[index] &- 0x30
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            index += 1
        }
        return (value, index)
    }

    /// A lowercase hexadecimal number of 1 to 16 digits, or `nil`.
    static func hex64<Field: Collection<UInt8>>(_ field: Field) -> UInt64? {
        guard (1...16).contains(field.count) else { return nil }
        var value: UInt64 = 0
        for byte in field {
            switch byte {
            case 0x30...0x39: value = value << 4 | UInt64(byte - 0x30)
            case 0x61...0x66: value = value << 4 | UInt64(byte - 0x61 + 10)
            default: return nil
            }
        }
        return value
    }

    static func int<Field: Collection<UInt8>>(_ field: Field) -> Int? where Field.Index == Int { int64(field).map { Int($0) } }

    /// One field of a line being read in place (no copy, no reference counting).
    typealias Field = Slice<UnsafeBufferPointer<UInt8>>

    /// Reads the lines of a buffer, and the tab-separated fields of each, in place: for the
    /// files read at the start of every command.
    struct Reader {
        private let buffer: UnsafeBufferPointer<UInt8>
        private var position = 0
        private var lineEnd = -1
        private var fieldStart = 0

        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        /// Moves to the next line (without its `\n`); `nil` after the last.
        mutating func nextLine() -> Field? {
            guard position < buffer.count else { return nil }
            let end = ByteFields.find(0x0A, in: buffer, from: position, to: buffer.count)
            let line = buffer[position..<end]
            fieldStart = position
            lineEnd = end
            position = end + 1
            return line
        }

        /// The next tab-separated field of the current line; `nil` after its last.
        mutating func nextField() -> Field? {
            guard fieldStart <= lineEnd else { return nil }
            var end = fieldStart
            while end < lineEnd && buffer[end] != 0x09 { end += 1 }
            let field = buffer[fieldStart..<end]
            fieldStart = end + 1
            return field
        }

        /// The next field of the current line as a count: one to eighteen decimal digits (no
        /// sign); `nil` after the line's last field, or for any other field. The index state's
        /// month lines are mostly such fields, most of them `0`.
        mutating func nextCount() -> Int64? {
            guard fieldStart <= lineEnd, let base = buffer.baseAddress else { return nil }
            let (value, stop) = ByteFields.leadingDigits(base, from: fieldStart, to: lineEnd)
            guard (1...18).contains(stop - fieldStart), stop == lineEnd || base[stop] == 0x09 else { return nil }
            fieldStart = stop + 1
            return Int64(value)
        }

        /// The next field of the current line as ``ByteFields/int64(_:)`` reads it, read in the
        /// pass that finds its end (the index state's lines are mostly numbers); `nil` after
        /// the line's last field, or for a field that is not such a number.
        mutating func nextInt64() -> Int64? {
            guard fieldStart <= lineEnd else { return nil }
            var index = fieldStart
            let negative = index < lineEnd && buffer[index] == 0x2D
            if negative { index += 1 }
            let digitsStart = index
            var value: Int64 = 0
            var valid = true
            while index < lineEnd {
                let digit = buffer[index] &- 0x30
                if digit >= 10 {
                    if buffer[index] == 0x09 { break }
                    valid = false
                } else if index - digitsStart < 18 {
                    // Eighteen digits cannot overflow.
                    value = value &* 10 &+ Int64(digit)
                } else {
                    let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times10.addingReportingOverflow(Int64(digit))
                    if overflow1 || overflow2 { valid = false }
                    value = sum
                }
                index += 1
            }
            fieldStart = index + 1
            guard valid, index > digitsStart else { return nil }
            return negative ? -value : value
        }
    }
}
