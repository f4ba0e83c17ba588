/// Byte-level splitting of the index's text files: lines and tab-separated fields, without
/// building `Character`s (the index is read on every command, so this is a hot path).
enum ByteFields {
    /// The lines of `bytes`, without their `\n`; a final empty line is dropped.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        bytes.withUnsafeBufferPointer { buffer in
            for index in 0..<buffer.count where buffer[index] == 0x0A {
                lines.append(bytes[start..<index])
                start = index + 1
            }
        }
        if start < bytes.count { lines.append(bytes[start..<bytes.count]) }
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

    static func string(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field, as: UTF8.self)
    }

    /// A non-negative or negative decimal integer, or `nil`.
    static func int64(_ field: ArraySlice<UInt8>) -> Int64? {
        guard !field.isEmpty else { return nil }
        var value: Int64 = 0
        var negative = false
        var index = field.startIndex
        if field[index] == 0x2D { negative = true; index += 1 }
        guard index < field.endIndex else { return nil }
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

    static func int(_ field: ArraySlice<UInt8>) -> Int? { int64(field).map { Int($0) } }
}
