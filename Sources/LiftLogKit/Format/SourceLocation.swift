/// A 1-based line and column in a text file, the column counted in Unicode scalars.
public struct SourceLocation: Equatable, Hashable, Sendable {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in characters.
    public var column: Int

    /// The place at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The line and column of byte `offset` in `bytes`.
    ///
    /// - Complexity: O(offset).
    public init(offset: Int, in bytes: [UInt8]) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var i = 0
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        var column = 1
        var j = lineStart
        while j < end {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        if lineStart == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]), column > 1 { column -= 1 }
        self.init(line: line, column: column)
    }

    /// The text of line `line` (1-based) of `bytes`, without its line ending.
    public static func lineText(_ line: Int, in bytes: [UInt8]) -> String {
        var current = 1
        var start = 0
        var i = 0
        while i < bytes.count, current < line {
            if bytes[i] == 0x0A { current += 1; start = i + 1 }
            i += 1
        }
        guard current == line else { return "" }
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        if start == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = min(3, end) }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
