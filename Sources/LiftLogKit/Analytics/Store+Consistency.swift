extension Store {
    /// Totals and streaks per kind. A day counts for a kind when a session of that kind started
    /// on it, in the session's own UTC offset; a skipped session counts nowhere.
    ///
    /// - Parameter today: the day streaks are current to (the clock's date by default).
    /// - Complexity: O(N) `stat` calls (a file edited in place is read again); the totals,
    ///   minutes and days per kind come from the index's month totals.
    public func stats(today: LocalDate? = nil) throws(LiftLogError) -> [Session.Kind: KindStats] {
        let today = today ?? currentTimestamp().localDate
        let months = try withFreshIndex(holdingLock: false) { (index: SessionIndex) throws(LiftLogError) in
            try index.verifyEveryFile()
            return index.state.months
        }
        var days: [Session.Kind: Swift.Set<Int>] = [:]
        var result: [Session.Kind: KindStats] = [:]
        for (key, month) in months {
            for (kind, count) in month.kindCounts {
                let skipped = month.skippedCounts[kind] ?? 0
                result[kind, default: KindStats()].totalSessions += count - skipped
                result[kind, default: KindStats()].skippedSessions += skipped
            }
            for (kind, seconds) in month.seconds { result[kind, default: KindStats()].totalSeconds += seconds }
            for (kind, set) in month.dayNumbers(in: key) { days[kind, default: []].formUnion(set) }
        }
        for (kind, set) in days {
            let streaks = Store.streaks(days: set, today: today)
            result[kind]?.longestStreak = streaks.longest
            result[kind]?.currentStreak = streaks.current
        }
        return result
    }

    /// The days with a session of any kind (numbers since 1970-01-01, in each session's offset).
    ///
    /// - Complexity: O(N) `stat` calls, then the index's month totals.
    func trainingDays() throws(LiftLogError) -> Swift.Set<Int> {
        try withFreshIndex(holdingLock: false) { (index: SessionIndex) throws(LiftLogError) in
            try index.verifyEveryFile()
            return index.state.months.reduce(into: Swift.Set<Int>()) { all, item in
                for set in item.value.dayNumbers(in: item.key).values { all.formUnion(set) }
            }
        }
    }

    /// The longest run of consecutive day numbers in `days`, and the run that ends today or
    /// yesterday (0 when neither has a session).
    static func streaks(days: Swift.Set<Int>, today: LocalDate) -> (current: Int, longest: Int) {
        var longest = 0, run = 0, previous = Int.min
        for day in days.sorted() {
            run = day == previous + 1 ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        var current = 0
        var day = days.contains(today.dayNumber) ? today.dayNumber : today.dayNumber - 1
        while days.contains(day) {
            current += 1
            day -= 1
        }
        return (current, longest)
    }

    /// The kinds of session trained on each day of a month (each kind once, in SPEC order),
    /// and the days with a skipped session.
    ///
    /// - Parameters:
    ///   - utcOffsetSeconds: read every session's start in this UTC offset (a phone's time
    ///     zone); `nil` takes each session's day in its own offset, as the CLI does.
    /// - Complexity: the index lines of that month.
    public func calendar(year: Int, month: Int, utcOffsetSeconds: Int? = nil) throws(LiftLogError) -> CalendarMonth {
        guard let first = LocalDate(year: year, month: month, day: 1) else {
            throw .validation("There is no month \(CivilCalendar.pad(year, 4))-\(CivilCalendar.pad(month, 2)); months are 01 to 12.")
        }
        let key = MonthKey(year: year, month: month)
        let summaries: [SessionSummary] = try withFreshIndex(holdingLock: false) { index throws(LiftLogError) in
            try index.verifying { used throws(LiftLogError) in
                // The month's folder, and any other holding a session of this month.
                // In another offset a session can fall on the day before or after its own.
                let margin = utcOffsetSeconds == nil ? 0 : 1
                var summaries: [SessionSummary] = []
                for month in index.months(from: key.firstDay.adding(days: -margin), to: key.lastDay.adding(days: margin)) {
                    for record in try index.records(of: month) {
                        used.append(UsedFile(month, record))
                        if let summary = record.summary { summaries.append(summary) }
                    }
                }
                return summaries
            }
        }
        var days: [LocalDate: Swift.Set<Session.Kind>] = [:]
        var skipped = Swift.Set<LocalDate>()
        for summary in summaries {
            let start = summary.startedAt
            let date = utcOffsetSeconds.map { Timestamp(millisecondsSince1970: start.millisecondsSince1970, utcOffsetSeconds: $0).localDate } ?? start.localDate
            guard date.year == year && date.month == month else { continue }
            if summary.status == .skipped { skipped.insert(date) } else { days[date, default: []].insert(summary.kind) }
        }
        return CalendarMonth(year: year, month: month, startDate: first, endDate: first.adding(days: CivilCalendar.daysInMonth(year: year, month: month) - 1),
                             days: days.mapValues { kinds in Session.Kind.allCases.filter(kinds.contains) }, skippedDays: skipped.subtracting(days.keys).sorted())
    }
}

/// One month of the calendar (``Store/calendar(year:month:utcOffsetSeconds:)``).
public struct CalendarMonth: Hashable, Sendable {
    /// The year.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The month's first and last day.
    public var startDate: LocalDate
    /// The month's last day.
    public var endDate: LocalDate
    /// The kinds of session trained on each day that has one.
    public var days: [LocalDate: [Session.Kind]]
    /// The days whose only sessions were skipped (planned and not done), in order.
    public var skippedDays: [LocalDate]

    /// `{"year", "month", "start_date", "end_date", "days": {"2025-01-24": ["lifting"]}, "skipped": ["2025-01-22"]}`.
    public var json: JSONValue {
        var map = JSONObject()
        for (date, kinds) in days.sorted(by: { $0.key < $1.key }) { map[date.description] = .array(kinds.map { .string($0.rawValue) }) }
        return ["year": .number(JSONNumber(year)), "month": .number(JSONNumber(month)), "start_date": .string(startDate.description),
                "end_date": .string(endDate.description), "days": .object(map), "skipped": .array(skippedDays.map { .string($0.description) })]
    }
}
