/// One point of a progress chart.
public struct ChartPoint: Sendable, Hashable {
    /// The day of the session.
    public var date: LocalDate
    /// The metric's value that day.
    public var value: Double
    /// Whether it is a record (marked on the chart).
    public var isRecord: Bool

    /// A point of `value` on `date`.
    public init(date: LocalDate, value: Double, isRecord: Bool) {
        self.date = date
        self.value = value
        self.isRecord = isRecord
    }
}

/// What a progress chart shows (`progress --metric`).
public enum ProgressMetric: String, CaseIterable, Sendable {
    case e1rm, weight, volume, reps, duration, distance, pace

    /// What the chart's title calls it (`estimated 1RM`).
    public var title: String {
        switch self {
        case .e1rm: "estimated 1RM"
        case .weight: "best weight"
        case .volume: "volume"
        case .reps: "most reps in a set"
        case .duration: "longest hold"
        case .distance: "distance"
        case .pace: "best pace"
        }
    }

    /// The unit the metric's values are in for `report`: its weight unit, its distance scale's
    /// (`km`, `mi`; `m` on an erg), seconds per its pace distance (`s/km`, `s/500m`).
    public func unit(of report: ExerciseReport) -> String {
        switch self {
        case .e1rm, .weight, .volume: report.unit.rawValue
        case .reps: "reps"
        case .duration: "s"
        case .distance: report.distance.distanceLabel
        case .pace: "s/\(report.distance.paceLabel)"
        }
    }

    /// The metric's value for one session's work, `nil` when it has none; distances and paces
    /// on `distance`.
    public func value(of entry: ProgressEntry, distance: DistanceScale) -> Double? {
        switch self {
        case .e1rm: entry.e1rm
        case .weight: entry.bestWeight
        case .volume: entry.volume > 0 || entry.bestWeight != nil ? entry.volume : nil
        case .reps: entry.maxReps.map(Double.init)
        case .duration: entry.longestSeconds.map(Double.init)
        case .distance: entry.distanceMeters.map { (distance.chartValue(ofMeters: $0) * 100).rounded() / 100 }
        case .pace: entry.secondsPerKilometre.map { distance.pace(secondsPerKilometre: $0).rounded() }
        }
    }

    /// What an exercise's history shows without `--metric`: e1RM for lifts (and bodyweight
    /// lifts with a weigh-in), else reps, hold time, pace or distance.
    public static func natural(for report: ExerciseReport) -> ProgressMetric {
        let entries = report.entries
        if entries.contains(where: { $0.e1rm != nil }) { return .e1rm }
        if entries.contains(where: { $0.secondsPerKilometre != nil }) { return .pace }
        if entries.contains(where: { $0.distanceMeters != nil }) { return .distance }
        if entries.contains(where: { $0.maxReps != nil }) { return .reps }
        if entries.contains(where: { $0.longestSeconds != nil }) { return .duration }
        return .e1rm
    }
}

/// A chart's value axis in round numbers: from `bottom` to `top` in steps of `step`, a 1, 2,
/// 2.5 or 5 times a power of ten, the values all between.
public struct ChartScale: Hashable, Sendable {
    /// The lowest value of the axis.
    public var bottom: Double
    /// The highest value of the axis.
    public var top: Double
    /// The distance between two ticks.
    public var step: Double

    /// How many steps from `bottom` to `top`.
    public var intervals: Int { Int(((top - bottom) / step).rounded()) }

    /// The tick values, `bottom` to `top`.
    public var ticks: [Double] { (0...intervals).map { Self.clean(bottom + Double($0) * step) } }

    /// The scale of the smallest round step that holds `low` to `high` in at most
    /// `maxIntervals` steps (a single value gets a step either side).
    public init(low: Double, high: Double, maxIntervals: Int) {
        let most = max(1, maxIntervals)
        var (low, high) = (low, high)
        if high - low < max(abs(high), 1) * 1e-9 {
            let half = max(abs(high) * 0.02, 0.5)
            (low, high) = (low - half, high + half)
        }
        var magnitude = pow10(Int(((high - low) / Double(most)).log10Floor))
        let factors = [1.0, 2, 2.5, 5]
        var index = 0
        while true {
            let step = factors[index] * magnitude
            let bottom = (low / step + 1e-9).rounded(.down), top = (high / step - 1e-9).rounded(.up)
            if Int(top - bottom) <= most {
                self.bottom = Self.clean(bottom * step)
                self.top = Self.clean(max(top, bottom + 1) * step)
                self.step = step
                return
            }
            index += 1
            if index == factors.count { index = 0; magnitude *= 10 }
        }
    }

    /// `value` with the error of adding steps in binary taken off (0.30000000000000004 → 0.3).
    private static func clean(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
}

private func pow10(_ exponent: Int) -> Double {
    var value = 1.0
    if exponent >= 0 { for _ in 0..<exponent { value *= 10 } } else { for _ in 0..<(-exponent) { value /= 10 } }
    return value
}

private extension Double {
    /// ⌊log₁₀ self⌋ for a positive number, counted by powers of ten (no Foundation).
    var log10Floor: Double {
        var exponent = 0, value = self
        while value >= 10 { value /= 10; exponent += 1 }
        while value < 1 { value *= 10; exponent -= 1 }
        return Double(exponent)
    }
}

/// Progress charts as standalone SVG (`progress --svg`, the API's `chart.svg`).
public enum ProgressChart {
    /// The points of an exercise's history for `metric`, the best one (the highest, or for
    /// pace the fastest) marked as the record.
    public static func points(_ report: ExerciseReport, metric: ProgressMetric) -> [ChartPoint] {
        var marked: [ChartPoint] = report.entries.compactMap { entry in
            metric.value(of: entry, distance: report.distance).map { ChartPoint(date: entry.date, value: $0, isRecord: false) }
        }
        let sign = metric == .pace ? -1.0 : 1.0
        if let best = marked.indices.max(by: { (sign * marked[$0].value, -marked[$0].date.dayNumber) < (sign * marked[$1].value, -marked[$1].date.dayNumber) }) {
            marked[best].isRecord = true
        }
        return marked
    }

    /// A standalone SVG of the same chart: axes with labels, a line through the points, the
    /// record highlighted and labelled.
    public static func svg(_ points: [ChartPoint], title: String, unit: String) -> String {
        // Drawn at a phone's width too: a 640-unit wide chart shown 340 px wide keeps its
        // labels at about 9 px and over.
        let width = 640.0, height = 400.0, left = 84.0, right = 24.0, topMargin = 64.0, bottomMargin = 56.0
        let scale = ChartScale(low: points.map(\.value).min()!, high: points.map(\.value).max()!, maxIntervals: 6)
        let (bottom, top) = (scale.bottom, scale.top)
        let ordered = points.sorted { $0.date < $1.date }
        let first = Double(ordered.first!.date.dayNumber), last = Double(ordered.last!.date.dayNumber)
        func x(_ point: ChartPoint, _ index: Int) -> Double {
            let span = width - left - right
            if last == first { return left + (ordered.count == 1 ? span / 2 : span * Double(index) / Double(ordered.count - 1)) }
            return left + span * (Double(point.date.dayNumber) - first) / (last - first)
        }
        func y(_ value: Double) -> Double { topMargin + (height - topMargin - bottomMargin) * (1 - (value - bottom) / (top - bottom)) }
        func f(_ value: Double) -> String { JSONNumber((value * 10).rounded() / 10).text }
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"18\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
            "<text x=\"\(f(left))\" y=\"34\" font-size=\"22\" font-weight=\"bold\" fill=\"#222222\">\(escape(title))</text>",
        ]
        for value in scale.ticks {
            parts.append("<line x1=\"\(f(left))\" y1=\"\(f(y(value)))\" x2=\"\(f(width - right))\" y2=\"\(f(y(value)))\" stroke=\"#e5e5e5\"/>")
            parts.append("<text x=\"\(f(left - 8))\" y=\"\(f(y(value) + 6))\" text-anchor=\"end\" fill=\"#555555\">\(NumberText.format(value))</text>")
        }
        parts.append("<line x1=\"\(f(left))\" y1=\"\(f(topMargin))\" x2=\"\(f(left))\" y2=\"\(f(height - bottomMargin))\" stroke=\"#333333\"/>")
        parts.append("<line x1=\"\(f(left))\" y1=\"\(f(height - bottomMargin))\" x2=\"\(f(width - right))\" y2=\"\(f(height - bottomMargin))\" stroke=\"#333333\"/>")
        parts.append("<text x=\"20\" y=\"\(f(height / 2))\" transform=\"rotate(-90 20 \(f(height / 2)))\" text-anchor=\"middle\" fill=\"#555555\">\(escape(unit))</text>")
        let labelled = Array(Swift.Set([0, ordered.count / 2, ordered.count - 1])).sorted()
        for index in labelled {
            let anchor = labelled.count > 1 && index == 0 ? "start" : labelled.count > 1 && index == ordered.count - 1 ? "end" : "middle"
            parts.append("<text x=\"\(f(x(ordered[index], index)))\" y=\"\(f(height - bottomMargin + 28))\" text-anchor=\"\(anchor)\" fill=\"#555555\">\(ordered[index].date)</text>")
        }
        let line = ordered.enumerated().map { "\(f(x($0.element, $0.offset))),\(f(y($0.element.value)))" }.joined(separator: " ")
        parts.append("<polyline points=\"\(line)\" fill=\"none\" stroke=\"#2563eb\" stroke-width=\"2\"/>")
        for (index, point) in ordered.enumerated() {
            if point.isRecord {
                parts.append("<circle cx=\"\(f(x(point, index)))\" cy=\"\(f(y(point.value)))\" r=\"7\" fill=\"#f59e0b\" stroke=\"#92400e\" stroke-width=\"2\"/>")
                // The label kept inside the chart beside a point near either edge.
                let at = x(point, index), anchor = at > width - right - 90 ? "end" : at < left + 90 ? "start" : "middle"
                parts.append("<text x=\"\(f(at))\" y=\"\(f(y(point.value) - 12))\" text-anchor=\"\(anchor)\" font-weight=\"bold\" fill=\"#92400e\">PR \(NumberText.format(point.value)) \(escape(unit))</text>")
            } else {
                parts.append("<circle cx=\"\(f(x(point, index)))\" cy=\"\(f(y(point.value)))\" r=\"3.5\" fill=\"#2563eb\"/>")
            }
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }
}
