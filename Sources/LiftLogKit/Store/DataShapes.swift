/// The JSON shapes every surface answers with (the CLI's `--json`, the HTTP API): SPEC §7.1.
public enum DataShapes {
    /// A session as stored, plus `duration_seconds`, `total_volume`, `volume_unit`,
    /// `exercise_count`, `set_count` and `path`.
    public static func session(_ stored: StoredSession, store: Store) throws(LiftLogError) -> JSONValue {
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

    public static func summary(_ summary: SessionSummary) -> JSONValue {
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

    public static func history(_ page: HistoryPage) -> JSONValue {
        .object([
            "page": .number(JSONNumber(page.page)),
            "per_page": .number(JSONNumber(page.perPage)),
            "total": .number(JSONNumber(page.total)),
            "total_pages": .number(JSONNumber(page.totalPages)),
            "sessions": .array(page.sessions.map(summary)),
        ])
    }

    /// What an error gives a client to act on (`error.details`): close names, the problems of a
    /// corrupt file (each as `problem` renders it), the path of an I/O failure, the caret of a
    /// set's notation, and the remedy's code.
    public static func errorDetails(_ error: LiftLogError, problem: (FileProblem) -> JSONValue) -> JSONObject {
        var details = JSONObject()
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
        return details
    }
}
