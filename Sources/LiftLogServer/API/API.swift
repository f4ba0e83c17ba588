import LiftLogKit

/// The HTTP API of SPEC §10 over a store: each request opens the store afresh, so files changed
/// behind the server's back (a `git pull`, a hand edit, the CLI) show in the next response
/// exactly as the CLI would show them. Every write goes through LiftLogKit: its lock, its
/// validation, its messages.
public struct API: Sendable {
    /// Where the store is.
    public let storePath: String
    /// The bearer token every request must carry, or `nil` on loopback without one.
    public let token: String?
    /// The addresses a `Host` header may name (DNS rebinding: a page of another site that
    /// resolves its name to 127.0.0.1 is refused).
    public let allowedHosts: Set<String>
    public let version: String

    public init(storePath: String, token: String?, allowedHosts: Set<String>, version: String) {
        self.storePath = storePath
        self.token = token
        self.allowedHosts = allowedHosts
        self.version = version
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        // The guards, in order: the host named, the token, the origin of a write.
        if !allowedHosts.isEmpty {
            guard let host = request.header("host")?.lowercased(), allowedHosts.contains(host) else {
                return APIResponse.failure(421, code: "FORBIDDEN", message: "This server answers only to \(allowedHosts.sorted().joined(separator: ", ")).")
            }
        }
        let segments = request.segments
        guard segments.first == "api" else { return APIResponse.failure(404, code: "NOT_FOUND", message: "No such path; the API is under /api.") }
        if let token {
            let given = request.header("authorization").flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil } ?? ""
            guard API.constantTimeEqual(given, token) else {
                return APIResponse.failure(401, code: "UNAUTHORIZED", message: "Send the server's token as 'Authorization: Bearer TOKEN' (printed when the server started).")
            }
        }
        if ["POST", "PUT", "DELETE"].contains(request.method), let origin = request.header("origin"),
           let host = request.header("host"), origin != "http://\(host)" && origin != "https://\(host)" {
            return APIResponse.failure(403, code: "FORBIDDEN", message: "Writes from another site (Origin \(origin)) are refused.")
        }
        if !request.body.isEmpty, let type = request.header("content-type"), !type.lowercased().hasPrefix("application/json") {
            return APIResponse.failure(415, code: "VALIDATION_ERROR", message: "Send JSON bodies (Content-Type: application/json).")
        }
        do throws(LiftLogError) {
            return try route(request)
        } catch {
            return APIResponse.failure(error)
        }
    }

    /// Compares without stopping at the first difference, so the time taken says nothing of
    /// the token.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
        }
        return difference == 0
    }

    private func store() throws(LiftLogError) -> Store { try Store.open(at: storePath) }

    /// The body as a JSON object (`{}` when empty).
    private func body(_ request: HTTPRequest) throws(LiftLogError) -> JSONObject {
        guard !request.body.isEmpty else { return JSONObject() }
        guard let value = try? JSONParser.parse(request.body), case .object(let object) = value else {
            throw .validation("The body must be a JSON object.")
        }
        return object
    }

    private func route(_ request: HTTPRequest) throws(LiftLogError) -> HTTPResponse {
        let path = Array(request.segments.dropFirst())
        let method = request.method
        func allow(_ methods: [String]) throws(LiftLogError) {
            guard methods.contains(method) else { throw .usage("\(method) is not allowed here; use \(methods.joined(separator: " or ")).") }
        }
        switch path.count {
        case 1 where path[0] == "health":
            try allow(["GET"])
            let store = try store()
            let total = try store.history(HistoryQuery(page: 1, perPage: 1)).total
            return APIResponse.ok(["version": .string(version), "sessions": .number(JSONNumber(total)), "store": .string(store.root)])
        case 1 where path[0] == "workouts":
            if method == "POST" { return try startWorkout(request) }
            try allow(["GET", "POST"])
            return try history(request)
        case 2 where path[0] == "workouts" && path[1] == "today":
            try allow(["GET"])
            let store = try store()
            if let active = try store.activeSession() { return APIResponse.ok(["active": try DataShapes.session(active, store: store)]) }
            return APIResponse.ok(["active": .null])
        case 2 where path[0] == "workouts":
            let store = try store()
            switch method {
            case "GET": return APIResponse.ok(try DataShapes.session(try store.session(idPrefix: path[1]), store: store))
            case "DELETE":
                let removed = try store.deleteSession(idPrefix: path[1])
                return APIResponse.ok(["id": .string(removed.session.id.rawValue), "path": .string(removed.path)])
            default: try allow(["GET", "DELETE"])
            }
        case 3 where path[0] == "workouts" && path[2] == "sets":
            try allow(["POST"])
            return try logSets(request, idPrefix: path[1])
        case 3 where path[0] == "workouts" && path[2] == "complete":
            try allow(["PUT"])
            return try complete(request, idPrefix: path[1])
        case 1 where path[0] == "stretch-sessions" || path[0] == "meditation-sessions":
            let kind: Session.Kind = path[0] == "stretch-sessions" ? .stretch : .meditation
            if method == "POST" { return try recordSession(request, kind: kind) }
            try allow(["GET", "POST"])
            var query = HistoryQuery(page: 1, perPage: 25)
            query.kind = kind
            return APIResponse.ok(DataShapes.history(try store().history(query)))
        case 2 where (path[0] == "stretch-sessions" || path[0] == "meditation-sessions") && path[1] == "latest":
            try allow(["GET"])
            var query = HistoryQuery(page: 1, perPage: 1)
            query.kind = path[0] == "stretch-sessions" ? .stretch : .meditation
            let store = try store()
            guard let latest = try store.history(query).sessions.first else { return APIResponse.ok(.null) }
            return APIResponse.ok(try DataShapes.session(try store.session(idPrefix: latest.id.rawValue), store: store))
        case 1 where path[0] == "plans":
            try allow(["GET"])
            return APIResponse.ok(["plans": .array(try store().plans().map(\.json))])
        case 2 where path[0] == "plans":
            try allow(["GET"])
            let store = try store()
            if let id = TrainingPlan.ID(rawValue: path[1].lowercased()), let plan = try store.plans().first(where: { $0.id == id }) { return APIResponse.ok(plan.json) }
            return APIResponse.ok(try store.plan(named: path[1]).plan.json)
        case 1 where path[0] == "body":
            try allow(["GET"])
            let log = try store().bodyLog()
            return APIResponse.ok(["entries": .array(log.entries.map { $0.entry.json })])
        case 1 where path[0] == "exercises":
            try allow(["GET"])
            let store = try store()
            let list = try store.exercises().filter { exercise in
                guard let query = request.query["q"]?.lowercased(), !query.isEmpty else { return true }
                return exercise.name.lowercased().contains(query)
            }
            return APIResponse.ok(["exercises": .array(list.map(\.json))])
        case 2 where path[0] == "exercises":
            try allow(["GET"])
            let store = try store()
            return APIResponse.ok(try exercise(path[1], in: store).json)
        case 3 where path[0] == "exercises" && path[2] == "records":
            try allow(["GET"])
            let store = try store()
            let report = try store.exerciseReport(try exercise(path[1], in: store).name)
            return APIResponse.ok(DataShapes.exerciseRecordsJSON(report))
        case 3 where path[0] == "exercises" && path[2] == "history":
            try allow(["GET"])
            let store = try store()
            return APIResponse.ok(DataShapes.progressJSON(try store.exerciseReport(try exercise(path[1], in: store).name)))
        case 1 where path[0] == "trends":
            try allow(["GET"])
            var weeks = 8
            if let text = request.query["weeks"] {
                guard let value = Int(text) else { throw .validation("weeks must be a whole number, got '\(text)'.") }
                weeks = value
            }
            return APIResponse.ok(DataShapes.trendsJSON(try store().trends(weeks: weeks)))
        case 2 where path[0] == "meditation-sessions" && path[1] == "stats":
            try allow(["GET"])
            let value = try store().stats()[.meditation] ?? KindStats()
            return APIResponse.ok(["total_sessions": .number(JSONNumber(value.totalSessions)), "total_minutes": .number(JSONNumber(value.totalMinutes)),
                                   "current_streak": .number(JSONNumber(value.currentStreak)), "longest_streak": .number(JSONNumber(value.longestStreak))])
        case 1 where path[0] == "records":
            try allow(["GET"])
            let reports = try store().exerciseReports()
            return APIResponse.ok(["records": .array(reports.filter(\.hasRecords).map(DataShapes.exerciseRecordsJSON))])
        case 1 where path[0] == "stats":
            try allow(["GET"])
            var data = JSONObject()
            for (kind, value) in try store().stats() {
                data[kind.rawValue] = ["total_sessions": .number(JSONNumber(value.totalSessions)), "total_minutes": .number(JSONNumber(value.totalMinutes)),
                                       "current_streak": .number(JSONNumber(value.currentStreak)), "longest_streak": .number(JSONNumber(value.longestStreak))]
            }
            return APIResponse.ok(.object(data))
        case 3 where path[0] == "calendar":
            try allow(["GET"])
            guard let year = Int(path[1]), let month = Int(path[2]), (1...12).contains(month), (1...9999).contains(year) else {
                throw .validation("The month must be /api/calendar/YYYY/MM, such as /api/calendar/2025/01.")
            }
            var days = JSONObject()
            for (date, kinds) in try store().calendar(year: year, month: month).sorted(by: { $0.key < $1.key }) {
                days[date.description] = .array(kinds.map { .string($0.rawValue) })
            }
            return APIResponse.ok(["year": .number(JSONNumber(year)), "month": .number(JSONNumber(month)), "days": .object(days)])
        default:
            break
        }
        throw .notFound("No such path: \(request.path).")
    }

    /// An exercise by its ID or its name.
    private func exercise(_ key: String, in store: Store) throws(LiftLogError) -> Exercise {
        if let id = Exercise.ID(rawValue: key.lowercased()), let found = try store.exercises().first(where: { $0.id == id }) { return found }
        return try store.exercise(named: key)
    }

    private func history(_ request: HTTPRequest) throws(LiftLogError) -> HTTPResponse {
        var query = HistoryQuery(page: 1, perPage: 25)
        func integer(_ name: String) throws(LiftLogError) -> Int? {
            guard let text = request.query[name] else { return nil }
            guard let value = Int(text) else { throw .validation("\(name) must be a whole number, got '\(text)'.") }
            return value
        }
        func date(_ name: String) throws(LiftLogError) -> LocalDate? {
            guard let text = request.query[name] else { return nil }
            guard let value = LocalDate(text) else { throw .validation("\(name) must be a date like 2025-01-24, got '\(text)'.") }
            return value
        }
        query.page = try integer("page") ?? 1
        query.perPage = try integer("per_page") ?? 25
        query.from = try date("from")
        query.to = try date("to")
        query.exercise = request.query["exercise"]
        if let kind = request.query["kind"] {
            guard let value = Session.Kind(rawValue: kind) else { throw .validation("kind must be lifting, cardio, stretch or meditation, got '\(kind)'.") }
            query.kind = value
        }
        return APIResponse.ok(DataShapes.history(try store().history(query)))
    }

    private func startWorkout(_ request: HTTPRequest) throws(LiftLogError) -> HTTPResponse {
        let body = try body(request)
        let store = try store()
        var id: Session.ID?
        if let text = body["id"]?.stringValue {
            guard let parsed = Session.ID(rawValue: text.lowercased()) else { throw .validation("id must be a UUID, got '\(text)'.") }
            id = parsed
            // The same start again (a retry): the session as it is.
            if let existing = try? store.session(idPrefix: parsed.rawValue), existing.session.id == parsed {
                return APIResponse.ok(try DataShapes.session(existing, store: store))
            }
        }
        var kind = Session.Kind.lifting
        if let text = body["kind"]?.stringValue {
            guard let parsed = Session.Kind(rawValue: text) else { throw .validation("kind must be lifting, cardio, stretch or meditation, got '\(text)'.") }
            kind = parsed
        }
        var startedAt: Timestamp?
        if let text = body["started_at"]?.stringValue {
            guard let parsed = Timestamp(text) else { throw .validation("started_at must be an ISO 8601 time like 2025-01-24T07:30:00+01:00, got '\(text)'.") }
            startedAt = parsed
        }
        let stored = try store.startSession(kind: kind, startedAt: startedAt, planDay: body["plan_day"]?.stringValue, id: id)
        return APIResponse.ok(try DataShapes.session(stored, store: store), status: 201)
    }

    private func logSets(_ request: HTTPRequest, idPrefix: String) throws(LiftLogError) -> HTTPResponse {
        let body = try body(request)
        let store = try store()
        guard let exercise = body["exercise"]?.stringValue, !exercise.isEmpty else { throw .validation("Name the exercise: {\"exercise\": \"Back Squat\", \"sets\": [\"100x5\"]}.") }
        var sets: [SetNotation] = []
        if case .array(let items)? = body["sets"] {
            for item in items {
                guard let text = item.stringValue else { throw .validation("sets must be a list of set notation such as \"100x5\".") }
                sets.append(try SetNotation.parse(text, defaultUnit: store.preferences.unit))
            }
        } else if let reps = body["reps"]?.numberValue {
            var unit = store.preferences.unit
            if let text = body["unit"]?.stringValue {
                guard let parsed = WeightUnit(rawValue: text) else { throw .validation("unit must be kg or lbs, got '\(text)'.") }
                unit = parsed
            }
            sets.append(SetNotation(weight: body["weight"]?.numberValue, unit: unit, reps: Int(reps), rpe: body["rpe"]?.numberValue))
        }
        let session = try store.session(idPrefix: idPrefix)
        var details = LogDetails(note: body["note"]?.stringValue)
        details.requestID = body["request_id"]?.stringValue
        let result = try store.log(exercise: exercise, sets: sets, createIfMissing: body["create"] == .bool(true), sessionID: session.session.id, details: details)
        var data = try DataShapes.session(result.stored, store: store)
        if case .object(var object) = data {
            object["logged_sets"] = .array(result.setNumbers.map { .number(JSONNumber($0)) })
            data = .object(object)
        }
        return APIResponse.ok(data, status: result.repeated ? 200 : 201)
    }

    private func complete(_ request: HTTPRequest, idPrefix: String) throws(LiftLogError) -> HTTPResponse {
        let body = try body(request)
        let store = try store()
        let session = try store.session(idPrefix: idPrefix)
        guard session.session.status == .active else {
            throw .conflict("Session \(session.session.id.short) is already completed.")
        }
        var completedAt: Timestamp?
        if let text = body["completed_at"]?.stringValue {
            guard let parsed = Timestamp(text) else { throw .validation("completed_at must be an ISO 8601 time, got '\(text)'.") }
            completedAt = parsed
        }
        let tags = body["pain_tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let finished = try store.finish(feel: body["session_rpe"]?.numberValue.map { Int($0) }, painTags: tags, notes: body["notes"]?.stringValue, completedAt: completedAt)
        return APIResponse.ok(try DataShapes.session(finished, store: store))
    }

    /// `POST /api/stretch-sessions` or `/api/meditation-sessions` `{"minutes", "started_at"?, "notes"?, "regions"?, "meditation_type"?}`.
    private func recordSession(_ request: HTTPRequest, kind: Session.Kind) throws(LiftLogError) -> HTTPResponse {
        let body = try body(request)
        guard let minutes = body["minutes"]?.numberValue else { throw .validation("Give the minutes: {\"minutes\": 15}.") }
        var startedAt: Timestamp?
        if let text = body["started_at"]?.stringValue {
            guard let parsed = Timestamp(text) else { throw .validation("started_at must be an ISO 8601 time, got '\(text)'.") }
            startedAt = parsed
        }
        let store = try store()
        let stored = try store.recordSession(kind: kind, minutes: minutes, startedAt: startedAt, notes: body["notes"]?.stringValue,
                                             regions: body["regions"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                                             meditationType: body["meditation_type"]?.stringValue)
        return APIResponse.ok(try DataShapes.session(stored, store: store), status: 201)
    }
}
