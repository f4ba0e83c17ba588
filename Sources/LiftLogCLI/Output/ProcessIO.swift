/// Where the tool reads and writes: injected so tests run commands in-process.
public struct ProcessIO: Sendable {
    public var writeOutput: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// One line from standard input, or `nil` at its end.
    public var readLine: @Sendable () -> String?
    public var outputIsTerminal: Bool
    public var inputIsTerminal: Bool
    /// Sends what standard output holds now (a long-running command's first line).
    public var flushOutput: @Sendable () -> Void = {}
    /// Writes UTF-8 text already in bytes to standard output (an export's lines); by default,
    /// as text through ``writeOutput``.
    public var writeOutputBytes: @Sendable ([UInt8]) -> Void

    public init(writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void, readLine: @escaping @Sendable () -> String? = { nil }, outputIsTerminal: Bool = false, inputIsTerminal: Bool = false) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.readLine = readLine
        self.outputIsTerminal = outputIsTerminal
        self.inputIsTerminal = inputIsTerminal
        self.writeOutputBytes = { writeOutput(String(decoding: $0, as: UTF8.self)) }
    }
}

/// Text styles, applied only when colour is wanted: standard output is a terminal, `TERM` is
/// not `dumb`, and `NO_COLOR` is unset.
struct Style {
    var enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func red(_ text: String) -> String { wrap(text, "31") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
