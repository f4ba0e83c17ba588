import LiftLogKit

/// The JSON shapes of `--json` output (README, "JSON output").
enum JSONShapes {
    /// A session as stored, plus its derived numbers and path (``DataShapes/session(_:store:)``).
    static func session(_ stored: StoredSession, store: Store) throws(LiftLogError) -> JSONValue {
        try DataShapes.session(stored, store: store)
    }

    static func summary(_ summary: SessionSummary) -> JSONValue { DataShapes.summary(summary) }

    static func history(_ page: HistoryPage) -> JSONValue { DataShapes.history(page) }

    static func exercise(_ exercise: Exercise) -> JSONValue { exercise.json }

    static func error(_ error: LiftLogError) -> JSONValue {
        var details: [String: JSONValue] = [:]
        switch error {
        case .notFound(_, let suggestions, _) where !suggestions.isEmpty:
            details["suggestions"] = .array(suggestions.map { .string($0) })
        case .corruptFile(let problems):
            details["problems"] = .array(problems.map(problem))
        case .io(let path, _, _):
            details["path"] = .string(path)
        case .validation(_, .correctSet(let token, let offset, let suggestion)?):
            details["token"] = .string(token)
            details["column"] = .number(JSONNumber(offset + 1))
            if let suggestion { details["suggestion"] = .string(suggestion) }
        default:
            break
        }
        if let remedy = error.remedy { details["remedy"] = .string(remedy.code) }
        return .object([
            "success": .bool(false),
            "error": .object([
                "code": .string(error.code.rawValue),
                "message": .string(error.cliMessage),
                "details": details.isEmpty ? .null : .object(JSONObject(details)),
            ]),
        ])
    }

    static func problem(_ problem: FileProblem) -> JSONValue {
        var object: JSONObject = [
            "path": .string(problem.path), "line": .number(JSONNumber(problem.line)),
            "column": .number(JSONNumber(problem.column)), "code": .string(problem.code.rawValue),
            "message": .string(problem.message),
        ]
        if let hint = problem.cliHint { object["hint"] = .string(hint) }
        return .object(object)
    }

    static func success(_ data: JSONValue) -> JSONValue {
        .object(["success": .bool(true), "data": data])
    }

    /// `success` for a clean result; for one that found problems, the data and the error.
    static func result(_ data: JSONValue, failure: LiftLogError?) -> JSONValue {
        guard let failure, case .object(var object) = error(failure) else { return success(data) }
        object["data"] = data
        return .object(object)
    }
}
