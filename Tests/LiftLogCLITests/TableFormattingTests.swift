import Testing
@testable import LiftLogCLI

/// `Formatting.table` lays out every list the tool prints (history, exercises, records…). It
/// counts a cell's characters once, as bytes when the cell is ASCII; these tests hold it to the
/// plain definition — each column as wide as its widest cell in characters, two spaces between
/// columns, no line ending in a space — on cells of every kind.
@Suite("Tables")
struct TableFormattingTests {
    /// The definition, written the obvious way.
    private func reference(_ rows: [[String]], header: [String]?, style: Style) -> String {
        let all = (header.map { [$0] } ?? []) + rows
        guard let columns = all.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in all { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func render(_ row: [String]) -> String {
            var line = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
        return ((header.map { [style.bold(render($0))] } ?? []) + rows.map(render)).joined(separator: "\n")
    }

    @Test("a history-like table, exactly")
    func historyTable() {
        let table = Formatting.table([["2025-12-16 07:43", "lifting", "Day 1", "43m", "10,880 kg"],
                                      ["2025-11-24 09:50", "cardio", "", "1h 16m", "5 km"]],
                                     header: ["DATE", "KIND", "DAY", "TIME", "VOLUME/DIST"], style: Style(enabled: false))
        #expect(table == """
            DATE              KIND     DAY    TIME    VOLUME/DIST
            2025-12-16 07:43  lifting  Day 1  43m     10,880 kg
            2025-11-24 09:50  cardio          1h 16m  5 km
            """)
    }

    @Test("cells of every kind are laid out as the definition says")
    func againstTheDefinition() {
        let pieces = ["", "a", "Back Squat", "100 kg × 5", "Crème brûlée", "e\u{301}", "🏋️", "👩‍👩‍👧", "中文", "x\r\ny",
                      "\r\n", "\r", " ", "trailing ", "  two", "ok \u{301}", "tab\there", "end\u{301} ", "\u{1B}[1m"]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<400 {
            let columns = Int.random(in: 1...5, using: &generator)
            let rows = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                // Some rows shorter than others, as a row without a last cell is.
                (0..<Int.random(in: 0...columns, using: &generator)).map { _ in
                    (0..<Int.random(in: 0...2, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
                }
            }
            let header: [String]? = round % 3 == 0 ? nil : (0..<columns).map { _ in pieces.randomElement(using: &generator)! }
            for style in [Style(enabled: false), Style(enabled: true)] {
                #expect(Formatting.table(rows, header: header, style: style) == reference(rows, header: header, style: style),
                        "\(rows) \(String(describing: header))")
            }
        }
    }

    @Test("a cell's characters, counted as bytes only when that gives the same number")
    func characterCounts() {
        for text in ["", "abc", "x\r\ny", "\r\n", "\r", "é", "e\u{301}", "🏋️", "a b"] {
            #expect(Formatting.characterCount(text) == text.count, "\(text.debugDescription)")
        }
    }
}
