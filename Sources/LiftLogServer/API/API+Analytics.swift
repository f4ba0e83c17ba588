import LiftLogKit

/// Health, records, trends, stats, the calendar and the body log: the library's functions in
/// the shapes of the CLI's `--json`.
extension API {
    static let analyticsRoutes: [Route] = [
        Route("health", ["GET": { call throws(LiftLogError) in
            let store = try call.store()
            let page = try store.history(HistoryQuery(page: 1, perPage: 1))
            let unreadable = page.unreadableFiles
            return APIResponse.ok(["version": .string(call.api.version), "sessions": .number(JSONNumber(page.total)), "store": .string(store.root),
                                   "index": .string(unreadable.isEmpty ? "ok" : "unreadable files"),
                                   "unreadable_files": .array(unreadable.map { .string($0) })])
        }]),
        Route("records", ["GET": { call throws(LiftLogError) in
            let reports = try call.store().exerciseReports(entries: false)
            return APIResponse.ok(["records": .array(reports.filter(\.hasRecords).map(DataShapes.exerciseRecordsJSON))])
        }]),
        Route("trends", ["GET": { call throws(LiftLogError) in
            let weeks = try call.queryInteger("weeks") ?? 8
            return APIResponse.ok(DataShapes.trendsJSON(try call.store().trends(weeks: weeks)))
        }]),
        Route("stats", ["GET": { call throws(LiftLogError) in
            var data = JSONObject()
            for (kind, value) in try call.store().stats() { data[kind.rawValue] = statsJSON(value) }
            return APIResponse.ok(.object(data))
        }]),
        Route("meditation-sessions/stats", ["GET": { call throws(LiftLogError) in
            APIResponse.ok(statsJSON(try call.store().stats()[.meditation] ?? KindStats()))
        }]),
        Route("calendar/:year/:month", ["GET": calendar]),
        Route("body", ["GET": { call throws(LiftLogError) in
            let log = try call.store().bodyLog()
            return APIResponse.ok(["entries": .array(log.entries.map { $0.entry.json })])
        }]),
    ]

    static func statsJSON(_ value: KindStats) -> JSONValue {
        ["total_sessions": .number(JSONNumber(value.totalSessions)), "total_minutes": .number(JSONNumber(value.totalMinutes)),
         "current_streak": .number(JSONNumber(value.currentStreak)), "longest_streak": .number(JSONNumber(value.longestStreak))]
    }

    /// `GET /calendar/:year/:month?tz=+01:00`: the kinds of session on each day; with `tz` (a
    /// UTC offset: `+01:00`, `-0530`, `Z`) every start is read in that offset, as a phone shows it.
    @Sendable static func calendar(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        guard let year = Int(call[0]), let month = Int(call[1]), (1...12).contains(month), (1...9999).contains(year) else {
            throw .validation("The month must be /api/calendar/YYYY/MM, such as /api/calendar/2025/01.")
        }
        var offset: Int?
        if let text = call.request.query["tz"] {
            guard let seconds = utcOffset(text) else {
                throw .validation("tz must be a UTC offset such as +01:00, -05:30 or Z, got '\(text)'.")
            }
            offset = seconds
        }
        var days = JSONObject()
        for (date, kinds) in try call.store().calendar(year: year, month: month, utcOffsetSeconds: offset).sorted(by: { $0.key < $1.key }) {
            days[date.description] = .array(kinds.map { .string($0.rawValue) })
        }
        return APIResponse.ok(["year": .number(JSONNumber(year)), "month": .number(JSONNumber(month)), "days": .object(days)])
    }

    /// `+01:00`, `-0530`, `+02`, `Z`, `UTC` in seconds; `nil` for anything else.
    static func utcOffset(_ text: String) -> Int? {
        if text == "Z" || text.uppercased() == "UTC" { return 0 }
        guard let sign = text.first, sign == "+" || sign == "-" || sign == " " else { return nil }
        let digits = text.dropFirst().filter { $0 != ":" }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy(\.isASCII), let hours = Int(digits.prefix(2)), let minutes = Int(digits.count == 4 ? digits.suffix(2) : "00"),
              hours <= 14, minutes < 60 else { return nil }
        // A `+` in a query string is often decoded as a space.
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
