import LiftLogKit

/// The JSON shapes of `--json` output (README, "JSON output").
enum JSONShapes {
    /// A session as stored, plus `duration_seconds`, `total_volume`, `volume_unit`,
    /// `exercise_count`, `set_count` and `path`.
    static func session(_ stored: StoredSession, store: Store) throws(LiftLogError) -> JSONValue {
        guard case .object(var object) = stored.session.json else { return stored.session.json }
        let metrics = try store.metrics(of: stored.session)
        let unit = metrics.unit
        object["duration_seconds"] = metrics.durationSeconds.map { .number(JSONNumber($0)) } ?? .null
        object["total_volume"] = .number(JSONNumber(metrics.totalVolume))
        object["volume_unit"] = .string(unit.rawValue)
        object["exercise_count"] = .number(JSONNumber(metrics.exerciseCount))
        object["set_count"] = .number(JSONNumber(metrics.setCount))
        object["path"] = .string(stored.path)
        return .object(object)
    }

    static func summary(_ summary: SessionSummary) -> JSONValue {
        var object: JSONObject = [
            "id": .string(summary.id.rawValue),
            "kind": .string(summary.kind.rawValue),
            "status": .string(summary.status.rawValue),
            "started_at": .string(summary.startedAt.description),
            "exercise_count": .number(JSONNumber(summary.exerciseCount)),
            "set_count": .number(JSONNumber(summary.setCount)),
            "total_volume": .number(JSONNumber(summary.totalVolume)),
            "volume_unit": .string(summary.unit.rawValue),
            "total_distance_m": .number(JSONNumber(summary.totalDistanceMeters)),
            "path": .string(summary.path),
        ]
        object["completed_at"] = summary.completedAt.map { .string($0.description) } ?? .null
        object["plan"] = summary.plan.map { .string($0) } ?? .null
        object["plan_day"] = summary.planDay.map { .string($0) } ?? .null
        object["week_number"] = summary.weekNumber.map { .number(JSONNumber($0)) } ?? .null
        object["duration_seconds"] = summary.durationSeconds.map { .number(JSONNumber($0)) } ?? .null
        return .object(object)
    }

    static func history(_ page: HistoryPage) -> JSONValue {
        .object([
            "page": .number(JSONNumber(page.page)),
            "per_page": .number(JSONNumber(page.perPage)),
            "total": .number(JSONNumber(page.total)),
            "total_pages": .number(JSONNumber(page.totalPages)),
            "sessions": .array(page.sessions.map(summary)),
        ])
    }

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
