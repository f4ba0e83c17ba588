/// One mistake in one file of the store, located by line and column.
///
/// Its description has the form compilers use, `path:line:column: message`, so editors and
/// terminals can jump to it.
public struct FileProblem: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The file, relative to the store root.
    public var path: String
    /// 1-based line of the offending value (0 when the file as a whole is at fault).
    public var line: Int
    /// 1-based column, counted in characters of the line.
    public var column: Int
    /// The stable code of the problem (``ErrorCode/corruptFile`` for store files).
    public var code: ErrorCode
    /// What is wrong.
    public var message: String
    /// One sentence saying how to fix it, when there is one.
    public var hint: String?
    /// The text of the offending line, when known (for an excerpt with a caret).
    public var lineText: String?
    /// What the user can run about it, as data; each surface words it (``hint`` does not
    /// include it).
    public var remedy: Remedy?

    /// A problem of the file at `path`, at its 1-based `line` and `column`.
    public init(path: String, line: Int, column: Int, code: ErrorCode = .corruptFile, message: String, hint: String? = nil, lineText: String? = nil, remedy: Remedy? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.code = code
        self.message = message
        self.hint = hint
        self.lineText = lineText
        self.remedy = remedy
    }

    /// `path:line:column: message` (`path: message` for a problem of the whole file).
    public var description: String {
        line > 0 ? "\(path):\(line):\(column): \(message)" : "\(path): \(message)"
    }
}
