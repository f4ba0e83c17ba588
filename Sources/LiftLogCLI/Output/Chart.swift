import LiftLogKit

/// Progress charts: in the terminal (UTF-8 or plain ASCII) and as standalone SVG.
enum Chart {
    /// A chart `width` columns wide: a labelled value axis, the points joined by dots, the
    /// record marked, and the first, middle and last dates under it.
    static func terminal(_ points: [ChartPoint], title: String, unit: String, width: Int, unicode: Bool, style: Style) -> String {
        guard let low = points.map(\.value).min(), let high = points.map(\.value).max() else { return "" }
        // Up to ten rows, every other one labelled with a round value.
        let scale = ChartScale(low: low, high: high, maxIntervals: 5)
        let (bottom, top, height) = (scale.bottom, scale.top, 2 * scale.intervals)
        let labels = (0...height).map { Formatting.number(bottom + (top - bottom) * Double($0) / Double(height)) }
        let labelWidth = (labels.map(\.count).max() ?? 1) + 1
        let plotWidth = max(10, width - labelWidth - 2)
        var grid = [[Character]](repeating: [Character](repeating: " ", count: plotWidth), count: height + 1)
        let first = points.map(\.date.dayNumber).min()!, last = points.map(\.date.dayNumber).max()!
        func column(_ point: ChartPoint, _ index: Int) -> Int {
            if last == first { return points.count == 1 ? plotWidth / 2 : index * (plotWidth - 1) / max(1, points.count - 1) }
            return (point.date.dayNumber - first) * (plotWidth - 1) / (last - first)
        }
        func row(_ value: Double) -> Int { Int(((value - bottom) / (top - bottom) * Double(height)).rounded()) }
        let ordered = points.enumerated().sorted { $0.element.date < $1.element.date }.map(\.element)
        // Dots between consecutive points, then the points on top.
        for (a, b) in zip(ordered, ordered.dropFirst()) {
            let (x0, x1) = (column(a, 0), column(b, 0))
            guard x1 > x0 + 1 else { continue }
            for x in (x0 + 1)..<x1 {
                let fraction = Double(x - x0) / Double(x1 - x0)
                grid[row(a.value + (b.value - a.value) * fraction)][x] = unicode ? "·" : "."
            }
        }
        for (index, point) in ordered.enumerated() {
            grid[row(point.value)][column(point, index)] = point.isRecord ? (unicode ? "★" : "P") : (unicode ? "●" : "*")
        }
        var lines = [style.bold(title)]
        for level in stride(from: height, through: 0, by: -1) {
            let label = level % 2 == 0 ? labels[level] : ""
            let axis = unicode ? "┤" : "|"
            lines.append(String(repeating: " ", count: labelWidth - label.count) + label + " " + (level % 2 == 0 ? axis : (unicode ? "│" : "|")) + String(grid[level]))
        }
        lines.append(String(repeating: " ", count: labelWidth + 1) + (unicode ? "└" : "+") + String(repeating: unicode ? "─" : "-", count: plotWidth))
        let startDate = ordered.first!.date.description, endDate = ordered.last!.date.description
        var axis = [Character](repeating: " ", count: plotWidth + 2)
        for (offset, character) in startDate.enumerated() where offset < axis.count { axis[offset] = character }
        if endDate != startDate, plotWidth + 2 >= startDate.count + endDate.count + 1 {
            for (offset, character) in endDate.enumerated() { axis[plotWidth + 2 - endDate.count + offset] = character }
        }
        lines.append(String(repeating: " ", count: labelWidth) + String(axis))
        if let record = ordered.first(where: { $0.isRecord }) {
            lines.append(String(repeating: " ", count: labelWidth + 2) + "\(unicode ? "★" : "P") = personal record (\(Formatting.number(record.value)) \(unit), \(record.date))" + (unicode ? " · " : " - ") + "values in \(unit)")
        } else {
            lines.append(String(repeating: " ", count: labelWidth + 2) + "values in \(unit)")
        }
        return lines.joined(separator: "\n")
    }
}
