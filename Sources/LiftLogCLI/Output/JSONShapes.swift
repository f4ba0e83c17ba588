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
        let details = DataShapes.errorDetails(error, problem: problem)
        return .object([
            "success": .bool(false),
            "error": .object([
                "code": .string(error.code.rawValue),
                "message": .string(error.cliMessage),
                "details": details.isEmpty ? .null : .object(details),
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
