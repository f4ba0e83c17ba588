/// A month folder of the session tree, `sessions/2025/01`.
package struct MonthKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    package var year: Int
    package var month: Int

    package init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// The months since the start of year 0: consecutive months have consecutive ordinals.
    var ordinal: Int { year * 12 + month - 1 }

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

    /// `01` … `12`, the names of the month folders.
    static let monthFolderNames = (1...12).map { CivilCalendar.pad($0, 2) }

    /// `2025/01`, the folder below `sessions/` (``description``, made without interpolation:
    /// every command looks at every month folder).
    var folderBelowSessions: String {
        guard (0...9999).contains(year), (1...12).contains(month) else { return description }
        return String(unsafeUninitializedCapacity: 7) { bytes in
            bytes[0] = UInt8(truncatingIfNeeded: 0x30 + year / 1000)
            bytes[1] = UInt8(truncatingIfNeeded: 0x30 + year / 100 % 10)
            bytes[2] = UInt8(truncatingIfNeeded: 0x30 + year / 10 % 10)
            bytes[3] = UInt8(truncatingIfNeeded: 0x30 + year % 10)
            bytes[4] = UInt8(ascii: "/")
            bytes[5] = UInt8(truncatingIfNeeded: 0x30 + month / 10)
            bytes[6] = UInt8(truncatingIfNeeded: 0x30 + month % 10)
            return 7
        }
    }

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
    /// The skipped sessions of each kind (in ``kindCounts``, which pages count, but never in the
    /// minutes and days: a planned day not trained is not training).
    package var skippedCounts = PerKind<Int>()
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
            if summary.status == .skipped {
                skippedCounts[summary.kind, default: 0] += 1
                continue
            }
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
    package static let formatLine = "liftlog-index 9"

    /// The unit volumes were computed in.
    package var unit: WeightUnit
    /// Modification times of `sessions` and `sessions/YYYY`; 0 forces a listing.
    package var folderTimes: [String: Int64] = [:]
    package var months = MonthTable()
    /// ``ContentHash`` of `ids.tsv` (the hash of each ID shard, ``IDShardHashes``) as last
    /// written; 0 when none is known, and then no ID shard is vouched for.
    package var idShardsHash: UInt64 = 0

    package init(unit: WeightUnit) {
        self.unit = unit
    }

    /// The state file: `liftlog-index 9 UNIT HASH`, then a line per folder time, one with the
    /// hash of `ids.tsv` (`I`) and one per month. `HASH` is the ``ContentHash`` of the lines
    /// below it: while it stands, the file is as written, and a month's line is read no further
    /// than every command needs.
    package var bytes: [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(64 * folderTimes.count + 120 * months.count)
        for (folder, time) in folderTimes.sorted(by: { $0.key < $1.key }) {
            body.append(contentsOf: "D\t\(folder)\t\(time)\n".utf8)
        }
        body.append(contentsOf: "I\t\(String(idShardsHash, radix: 16))\n".utf8)
        for index in months.indices {
            // A month that did not change since it was read is written as it was.
            if let line = months.unchangedLine(at: index) {
                body.append(contentsOf: line)
                body.append(0x0A)
                continue
            }
            let (key, month) = months[index]
            let kinds = Session.Kind.allCases.map { String(month.kindCounts[$0] ?? 0) }.joined(separator: "\t")
            let minutes = Session.Kind.allCases.map { String(month.seconds[$0] ?? 0) }.joined(separator: "\t")
            let masks = Session.Kind.allCases.map { String(month.dayMasks[$0] ?? 0) }.joined(separator: "\t")
            let skipped = Session.Kind.allCases.map { String(month.skippedCounts[$0] ?? 0) }.joined(separator: "\t")
            let others = Session.Kind.allCases.map { kind in (month.otherDays[kind] ?? []).sorted().map(String.init).joined(separator: ",") }.joined(separator: "\t")
            body.append(contentsOf: "M\t\(key)\t\(month.folderTime)\t\(month.count)\t\(kinds)\t\(month.activeCount)\t\(month.corruptCount)\t\(minutes)\t\(masks)\t\(skipped)\t\(others)\t\(String(month.shardHash, radix: 16))\n".utf8)
        }
        return Array("\(IndexState.formatLine) \(unit.rawValue) \(String(ContentHash.of(body), radix: 16))\n".utf8) + body
    }

    /// ``bytes`` as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Parses the state file; `nil` when it is not exactly as liftlog wrote it — another format,
    /// a hand edit, a write a crash cut short: its hash does not stand — which makes the index
    /// rebuild rather than believe it. Each month's line is read only as far as
    /// ``MonthEssentials`` go (about a tenth of it, what every command needs) and kept for the
    /// rest, which ``MonthTable`` reads when asked for.
    /// The hash the format line of a state file's `bytes` gives of its other lines (checked
    /// when the state is read): it names the state (``SessionsWatch``).
    static func statedHash(_ bytes: [UInt8]) -> UInt64? {
        guard let end = bytes.firstIndex(of: 0x0A), let space = bytes[..<end].lastIndex(of: 0x20) else { return nil }
        return ByteFields.hex64(bytes[(space + 1)..<end])
    }

    package init?(bytes: [UInt8]) {
        guard let state = bytes.withUnsafeBufferPointer({ IndexState.parse($0, source: bytes) }) else { return nil }
        self = state
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>, source: [UInt8]) -> IndexState? {
        var reader = ByteFields.Reader(buffer)
        guard let header = reader.nextLine().map(ByteFields.string), header.hasPrefix(IndexState.formatLine + " ") else { return nil }
        let words = header.dropFirst(IndexState.formatLine.count + 1).split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 2, let unit = WeightUnit(rawValue: String(words[0])), let hash = ByteFields.hex64(words[1].utf8) else { return nil }
        let bodyStart = ByteFields.find(0x0A, in: buffer, from: 0, to: buffer.count) + 1
        guard hash == ContentHash.of(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[min(bodyStart, buffer.count)...]))) else { return nil }
        var state = IndexState(unit: unit)
        state.months = MonthTable(source: source)
        // Room for exactly the months there are (a line each): the table is not grown (every
        // entry moved) while reading.
        state.months.reserveCapacity(ByteFields.lineCount(startingWith: UInt8(ascii: "M"), in: buffer))
        while let line = reader.nextLine() {
            guard let tag = reader.nextField(), tag.count == 1 else { return nil }
            switch tag.first {
            case UInt8(ascii: "D"):
                guard let folder = reader.nextField(), let time = reader.nextInt64(), reader.nextField() == nil else { return nil }
                state.folderTimes[ByteFields.string(folder)] = time
            case UInt8(ascii: "I"):
                guard let field = reader.nextField(), let hash = ByteFields.hex64(field), reader.nextField() == nil else { return nil }
                state.idShardsHash = hash
            case UInt8(ascii: "M"):
                guard let (key, essentials) = trustedEssentials(line), state.months.keys.last.map({ $0 < key }) ?? true else { return nil }
                state.months.appendLine(key, essentials, start: line.startIndex, end: line.endIndex)
            default:
                return nil
            }
        }
        return state
    }

    /// The essentials of a month line of a state file whose hash stands, read by position
    /// (`M  YYYY/MM  folder time  count  4 × by kind  active  corrupt  …  4 × other days  hash`,
    /// the kinds in the order of `Session.Kind.allCases`);
    /// `nil` for a line not shaped so.
    private static func trustedEssentials(_ line: ByteFields.Field) -> (MonthKey, MonthEssentials)? {
        guard let base = line.base.baseAddress else { return nil }
        let tab: UInt8 = 0x09
        var at = line.startIndex
        let end = line.endIndex
        guard end - at > 10, base[at + 1] == tab, base[at + 6] == UInt8(ascii: "/"), base[at + 9] == tab else { return nil }
        var year = 0, month = 0
        for offset in 2..<6 {
            let digit = base[at + offset] &- 0x30
            guard digit < 10 else { return nil }
            year = year * 10 + Int(digit)
        }
        for offset in 7..<9 {
            let digit = base[at + offset] &- 0x30
            guard digit < 10 else { return nil }
            month = month * 10 + Int(digit)
        }
        guard (1...12).contains(month) else { return nil }
        at += 10
        // The next field: up to 19 digits, then a tab.
        func number() -> Int64? {
            let (value, stop) = ByteFields.leadingDigits(base, from: at, to: end)
            guard (1...19).contains(stop - at), stop < end, base[stop] == tab, value <= UInt64(Int64.max) else { return nil }
            at = stop + 1
            return Int64(value)
        }
        var essentials = MonthEssentials()
        guard let time = number(), let count = number(), let lifting = number(), let cardio = number(), let stretch = number(),
              let meditation = number(), let active = number(), let corrupt = number() else { return nil }
        essentials.setKindCounts(Int(lifting), Int(cardio), Int(stretch), Int(meditation))
        essentials.folderTime = time
        essentials.count = Int(count)
        essentials.activeCount = Int(active)
        essentials.corruptCount = Int(corrupt)
        // The hash is the last field; the four fields of other days before it are empty when
        // the line ends in five tabs and the hash.
        var lastTab = end - 1
        while lastTab > at && base[lastTab] != tab { lastTab -= 1 }
        guard lastTab - 4 > at, let hash = ByteFields.hex64(UnsafeBufferPointer(start: base + lastTab + 1, count: end - lastTab - 1)) else { return nil }
        essentials.shardHash = hash
        essentials.hasOtherDays = !(base[lastTab - 1] == tab && base[lastTab - 2] == tab && base[lastTab - 3] == tab && base[lastTab - 4] == tab)
        return (MonthKey(year: year, month: month), essentials)
    }

    /// A whole month line, `M` and all, read and checked field by field.
    static func parseMonthLine(_ line: ArraySlice<UInt8>) -> (MonthKey, MonthSummary)? {
        line.withUnsafeBufferPointer { buffer in
            var reader = ByteFields.Reader(buffer)
            guard reader.nextLine() != nil, let tag = reader.nextField(), tag.elementsEqual([UInt8(ascii: "M")]) else { return nil }
            return parseMonth(&reader)
        }
    }

    /// `M  2025-01  folder time  count  4 × count by kind  active  corrupt  4 × seconds
    /// 4 × day mask  4 × skipped by kind  4 × other days (comma-separated day numbers)  shard hash (hexadecimal)`.
    private static func parseMonth(_ reader: inout ByteFields.Reader) -> (MonthKey, MonthSummary)? {
        guard let key = reader.nextField().flatMap(MonthKey.init(field:)), let time = reader.nextInt64() else { return nil }
        // The nineteen counts that follow, read in one go into scratch space (no summary built
        // field by field): count, 4 × by kind, active, corrupt, 4 × seconds, 4 × day mask,
        // 4 × skipped.
        let month: MonthSummary? = withUnsafeTemporaryAllocation(of: Int64.self, capacity: 19) { numbers -> MonthSummary? in
            for index in 0..<19 {
                guard let value = reader.nextCount() else { return nil }
                numbers[index] = value
            }
            for index in 11..<15 where numbers[index] > Int64(UInt32.max) { return nil }
            func perKind(_ first: Int) -> PerKind<Int> {
                PerKind(nonZero: Int(numbers[first]), Int(numbers[first + 1]), Int(numbers[first + 2]), Int(numbers[first + 3]))
            }
            var month = MonthSummary()
            month.folderTime = time
            month.count = Int(numbers[0])
            month.kindCounts = perKind(1)
            month.activeCount = Int(numbers[5])
            month.corruptCount = Int(numbers[6])
            month.seconds = perKind(7)
            month.dayMasks = PerKind(nonZero: UInt32(numbers[11]), UInt32(numbers[12]), UInt32(numbers[13]), UInt32(numbers[14]))
            month.skippedCounts = perKind(15)
            return month
        }
        guard var month else { return nil }
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

    /// The values of the kinds in the order of `Session.Kind.allCases`, zero read as none.
    init(nonZero lifting: Value, _ cardio: Value, _ stretch: Value, _ meditation: Value) where Value: BinaryInteger {
        self.lifting = lifting == 0 ? nil : lifting
        self.cardio = cardio == 0 ? nil : cardio
        self.stretch = stretch == 0 ? nil : stretch
        self.meditation = meditation == 0 ? nil : meditation
    }

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
