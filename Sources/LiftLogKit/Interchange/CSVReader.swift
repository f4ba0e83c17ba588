#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One row of a CSV file and the line it starts on.
package struct CSVRecord: Equatable, Sendable {
    package var fields: [String]
    /// 1-based line of the file where the record starts.
    package var line: Int
}

/// A CSV syntax error at a line.
package struct CSVError: Error, Equatable, Sendable {
    package var line: Int
    package var message: String
}

/// An RFC 4180 reader that streams: it holds one record at a time, however large the file.
///
/// Accepts `,` or `;` separators (or any given one), fields quoted with `"` (a doubled `""`
/// inside is a quote; quoted fields may hold separators and line breaks), CRLF, LF or CR line
/// endings, a UTF-8 byte order mark, and a last line without a line ending. Blank lines are
/// skipped. Invalid UTF-8 is an error, not silently replaced.
package struct CSVReader {
    private var source: () -> [UInt8]?
    private var buffer: [UInt8] = []
    private var position = 0
    private var finished = false
    private var line = 1
    private var started = false
    private var checkedForJSON = false
    /// The field separator (`,` unless set).
    package var separator: UInt8
    /// The most bytes one record may have: an export's rows are a few hundred bytes, so a
    /// longer one means the file is not an export (and an endless input is stopped early).
    package static let maximumRecordSize = 1 << 20

    /// Reads from a file (streamed in 64 KB chunks).
    ///
    /// - Throws: `NOT_FOUND` or `IO_ERROR` when the file cannot be opened.
    package init(path: String, separator: UInt8 = 0x2C) throws(LiftLogError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw .notFound("No file '\(path)'.") }
            throw .io(path: path, operation: "read", reason: String(cString: strerror(errno)))
        }
        let handle = FileHandleBox(descriptor)
        self.init(separator: separator) { handle.next() }
    }

    /// Reads from bytes in memory.
    package init(bytes: [UInt8], separator: UInt8 = 0x2C) {
        var given: [UInt8]? = bytes
        self.init(separator: separator) {
            defer { given = nil }
            return given
        }
    }

    init(separator: UInt8, source: @escaping () -> [UInt8]?) {
        self.separator = separator
        self.source = source
    }

    private mutating func fill() -> Bool {
        if position < buffer.count { return true }
        guard !finished, let chunk = source(), !chunk.isEmpty else { finished = true; return false }
        buffer = chunk
        position = 0
        if !started {
            started = true
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
            return fill()
        }
        return true
    }

    private mutating func peek() -> UInt8? { fill() ? buffer[position] : nil }

    /// The next record, or `nil` at the end.
    ///
    /// - Throws: ``CSVError`` for an unterminated quote, text after a closing quote, or invalid UTF-8.
    package mutating func next() throws(CSVError) -> CSVRecord? {
        while true {
            guard let first = peek() else { return nil }
            if first == 0x0A || first == 0x0D {
                consumeLineEnd()
                continue
            }
            break
        }
        // A JSON file (liftlog's own `export ndjson`, an app's JSON backup) read as CSV would
        // fail on its first quote with a puzzle; it is named for what it is.
        if !checkedForJSON {
            checkedForJSON = true
            if let first = peek(), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                throw CSVError(line: line, message: "the file is JSON, not a CSV export; liftlog imports the CSV exports of apps (its own 'export ndjson' is for tools such as jq: to move sessions between stores, copy their files, or use 'export csv' and 'import strong')")
            }
        }
        let startLine = line
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var afterQuote = false
        func finishField() throws(CSVError) {
            guard let text = String(validatingUTF8Bytes: field) else {
                throw CSVError(line: line, message: "the text is not valid UTF-8; save the file as UTF-8")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
        }
        var recordBytes = 0
        while let byte = peek() {
            recordBytes += 1
            if recordBytes > CSVReader.maximumRecordSize {
                throw CSVError(line: startLine, message: "a row is longer than \(CSVReader.maximumRecordSize / 1024 / 1024) MB; an export's rows are a few hundred bytes, so this is not a CSV export")
            }
            if byte == 0 {
                throw CSVError(line: line, message: "the file holds NUL bytes, so it is not a text CSV export")
            }
            if quoted {
                position += 1
                if byte == 0x22 {
                    if peek() == 0x22 { field.append(0x22); position += 1 } else { quoted = false; afterQuote = true }
                } else {
                    if byte == 0x0A || (byte == 0x0D && peek() != 0x0A) { line += 1 }
                    field.append(byte)
                }
                continue
            }
            if byte == separator {
                position += 1
                try finishField()
                afterQuote = false
                continue
            }
            if byte == 0x0A || byte == 0x0D {
                consumeLineEnd()
                try finishField()
                return CSVRecord(fields: fields, line: startLine)
            }
            position += 1
            if byte == 0x22 && field.isEmpty && !afterQuote {
                quoted = true
                continue
            }
            if afterQuote {
                if byte == 0x20 || byte == 0x09 { continue }
                throw CSVError(line: line, message: "text after a closing quote; a quote inside a quoted field is written twice (\"\")")
            }
            field.append(byte)
        }
        if quoted { throw CSVError(line: startLine, message: "a quoted field is not closed before the end of the file") }
        try finishField()
        return CSVRecord(fields: fields, line: startLine)
    }

    private mutating func consumeLineEnd() {
        guard let byte = peek() else { return }
        position += 1
        if byte == 0x0D, peek() == 0x0A { position += 1 }
        line += 1
    }

    /// The first 4 KB of a file (for ``separator(forHeader:)``), empty when it cannot be read.
    package static func head(of path: String) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? Array(bytes.prefix(count)) : []
    }

    /// Guesses the separator from a header line (the first that holds anything but a byte-order
    /// mark): `;` when it has more semicolons than commas.
    package static func separator(forHeader header: [UInt8]) -> UInt8 {
        let text = header.starts(with: [0xEF, 0xBB, 0xBF]) ? header.dropFirst(3) : header[...]
        let firstLine = text.drop { $0 == 0x0A || $0 == 0x0D }.prefix { $0 != 0x0A && $0 != 0x0D }
        return firstLine.filter { $0 == 0x3B }.count > firstLine.filter { $0 == 0x2C }.count ? 0x3B : 0x2C
    }
}

/// Reads a file descriptor in chunks and closes it at the end.
private final class FileHandleBox {
    private var descriptor: Int32

    init(_ descriptor: Int32) { self.descriptor = descriptor }
    deinit { if descriptor >= 0 { close(descriptor) } }

    func next() -> [UInt8]? {
        guard descriptor >= 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 {
            close(descriptor)
            descriptor = -1
            return nil
        }
        chunk.removeLast(chunk.count - count)
        return chunk
    }
}
