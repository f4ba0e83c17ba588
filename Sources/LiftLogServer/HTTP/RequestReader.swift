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
        // From its first byte, the whole head must arrive within a short time, however it trickles.
        if buffer.isEmpty {
            switch connection.awaitRequest() {
            case .ready: break
            case .closed: return nil
            case .timedOut: throw Failure(status: 408, message: "The connection was idle too long.")
            }
        }
        var headEnd: Int?
        let deadline = Connection.now() + connection.headSeconds
        while true {
            if let end = RequestReader.headEnd(in: buffer) { headEnd = end; break }
            if buffer.count > RequestReader.maximumHead { throw Failure(status: 431, message: "The request's headers are larger than 16 KB.") }
            guard let chunk = try read(until: deadline, timeoutFailure: Failure(status: 408, message: "The request's headers did not arrive in time.")) else {
                if buffer.isEmpty { return nil }
                throw Failure(status: 400, message: "The connection closed in the middle of a request.")
            }
            buffer += chunk
        }
        guard let headEnd, headEnd <= RequestReader.maximumHead else { throw Failure(status: 431, message: "The request's headers are larger than 16 KB.") }
        let head = try buffer.withUnsafeBufferPointer { bytes throws(Failure) in try RequestReader.parseHead(UnsafeBufferPointer(rebasing: bytes[..<headEnd])) }
        buffer.removeFirst(headEnd + 4)
        let headers = head.headers, lengths = head.contentLengths
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
        let (segments, query) = try RequestReader.target(head.target)
        return HTTPRequest(method: head.method, path: "/" + segments.joined(separator: "/"), segments: segments, query: query, headers: headers, body: body)
    }

    /// A request head's parts: the request line's method and target, the headers (names
    /// lowercased, a repeated header's values joined with ", ") and every Content-Length value.
    struct Head {
        var method: String
        var target: String
        var headers: [String: String] = [:]
        var contentLengths: [String] = []
    }

    /// Reads a request head (the request line and header lines, without the blank line that
    /// ends it) byte by byte: lines end at CR LF, the request line's three parts are separated
    /// by single spaces, a header is `Name: value` (no space or tab in the name, spaces and tabs
    /// around the value dropped).
    static func parseHead(_ head: UnsafeBufferPointer<UInt8>) throws(Failure) -> Head {
        guard String(validating: head, as: UTF8.self) != nil else {
            throw Failure(status: 400, message: "The request's headers are not UTF-8.")
        }
        // Lines end at CR LF only (RFC 9112 §2.2): a bare CR or LF, which another reader of the
        // same bytes might take as a line end and so see other headers, is refused, as is any
        // control character but a tab.
        for index in 0..<head.count {
            let byte = head[index]
            if byte == 13 {
                guard index + 1 < head.count, head[index + 1] == 10 else { throw Failure(status: 400, message: "The request's headers hold a CR that does not end a line.") }
            } else if byte == 10 {
                guard index > 0, head[index - 1] == 13 else { throw Failure(status: 400, message: "The request's headers hold an LF that does not end a line.") }
            } else if byte < 0x20 && byte != 0x09 || byte == 0x7F {
                throw Failure(status: 400, message: "The request's headers hold a control character.")
            }
        }
        // Every cut below is at an ASCII byte, so each part is whole UTF-8 as the head is.
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: head[range]), as: UTF8.self) }
        // Where the line from `start` ends: its CR LF, or the end of the head.
        func lineEnd(from start: Int) -> Int {
            var end = start
            while end < head.count && !(head[end] == 13 && end + 1 < head.count && head[end + 1] == 10) { end += 1 }
            return end
        }
        let requestLineEnd = lineEnd(from: 0)
        let badLine = Failure(status: 400, message: "The request line is not 'METHOD /path HTTP/1.1'.")
        var spaces: [Int] = []
        for index in 0..<requestLineEnd where head[index] == 0x20 {
            spaces.append(index)
            if spaces.count > 2 { throw badLine }
        }
        guard spaces.count == 2, spaces[0] > 0, (0..<spaces[0]).allSatisfy({ (0x41...0x5A).contains(head[$0]) }),
              spaces[1] > spaces[0] + 1, head[spaces[0] + 1] == UInt8(ascii: "/") else { throw badLine }
        let version = text((spaces[1] + 1)..<requestLineEnd)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw Failure(status: 505, message: "Only HTTP/1.1 is spoken here.")
        }
        var parsed = Head(method: text(0..<spaces[0]), target: text((spaces[0] + 1)..<spaces[1]))
        var start = requestLineEnd + 2
        while start <= head.count {
            let end = lineEnd(from: start)
            var colon = start
            while colon < end && head[colon] != UInt8(ascii: ":") && head[colon] != 0x20 && head[colon] != 0x09 { colon += 1 }
            guard colon < end, colon != start, head[colon] == UInt8(ascii: ":") else {
                throw Failure(status: 400, message: "A header line is not 'Name: value'.")
            }
            guard (start..<colon).allSatisfy({ RequestReader.isTokenCharacter(head[$0]) }) else {
                throw Failure(status: 400, message: "A header name holds a character a name may not.")
            }
            var name = text(start..<colon)
            if !name.utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) { name = name.lowercased() }
            var valueStart = colon + 1, valueEnd = end
            while valueStart < valueEnd && (head[valueStart] == 0x20 || head[valueStart] == 0x09) { valueStart += 1 }
            while valueEnd > valueStart && (head[valueEnd - 1] == 0x20 || head[valueEnd - 1] == 0x09) { valueEnd -= 1 }
            let value = text(valueStart..<valueEnd).trimmingWhitespace()
            if name == "content-length" { parsed.contentLengths.append(value) }
            parsed.headers[name] = parsed.headers[name].map { $0 + ", " + value } ?? value
            start = end + 2
        }
        return parsed
    }

    /// Whether `byte` may be in a header name (a token of RFC 9110 §5.6.2).
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// A request target's path segments and query, percent-decoded segment by segment (an
    /// encoded `/` stays inside its segment); `.`, `..` and NUL segments are refused. In a
    /// query, `+` is a space (`%2B` a plus).
    static func target(_ target: String) throws(Failure) -> (segments: [String], query: [String: String]) {
        var target = target
        return try target.withUTF8 { bytes in Result { () throws(Failure) in try RequestReader.target(bytes) } }.get()
    }

    private static func target(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> (segments: [String], query: [String: String]) {
        var pathEnd = 0
        while pathEnd < bytes.count && bytes[pathEnd] != UInt8(ascii: "?") { pathEnd += 1 }
        var segments: [String] = []
        var start = 0
        while start < pathEnd {
            var end = start
            while end < pathEnd && bytes[end] != UInt8(ascii: "/") { end += 1 }
            if end > start {
                guard let decoded = percentDecoded(bytes[start..<end], plusIsSpace: false) else { throw Failure(status: 400, message: "The path is not valid percent-encoded UTF-8.") }
                guard decoded != "..", decoded != ".", !decoded.utf8.contains(0) else { throw Failure(status: 400, message: "The path may not hold '.', '..' or NUL.") }
                segments.append(decoded)
            }
            start = end + 1
        }
        var query: [String: String] = [:]
        start = pathEnd + 1
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                var equals = start
                while equals < end && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                guard let key = percentDecoded(bytes[start..<equals], plusIsSpace: true),
                      let value = percentDecoded(bytes[min(equals + 1, end)..<end], plusIsSpace: true) else {
                    throw Failure(status: 400, message: "The query is not valid percent-encoded UTF-8.")
                }
                query[key] = value
            }
            start = end + 1
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

    /// Where the blank line that ends a head (CR LF CR LF) starts in `bytes`.
    static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for start in 0...(bytes.count - 4) where bytes[start] == 13 && bytes[start + 1] == 10 && bytes[start + 2] == 13 && bytes[start + 3] == 10 {
            return start
        }
        return nil
    }

    /// `%2F` → `/` (and `+` → space with `plusIsSpace`); `nil` for a bad escape or bytes that
    /// are not UTF-8.
    private static func percentDecoded(_ encoded: Slice<UnsafeBufferPointer<UInt8>>, plusIsSpace: Bool) -> String? {
        guard encoded.contains(where: { $0 == 0x25 || (plusIsSpace && $0 == 0x2B) }) else {
            return String(validating: UnsafeBufferPointer(rebasing: encoded), as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            if byte == 0x25 {
                guard index + 2 < encoded.endIndex, let high = hexValue(encoded[index + 1]), let low = hexValue(encoded[index + 2]) else { return nil }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(plusIsSpace && byte == 0x2B ? 0x20 : byte)
                index += 1
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
