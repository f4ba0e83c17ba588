/// Writes RFC 4180 CSV: fields quoted when they hold the separator, a quote, a line break or
/// spaces at either end; CRLF line endings (what spreadsheets expect).
public struct CSVWriter {
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
        if neutralizesFormulas, let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), Double(text) == nil {
            text = "'" + text
        }
        let needsQuotes = text.contains(separator) || text.contains("\"") || text.contains("\n") || text.contains("\r")
            || text.first == " " || text.last == " "
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
