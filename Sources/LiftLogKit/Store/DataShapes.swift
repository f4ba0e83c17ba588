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

    // MARK: Records

    /// A personal record (the heaviest set), or `null`.
    public static func recordJSON(_ record: PersonalRecord?) -> JSONValue {
        guard let record else { return .null }
        return ["weight": .number(JSONNumber(record.weight)), "unit": .string(record.unit.rawValue), "reps": .number(JSONNumber(record.reps)),
                "date": .string(record.date.description), "session_id": .string(record.sessionID.rawValue)]
    }

    /// The most reps without added weight, or `null`.
    public static func maxRepsJSON(_ report: ExerciseReport) -> JSONValue {
        guard let best = report.maxReps else { return .null }
        return ["reps": .number(JSONNumber(best.reps)), "date": .string(best.date.description), "session_id": .string(best.sessionID.rawValue)]
    }

    /// An exercise's history, as `progress --json` gives it.
    public static func progressJSON(_ report: ExerciseReport) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map { .number(JSONNumber($0)) } ?? .null }
        return [
            "exercise_id": report.exerciseID.map { .string($0.rawValue) } ?? .null,
            "exercise_name": .string(report.exerciseName),
            "unit": .string(report.unit.rawValue),
            "entries": .array(report.entries.map { entry in
                ["session_id": .string(entry.sessionID.rawValue), "date": .string(entry.date.description),
                 "week_number": entry.weekNumber.map { .number(JSONNumber($0)) } ?? .null, "sets": .number(JSONNumber(entry.sets)),
                 "best_weight": number(entry.bestWeight), "best_set_reps": entry.bestSetReps.map { .number(JSONNumber($0)) } ?? .null,
                 "e1rm": number(entry.e1rm), "volume": .number(JSONNumber(entry.volume)),
                 "max_reps": entry.maxReps.map { .number(JSONNumber($0)) } ?? .null,
                 "longest_seconds": entry.longestSeconds.map { .number(JSONNumber($0)) } ?? .null,
                 "distance_m": number(entry.distanceMeters), "seconds_per_km": number(entry.secondsPerKilometre.map { ($0 * 10).rounded() / 10 })]
            }),
            "personal_record": recordJSON(report.personalRecord),
            "max_reps": maxRepsJSON(report),
        ]
    }

    /// The records of every kind of set, as `pr --json` gives them.
    public static func kindRecordsJSON(_ report: ExerciseReport) -> JSONObject {
        func hold(_ record: HoldRecord?) -> JSONValue {
            guard let record else { return .null }
            return ["seconds": .number(JSONNumber(record.seconds)), "weight": record.weight.map { .number(JSONNumber($0)) } ?? .null,
                    "unit": record.unit.map { .string($0.rawValue) } ?? .null, "date": .string(record.date.description),
                    "session_id": .string(record.sessionID.rawValue)]
        }
        func distance(_ record: DistanceRecord) -> JSONObject {
            ["meters": .number(JSONNumber(record.meters)), "seconds": record.seconds.map { .number(JSONNumber($0)) } ?? .null,
             "seconds_per_km": record.secondsPerKilometre.map { .number(JSONNumber(($0 * 10).rounded() / 10)) } ?? .null,
             "date": .string(record.date.description), "session_id": .string(record.sessionID.rawValue)]
        }
        return [
            "best_added_load": recordJSON(report.bestAddedLoad),
            "longest_hold": hold(report.longestHold),
            "heaviest_hold": hold(report.heaviestHold),
            "longest_distance": report.longestDistance.map { .object(distance($0)) } ?? .null,
            "paces": .array(report.paces.map { pace in
                var object = distance(pace.record)
                object["distance"] = .string(pace.label)
                object["distance_m"] = .number(JSONNumber(pace.standardMeters))
                return .object(object)
            }),
        ]
    }

    /// One exercise's records, as `pr EXERCISE --json` gives them.
    public static func exerciseRecordsJSON(_ report: ExerciseReport) -> JSONValue {
        var object: JSONObject = [
            "exercise_id": report.exerciseID.map { .string($0.rawValue) } ?? .null,
            "exercise_name": .string(report.exerciseName),
            "personal_record": recordJSON(report.personalRecord),
            "best_e1rm": report.bestE1RM.map { ["value": .number(JSONNumber($0.value)), "unit": .string(report.unit.rawValue), "date": .string($0.date.description), "session_id": .string($0.sessionID.rawValue)] } ?? .null,
            "rep_records": .array(report.repRecords.map { ["reps": .number(JSONNumber($0.reps)), "weight": .number(JSONNumber($0.weight)), "unit": .string($0.unit.rawValue), "date": .string($0.date.description)] }),
            "max_reps": maxRepsJSON(report),
        ]
        for member in kindRecordsJSON(report) { object[member.key] = member.value }
        return .object(object)
    }

    // MARK: Trends

    /// Trends, as `trends --json` gives them.
    public static func trendsJSON(_ report: TrendsReport) -> JSONValue {
        .object([
            "unit": .string(report.unit.rawValue),
            "this_week": .array(report.thisWeek.map { day in
                .object(["date": .string(day.date.description), "kinds": .array(day.kinds.map { .string($0.rawValue) })])
            }),
            "weeks": .array(report.weeks.map { week in
                .object(["start_date": .string(week.start.description), "sessions": .number(JSONNumber(week.sessions)),
                         "volume": .number(JSONNumber(week.volume)), "minutes": .number(JSONNumber(week.minutes)),
                         "muscle_sets": muscleSetsJSON(week.muscleSets)])
            }),
            "sessions_per_week": .number(JSONNumber((report.sessionsPerWeek * 100).rounded() / 100)),
            "current_streak": .number(JSONNumber(report.currentStreak)),
            "longest_streak": .number(JSONNumber(report.longestStreak)),
            "main_lifts": .array(report.lifts.map { lift in
                var object: JSONObject = [
                    "exercise_name": .string(lift.exerciseName),
                    "sessions": .number(JSONNumber(lift.sessions)),
                    "e1rm": .array(lift.weekly.map { $0.map { .number(JSONNumber($0)) } ?? .null }),
                ]
                object["exercise_id"] = lift.exerciseID.map { .string($0.rawValue) } ?? .null
                return .object(object)
            }),
        ])
    }

    /// Hard sets per muscle group.
    public static func muscleSetsJSON(_ sets: [String: Double]) -> JSONValue {
        .object(JSONObject(sets.mapValues { .number(JSONNumber($0)) }))
    }
}
