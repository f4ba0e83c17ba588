import LiftLogKit

/// Number, duration and table formatting for human output.
enum Formatting {
    /// `102.5`, `100`, `1.25`: at most two decimals, no trailing zeros.
    static func number(_ value: Double) -> String { NumberText.format(value) }

    /// `12,345`.
    static func grouped(_ value: Int64, negative: Bool = false) -> String { NumberText.grouped(value, negative: negative) }

    static func weight(_ weight: Double?, _ unit: WeightUnit?) -> String {
        guard let weight else { return "bodyweight" }
        return "\(number(weight)) \(unit?.rawValue ?? "")".trimmingWhitespace()
    }

    /// `1h 05m`, `45m`, `30s`.
    static func duration(_ seconds: Int?) -> String {
        guard let seconds else { return "–" }
        if seconds < 60 { return "\(seconds)s" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes)m" }
        return "\(minutes / 60)h \(minutes % 60 < 10 ? "0" : "")\(minutes % 60)m"
    }

    /// `0:45`, `25:00`, `1:02:30`: a set's time as a clock.
    static func clock(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    /// `400 m` below a kilometre, `5.00 km` from one.
    static func distance(_ meters: Double) -> String {
        guard meters >= 1000 else { return "\(number(meters)) m" }
        let km = (meters / 10).rounded() / 100
        let text = String(km)
        let decimals = text.split(separator: ".").last.map(\.count) ?? 0
        return (decimals == 1 ? text + "0" : text) + " km"
    }

    /// `5:00/km`: time per kilometre.
    static func pace(seconds: Int, meters: Double) -> String? {
        guard meters > 0, seconds > 0 else { return nil }
        return clock(Int((Double(seconds) * 1000 / meters).rounded())) + "/km"
    }

    /// The load of a set: `100 kg`, `bodyweight`, `bodyweight + 20 kg`, `bodyweight − 25 kg`.
    static func load(_ set: WorkoutSet) -> String? {
        if set.bodyweight {
            guard let weight = set.weight, weight != 0 else { return "bodyweight" }
            return "bodyweight \(weight > 0 ? "+" : "−") \(Formatting.weight(abs(weight), set.unit))"
        }
        if let weight = set.weight { return Formatting.weight(weight, set.unit) }
        return set.reps != nil && set.durationSeconds == nil && set.distanceMeters == nil ? "bodyweight" : nil
    }

    /// A set as `100 kg × 5 @8.5`, `bodyweight + 20 kg × 5`, `20 kg × 0:45`, `1:00`,
    /// `25:00 · 5.00 km · 5:00/km`.
    static func set(_ set: WorkoutSet) -> String {
        var parts: [String] = []
        let load = Formatting.load(set)
        if let distance = set.distanceMeters {
            if let seconds = set.durationSeconds { parts.append(clock(seconds)) }
            parts.append(Formatting.distance(distance))
            if let seconds = set.durationSeconds, let pace = pace(seconds: seconds, meters: distance) { parts.append(pace) }
            if let load, set.weight != nil { parts.append(load) }
        } else if let reps = set.reps {
            var text = "\(load ?? "–") × \(reps)"
            if let seconds = set.durationSeconds { text += " in \(clock(seconds))" }
            parts.append(text)
        } else if let seconds = set.durationSeconds {
            parts.append(load.map { "\($0) × \(clock(seconds))" } ?? clock(seconds))
        } else {
            parts.append(load ?? "–")
        }
        var text = parts.joined(separator: " · ")
        if let rpe = set.rpe { text += " @\(number(rpe))" }
        if let rir = set.rir { text += " (\(rir) RIR)" }
        switch set.setType {
        case .normal: break
        case .warmup: text += " · warm-up"
        case .drop: text += " · drop"
        case .failure: text += " · to failure"
        }
        return text
    }

    /// Columns padded to their widest cell, separated by two spaces.
    static func table(_ rows: [[String]], header: [String]? = nil, style: Style) -> String {
        let all = (header.map { [$0] } ?? []) + rows
        guard let columns = all.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in all { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func render(_ row: [String]) -> String {
            var line = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
        var lines: [String] = []
        if let header { lines.append(style.bold(render(header))) }
        lines += rows.map(render)
        return lines.joined(separator: "\n")
    }

    /// The letter that marks a day with sessions of `kinds` (`L` lifting, `C` cardio, `S`
    /// stretch, `M` meditation, `+` more than one), or `nil` for a day without any.
    static func dayMark(_ kinds: [Session.Kind]) -> String? {
        guard let first = kinds.first else { return nil }
        guard kinds.count == 1 else { return "+" }
        switch first {
        case .lifting: return "L"
        case .cardio: return "C"
        case .stretch: return "S"
        case .meditation: return "M"
        }
    }

    /// `3 exercises`, `1 set`.
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// `42 min ago`, `3 h ago`, `2 days ago`.
    /// How long ago, in the style of ``duration(_:)``: `just now`, `45m ago`, `29h 30m ago`,
    /// then whole days (`20 days ago`).
    static func ago(_ seconds: Int) -> String {
        if seconds < 60 { return "just now" }
        if seconds < 86_400 * 2 { return "\(duration(seconds - seconds % 60)) ago" }
        return "\(seconds / 86_400) days ago"
    }
}

extension String {
    /// The first letter uppercased: `barbell` → `Barbell`.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
