/// One HTTP/1.1 request as the server reads it.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, percent-decoded segment by segment (`/api/workouts/3f2c9a1e`).
    public var path: String
    /// The path's segments, each percent-decoded (an encoded `/` stays inside its segment).
    public var segments: [String]
    public var query: [String: String]
    /// Header names lowercased; a repeated header keeps its values joined with ", ".
    public var headers: [String: String]
    public var body: [UInt8]

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// A request as the server would read it from `METHOD target`, for calling the API
    /// in-process; `nil` when the target is one the server refuses (400).
    public init?(method: String, target: String, headers: [String: String] = [:], body: [UInt8] = []) {
        guard let (segments, query) = try? RequestReader.target(target) else { return nil }
        self.init(method: method, path: "/" + segments.joined(separator: "/"), segments: segments, query: query,
                  headers: Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $0 + ", " + $1 }), body: body)
    }

    init(method: String, path: String, segments: [String], query: [String: String], headers: [String: String], body: [UInt8]) {
        self.method = method
        self.path = path
        self.segments = segments
        self.query = query
        self.headers = headers
        self.body = body
    }
}

/// One HTTP/1.1 response.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The reason phrase of a status.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 421: "Misdirected Request"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }

    /// The bytes on the wire; for a `HEAD` request (`headOnly`), the head alone, with the
    /// length the body would have had (RFC 9110 §9.3.2, §8.6).
    func serialized(keepAlive: Bool, headOnly: Bool = false) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(HTTPResponse.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        head += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n"
        head += "X-Content-Type-Options: nosniff\r\n\r\n"
        return headOnly ? Array(head.utf8) : Array(head.utf8) + body
    }
}
