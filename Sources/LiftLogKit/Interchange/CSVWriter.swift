/// Writes RFC 4180 CSV: fields quoted when they hold the separator, a quote, a line break or
/// spaces at either end; CRLF line endings (what spreadsheets expect).
public struct CSVWriter: Sendable {
    /// The field separator (a comma, or a semicolon where decimal commas are used).
    public var separator: Character
    /// Prefix text cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
    /// carriage return) with an apostrophe, so that an exported note can never run code.
    public var neutralizesFormulas: Bool

    /// A writer of `separator`-separated fields.
    public init(separator: Character = ",", neutralizesFormulas: Bool = true) {
        self.separator = separator
        self.neutralizesFormulas = neutralizesFormulas
    }

    /// One line, with its line ending.
    public func line(_ fields: [String]) -> String {
        var bytes: [UInt8] = []
        append(fields, separatorBytes: Array(String(separator).utf8), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Lines, each with its line ending, as UTF-8: what an export writes out.
    public func lines(_ rows: [[String]]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * 256)
        let separatorBytes = Array(String(separator).utf8)
        for row in rows { append(row, separatorBytes: separatorBytes, to: &bytes) }
        return bytes
    }

    /// Appends one line, with its line ending, to `bytes`: each field's bytes copied once, no
    /// intermediate strings.
    private func append(_ fields: [String], separatorBytes: [UInt8], to bytes: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes += separatorBytes }
            var field = field
            field.withUTF8 { appendField($0, separator: separatorBytes, to: &bytes) }
        }
        bytes += [0x0D, 0x0A]
    }

    /// A numeric cell, written as is (numbers are never neutralised).
    public static func number(_ value: Double?) -> String {
        value.map { JSONNumber($0).text } ?? ""
    }

    /// Appends one field: prefixed with an apostrophe when a spreadsheet would run it, quoted
    /// (its quotes doubled) when it holds the separator, a quote, a line break (`\r\n` too) or
    /// a space at either end. One pass over its bytes, no grapheme walking.
    private func appendField(_ field: UnsafeBufferPointer<UInt8>, separator: [UInt8], to bytes: inout [UInt8]) {
        guard let first = field.first, let last = field.last else { return }
        let neutralized = neutralizesFormulas && [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D].contains(first) // = + - @ tab CR
            && Double(String(decoding: field, as: UTF8.self)) == nil
        var quoted = first == 0x20 || last == 0x20
        if !quoted {
            if separator.count == 1 {
                let separatorByte = separator[0]
                for byte in field where byte == separatorByte || byte == 0x22 || byte == 0x0A || byte == 0x0D {
                    quoted = true
                    break
                }
            } else {
                quoted = field.contains { $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
                    || String(decoding: field, as: UTF8.self).contains(String(decoding: separator, as: UTF8.self))
            }
        }
        if quoted { bytes.append(0x22) }
        if neutralized { bytes.append(0x27) }
        if quoted {
            for byte in field {
                bytes.append(byte)
                if byte == 0x22 { bytes.append(0x22) }
            }
            bytes.append(0x22)
        } else {
            bytes.append(contentsOf: field)
        }
    }
}
