/// Every body entry of the store, oldest first, with what analytics ask of it: the body weight
/// near a date, a measurement's series, a moving average.
public struct BodyLog: Sendable {
    /// One weigh-in.
    public struct WeighIn: Hashable, Sendable {
        /// The day in the offset it was recorded in.
        public var date: LocalDate
        /// When it was measured.
        public var measuredAt: Timestamp
        /// The weight in kilograms, whatever unit it was recorded in.
        public var kilograms: Double
        /// As recorded.
        public var value: BodyEntry.Value
    }

    /// One point of a series: a day and its value (the day's last measurement).
    public struct Point: Hashable, Sendable {
        /// The day.
        public var date: LocalDate
        /// The value that day.
        public var value: Double
    }

    /// Oldest first (by instant, then ID).
    public private(set) var entries: [StoredBodyEntry]
    /// Body files that could not be read (`check` says more); they are left out.
    public var problems: [FileProblem]
    /// Weigh-ins, oldest first.
    public private(set) var weighIns: [WeighIn]

    /// How far a weigh-in may be from a session for that session's bodyweight loads to use it
    /// (SPEC §8), in days either side.
    public static let window = 14

    /// A log of `entries`, with the `problems` of the files left out.
    public init(entries: [StoredBodyEntry], problems: [FileProblem] = []) {
        self.entries = entries.sorted { ($0.entry.measuredAt, $0.entry.id) < ($1.entry.measuredAt, $1.entry.id) }
        self.problems = problems
        self.weighIns = self.entries.compactMap { stored in
            guard let value = stored.entry.measurements[BodyEntry.bodyWeight], let kilograms = stored.entry.bodyWeightKilograms else { return nil }
            return WeighIn(date: stored.entry.measuredAt.localDate, measuredAt: stored.entry.measuredAt, kilograms: kilograms, value: value)
        }
    }

    /// The weigh-in nearest to `date` within ``window`` days (ties: the earlier one; on the day
    /// itself, that day's last), or `nil`.
    ///
    /// - Complexity: O(log n).
    public func bodyWeight(near date: LocalDate) -> WeighIn? {
        guard !weighIns.isEmpty else { return nil }
        let day = date.dayNumber
        // The first weigh-in after `date`.
        var low = 0, high = weighIns.count
        while low < high {
            let middle = (low + high) / 2
            if weighIns[middle].date.dayNumber <= day { low = middle + 1 } else { high = middle }
        }
        let before = low > 0 ? weighIns[low - 1] : nil
        let after = low < weighIns.count ? weighIns[low] : nil
        let best: WeighIn?
        switch (before, after) {
        case let (b?, a?): best = day - b.date.dayNumber <= a.date.dayNumber - day ? b : a
        case let (b?, nil): best = b
        case let (nil, a?): best = a
        case (nil, nil): best = nil
        }
        guard let best, abs(best.date.dayNumber - day) <= BodyLog.window else { return nil }
        return best
    }

    /// The names measured, sorted.
    public var measurementNames: [String] {
        Array(Swift.Set(entries.flatMap { $0.entry.measurements.keys })).sorted()
    }

    /// A measurement by day (the day's last value), oldest first, in `unit` for body weight.
    public func series(_ name: String, weightUnit: WeightUnit = .kg) -> [Point] {
        var byDay: [LocalDate: Double] = [:]
        for stored in entries {
            guard let value = stored.entry.measurements[name] else { continue }
            let number: Double
            if let unit = WeightUnit(rawValue: value.unit) { number = unit.convert(value.value, to: weightUnit) } else { number = value.value }
            byDay[stored.entry.measuredAt.localDate] = number
        }
        return byDay.keys.sorted().map { Point(date: $0, value: byDay[$0]!) }
    }

    /// How many weeks of weigh-ins `body` lists and charts unless told.
    public static let defaultWeeks = 12
    /// The most weeks `body` lists and charts (ten years).
    public static let maximumWeeks = 520

    /// The body weight of each day weighed in the `weeks` weeks that end on `today`, in
    /// `unit`, with the mean of the seven days that end on it (``movingAverage(_:days:)`` over
    /// every weigh-in, so the first days shown average the days before them too): what
    /// `liftlog body` lists and charts and `GET /api/body/chart.svg` draws.
    ///
    /// - Throws: `VALIDATION_ERROR` for `weeks` outside 1–``maximumWeeks``.
    public func recentBodyWeights(weeks: Int, endingOn today: LocalDate, unit: WeightUnit) throws(LiftLogError) -> [(weight: Point, average: Point)] {
        guard (1...BodyLog.maximumWeeks).contains(weeks) else { throw .validation("Weeks must be 1–\(BodyLog.maximumWeeks), got \(weeks).") }
        let first = today.adding(days: -7 * weeks + 1)
        let all = series(BodyEntry.bodyWeight, weightUnit: unit)
        return zip(all, BodyLog.movingAverage(all)).filter { $0.0.date >= first }.map { (weight: $0.0, average: $0.1) }
    }

    /// The mean of each point's value over the `days` days that end on its day (only the days
    /// that have a value count).
    public static func movingAverage(_ points: [Point], days: Int = 7) -> [Point] {
        var result: [Point] = []
        var start = 0
        var sum = 0.0
        for (index, point) in points.enumerated() {
            sum += point.value
            while points[start].date.dayNumber <= point.date.dayNumber - days {
                sum -= points[start].value
                start += 1
            }
            result.append(Point(date: point.date, value: sum / Double(index - start + 1)))
        }
        return result
    }
}
