/// What every command reads of every month of the index: whether its folder changed, how many
/// sessions (of each kind) it holds, whether its shard is the one described. (The rest of a
/// month's totals, minutes and days per kind, only `stats` and the streaks read.)
package struct MonthEssentials: Equatable, Sendable {
    package var folderTime: Int64 = 0
    package var count = 0
    /// The sessions of each kind, in the order of `Session.Kind.allCases` (kept small: every
    /// command copies these for every month).
    private var kindCounts: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    package var activeCount = 0
    package var corruptCount = 0
    package var shardHash: UInt64 = 0
    /// Whether a session of the month's folder started on a day of another month.
    package var hasOtherDays = false

    package init() {}

    package init(_ summary: MonthSummary) {
        folderTime = summary.folderTime
        count = summary.count
        setKindCounts(summary.kindCounts[.lifting] ?? 0, summary.kindCounts[.cardio] ?? 0, summary.kindCounts[.stretch] ?? 0, summary.kindCounts[.meditation] ?? 0)
        activeCount = summary.activeCount
        corruptCount = summary.corruptCount
        shardHash = summary.shardHash
        hasOtherDays = !summary.otherDays.isEmpty
    }

    /// The sessions of `kind`.
    package func count(of kind: Session.Kind) -> Int {
        switch kind {
        case .lifting: Int(kindCounts.0)
        case .cardio: Int(kindCounts.1)
        case .stretch: Int(kindCounts.2)
        case .meditation: Int(kindCounts.3)
        }
    }

    mutating func setKindCounts(_ lifting: Int, _ cardio: Int, _ stretch: Int, _ meditation: Int) {
        kindCounts = (Int32(clamping: lifting), Int32(clamping: cardio), Int32(clamping: stretch), Int32(clamping: meditation))
    }

    package static func == (lhs: MonthEssentials, rhs: MonthEssentials) -> Bool {
        lhs.folderTime == rhs.folderTime && lhs.count == rhs.count && lhs.kindCounts == rhs.kindCounts && lhs.activeCount == rhs.activeCount
            && lhs.corruptCount == rhs.corruptCount && lhs.shardHash == rhs.shardHash && lhs.hasOtherDays == rhs.hasOtherDays
    }
}

/// The index state's months and their totals, kept in order (oldest first) and looked up by
/// binary search: used like a dictionary keyed by month.
///
/// Every command that reads the index walks all of a log's months two or three times (one
/// line each of `state.tsv` read, one folder time compared, one count added to a page's
/// total): 360 of them for a 30-year log. Kept sorted, the table is filled in the order the
/// file lists them and walked newest first without a sort, and a month is found in about nine
/// comparisons, where a hashed table hashes its key every time.
///
/// A month read from the state file (``IndexState``, believed only while its hash stands) keeps
/// its line: only its ``MonthEssentials`` are read at once, the whole ``MonthSummary`` when
/// asked for (`stats`), and the line is written back as it was when the month did not change.
package struct MonthTable: Sendable, RandomAccessCollection {
    /// Ascending, without repeats; `essentials[i]` and `entries[i]` belong to `keys[i]`.
    package private(set) var keys: [MonthKey] = []
    private var essentials: [MonthEssentials] = []
    private var entries: [Entry] = []
    /// Summaries set or read in full.
    private var summaries: [MonthSummary] = []
    /// The state file's bytes the unread lines are in.
    private var source: [UInt8] = []

    private enum Entry: Sendable {
        /// `source[start..<end]`, a month line of the state file.
        case line(start: Int, end: Int)
        /// `summaries[index]`.
        case summary(Int)
    }

    package init() {}

    /// A table of months read from `source`, whose lines the parser will add.
    init(source: [UInt8]) {
        self.source = source
    }

    /// Where `key` is, or where it would go.
    private func position(of key: MonthKey) -> (index: Int, found: Bool) {
        guard let first = keys.first, let last = keys.last else { return (0, false) }
        // A month after the last (the common insertion: the file and new months come in order).
        if last < key { return (keys.count, false) }
        // Most logs have a folder for every month, at least lately: a month's distance from the
        // last (or the first) is then its place, found without a search.
        let fromLast = keys.count - 1 - (last.ordinal - key.ordinal), fromFirst = key.ordinal - first.ordinal
        if fromLast >= 0, keys[fromLast] == key { return (fromLast, true) }
        if fromFirst < keys.count, fromFirst >= 0, keys[fromFirst] == key { return (fromFirst, true) }
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) >> 1
            let candidate = keys[middle]
            if candidate < key {
                low = middle + 1
            } else if candidate == key {
                return (middle, true)
            } else {
                high = middle
            }
        }
        return (low, false)
    }

    /// The totals of month `key`; setting `nil` removes the month.
    package subscript(key: MonthKey) -> MonthSummary? {
        get {
            let (index, found) = position(of: key)
            return found ? summary(at: index) : nil
        }
        set {
            let (index, found) = position(of: key)
            switch (newValue, found) {
            case (let value?, true):
                essentials[index] = MonthEssentials(value)
                if case .summary(let stored) = entries[index] {
                    summaries[stored] = value
                } else {
                    entries[index] = .summary(summaries.count)
                    summaries.append(value)
                }
            case (let value?, false):
                insert(key, MonthEssentials(value), .summary(summaries.count), at: index)
                summaries.append(value)
            case (nil, true):
                keys.remove(at: index)
                essentials.remove(at: index)
                entries.remove(at: index)
            case (nil, false): break
            }
        }
    }

    private mutating func insert(_ key: MonthKey, _ essentials: MonthEssentials, _ entry: Entry, at index: Int) {
        if index == keys.count {
            keys.append(key)
            self.essentials.append(essentials)
            entries.append(entry)
        } else {
            keys.insert(key, at: index)
            self.essentials.insert(essentials, at: index)
            entries.insert(entry, at: index)
        }
    }

    /// Adds month `key`, after every month there is, as the line `source[start..<end]` whose
    /// essentials were read. The caller knows the line reads as a ``MonthSummary``.
    mutating func appendLine(_ key: MonthKey, _ essentials: MonthEssentials, start: Int, end: Int) {
        precondition(keys.last.map { $0 < key } ?? true, "months out of order")
        insert(key, essentials, .line(start: start, end: end), at: keys.count)
    }

    /// What every command reads of month `key`.
    package func essentials(of key: MonthKey) -> MonthEssentials? {
        let (index, found) = position(of: key)
        return found ? essentials[index] : nil
    }

    /// What every command reads of the month at `index` (of ``keys``).
    package func essentials(at index: Int) -> MonthEssentials { essentials[index] }

    /// The months whose essentials pass `test`, newest first.
    package func keysNewestFirst(where test: (MonthEssentials) -> Bool) -> [MonthKey] {
        indices.reversed().compactMap { test(essentials[$0]) ? keys[$0] : nil }
    }

    /// The sessions of all months.
    package var sessionCount: Int { essentials.reduce(0) { $0 + $1.count } }

    /// The whole summary of the month at `index`.
    private func summary(at index: Int) -> MonthSummary {
        switch entries[index] {
        case .summary(let stored):
            return summaries[stored]
        case .line(let start, let end):
            if let (_, summary) = IndexState.parseMonthLine(source[start..<end]) { return summary }
            // Not expected: the file had the hash it was written with, and every line written
            // reads back. Should one not, its count stands and its minutes and days read as none.
            var summary = MonthSummary()
            summary.count = essentials[index].count
            for kind in Session.Kind.inOrder where essentials[index].count(of: kind) > 0 { summary.kindCounts[kind] = essentials[index].count(of: kind) }
            return summary
        }
    }

    /// The month line at `index` as it was read, when the month did not change since.
    func unchangedLine(at index: Int) -> ArraySlice<UInt8>? {
        guard case .line(let start, let end) = entries[index] else { return nil }
        return source[start..<end]
    }

    /// Removes month `key`; its totals, or `nil` when it was not there.
    @discardableResult
    package mutating func removeValue(forKey key: MonthKey) -> MonthSummary? {
        let old = self[key]
        self[key] = nil
        return old
    }

    package mutating func reserveCapacity(_ capacity: Int) {
        keys.reserveCapacity(capacity)
        essentials.reserveCapacity(capacity)
        entries.reserveCapacity(capacity)
    }

    /// The totals, oldest month first.
    package var values: [MonthSummary] { indices.map(summary(at:)) }
    /// The months, newest first.
    package var keysNewestFirst: ReversedCollection<[MonthKey]> { keys.reversed() }

    // Months and totals, oldest first (`reversed()` walks them newest first).
    package var startIndex: Int { 0 }
    package var endIndex: Int { keys.count }
    package subscript(position: Int) -> (key: MonthKey, value: MonthSummary) { (keys[position], summary(at: position)) }
}

extension MonthTable: Equatable {
    /// The same months with the same totals, however each was read.
    package static func == (lhs: MonthTable, rhs: MonthTable) -> Bool {
        lhs.keys == rhs.keys && lhs.indices.allSatisfy { lhs.summary(at: $0) == rhs.summary(at: $0) }
    }
}
