import LiftLogKit

/// The API's envelope (SPEC §10): `{"success": true, "data": …}` or
/// `{"success": false, "error": {"code", "message", "details"}}`, JSON UTF-8.
enum APIResponse {
    static func ok(_ data: JSONValue, status: Int = 200) -> HTTPResponse {
        json(["success": .bool(true), "data": data], status: status)
    }

    /// ``ok(_:status:)`` for data already written compactly (``DataShapes/historyCompactBytes(_:)``):
    /// the same bytes, the envelope's members in the writer's order.
    static func ok(compactData data: [UInt8], status: Int = 200) -> HTTPResponse {
        var body: [UInt8] = []
        body.reserveCapacity(data.count + 24)
        body.append(contentsOf: "{\"data\":".utf8)
        body.append(contentsOf: data)
        body.append(contentsOf: ",\"success\":true}".utf8)
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// One session as ``DataShapes/session(_:store:)`` shapes it, with `members` added, written
    /// straight from the session (``DataShapes/sessionCompactBytes(_:store:adding:)``).
    static func ok(session stored: StoredSession, store: Store, adding members: JSONObject = [:], status: Int = 200) throws(LiftLogError) -> HTTPResponse {
        ok(compactData: try DataShapes.sessionCompactBytes(stored, store: store, adding: members), status: status)
    }

    private static let headers = [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")]

    /// A chart: `svg` as an SVG image, never cached (the next set changes it).
    static func svg(_ svg: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "image/svg+xml; charset=utf-8"), ("Cache-Control", "no-store")], body: Array(svg.utf8))
    }

    static func json(_ value: JSONValue, status: Int) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: JSONWriter.compactBytes(value))
    }

    /// The status of each error code (SPEC §10).
    static func status(of code: ErrorCode) -> Int {
        switch code {
        case .usage, .validation: 400
        case .notFound: 404
        case .conflict: 409
        case .forbidden: 403
        case .corruptFile: 500
        case .io: 503
        case .internal: 500
        }
    }

    /// A failure with the message of the library, and what else a client can act on.
    static func failure(_ error: LiftLogError) -> HTTPResponse {
        let details = DataShapes.errorDetails(error) { problem in
            ["path": .string(problem.path), "line": .number(JSONNumber(problem.line)), "column": .number(JSONNumber(problem.column)),
             "message": .string(problem.message)]
        }
        let message = error.remedy.flatMap(\.apiText).map { error.message + " " + $0 } ?? error.message
        return failure(status(of: error.code), code: error.code.rawValue, message: message, details: details.isEmpty ? .null : .object(details))
    }

    static func failure(_ status: Int, code: String, message: String, details: JSONValue = .null) -> HTTPResponse {
        json(["success": .bool(false), "error": ["code": .string(code), "message": .string(message), "details": details]], status: status)
    }
}

extension Remedy {
    /// The remedy in the API's words, where it has its own (a field to send).
    var apiText: String? {
        switch self {
        case .logIntoCompletedSession: "Send \"into_completed_session\": true to add them to its history."
        case .runAgain: "Send the request again."
        case .addPlannedExercise(let plan): "Add some with POST /api/plans/\(plan.addingPathEscapes)/days/DAY/exercises."
        default: nil
        }
    }
}

extension JSONValue {
    /// A number of a request's body, or `nil`.
    var numberValue: Double? {
        guard case .number(let number) = self else { return nil }
        return number.doubleValue
    }
}

extension String {
    /// The text as one segment of a URL's path: bytes other than letters, digits and `-._~`
    /// percent-encoded (`Upper Lower` is `Upper%20Lower`).
    var addingPathEscapes: String {
        var text = ""
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text
    }
}
