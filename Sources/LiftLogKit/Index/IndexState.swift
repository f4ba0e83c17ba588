/// A month folder of the session tree, `sessions/2025/01`.
package struct MonthKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var year: Int
    package var month: Int

    package init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// `2025/01`, the folder below `sessions/`.
    package var description: String { "\(CivilCalendar.pad(year, 4))/\(CivilCalendar.pad(month, 2))" }
    package var folder: String { "sessions/\(description)" }
    package var shardPath: String { "\(SessionIndex.directory)/months/\(CivilCalendar.pad(year, 4))-\(CivilCalendar.pad(month, 2)).tsv" }
    package var firstDay: LocalDate { LocalDate(year: year, month: month, day: 1)! }
    package var lastDay: LocalDate { LocalDate(year: year, month: month, day: CivilCalendar.daysInMonth(year: year, month: month))! }

    package init?(folderName year: String, _ month: String) {
        guard year.count == 4, month.count == 2, let y = Int(year), let m = Int(month), (1...9999).contains(y), (1...12).contains(m) else { return nil }
        self.init(year: y, month: m)
    }

    package static func < (lhs: MonthKey, rhs: MonthKey) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}

/// Per-month totals kept in the index state so that whole months can be skipped when paging.
package struct MonthSummary: Equatable, Sendable {
    /// The folder's modification time when it was last scanned; 0 forces a rescan.
    package var folderTime: Int64 = 0
    package var count = 0
    package var kindCounts: [Session.Kind: Int] = [:]
    package var activeCount = 0
    package var corruptCount = 0
    /// Σ of the lengths of the sessions of each kind, in seconds (what `stats` totals).
    package var seconds: [Session.Kind: Int] = [:]
    /// The days of the month with a session of each kind, in each session's own offset: bit
    /// `d - 1` for day `d`. Streaks and `stats` read these instead of every index line.
    package var dayMasks: [Session.Kind: UInt32] = [:]
    /// Days outside the month (a session file in another month's folder), as day numbers.
    package var otherDays: [Session.Kind: Swift.Set<Int>] = [:]

    package init() {}

    package init(key: MonthKey, records: [IndexRecord], folderTime: Int64) {
        self.folderTime = folderTime
        for record in records {
            guard let summary = record.summary else { corruptCount += 1; continue }
            count += 1
            kindCounts[summary.kind, default: 0] += 1
            if summary.status == .active { activeCount += 1 }
            seconds[summary.kind, default: 0] += max(0, summary.durationSeconds ?? 0)
            let date = summary.startedAt.localDate
            if date.year == key.year && date.month == key.month {
                dayMasks[summary.kind, default: 0] |= 1 << UInt32(date.day - 1)
            } else {
                otherDays[summary.kind, default: []].insert(date.dayNumber)
            }
        }
    }

    /// The days with a session of each kind, as day numbers (since 1970-01-01).
    package func dayNumbers(in key: MonthKey) -> [Session.Kind: Swift.Set<Int>] {
        var result = otherDays
        let first = CivilCalendar.dayNumber(year: key.year, month: key.month, day: 1)
        for (kind, mask) in dayMasks {
            for day in 0..<31 where mask & (1 << UInt32(day)) != 0 { result[kind, default: []].insert(first + day) }
        }
        return result
    }
}

/// The top of the index: the modification times of the session folders and the totals of each
/// month, in `.liftlog/index/state.tsv`.
package struct IndexState: Equatable, Sendable {
    package static let formatLine = "liftlog-index 5"

    /// The unit volumes were computed in.
    package var unit: WeightUnit
    /// Modification times of `sessions` and `sessions/YYYY`; 0 forces a listing.
    package var folderTimes: [String: Int64] = [:]
    package var months: [MonthKey: MonthSummary] = [:]

    package init(unit: WeightUnit) {
        self.unit = unit
    }

    package var text: String {
        var lines = ["\(IndexState.formatLine) \(unit.rawValue)"]
        for (folder, time) in folderTimes.sorted(by: { $0.key < $1.key }) {
            lines.append("D\t\(folder)\t\(time)")
        }
        for (key, month) in months.sorted(by: { $0.key < $1.key }) {
            let kinds = Session.Kind.allCases.map { String(month.kindCounts[$0] ?? 0) }.joined(separator: "\t")
            let minutes = Session.Kind.allCases.map { String(month.seconds[$0] ?? 0) }.joined(separator: "\t")
            let masks = Session.Kind.allCases.map { String(month.dayMasks[$0] ?? 0) }.joined(separator: "\t")
            let others = Session.Kind.allCases.map { kind in (month.otherDays[kind] ?? []).sorted().map(String.init).joined(separator: ",") }.joined(separator: "\t")
            lines.append("M\t\(key)\t\(month.folderTime)\t\(month.count)\t\(kinds)\t\(month.activeCount)\t\(month.corruptCount)\t\(minutes)\t\(masks)\t\(others)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses the state file; `nil` for anything unexpected, which makes the index rebuild.
    package init?(bytes: [UInt8]) {
        var lines = ByteFields.lines(bytes)
        guard let header = lines.first.map(ByteFields.string), header.hasPrefix(IndexState.formatLine + " "),
              let unit = WeightUnit(rawValue: String(header.dropFirst(IndexState.formatLine.count + 1))) else { return nil }
        lines.removeFirst()
        self.unit = unit
        let kindCount = Session.Kind.allCases.count
        for line in lines {
            let fields = ByteFields.fields(line)
            switch fields.first.map(ByteFields.string) {
            case "D":
                guard fields.count == 3, let time = ByteFields.int64(fields[2]) else { return nil }
                folderTimes[ByteFields.string(fields[1])] = time
            case "M":
                let name = ByteFields.string(fields.count > 1 ? fields[1] : [])
                guard fields.count == 6 + 4 * kindCount, name.utf8.count == 7,
                      let key = MonthKey(folderName: String(name.prefix(4)), String(name.suffix(2))),
                      let time = ByteFields.int64(fields[2]), let count = ByteFields.int(fields[3]),
                      let active = ByteFields.int(fields[4 + kindCount]), let corrupt = ByteFields.int(fields[5 + kindCount]) else { return nil }
                var month = MonthSummary()
                month.folderTime = time
                month.count = count
                month.activeCount = active
                month.corruptCount = corrupt
                for (offset, kind) in Session.Kind.allCases.enumerated() {
                    guard let value = ByteFields.int(fields[4 + offset]), let seconds = ByteFields.int(fields[6 + kindCount + offset]),
                          let mask = ByteFields.int64(fields[6 + 2 * kindCount + offset]), (0...Int64(UInt32.max)).contains(mask) else { return nil }
                    if value > 0 { month.kindCounts[kind] = value }
                    if seconds > 0 { month.seconds[kind] = seconds }
                    if mask > 0 { month.dayMasks[kind] = UInt32(mask) }
                    let others = fields[6 + 3 * kindCount + offset]
                    guard !others.isEmpty else { continue }
                    var days = Swift.Set<Int>()
                    for day in ByteFields.split(others, at: 0x2C) {
                        guard let number = ByteFields.int(day) else { return nil }
                        days.insert(number)
                    }
                    month.otherDays[kind] = days
                }
                months[key] = month
            default:
                return nil
            }
        }
    }
}
