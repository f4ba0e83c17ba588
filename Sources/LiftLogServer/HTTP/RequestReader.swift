/// Reads one request at a time from a connection, within limits: what does not fit them is a
/// `Failure` with the status to answer.
struct RequestReader {
    /// Why no request could be read, and the status that says so.
    struct Failure: Error {
        var status: Int
        var message: String
    }

    /// The largest request head (request line and headers).
    static let maximumHead = 16 * 1024
    /// The largest body.
    static let maximumBody = 1024 * 1024

    private let connection: Connection
    /// Bytes read past the previous request (the start of the next one).
    private var buffer: [UInt8] = []

    init(connection: Connection) {
        self.connection = connection
    }

    /// The next request; `nil` when the client closed the connection between requests.
    mutating func next() throws(Failure) -> HTTPRequest? {
        // The head: up to the blank line.
        // From its first byte, the whole head must arrive within the timeout, however it trickles.
        var headEnd: Int?
        var deadline: Double? = buffer.isEmpty ? nil : Connection.now() + Double(connection.timeoutSeconds)
        while true {
            if let end = RequestReader.find([13, 10, 13, 10], in: buffer) { headEnd = end; break }
            if buffer.count > RequestReader.maximumHead { throw Failure(status: 431, message: "The request's headers are larger than 16 KB.") }
            guard let chunk = try read(until: deadline, timeoutFailure: buffer.isEmpty ? nil : Failure(status: 408, message: "The request's headers did not arrive in time.")) else {
                if buffer.isEmpty { return nil }
                throw Failure(status: 400, message: "The connection closed in the middle of a request.")
            }
            if deadline == nil { deadline = Connection.now() + Double(connection.timeoutSeconds) }
            buffer += chunk
        }
        guard let headEnd, headEnd <= RequestReader.maximumHead else { throw Failure(status: 431, message: "The request's headers are larger than 16 KB.") }
        guard let headText = String(validating: buffer[..<headEnd], as: UTF8.self) else {
            throw Failure(status: 400, message: "The request's headers are not UTF-8.")
        }
        buffer.removeFirst(headEnd + 4)
        var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard requestLine.count == 3, !requestLine[0].isEmpty, requestLine[0].allSatisfy({ $0.isUppercase }), requestLine[1].hasPrefix("/") else {
            throw Failure(status: 400, message: "The request line is not 'METHOD /path HTTP/1.1'.")
        }
        guard requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0" else {
            throw Failure(status: 505, message: "Only HTTP/1.1 is spoken here.")
        }
        var headers: [String: String] = [:]
        var lengths: [String] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }) else {
                throw Failure(status: 400, message: "A header line is not 'Name: value'.")
            }
            let name = line[..<colon].lowercased()
            let value = String(line[line.index(after: colon)...]).trimmingWhitespace()
            if name == "content-length" { lengths.append(value) }
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        if headers["transfer-encoding"] != nil {
            throw Failure(status: 501, message: "Chunked bodies are not accepted; send the body with a Content-Length.")
        }
        var length = 0
        if !lengths.isEmpty {
            guard Set(lengths).count == 1, let value = Int(lengths[0]), value >= 0, lengths[0].allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw Failure(status: 400, message: "The Content-Length headers are missing a number or disagree.")
            }
            length = value
        }
        guard length <= RequestReader.maximumBody else { throw Failure(status: 413, message: "The body is larger than 1 MB.") }
        let bodyDeadline = Connection.now() + Double(connection.timeoutSeconds)
        while buffer.count < length {
            guard let chunk = try read(until: bodyDeadline, timeoutFailure: Failure(status: 408, message: "The request's body did not arrive in time.")) else {
                throw Failure(status: 400, message: "The connection closed before the whole body arrived.")
            }
            buffer += chunk
        }
        let body = Array(buffer.prefix(length))
        buffer.removeFirst(length)
        let (segments, query) = try RequestReader.target(requestLine[1])
        return HTTPRequest(method: requestLine[0], path: "/" + segments.joined(separator: "/"), segments: segments, query: query, headers: headers, body: body)
    }

    /// A request target's path segments and query, percent-decoded segment by segment (an
    /// encoded `/` stays inside its segment); `.`, `..` and NUL segments are refused.
    static func target(_ target: String) throws(Failure) -> (segments: [String], query: [String: String]) {
        let pathPart = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var segments: [String] = []
        for raw in pathPart[0].split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = RequestReader.percentDecoded(String(raw)) else { throw Failure(status: 400, message: "The path is not valid percent-encoded UTF-8.") }
            guard decoded != "..", decoded != ".", !decoded.contains("\0") else { throw Failure(status: 400, message: "The path may not hold '.', '..' or NUL.") }
            segments.append(decoded)
        }
        var query: [String: String] = [:]
        if pathPart.count == 2 {
            for pair in pathPart[1].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let key = RequestReader.percentDecoded(String(parts[0]).replacingOccurrences(of: "+", with: " ")),
                      let value = RequestReader.percentDecoded(parts.count > 1 ? String(parts[1]).replacingOccurrences(of: "+", with: " ") : "") else {
                    throw Failure(status: 400, message: "The query is not valid percent-encoded UTF-8.")
                }
                query[key] = value
            }
        }
        return (segments, query)
    }

    private func read(until deadline: Double?, timeoutFailure: Failure?) throws(Failure) -> [UInt8]? {
        switch connection.read(until: deadline) {
        case .data(let bytes): return bytes
        case .closed: return nil
        case .timedOut: throw timeoutFailure ?? Failure(status: 408, message: "The connection was idle too long.")
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }

    /// `%2F` → `/`; `nil` for a bad escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == 0x25 {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
