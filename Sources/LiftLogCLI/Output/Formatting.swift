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

    /// `400 m` below a kilometre, `5.00 km` from one (`3.10 mi` in miles); `2,000 m` on an erg.
    static func distance(_ meters: Double, in scale: DistanceScale) -> String {
        guard case .unit(let unit) = scale else { return "\(meters == meters.rounded() ? grouped(Int64(meters)) : number(meters)) m" }
        guard unit == .mi || meters >= 1000 else { return "\(number(meters)) m" }
        let value = (unit.value(ofMeters: meters) * 100).rounded() / 100
        let text = String(value)
        let decimals = text.split(separator: ".").last.map(\.count) ?? 0
        return (decimals == 1 ? text + "0" : text) + " \(unit.rawValue)"
    }

    /// `5:00/km`, `8:03/mi` or `2:00/500m`: the time the scale's pace distance took.
    static func pace(seconds: Int, meters: Double, in scale: DistanceScale) -> String? {
        scale.pace(seconds: seconds, meters: meters).map { pace(secondsPerPaceDistance: $0, in: scale) }
    }

    /// `5:00/km` of a pace in seconds per the scale's pace distance.
    static func pace(secondsPerPaceDistance seconds: Double, in scale: DistanceScale) -> String {
        clock(Int(seconds.rounded())) + "/\(scale.paceLabel)"
    }

    /// `5:00/km` of a pace in seconds per kilometre, on `scale`.
    static func pace(secondsPerKilometre seconds: Double, in scale: DistanceScale) -> String {
        pace(secondsPerPaceDistance: scale.pace(secondsPerKilometre: seconds), in: scale)
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
    static func set(_ set: WorkoutSet, distance scale: DistanceScale) -> String {
        var parts: [String] = []
        let load = Formatting.load(set)
        if let distance = set.distanceMeters {
            if let seconds = set.durationSeconds { parts.append(clock(seconds)) }
            parts.append(Formatting.distance(distance, in: scale))
            if let seconds = set.durationSeconds, let pace = pace(seconds: seconds, meters: distance, in: scale) { parts.append(pace) }
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

    /// Columns padded to their widest cell, separated by two spaces; no line ends in a space.
    /// A cell's width is its number of characters, counted once (as its bytes when it is ASCII,
    /// as most cells are: counting characters walks them one by one).
    static func table(_ rows: [[String]], header: [String]? = nil, style: Style) -> String {
        let all = (header.map { [$0] } ?? []) + rows
        guard let columns = all.map({ $0.count }).max() else { return "" }
        let cellWidths = all.map { row in row.map(characterCount) }
        var widths = [Int](repeating: 0, count: columns)
        for row in cellWidths { for (index, width) in row.enumerated() { widths[index] = max(widths[index], width) } }
        // The table is put together as bytes (appending to a `String`, or joining strings,
        // costs far more) and made a `String` once. Trailing spaces are bytes 0x20 at the end
        // of a line: a space with a combining mark after it ends in the mark's bytes and stays,
        // as a character other than " " would.
        func render(_ row: [String], _ rowWidths: [Int], into bytes: inout [UInt8]) {
            let start = bytes.count
            for (index, cell) in row.enumerated() {
                if index > 0 { bytes.append(0x20); bytes.append(0x20) }
                bytes.append(contentsOf: cell.utf8)
                if index < row.count - 1 { bytes.append(contentsOf: repeatElement(0x20, count: widths[index] - rowWidths[index])) }
            }
            while bytes.count > start, bytes.last == 0x20 { bytes.removeLast() }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(all.count * (widths.reduce(2 * columns, +) + 1))
        for (index, (row, rowWidths)) in zip(all, cellWidths).enumerated() {
            if index > 0 { bytes.append(0x0A) }
            if index == 0, header != nil {
                var line: [UInt8] = []
                render(row, rowWidths, into: &line)
                bytes.append(contentsOf: style.bold(String(decoding: line, as: UTF8.self)).utf8)
            } else {
                render(row, rowWidths, into: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The number of characters of `text`: its number of bytes when they are all ASCII but a
    /// carriage return (which makes one character with a line feed after it).
    static func characterCount(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? text.utf8.count : text.count
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
    /// (`String(dropFirst())`, not the substring itself: adding a `Substring` to a `String` goes
    /// through generic code whose first use searches the binary's conformance records, about
    /// 100,000 instructions, in every `show`.)
    var capitalizedFirst: String { prefix(1).uppercased() + String(dropFirst()) }
}
