import LiftLogKit

/// One point of a progress chart.
struct ChartPoint {
    var date: LocalDate
    var value: Double
    var isRecord: Bool
}

/// Progress charts: in the terminal (UTF-8 or plain ASCII) and as standalone SVG.
enum Chart {
    /// A chart `width` columns wide: a labelled value axis, the points joined by dots, the
    /// record marked, and the first, middle and last dates under it.
    static func terminal(_ points: [ChartPoint], title: String, unit: String, width: Int, unicode: Bool, style: Style) -> String {
        guard let low = points.map(\.value).min(), let high = points.map(\.value).max() else { return "" }
        let height = 10
        let (bottom, top) = low == high ? (low - 1, high + 1) : (low - (high - low) * 0.05, high + (high - low) * 0.05)
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

    /// A standalone SVG of the same chart: axes with labels, a line through the points, the
    /// record highlighted and labelled.
    static func svg(_ points: [ChartPoint], title: String, unit: String) -> String {
        let width = 720.0, height = 360.0, left = 70.0, right = 30.0, topMargin = 50.0, bottomMargin = 50.0
        let low = points.map(\.value).min()!, high = points.map(\.value).max()!
        let (bottom, top) = low == high ? (low - 1, high + 1) : (low - (high - low) * 0.05, high + (high - low) * 0.05)
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
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
            "<text x=\"\(f(left))\" y=\"28\" font-size=\"16\" font-weight=\"bold\" fill=\"#222222\">\(escape(title))</text>",
        ]
        for tick in 0...4 {
            let value = bottom + (top - bottom) * Double(tick) / 4
            parts.append("<line x1=\"\(f(left))\" y1=\"\(f(y(value)))\" x2=\"\(f(width - right))\" y2=\"\(f(y(value)))\" stroke=\"#e5e5e5\"/>")
            parts.append("<text x=\"\(f(left - 8))\" y=\"\(f(y(value) + 4))\" text-anchor=\"end\" fill=\"#555555\">\(Formatting.number(value))</text>")
        }
        parts.append("<line x1=\"\(f(left))\" y1=\"\(f(topMargin))\" x2=\"\(f(left))\" y2=\"\(f(height - bottomMargin))\" stroke=\"#333333\"/>")
        parts.append("<line x1=\"\(f(left))\" y1=\"\(f(height - bottomMargin))\" x2=\"\(f(width - right))\" y2=\"\(f(height - bottomMargin))\" stroke=\"#333333\"/>")
        parts.append("<text x=\"16\" y=\"\(f(height / 2))\" transform=\"rotate(-90 16 \(f(height / 2)))\" text-anchor=\"middle\" fill=\"#555555\">\(escape(unit))</text>")
        let labelled = Array(Swift.Set([0, ordered.count / 2, ordered.count - 1])).sorted()
        for index in labelled {
            let anchor = labelled.count > 1 && index == 0 ? "start" : labelled.count > 1 && index == ordered.count - 1 ? "end" : "middle"
            parts.append("<text x=\"\(f(x(ordered[index], index)))\" y=\"\(f(height - bottomMargin + 20))\" text-anchor=\"\(anchor)\" fill=\"#555555\">\(ordered[index].date)</text>")
        }
        let line = ordered.enumerated().map { "\(f(x($0.element, $0.offset))),\(f(y($0.element.value)))" }.joined(separator: " ")
        parts.append("<polyline points=\"\(line)\" fill=\"none\" stroke=\"#2563eb\" stroke-width=\"2\"/>")
        for (index, point) in ordered.enumerated() {
            if point.isRecord {
                parts.append("<circle cx=\"\(f(x(point, index)))\" cy=\"\(f(y(point.value)))\" r=\"7\" fill=\"#f59e0b\" stroke=\"#92400e\" stroke-width=\"2\"/>")
                parts.append("<text x=\"\(f(x(point, index)))\" y=\"\(f(y(point.value) - 12))\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"#92400e\">PR \(Formatting.number(point.value)) \(escape(unit))</text>")
            } else {
                parts.append("<circle cx=\"\(f(x(point, index)))\" cy=\"\(f(y(point.value)))\" r=\"3.5\" fill=\"#2563eb\"/>")
            }
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }
}

/// Writing a file the user asked for outside the store (`--svg FILE`, `export fit --out`).
enum OutputFile {
    /// Writes `svg` to `path` (created or replaced: a file outside the store).
    ///
    /// - Throws: `IO_ERROR` naming the path and what the system said.
    static func write(_ svg: String, to path: String) throws(LiftLogError) {
        try write(Array(svg.utf8), to: path)
    }

    /// Writes `bytes` to `path` (created or replaced: a file outside the store).
    static func write(_ bytes: [UInt8], to path: String) throws(LiftLogError) {
        do throws(SystemError) {
            let fileSystem = PosixFileSystem()
            let descriptor = try fileSystem.openForWriting(path, create: true, mode: 0o644)
            defer { fileSystem.close(descriptor) }
            try fileSystem.write(descriptor, bytes, path: path)
        } catch {
            throw .io(path: path, operation: "write", reason: Errno(rawValue: error.errorNumber).description)
        }
    }
}
