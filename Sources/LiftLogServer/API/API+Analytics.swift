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
        // `GET /plates?weight=W[&unit=kg|lbs][&bar=B]`: how to load W with the store's bar and
        // plates (`plates --json`).
        Route("plates", ["GET": { call throws(LiftLogError) in
            let query = call.request.query
            guard let text = query["weight"] else { throw .validation("Give the weight to load, as in /api/plates?weight=142.5.") }
            guard let weight = Double(text), weight.isFinite else { throw .validation("weight must be a number, such as 142.5, got '\(text)'.") }
            var unit: WeightUnit?
            if let name = query["unit"] {
                guard let value = WeightUnit(rawValue: name) else { throw .validation("unit must be kg or lbs, got '\(name)'.") }
                unit = value
            }
            var bar: Double?
            if let text = query["bar"] {
                guard let value = Double(text) else { throw .validation("bar must be a weight, such as 20, got '\(text)'.") }
                bar = value
            }
            let store = try call.store()
            // `exercise`: on that exercise's own bar, where it has one.
            let exercise = try query["exercise"].map { (name: String) throws(LiftLogError) in try store.exercise(named: name) }
            return APIResponse.ok(PlateLoading.json(target: weight, try store.plateLoadings(for: weight, unit: unit, bar: bar, exercise: exercise)))
        }]),
        Route("pain", ["GET": { call throws(LiftLogError) in
            APIResponse.ok(try call.store().painReport(from: try call.queryDate("from"), to: try call.queryDate("to")).json)
        }]),
        Route("stats", ["GET": { call throws(LiftLogError) in
            var data = JSONObject()
            for (kind, value) in try call.store().stats() { data[kind.rawValue] = DataShapes.kindStats(value) }
            return APIResponse.ok(.object(data))
        }]),
        Route("meditation-sessions/stats", ["GET": { call throws(LiftLogError) in
            APIResponse.ok(DataShapes.kindStats(try call.store().stats()[.meditation] ?? KindStats()))
        }]),
        Route("stretch-sessions/stats", ["GET": { call throws(LiftLogError) in
            APIResponse.ok(DataShapes.kindStats(try call.store().stats()[.stretch] ?? KindStats()))
        }]),
        Route("calendar/:year/:month", ["GET": calendar]),
        // `?weeks=N` (``BodyLog/defaultWeeks`` unless given): the body weights `liftlog body
        // --svg` charts, as an SVG image; 404 without a weigh-in in those weeks.
        Route("body/chart.svg", ["GET": { call throws(LiftLogError) in
            let store = try call.store()
            let weeks = try call.queryInteger("weeks") ?? BodyLog.defaultWeeks
            let unit = store.preferences.unit
            let shown = try store.bodyLog().recentBodyWeights(weeks: weeks, endingOn: store.currentTimestamp().localDate, unit: unit)
            guard !shown.isEmpty else { throw .notFound("There are no weigh-ins in the last \(weeks) weeks to chart; record one with POST /api/body.") }
            return APIResponse.svg(ProgressChart.svg(shown.map { ChartPoint(date: $0.weight.date, value: $0.weight.value, isRecord: false) }, title: "Body weight", unit: unit.rawValue))
        }]),
        Route("body", [
            "GET": { call throws(LiftLogError) in
                let log = try call.store().bodyLog()
                return APIResponse.ok(["entries": .array(log.entries.map { $0.entry.json })])
            },
            // `{"weight", "unit"?, "measured_at"?, "notes"?, "id"?}`: a weigh-in (`liftlog weigh`), 201;
            // the same `id` again (a change the web app queued offline, sent twice) answers with that entry.
            "POST": { call throws(LiftLogError) in
                try call.refuseUnknownKeys(["weight", "unit", "measured_at", "notes", "id"])
                guard let weight = try call.number("weight") else { throw .validation("Give the weight, as in {\"weight\": 82.4}.") }
                let stored = try call.store().weigh(weight, unit: try call.enumeration("unit", WeightUnit.self), at: try call.timestamp("measured_at"),
                                                    notes: try call.string("notes"), id: try call.identifier("id"))
                return APIResponse.ok(stored.entry.json, status: 201)
            },
        ]),
    ]

    /// `GET /calendar/:year/:month?tz=+01:00`: the kinds of session on each day, the skipped
    /// days, the month's `start_date` and `end_date`; with `tz` (a UTC offset: `+01:00`,
    /// `-0530`, `Z`, or minutes east of UTC as the seed API's client sends it, `60`, `-300`)
    /// every start is read in that offset, as a phone shows it.
    @Sendable static func calendar(_ call: Call) throws(LiftLogError) -> HTTPResponse {
        guard let year = Int(call[0]), let month = Int(call[1]), (1...12).contains(month), (1...9999).contains(year) else {
            throw .validation("The month must be /api/calendar/YYYY/MM, such as /api/calendar/2025/01.")
        }
        var offset: Int?
        if let text = call.request.query["tz"] {
            guard let seconds = utcOffset(text) else {
                throw .validation("tz must be a UTC offset such as +01:00, -05:30 or Z, or minutes east of UTC such as 60 or -300, got '\(text)'.")
            }
            offset = seconds
        }
        return APIResponse.ok(try call.store().calendar(year: year, month: month, utcOffsetSeconds: offset).json)
    }

    /// `+01:00`, `-0530`, `+02`, `Z`, `UTC`, or whole minutes east of UTC (`60`, `-300`, `-60`),
    /// in seconds. A sign and two or four digits are hours (and minutes) when they can be
    /// (`+02`, `-0530`), else minutes (`-60`). `nil` for anything else, an offset beyond
    /// ±14 hours, or minutes that are no whole quarter of an hour.
    static func utcOffset(_ text: String) -> Int? {
        if text == "Z" || text.uppercased() == "UTC" { return 0 }
        if let sign = text.first, sign == "+" || sign == "-" || sign == " " {
            let digits = text.dropFirst().filter { $0 != ":" }
            // A `+` in a query string is often decoded as a space.
            if digits.count == 2 || digits.count == 4, digits.allSatisfy(\.isASCII), let hours = Int(digits.prefix(2)),
               let minutes = Int(digits.count == 4 ? digits.suffix(2) : "00"), hours <= 14, minutes < 60 {
                return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
            }
            if text.contains(":") { return nil }
        }
        let number = text.first == " " ? String(text.dropFirst()) : text
        // Every offset in use is a whole quarter of an hour.
        guard let minutes = Int(number), abs(minutes) <= 14 * 60, minutes % 15 == 0 else { return nil }
        return minutes * 60
    }
}
