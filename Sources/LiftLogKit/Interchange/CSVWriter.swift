/// Writes RFC 4180 CSV: fields quoted when they hold the separator, a quote, a line break or
/// spaces at either end; CRLF line endings (what spreadsheets expect).
public struct CSVWriter: Sendable {
    public var separator: Character
    /// Prefix text cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
    /// carriage return) with an apostrophe, so that an exported note can never run code.
    public var neutralizesFormulas: Bool

    public init(separator: Character = ",", neutralizesFormulas: Bool = true) {
        self.separator = separator
        self.neutralizesFormulas = neutralizesFormulas
    }

    /// One line, with its line ending.
    public func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: String(separator)) + "\r\n"
    }

    /// A numeric cell, written as is (numbers are never neutralised).
    public static func number(_ value: Double?) -> String {
        value.map { JSONNumber($0).text } ?? ""
    }

    func field(_ text: String) -> String {
        var text = text
        if neutralizesFormulas, let first = text.utf8.first, [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D].contains(first), Double(text) == nil { // = + - @ tab CR
            text = "'" + text
        }
        guard needsQuotes(text) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether `text` holds the separator, a quote, a line break (`\r\n` too) or a space at
    /// either end: one pass over its bytes, no grapheme walking.
    private func needsQuotes(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first == 0x20 || last == 0x20 { return true }
        guard let separatorByte = separator.asciiValue else {
            return text.unicodeScalars.contains { $0 == "\"" || $0 == "\n" || $0 == "\r" } || text.contains(separator)
        }
        for byte in bytes where byte == separatorByte || byte == 0x22 || byte == 0x0A || byte == 0x0D { return true }
        return false
    }
}
