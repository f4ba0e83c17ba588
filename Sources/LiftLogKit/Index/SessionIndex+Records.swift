/// Reading the index: the records of a month, walks newest first, and checking what is shown against the files.
extension SessionIndex {
    /// The records of a month, newest first.
    package func records(of key: MonthKey) throws(LiftLogError) -> [IndexRecord] {
        if let cached = shards[key] { return cached }
        var text = loadShard(key)
        if text == nil && expectsShard(key) { return try repair(key) }
        shardLines[key] = nil
        guard let records = parse(text?.allLines() ?? [], of: key) else { return try repair(key) }
        shards[key] = records
        return records
    }

    /// The records of a month as ``records(of:)`` gives them, without keeping them: a walk over
    /// every month then holds one month at a time.
    func recordsLettingGo(of key: MonthKey, parentsChecked: Bool = false) throws(LiftLogError) -> [IndexRecord] {
        if let cached = shards[key] { return cached }
        guard let bytes = loadShard(key, parentsChecked: parentsChecked) else { return try records(of: key) }
        var text = bytes
        guard let parsed = parse(text.allLines(), of: key) else { return try records(of: key) }
        return parsed
    }

    /// Calls `body` with every readable record and its month, newest first, until it returns
    /// `false`; each month is first checked against its files (one `fstatat` each) and read
    /// again if one changed in place, so what `body` sees is current without a second walk.
    /// Months are parsed and let go: memory does not grow with the log (`pr` of every exercise).
    /// After a refresh that did not look at the months, each month's folder is looked at first.
    package func forEachVerifiedRecordNewestFirst(_ body: (MonthKey, IndexRecord) throws(LiftLogError) -> Bool) throws(LiftLogError) {
        let parentsChecked = shardFolderIsSound
        for key in monthsNewestFirst {
            if monthsToLookAt {
                let time = try folderTime(key.folder)
                guard time > 0 else {
                    removeMonth(key)
                    continue
                }
                if time != state.months.essentials(of: key)?.folderTime { try rescan(key, folderTime: time) }
            }
            var list = try recordsLettingGo(of: key, parentsChecked: parentsChecked)
            if try changedInPlace(list, of: key) {
                guard try readAgain(key) else { continue }
                list = try records(of: key)
            }
            for record in list where record.summary != nil {
                if !(try body(key, record)) { return }
            }
        }
    }

    /// ``forEachVerifiedRecordNewestFirst(_:)`` for the summaries alone: what an answer reads
    /// from the newest sessions back (today's day, the recent exercises) is what the files say,
    /// a session edited in place (its folder's time unchanged) included.
    package func forEachVerifiedSummaryNewestFirst(_ body: (SessionSummary) throws(LiftLogError) -> Bool) throws(LiftLogError) {
        try forEachVerifiedRecordNewestFirst { _, record throws(LiftLogError) in try body(record.summary!) }
    }

    /// Calls `body` with every readable session's summary, newest first, until it returns `false`.
    package func forEachSummaryNewestFirst(_ body: (SessionSummary) throws(LiftLogError) -> Bool) throws(LiftLogError) {
        try forEachRecordNewestFirst { _, record throws(LiftLogError) in try body(record.summary!) }
    }

    /// Calls `body` with every readable session's record and its month, newest first, until it
    /// returns `false`.
    package func forEachRecordNewestFirst(_ body: (MonthKey, IndexRecord) throws(LiftLogError) -> Bool) throws(LiftLogError) {
        for key in monthsNewestFirst {
            for record in try records(of: key) where record.summary != nil {
                if !(try body(key, record)) { return }
            }
        }
    }

    /// The records at `range` of a month (positions in newest-first order), parsing only those,
    /// or all of them when the month is one a long-running process reads again and again.
    package func records(of key: MonthKey, in range: Range<Int>) throws(LiftLogError) -> [IndexRecord] {
        if let cached = shards[key] { return Array(cached[range.clamped(to: 0..<cached.count)]) }
        switch loadShardKeepingParsed(key) {
        case .parsed(let parsed):
            shards[key] = parsed
            return Array(parsed[range.clamped(to: 0..<parsed.count)])
        case .unusable:
            guard expectsShard(key) else { return [] }
            let repaired = try repair(key)
            return Array(repaired[range.clamped(to: 0..<repaired.count)])
        case .text(var text):
            let lines = text.lines(range)
            shardLines[key] = text
            guard let parsed = parse(lines, of: key) else {
                let repaired = try repair(key)
                return Array(repaired[range.clamped(to: 0..<repaired.count)])
            }
            return parsed
        }
    }

    /// What was found of a month's shard on disk.
    enum LoadedShard {
        /// None that can be used: no file, or not the bytes the state recorded writing.
        case unusable
        /// Its text, to parse what is needed of it.
        case text(ShardText)
        /// Its records, parsed whole: taken from ``ParsedShardCache``, or parsed to be kept there.
        case parsed([IndexRecord])
    }

    /// The month's shard as on disk; `nil` when there is none, or when its bytes are not the
    /// ones the state recorded writing (``MonthSummary/shardHash``): the index's files are not
    /// flushed, so a crash can leave a shard empty, missing or older than the state, and a hand
    /// can edit one. Such a shard is not used (``expectsShard(_:)`` says to list the month again).
    func loadShard(_ key: MonthKey, parentsChecked: Bool = false) -> ShardText? {
        if case .text(let text) = readShard(key, parentsChecked: parentsChecked, keepingParsed: false) { return text }
        return nil
    }

    /// ``loadShard(_:parentsChecked:)`` for a process that keeps the months it reads again
    /// parsed (``ParsedShardCache``): a shard read before with the same bytes is taken parsed,
    /// or parsed whole and kept, the second time.
    func loadShardKeepingParsed(_ key: MonthKey) -> LoadedShard {
        readShard(key, parentsChecked: false, keepingParsed: true)
    }

    private func readShard(_ key: MonthKey, parentsChecked: Bool, keepingParsed: Bool) -> LoadedShard {
        if let cached = shardLines[key] { return .text(cached) }
        guard let month = state.months.essentials(of: key), !removedShards.contains(key) else { return .unusable }
        let cache = ParsedShardCache.shared
        let shardPath = key.shardPath
        let path = keepingParsed ? files.absolute(shardPath) : ""
        guard let (identity, parentsChecked) = files.lookAgain(shardPath, kept: keepingParsed && cache.readBefore(path),
                                                               parentsChecked: parentsChecked) else { return .unusable }
        if let records = cache.parsed(path, hash: month.shardHash, identity: identity) { return .parsed(records) }
        guard let bytes = try? files.read(shardPath, parentsChecked: parentsChecked) else { return .unusable }
        var lookup = ParsedShardCache.Lookup.new
        if keepingParsed {
            lookup = cache.lookup(path, hash: month.shardHash, bytes: bytes, identity: identity)
            if case .parsed(let records) = lookup { return .parsed(records) }
        }
        guard month.shardHash == 0 || ContentHash.of(bytes) == month.shardHash else { return .unusable }
        var text = ShardText(bytes)
        if case .readBefore = lookup, var records = parse(text.allLines(), of: key) {
            for index in records.indices { records[index].summary?.noteWorkSetTraits() }
            cache.keep(records, path: path, hash: month.shardHash, bytes: bytes, identity: identity)
            return .parsed(records)
        }
        return .text(text)
    }

    /// The records of a month's shard lines, taking the exercises they name from
    /// ``exerciseRefs``, which every month this index reads shares (a page of history spans
    /// several months that name the same exercises); `nil` when a line does not read.
    func parse(_ lines: [ArraySlice<UInt8>], of key: MonthKey) -> [IndexRecord]? {
        SessionIndex.parse(lines, of: key, exercises: &exerciseRefs)
    }

    /// ``parse(_:of:)`` with the exercises named taken from `exercises`.
    static func parse(_ lines: [ArraySlice<UInt8>], of key: MonthKey, exercises: inout ExerciseRefCache) -> [IndexRecord]? {
        var records: [IndexRecord] = []
        records.reserveCapacity(lines.count)
        for line in lines {
            guard let record = IndexRecord(line: line, folder: key.folder, exercises: &exercises) else { return nil }
            records.append(record)
        }
        return records
    }

    /// Whether the state recorded writing a shard for `key` (its content's hash): when
    /// ``loadShard(_:parentsChecked:)`` then finds none it can use, the month's folder is listed
    /// again rather than the month shown empty.
    func expectsShard(_ key: MonthKey) -> Bool {
        (state.months.essentials(of: key)?.shardHash ?? 0) != 0 && !removedShards.contains(key)
    }

    /// A damaged shard: forget it and list the month again.
    func repair(_ key: MonthKey) throws(LiftLogError) -> [IndexRecord] {
        shards[key] = []
        shardLines[key] = nil
        try rescan(key, folderTime: 0)
        return shards[key] ?? []
    }

    /// The months, newest first, whose folders may hold a session that started between `from`
    /// and `to`: those of the period, and any other whose folder holds a session of a day in it
    /// (a file in the wrong month's folder).
    package func months(from: LocalDate?, to: LocalDate?) -> [MonthKey] {
        let first = from?.dayNumber ?? Int.min, last = to?.dayNumber ?? Int.max
        return monthsNewestFirst.filter { key in
            if (from.map { key.lastDay >= $0 } ?? true) && (to.map { key.firstDay <= $0 } ?? true) { return true }
            guard state.months.essentials(of: key)?.hasOtherDays == true else { return false }
            return state.months[key]?.otherDays.values.contains { days in days.contains { (first...last).contains($0) } } ?? false
        }
    }

    /// Months that hold sessions, newest first.
    package var monthsNewestFirst: [MonthKey] {
        Array(state.months.keysNewestFirst)
    }

    /// The months whose totals pass `test`, newest first: only those sorted (months with
    /// active or unreadable sessions are usually none or one).
    func monthsNewestFirst(where test: (MonthEssentials) -> Bool) -> [MonthKey] {
        state.months.keysNewestFirst(where: test)
    }

    /// Runs `walk`, which lists in its argument the records its answer rests on; when one of
    /// those files changed since it was indexed (edited in place, so its folder's time did not
    /// change), its month is listed again and `walk` runs again, at most three times.
    package func verifying<T>(_ walk: (inout [UsedFile]) throws(LiftLogError) -> T) throws(LiftLogError) -> T {
        var attempts = 0
        while true {
            var used: [UsedFile] = []
            let result = try walk(&used)
            attempts += 1
            if attempts == 3 { return result }
            if !(try verify(used)) { return result }
        }
    }

    /// Checks the records about to be shown against the files (one `stat` each); re-reads any
    /// that changed in place. Returns whether anything changed (the caller then asks again).
    package func verify(_ shown: [UsedFile]) throws(LiftLogError) -> Bool {
        var stale: Swift.Set<MonthKey> = []
        // One folder opened per year, each file `fstatat`'d as `MM/NAME` relative to it: the
        // path is not walked again from the root for every file, and a walk over many months
        // (`pr`, `progress`: a few sessions in each of hundreds) does not open every month's
        // folder. Records are grouped by their positions (callers list them month by month,
        // newest first), not copied.
        var years: [(year: Int, positions: [Int])] = []
        // Files the process's watch saw no change to since a read found them right need no `stat`.
        let toCheck = watched.map { $0.watch.filesToCheck(shown, generation: $0.generation) } ?? Array(shown.indices)
        for position in toCheck {
            let item = shown[position]
            // A few dozen years at most: found by a scan from the latest.
            if let index = years.lastIndex(where: { $0.year == item.month.year }) {
                years[index].positions.append(position)
            } else {
                years.append((item.month.year, [position]))
            }
        }
        // Many files (`pr`, `progress` of a long log: a `stat` of ~1.5 µs each) are looked at
        // on all cores, up to 128 files of a year at a time.
        let storeFiles = files
        var pieces: [(folder: String, positions: ArraySlice<Int>)] = []
        for (year, positions) in years {
            var start = positions.startIndex
            while start < positions.endIndex {
                let end = min(positions.endIndex, start + 128)
                pieces.append((MonthKey.yearFolder(year), positions[start..<end]))
                start = end
            }
        }
        let lookups = pieces.map { piece in (piece.folder, piece.positions.map { shown[$0].month.monthFolderName + "/" + shown[$0].fileName }) }
        let found = parallelMap(lookups, minimumPerThread: toCheck.count >= SessionIndex.filesToStatAlone ? 1 : .max) { folder, subpaths in
            Result { () throws(LiftLogError) -> [FileStatus?] in try storeFiles.statuses(in: folder, subpaths: subpaths) }
        }
        for (piece, statuses) in zip(pieces, found) {
            for (position, status) in zip(piece.positions, try statuses.get()) where status?.identity != shown[position].identity {
                stale.insert(shown[position].month)
            }
        }
        if stale.isEmpty, let watched { watched.watch.noteUnchanged(shown, at: toCheck, generation: watched.generation) }
        for key in stale { _ = try readAgain(key) }
        return !stale.isEmpty
    }

    /// Up to how many files ``verify(_:)`` looks at on the calling thread alone.
    static let filesToStatAlone = 256

    /// Whether a file of `records` (of the month `key`) is not the one its record was made
    /// from: one `fstatat` each, relative to the month's folder.
    func changedInPlace(_ records: [IndexRecord], of key: MonthKey) throws(LiftLogError) -> Bool {
        let statuses = try files.statuses(in: key.folder, names: records.map(\.fileName))
        return zip(records, statuses).contains { record, status in !(status.map(record.matches) ?? false) }
    }

    /// Lists a month again and re-reads its changed files; `false` when its folder is gone
    /// (the month is dropped).
    func readAgain(_ key: MonthKey) throws(LiftLogError) -> Bool {
        let time = max(0, try folderTime(key.folder))
        guard time > 0 else {
            removeMonth(key)
            return false
        }
        try rescan(key, folderTime: time)
        return true
    }

    /// Checks every indexed session file against `stat` and re-reads those edited in place, for
    /// answers built from the months' totals (stats, streaks) that rest on every file.
    ///
    /// - Complexity: O(N) `stat` calls and index lines parsed.
    package func verifyEveryFile() throws(LiftLogError) {
        var used: [UsedFile] = []
        for key in monthsNewestFirst {
            for record in try records(of: key) { used.append(UsedFile(key, record)) }
        }
        _ = try verify(used)
    }

    /// Every summary of sessions still marked active, newest first.
    package func activeSummaries() throws(LiftLogError) -> [SessionSummary] {
        var found: [SessionSummary] = []
        for key in monthsNewestFirst(where: { $0.activeCount > 0 }) {
            found += try records(of: key).compactMap { $0.summary }.filter { $0.status == .active }
        }
        return found
    }

    /// The session files that could not be read, with the first problem of each
    /// (`path:line:column: message`; the path alone when none was kept).
    package func corruptFiles() throws(LiftLogError) -> [(path: String, problem: String)] {
        var found: [(String, String)] = []
        for key in monthsNewestFirst(where: { $0.corruptCount > 0 }) {
            for record in try records(of: key) where record.summary == nil {
                let path = "\(key.folder)/\(record.fileName)"
                found.append((path, record.problem.flatMap { $0.isEmpty ? nil : $0 } ?? path))
            }
        }
        return found
    }
}

/// A session file an answer rests on, as the index knew it: checked against the file before
/// the answer is given (``SessionIndex/verifying(_:)``). Only what the check needs, not the
/// whole record: a report over years of sessions lists thousands.
package struct UsedFile: Sendable {
    package let month: MonthKey
    package let fileName: String
    package let identity: FileIdentity

    package init(_ month: MonthKey, _ record: IndexRecord) {
        self.init(month, fileName: record.fileName, identity: record.identity)
    }

    package init(_ month: MonthKey, fileName: String, identity: FileIdentity) {
        self.month = month
        self.fileName = fileName
        self.identity = identity
    }
}
