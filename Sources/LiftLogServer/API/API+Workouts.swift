import LiftLogKit

/// Sessions: history, start, show, change, delete, complete, skip; the day's dashboard;
/// stretch and meditation sessions.
extension API {
    static let workoutRoutes: [Route] = [
        Route("workouts", ["GET": history, "POST": start]),
        Route("workouts/today", ["GET": todaysWorkout]),
        Route("today", ["GET": today]),
        Route("workouts/:id", [
            "GET": { call throws(LiftLogError) in
                let store = try call.store()
                return try APIResponse.ok(session: try store.session(idPrefix: call[0]), store: store)
            },
            "PUT": update,
            "DELETE": { call throws(LiftLogError) in
                let removed = try call.store().deleteSession(idPrefix: call[0])
                return APIResponse.ok(["id": .string(removed.session.id.rawValue), "path": .string(removed.path)])
            },
        ]),
        Route("workouts/:id/start", ["PUT": startAgain]),
        Route("workouts/:id/complete", ["PUT": complete]),
        Route("workouts/:id/skip", ["PUT": skip]),
        Route("workouts/:id/sets", ["POST": logSets]),
        Route("workouts/:id/entries/:position", ["PUT": swap]),
        Route("workouts/:id/supersets", ["PUT": superset]),
        Route("stretch-sessions", ["GET": { call throws(LiftLogError) in try kindHistory(call, .stretch) }, "POST": { call throws(LiftLogError) in try record(call, .stretch) }]),
        Route("meditation-sessions", ["GET": { call throws(LiftLogError) in try kindHistory(call, .meditation) }, "POST": { call throws(LiftLogError) in try record(call, .meditation) }]),
        Route("stretch-sessions/latest", ["GET": { call throws(LiftLogError) in try latest(call, .stretch) }]),
        Route("meditation-sessions/latest", ["GET": { call throws(LiftLogError) in try latest(call, .meditation) }]),
    ]

    /// `GET /workouts?page&per_page&from&to&kind&exercise`: `history --json`.
    @Sendable static func history(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        var query = HistoryQuery(page: try call.queryInteger("page") ?? 1, perPage: try call.queryInteger("per_page") ?? 25)
        query.from = try call.queryDate("from")
        query.to = try call.queryDate("to")
        query.exercise = call.request.query["exercise"]
        if let kind = call.request.query["kind"] {
            query.kind = try Session.Kind.named(kind)
        }
        return APIResponse.ok(compactData: DataShapes.historyCompactBytes(try call.store().history(query)))
    }

    /// `POST /workouts {"id"?, "kind"?, "started_at"?, "plan_day"? | "like"?}`: starts a session as
    /// `liftlog start` does (``Store/start(kind:startedAt:planDay:id:)``): a day of the active
    /// plan (`"next"` for the day `today` shows) pre-fills its planned sets; `like` (an ID or
    /// `last`) repeats that session, its sets done waiting as targets (``Store/startRepeating(_:startedAt:id:)``).
    /// The same `id` again answers with that session (200).
    @Sendable static func start(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        let store = try call.store()
        let kind = try call.string("kind").map { text throws(LiftLogError) in try Session.Kind.named(text) } ?? .lifting
        let startedAt = try call.timestamp("started_at")
        let planDay = try call.string("plan_day")
        // `like`: a repeat of that session (an ID or `last`), as `liftlog start --like`.
        if let like = try call.string("like") {
            guard planDay == nil, try call.string("kind") == nil else {
                throw .validation("like repeats a session as it was: it goes without plan_day and kind.")
            }
            let started = try store.startRepeating(like, startedAt: startedAt, retryableID: try call.sessionID("id"))
            return try APIResponse.ok(session: started.stored, store: store, status: started.repeated ? 200 : 201)
        }
        guard let id = try call.sessionID("id") else {
            return try APIResponse.ok(session: try store.start(kind: kind, startedAt: startedAt, planDay: planDay), store: store, status: 201)
        }
        let started = try store.start(kind: kind, startedAt: startedAt, planDay: planDay, retryableID: id)
        return try APIResponse.ok(session: started.stored, store: store, status: started.repeated ? 200 : 201)
    }

    /// `GET /workouts/today`, the seed API's `getTodaysWorkout`: the active session (started
    /// from the plan's day, its planned sets waiting), else `null`. liftlog keeps no session
    /// before it is started: `POST /workouts {"plan_day": "next"}` starts today's planned day,
    /// and `GET /today` says which day that is.
    @Sendable static func todaysWorkout(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        let store = try call.store()
        guard let active = try store.activeSession() else { return APIResponse.ok(.null) }
        return APIResponse.ok(compactData: try DataShapes.sessionCompactBytes(active, store: store))
    }

    /// `GET /today`: the active session, and the active plan's next day with targets and
    /// plates (`today --json --plates`); each `null` when there is none; the store's `unit`;
    /// `previous`, the last time's working sets of each exercise of the active session
    /// (``Store/previousSets(for:)``); `rest`, the seconds of rest after a set, `default` and
    /// by exercise; and `measures`, what each exercise's sets are logged in (``SetMeasure``).
    @Sendable static func today(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        let store = try call.store()
        var data: JSONObject = ["active": .null, "next": .null, "previous": [], "unit": .string(store.preferences.unit.rawValue),
                                "distance_unit": .string(store.preferences.distanceUnit.rawValue)]
        do throws(LiftLogError) {
            let report = try store.today()
            data["next"] = DataShapes.today(report, plates: store.plates(for: report))
        } catch {
            guard case .notFound = error else { throw error }
        }
        var rests = JSONObject(), measures = JSONObject()
        if let active = try store.activeSession() {
            data["active"] = try DataShapes.session(active, store: store)
            let previous = try store.previousSets(for: active.session)
            data["previous"] = .array(previous.map(\.json))
            for (name, seconds) in store.restSeconds(in: active.session) { rests[name] = .number(JSONNumber(seconds)) }
            for (name, measure) in store.setMeasures(in: active.session, previous: previous) { measures[name] = .string(measure.rawValue) }
        }
        data["rest"] = ["default": .number(JSONNumber(store.restSeconds(after: nil))), "exercises": .object(rests)]
        data["measures"] = .object(measures)
        return APIResponse.ok(.object(data))
    }

    /// `PUT /workouts/:id/entries/:position {"exercise"}`: the active session's exercise at
    /// that position (from 1) becomes another of the library, its slot and targets kept
    /// (``Store/swapExercise(at:to:sessionID:)``).
    @Sendable static func swap(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        try call.refuseUnknownKeys(["exercise"])
        guard let position = Int(call[1]), position > 0 else { throw .validation("The position must be a whole number from 1, got '\(call[1])'.") }
        let exercise = try call.requiredString("exercise", what: "Exercise name", example: "{\"exercise\": \"Seated Cable Row\"}")
        let store = try call.store()
        return try APIResponse.ok(session: try store.swapExercise(at: position, to: exercise, sessionID: try call.pathSessionID(in: store)), store: store)
    }

    /// `PUT /workouts/:id/supersets {"positions": [1, 2], "apart"?}`: the active session's
    /// exercises at those positions (from 1) become one superset, done in rounds, or with
    /// `"apart": true` each leaves its superset (``Store/superset(_:apart:sessionID:)``).
    @Sendable static func superset(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        try call.refuseUnknownKeys(["positions", "apart"])
        guard let positions = try call.positions("positions", example: "[1, 2]") else {
            throw .validation("positions is required, as in {\"positions\": [1, 2]}.")
        }
        let store = try call.store()
        let changed = try store.superset(positions, apart: try call.bool("apart") ?? false, sessionID: try call.pathSessionID(in: store))
        return try APIResponse.ok(session: changed, store: store)
    }

    /// `PUT /workouts/:id {"notes"?, "session_rpe"?, "pain_tags"?, "started_at"?, "completed_at"?,
    /// "duration_seconds"?, "order"?}`.
    @Sendable static func update(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        var change = SessionChange(notes: try call.string("notes"), sessionRPE: try call.integer("session_rpe"), painTags: try call.strings("pain_tags"),
                                   startedAt: try call.timestamp("started_at"), completedAt: try call.timestamp("completed_at"),
                                   durationSeconds: try call.integer("duration_seconds"))
        change.order = try call.positions("order", example: "[2, 1, 3]")
        let store = try call.store()
        return try APIResponse.ok(session: try store.updateSession(idPrefix: call[0], change), store: store)
    }

    /// `PUT /workouts/:id/start`: the session is started when it exists; an active one answers
    /// as it is (a retry), a completed one is not started again.
    @Sendable static func startAgain(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        let store = try call.store()
        let stored = try store.session(idPrefix: call[0])
        guard stored.session.status == .active else {
            throw .conflict("Session \(stored.session.id.short) is completed; start a new one with POST /api/workouts.")
        }
        return try APIResponse.ok(session: stored, store: store)
    }

    /// `PUT /workouts/:id/complete {"session_rpe"?, "pain_tags"?, "notes"?, "completed_at"?}`.
    @Sendable static func complete(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        let store = try call.store()
        let id = try store.session(idPrefix: call[0]).session.id
        let finished = try store.finish(feel: try call.integer("session_rpe"), painTags: try call.strings("pain_tags") ?? [], notes: try call.string("notes"),
                                        completedAt: try call.timestamp("completed_at"), sessionID: id)
        return try APIResponse.ok(session: finished, store: store)
    }

    /// `PUT /workouts/:id/skip`: a planned day not trained (``Store/skipSession(_:notes:completedAt:)``).
    @Sendable static func skip(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        let store = try call.store()
        let id = try store.session(idPrefix: call[0]).session.id
        let skipped = try store.skipSession(id, notes: try call.string("notes"), completedAt: try call.timestamp("completed_at"))
        return try APIResponse.ok(session: skipped, store: store)
    }

    /// `POST /workouts/:id/sets {"exercise", "sets": ["100x5", …]}` or `{"exercise", "weight",
    /// "unit", "reps", "rpe"?, "rir"?, "duration_seconds"?, "distance_m"?}`, with `"request_id"`
    /// (a retry changes nothing), `"note"`, `"rest_seconds"` and `"create"` (add an unknown
    /// exercise to the library). 201, or 200 for a retry; `logged_sets` and `logged_set_ids`, and
    /// `warnings` when a set's weight and reps read as swapped (``Store/swappedSets(_:exercise:)``:
    /// logged as sent, a client asks its user).
    /// A completed session takes sets only with `"into_completed_session": true` (403 without);
    /// any other key is refused (400). Each set follows the rules every writer follows
    /// (``WorkoutSet/validateForWriting()``); a weight without a unit is in the store's unit.
    static let logFields = ["exercise", "sets", "weight", "unit", "reps", "rpe", "rir", "duration_seconds", "distance_m", "bodyweight", "set_type",
                            "note", "rest_seconds", "create", "request_id", "into_completed_session"]

    @Sendable static func logSets(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        try call.refuseUnknownKeys(logFields)
        let store = try call.store()
        let exercise = try call.requiredString("exercise", what: "Exercise", example: "{\"exercise\": \"Back Squat\", \"sets\": [\"100x5\"]}")
        var sets: [SetNotation] = []
        if try call.has("sets") {
            guard let items = try call.body()["sets"]?.arrayValue else { throw .validation("sets must be a list of set notation such as \"100x5\".") }
            for item in items {
                guard let text = item.stringValue else { throw .validation("sets must be a list of set notation such as \"100x5\".") }
                sets.append(try SetNotation.parse(text, defaultUnit: store.preferences.unit))
            }
        } else if !["reps", "duration_seconds", "distance_m"].filter({ (try? call.has($0)) == true }).isEmpty {
            var set = SetNotation(weight: try call.number("weight"), unit: try call.enumeration("unit", WeightUnit.self) ?? store.preferences.unit,
                                  reps: try call.integer("reps"), rpe: try call.number("rpe"))
            set.rir = try call.integer("rir")
            set.durationSeconds = try call.integer("duration_seconds")
            set.distanceMeters = try call.number("distance_m")
            set.bodyweight = try call.bool("bodyweight") ?? false
            set.setType = try call.enumeration("set_type", WorkoutSet.SetType.self) ?? .normal
            sets.append(set)
        }
        let sessionID = try call.pathSessionID(in: store)
        var details = LogDetails(note: try call.string("note"), restSeconds: try call.integer("rest_seconds"))
        details.requestID = try call.string("request_id")
        details.intoCompletedSession = try call.bool("into_completed_session") ?? false
        let swapped = try store.swappedSets(sets, exercise: exercise)
        let result = try store.log(exercise: exercise, sets: sets, createIfMissing: try call.bool("create") ?? false, sessionID: sessionID, details: details)
        let entry = result.entry
        var logged: JSONObject = [
            "logged_sets": .array(result.setNumbers.map { .number(JSONNumber($0)) }),
            "logged_set_ids": .array(entry.sets.indices.filter { result.setNumbers.contains(entry.sets[$0].setNumber) }.map {
                .string(Store.setID(in: result.stored.session, entry: result.entryIndex, set: $0).description)
            }),
        ]
        if !swapped.isEmpty { logged["warnings"] = .array(swapped.map { .string($0.swappedDescription(defaultUnit: store.preferences.unit) + ".") }) }
        return try APIResponse.ok(session: result.stored, store: store, adding: logged, status: result.repeated ? 200 : 201)
    }

    static func kindHistory(_ call: Call, _ kind: Session.Kind) throws(LiftLogError) -> HTTPResponse {
        var query = HistoryQuery(page: try call.queryInteger("page") ?? 1, perPage: try call.queryInteger("per_page") ?? 25)
        query.kind = kind
        return APIResponse.ok(compactData: DataShapes.historyCompactBytes(try call.store().history(query)))
    }

    static func latest(_ call: Call, _ kind: Session.Kind) throws(LiftLogError) -> HTTPResponse {
        var query = HistoryQuery(page: 1, perPage: 1)
        query.kind = kind
        let store = try call.store()
        guard let latest = try store.history(query).sessions.first else { return APIResponse.ok(.null) }
        return APIResponse.ok(try recordedJSON(try store.session(idPrefix: latest.id.rawValue), store: store))
    }

    /// The keys `POST /stretch-sessions` and `/meditation-sessions` take: liftlog's, and the
    /// seed API's client's as it encodes a session (`total_duration_seconds`,
    /// `regions_completed`, `regions_skipped`, `completed_at`).
    static let recordFields = ["id", "minutes", "duration_seconds", "total_duration_seconds", "started_at", "completed_at", "notes",
                               "regions", "regions_completed", "regions_skipped", "meditation_type"]

    /// `POST /stretch-sessions` or `/meditation-sessions` `{"minutes" | "duration_seconds" |
    /// "total_duration_seconds", "started_at"?, "completed_at"?, "notes"?, "regions"? (or
    /// "regions_completed"), "regions_skipped"?, "meditation_type"?, "id"?}`: 201, or 200 for
    /// the same `id` again.
    static func record(_ call: Call, _ kind: Session.Kind) throws(LiftLogError) -> HTTPResponse {
        try call.refuseUnknownKeys(recordFields)
        let minutes = try call.number("minutes")
        let seconds = try call.alias("duration_seconds", "total_duration_seconds", { (key: String) throws(LiftLogError) in try call.integer(key) })
        if minutes != nil, seconds != nil {
            let given = try call.has("duration_seconds") ? "duration_seconds" : "total_duration_seconds"
            throw .validation("minutes and \(given) say the same; give one of them.")
        }
        let duration: Int
        if let seconds {
            duration = seconds
        } else if let minutes {
            duration = try RecordedSession.seconds(minutes: minutes)
        } else {
            throw .validation("Duration is required, as in {\"minutes\": 15} or {\"total_duration_seconds\": 900}.")
        }
        var record = RecordedSession(kind: kind, durationSeconds: duration)
        record.startedAt = try call.timestamp("started_at")
        record.completedAt = try call.timestamp("completed_at")
        record.notes = try call.string("notes")
        record.regions = try call.alias("regions", "regions_completed", { (key: String) throws(LiftLogError) in try call.strings(key) }) ?? []
        record.skippedRegions = try call.strings("regions_skipped") ?? []
        record.meditationType = try call.string("meditation_type")
        record.id = try call.sessionID("id")
        let store = try call.store()
        let recorded = try store.record(record)
        return APIResponse.ok(try recordedJSON(recorded.stored, store: store), status: recorded.repeated ? 200 : 201)
    }

    /// A stretch or meditation session as `show --json` gives it, with the seed API's names
    /// for its numbers: `total_duration_seconds`, `regions_completed`, `regions_skipped`.
    static func recordedJSON(_ stored: StoredSession, store: Store) throws(LiftLogError) -> JSONValue {
        guard case .object(var object) = try DataShapes.session(stored, store: store) else { return .null }
        object["total_duration_seconds"] = stored.session.durationSeconds.map { .number(JSONNumber($0)) } ?? .null
        object["regions_completed"] = .array(stored.session.regions.map { .string($0) })
        object["regions_skipped"] = .array(stored.session.skippedRegions.map { .string($0) })
        return .object(object)
    }
}
