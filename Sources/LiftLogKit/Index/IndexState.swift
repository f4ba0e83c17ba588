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
    /// `sessions/2025`, the folder of a year's month folders.
    static func yearFolder(_ year: Int) -> String { "sessions/\(CivilCalendar.pad(year, 4))" }
    package var shardPath: String { "\(SessionIndex.directory)/months/\(CivilCalendar.pad(year, 4))-\(CivilCalendar.pad(month, 2)).tsv" }
    package var firstDay: LocalDate { LocalDate(year: year, month: month, day: 1)! }
    package var lastDay: LocalDate { LocalDate(year: year, month: month, day: CivilCalendar.daysInMonth(year: year, month: month))! }

    /// `2025-01` or `2025/01` as bytes (a field of the index state).
    init?<Field: Collection<UInt8>>(field: Field) where Field.Index == Int {
        guard field.count == 7, let year = ByteFields.int(field.prefix(4)), let month = ByteFields.int(field.suffix(2)),
              field.prefix(4).allSatisfy({ (0x30...0x39).contains($0) }), field.suffix(2).allSatisfy({ (0x30...0x39).contains($0) }),
              (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.init(year: year, month: month)
    }

    package init?(folderName year: String, _ month: String) {
        guard year.count == 4, month.count == 2, let y = Int(year), let m = Int(month), (1...9999).contains(y), (1...12).contains(m) else { return nil }
        self.init(year: y, month: m)
    }

    package static func < (lhs: MonthKey, rhs: MonthKey) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }

    /// One value for both fields (the index state looks months up hundreds of times a command).
    package func hash(into hasher: inout Hasher) {
        hasher.combine(year &* 16 &+ month)
    }

    /// `keys`, newest first. Sorted as whole numbers, one for each month (what sorting with
    /// `>` on the two fields gives, for a fraction of the comparisons' cost: the index's months
    /// are put in this order twice in every command that reads it).
    package static func newestFirst(_ keys: some Collection<MonthKey>) -> [MonthKey] {
        guard keys.allSatisfy({ (0...15).contains($0.month) }) else { return keys.sorted(by: >) }
        var codes: [Int] = []
        codes.reserveCapacity(keys.count)
        for key in keys { codes.append(key.year &* 16 &+ key.month) }
        codes.sort()
        return codes.reversed().map { MonthKey(year: $0 >> 4, month: $0 & 15) }
    }

    /// `01` … `12`, the names of the month folders.
    static let monthFolderNames = (1...12).map { CivilCalendar.pad($0, 2) }

    /// The folder's name below its year's (`01` … `12`).
    var monthFolderName: String {
        (1...12).contains(month) ? MonthKey.monthFolderNames[month - 1] : CivilCalendar.pad(month, 2)
    }
}

/// Per-month totals kept in the index state so that whole months can be skipped when paging.
package struct MonthSummary: Equatable, Sendable {
    /// The folder's modification time when it was last scanned; 0 forces a rescan.
    package var folderTime: Int64 = 0
    package var count = 0
    package var kindCounts = PerKind<Int>()
    package var activeCount = 0
    package var corruptCount = 0
    /// Σ of the lengths of the sessions of each kind, in seconds (what `stats` totals).
    package var seconds = PerKind<Int>()
    /// The days of the month with a session of each kind, in each session's own offset: bit
    /// `d - 1` for day `d`. Streaks and `stats` read these instead of every index line.
    package var dayMasks = PerKind<UInt32>()
    /// Days outside the month (a session file in another month's folder), as day numbers.
    package var otherDays = PerKind<Swift.Set<Int>>()
    /// ``ContentHash`` of the month's shard as last written, or 0 when it is not known (the
    /// month changed in memory and is not written yet). What the exercise files
    /// (``ExerciseLines``) copied from the shard is used only while this is unchanged.
    package var shardHash: UInt64 = 0

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
        var result: [Session.Kind: Swift.Set<Int>] = [:]
        for (kind, days) in otherDays { result[kind] = days }
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
    package static let formatLine = "liftlog-index 6"

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
            lines.append("M\t\(key)\t\(month.folderTime)\t\(month.count)\t\(kinds)\t\(month.activeCount)\t\(month.corruptCount)\t\(minutes)\t\(masks)\t\(others)\t\(String(month.shardHash, radix: 16))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses the state file; `nil` for anything unexpected, which makes the index rebuild.
    /// (Read at the start of every command: fields are read in place and converted as bytes.)
    package init?(bytes: [UInt8]) {
        guard let state = bytes.withUnsafeBufferPointer({ IndexState.parse($0) }) else { return nil }
        self = state
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> IndexState? {
        var reader = ByteFields.Reader(buffer)
        guard let header = reader.nextLine().map(ByteFields.string), header.hasPrefix(IndexState.formatLine + " "),
              let unit = WeightUnit(rawValue: String(header.dropFirst(IndexState.formatLine.count + 1))) else { return nil }
        var state = IndexState(unit: unit)
        // Room for exactly the months there are (a line each), so that the table is neither
        // grown (every entry moved) while parsing nor larger than needed: an entry is a few
        // hundred bytes, and a table twice the size is a hundred more pages of memory for the
        // kernel to hand over (an estimate from the file's size did that at 360 months).
        state.months.reserveCapacity(ByteFields.lineCount(startingWith: UInt8(ascii: "M"), in: buffer))
        while reader.nextLine() != nil {
            guard let tag = reader.nextField(), tag.count == 1 else { return nil }
            switch tag.first {
            case UInt8(ascii: "D"):
                guard let folder = reader.nextField(), let time = reader.nextInt64(), reader.nextField() == nil else { return nil }
                state.folderTimes[ByteFields.string(folder)] = time
            case UInt8(ascii: "M"):
                guard let (key, month) = parseMonth(&reader) else { return nil }
                state.months[key] = month
            default:
                return nil
            }
        }
        return state
    }

    /// `M  2025-01  folder time  count  4 × count by kind  active  corrupt  4 × seconds
    /// 4 × day mask  4 × other days (comma-separated day numbers)  shard hash (hexadecimal)`.
    private static func parseMonth(_ reader: inout ByteFields.Reader) -> (MonthKey, MonthSummary)? {
        func int(_ reader: inout ByteFields.Reader) -> Int? { reader.nextInt64().map { Int($0) } }
        guard let key = reader.nextField().flatMap(MonthKey.init(field:)), let time = reader.nextInt64(),
              let count = int(&reader) else { return nil }
        var month = MonthSummary()
        month.folderTime = time
        month.count = count
        for kind in Session.Kind.inOrder {
            guard let value = int(&reader) else { return nil }
            if value > 0 { month.kindCounts[kind] = value }
        }
        guard let active = int(&reader), let corrupt = int(&reader) else { return nil }
        month.activeCount = active
        month.corruptCount = corrupt
        for kind in Session.Kind.inOrder {
            guard let seconds = int(&reader) else { return nil }
            if seconds > 0 { month.seconds[kind] = seconds }
        }
        for kind in Session.Kind.inOrder {
            guard let mask = reader.nextInt64(), (0...Int64(UInt32.max)).contains(mask) else { return nil }
            if mask > 0 { month.dayMasks[kind] = UInt32(mask) }
        }
        for kind in Session.Kind.inOrder {
            guard let others = reader.nextField() else { return nil }
            guard !others.isEmpty else { continue }
            var days = Swift.Set<Int>()
            for day in others.split(separator: 0x2C, omittingEmptySubsequences: false) {
                guard let number = ByteFields.int(day) else { return nil }
                days.insert(number)
            }
            month.otherDays[kind] = days
        }
        guard let hash = reader.nextField().flatMap(ByteFields.hex64), reader.nextField() == nil else { return nil }
        month.shardHash = hash
        return (key, month)
    }
}

/// A value for each kind of session, like a dictionary keyed by kind but kept inline (the
/// index state holds four of these for each month, parsed at the start of every command).
/// A kind without a value reads as `nil`.
package struct PerKind<Value: Equatable & Sendable>: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    private var lifting: Value?
    private var cardio: Value?
    private var stretch: Value?
    private var meditation: Value?

    package init() {}

    package init(dictionaryLiteral elements: (Session.Kind, Value)...) {
        for (kind, value) in elements { self[kind] = value }
    }

    package subscript(kind: Session.Kind) -> Value? {
        get {
            switch kind {
            case .lifting: lifting
            case .cardio: cardio
            case .stretch: stretch
            case .meditation: meditation
            }
        }
        set {
            switch kind {
            case .lifting: lifting = newValue
            case .cardio: cardio = newValue
            case .stretch: stretch = newValue
            case .meditation: meditation = newValue
            }
        }
    }

    package subscript(kind: Session.Kind, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[kind] ?? defaultValue() }
        set { self[kind] = newValue }
    }

    /// Whether no kind has a value.
    package var isEmpty: Bool { lifting == nil && cardio == nil && stretch == nil && meditation == nil }

    /// The values there are, in the order of `Session.Kind.allCases`.
    package var values: [Value] { map(\.value) }

    /// The kinds with a value, and their values, in the order of `Session.Kind.allCases`.
    package func makeIterator() -> IndexingIterator<[(key: Session.Kind, value: Value)]> {
        Session.Kind.inOrder.compactMap { kind in self[kind].map { (key: kind, value: $0) } }.makeIterator()
    }
}

extension Session.Kind {
    /// `allCases`, made once: a synthesized `allCases` builds a new array at each use, and the
    /// index state walks the kinds several times for each of hundreds of months.
    package static let inOrder = Session.Kind.allCases
}

extension Session.Status {
    /// `allCases`, made once (read from every index line).
    package static let inOrder = Session.Status.allCases
}

extension WeightUnit {
    /// `allCases`, made once (read from every index line and each run of its working sets).
    package static let inOrder = WeightUnit.allCases
}
