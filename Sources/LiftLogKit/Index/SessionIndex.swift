/// The derived cache under `.liftlog/index/` that makes history cost what a page costs.
///
/// Layout (see FORMAT.md):
/// - `state.tsv`: modification times of `sessions/` and each year folder, and per month the
///   folder's modification time and session totals (all, per kind, active, corrupt);
/// - `months/YYYY-MM.tsv`: one line per session file of that month, newest first: the file's
///   identity (inode, size, modification time) and its summary;
/// - `ids/XX.tsv`: session ID → file, sharded by the ID's first two hex digits.
///
/// The files are the truth; the index is never trusted blindly. ``refresh()`` compares the
/// modification time of every session folder with the one recorded (O(months) `stat` calls):
/// adding, removing or replacing a file — which is how git, Dropbox, Syncthing and most editors
/// write — changes its folder's time, and that month alone is listed again; files whose inode
/// is unchanged keep their record, others are read. A file edited in place keeps its inode and
/// its folder's time, so every record that is about to be shown is checked against `stat` first
/// (``verify(_:)``). A folder changed within the last two seconds is rescanned again next time,
/// because file-system timestamps are coarse.
///
/// The index only ever writes with the store lock held (``persist()``); a reader that cannot
/// take the lock uses what it refreshed in memory and leaves the files alone.
package final class SessionIndex {
    /// Where the index lives, relative to the store root.
    package static let directory = ".liftlog/index"
    static let statePath = "\(directory)/state.tsv"

    let files: StoreFiles
    let unit: WeightUnit
    let now: @Sendable () -> Timestamp

    private(set) var state: IndexState
    /// Parsed records of the months read in full, or changed.
    private var shards: [MonthKey: [IndexRecord]] = [:]
    /// Month shards read from disk, split and parsed only as far as needed.
    private var shardLines: [MonthKey: ShardText] = [:]
    private var dirtyShards: Swift.Set<MonthKey> = []
    private var removedShards: Swift.Set<MonthKey> = []
    private var stateDirty = false
    /// ID → new path, or `nil` for an ID whose file is gone; applied to the ID shards.
    private var idChanges: [String: String?] = [:]
    /// Set when the ID shards must be written from scratch.
    private var rebuildingIDs = false
    /// The number of session files read to refresh the index.
    private(set) var filesRead = 0
    /// Whether no usable index was found on disk.
    private(set) var hasNoState = false
    /// Whether the caller holds the store lock, so that temporary files left by a crashed
    /// writer can be removed when a folder is listed (no write of ours can be under way).
    package var holdsLock = false

    package init(files: StoreFiles, unit: WeightUnit, now: @escaping @Sendable () -> Timestamp) {
        self.files = files
        self.unit = unit
        self.now = now
        if let bytes = try? files.read(SessionIndex.statePath), let state = IndexState(bytes: bytes), state.unit == unit {
            self.state = state
        } else {
            self.state = IndexState(unit: unit)
            self.stateDirty = true
            self.rebuildingIDs = true
            self.hasNoState = true
        }
    }

    /// Whether the index has anything to write.
    package var hasChanges: Bool { stateDirty || !dirtyShards.isEmpty || !idChanges.isEmpty || rebuildingIDs }

    // MARK: Freshness

    /// A folder time recorded now: 0 when the folder changed so recently that another change
    /// within the same timestamp tick could go unnoticed.
    private func recordableTime(_ time: Int64) -> Int64 {
        let nowNanoseconds = now().millisecondsSince1970 * 1_000_000
        return time >= nowNanoseconds - 2_000_000_000 ? 0 : time
    }

    /// Brings the index up to date with the session folders.
    ///
    /// - Complexity: O(months) `stat` calls when nothing changed; plus one listing and the
    ///   changed files of each changed month.
    package func refresh(streaming: Bool = false) throws(LiftLogError) {
        let sessionsTime = try folderTime("sessions")
        var knownYears = Swift.Set(state.months.keys.map(\.year))
        if sessionsTime != state.folderTimes["sessions"] || sessionsTime <= 0 {
            let years = try files.list("sessions").filter { $0.kind != .regular }.compactMap { entry -> Int? in
                guard entry.name.count == 4, let year = Int(entry.name), year > 0 else { return nil }
                return year
            }
            let listed = Swift.Set(years)
            for year in knownYears.subtracting(listed) { removeYear(year) }
            for year in listed.subtracting(knownYears) { state.folderTimes["sessions/\(CivilCalendar.pad(year, 4))"] = -1 }
            knownYears = listed
            state.folderTimes["sessions"] = sessionsTime > 0 ? recordableTime(sessionsTime) : sessionsTime
            stateDirty = true
        }
        for year in knownYears.sorted(by: >) {
            let folder = "sessions/\(CivilCalendar.pad(year, 4))"
            let time = try folderTime(folder)
            guard time > 0 else { removeYear(year); continue }
            var months = state.months.keys.filter { $0.year == year }
            if time != state.folderTimes[folder] {
                let listed = try files.list(folder).compactMap { MonthKey(folderName: CivilCalendar.pad(year, 4), $0.name) }
                for key in months where !listed.contains(key) { removeMonth(key) }
                for key in listed where state.months[key] == nil {
                    state.months[key] = MonthSummary()
                }
                months = listed
                state.folderTimes[folder] = recordableTime(time)
                stateDirty = true
            }
            for key in months.sorted(by: >) {
                let monthTime = try folderTime(key.folder)
                if monthTime <= 0 { removeMonth(key); continue }
                if monthTime != state.months[key]?.folderTime {
                    try rescan(key, folderTime: monthTime)
                    if streaming { try flushShard(key) }
                } else if (state.months[key]?.corruptCount ?? 0) > 0 {
                    // A broken file fixed in place keeps its inode and its folder's time: look at
                    // the (few) unreadable files themselves.
                    for record in try records(of: key) where record.summary == nil {
                        if try files.status("\(key.folder)/\(record.fileName)").map(record.matches) != true {
                            try rescan(key, folderTime: monthTime)
                            break
                        }
                    }
                }
            }
        }
    }

    /// The time that tells whether a session folder changed; -1 when it does not exist.
    ///
    /// - Throws: `CORRUPT_FILE` when something else stands where a session folder should be
    ///   (a symbolic link, a file): every command says so, the same way.
    private func folderTime(_ relative: String) throws(LiftLogError) -> Int64 {
        guard let status = try files.status(relative) else { return -1 }
        guard status.kind == .directory else {
            let link = status.kind == .symbolicLink
            throw .corruptFile([FileProblem(path: relative, line: 0, column: 0,
                                            message: link ? "is a symbolic link; liftlog reads and writes only inside the store" : "should be a folder but is not",
                                            hint: link ? "Replace it with a real folder." : "Move it out of the store.")])
        }
        return status.folderTime
    }

    private func removeYear(_ year: Int) {
        for key in state.months.keys where key.year == year { removeMonth(key) }
        state.folderTimes.removeValue(forKey: "sessions/\(CivilCalendar.pad(year, 4))")
        stateDirty = true
    }

    private func removeMonth(_ key: MonthKey) {
        for record in (try? records(of: key)) ?? [] {
            if let id = record.summary?.id.rawValue { idChanges[id] = .some(nil) }
        }
        state.months.removeValue(forKey: key)
        shards.removeValue(forKey: key)
        shardLines.removeValue(forKey: key)
        dirtyShards.remove(key)
        removedShards.insert(key)
        stateDirty = true
    }

    /// Lists a month folder again, `stat`s each file, and re-reads those that are new or whose
    /// inode, size or modification time changed.
    private func rescan(_ key: MonthKey, folderTime: Int64) throws(LiftLogError) {
        let previous = Dictionary((try records(of: key)).map { ($0.fileName, $0) }, uniquingKeysWith: { first, _ in first })
        if holdsLock { files.removeLeftoverTemporaryFiles(in: key.folder) }
        var updated: [IndexRecord] = []
        var toRead: [(relative: String, fileName: String, status: FileStatus)] = []
        for entry in try files.list(key.folder) where SessionIndex.isSessionFileName(entry.name) {
            // A record stands only if inode, size and modification time all still match: a file
            // replaced by rename may get the inode number the old one just freed.
            let relative = "\(key.folder)/\(entry.name)"
            guard let status = try files.status(relative) else { continue }
            if let old = previous[entry.name], old.matches(status) {
                updated.append(old)
                continue
            }
            toRead.append((relative, entry.name, status))
        }
        let files = self.files, unit = self.unit
        let read = parallelMap(toRead) { item -> Result<IndexRecord, LiftLogError> in
            do throws(LiftLogError) {
                return .success(try SessionIndex.makeRecord(files: files, unit: unit, relative: item.relative, fileName: item.fileName, status: item.status))
            } catch {
                return .failure(error)
            }
        }
        filesRead += read.count
        for result in read {
            switch result {
            case .success(let record): updated.append(record)
            case .failure(let error): throw error
            }
        }
        updated.sort(by: IndexRecord.newestFirst)
        let oldIDs = Dictionary(previous.values.compactMap { record in record.summary.map { ($0.id.rawValue, $0.path) } }, uniquingKeysWith: { first, _ in first })
        let newIDs = Dictionary(updated.compactMap { record in record.summary.map { ($0.id.rawValue, $0.path) } }, uniquingKeysWith: { first, _ in first })
        for (id, oldPath) in oldIDs where newIDs[id] == nil {
            // A session that left this month for another one rescanned before it keeps its
            // new path: months are rescanned in any order.
            if case .some(.some(let movedTo)) = idChanges[id], movedTo != oldPath { continue }
            idChanges[id] = .some(nil)
        }
        for (id, path) in newIDs where oldIDs[id] != path || rebuildingIDs { idChanges[id] = .some(path) }
        let summary = MonthSummary(key: key, records: updated, folderTime: recordableTime(folderTime))
        let unchanged = updated == Array(previous.values).sorted(by: IndexRecord.newestFirst) && !rebuildingIDs
        shards[key] = updated
        shardLines[key] = nil
        removedShards.remove(key)
        if !unchanged { dirtyShards.insert(key) }
        if state.months[key] != summary {
            state.months[key] = summary
            stateDirty = true
        }
    }

    /// Reads one session file into its index record; a file that is not a valid session
    /// becomes a record of the problem.
    private static func makeRecord(files: StoreFiles, unit: WeightUnit, relative: String, fileName: String, status: FileStatus) throws(LiftLogError) -> IndexRecord {
        do {
            guard let bytes = try files.read(relative) else {
                return IndexRecord(fileName: fileName, status: status, summary: nil, problem: "the file disappeared while being read")
            }
            let session = try DocumentDecoder.decode(bytes, path: relative, as: Session.self)
            return IndexRecord(fileName: fileName, status: status, summary: SessionSummary(session, path: relative, unit: unit))
        } catch {
            if case .corruptFile(let problems) = error {
                return IndexRecord(fileName: fileName, status: status, summary: nil, problem: problems.first?.description ?? "unreadable")
            }
            throw error
        }
    }

    /// Whether `name` is a session file name, `2025-01-24-0730-3f2c9a1e.json`. Other names
    /// (sync conflict copies, notes) are never indexed as sessions.
    package static func isSessionFileName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count == 29, name.hasSuffix(".json") else { return false }
        for (index, byte) in bytes.prefix(24).enumerated() {
            switch index {
            case 4, 7, 10, 15: if byte != 0x2D { return false }
            case 16..<24: if !((byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)) { return false }
            default: if !(byte >= 0x30 && byte <= 0x39) { return false }
            }
        }
        return true
    }

    // MARK: Records

    /// The records of a month, newest first.
    package func records(of key: MonthKey) throws(LiftLogError) -> [IndexRecord] {
        if let cached = shards[key] { return cached }
        var text = loadShard(key)
        let lines = text?.allLines() ?? []
        shardLines[key] = nil
        var records: [IndexRecord] = []
        records.reserveCapacity(lines.count)
        for line in lines {
            guard let record = IndexRecord(line: line, folder: key.folder) else { return try repair(key) }
            records.append(record)
        }
        shards[key] = records
        return records
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

    /// Calls `body`, newest first, with every readable record whose index line may contain
    /// `exercise`: one that names its ID, or has an entry without an ID (matched by name, which
    /// the caller checks). Other lines are skipped without being parsed, so this costs a byte
    /// search of the index rather than parsing every line.
    package func forEachRecordNewestFirst(mayContain exercise: Exercise.ID, _ body: (MonthKey, IndexRecord) throws(LiftLogError) -> Bool) throws(LiftLogError) {
        let needle = Array(exercise.rawValue.utf8)
        let months = monthsNewestFirst
        // Months not parsed yet are searched on all cores, each on its own bytes.
        let toSearch = months.filter { shards[$0] == nil && shardLines[$0] == nil && !removedShards.contains($0) }
            .map { (key: $0, totals: state.months[$0] ?? MonthSummary()) }
        let files = self.files
        let searched = parallelMap(toSearch, minimumPerThread: 8) { item -> [IndexRecord]? in
            let key = item.key
            guard let bytes = try? files.read(key.shardPath) else { return [] }
            var text = ShardText(bytes)
            // Lines are skipped unparsed, so check the shard's shape against the month's totals
            // (a line per file; 19 tabs in a session's line, 6 in an unreadable file's): a
            // damaged shard is listed again rather than trusted.
            let totals = item.totals
            guard text.lineCount() == totals.count + totals.corruptCount,
                  text.occurrences(of: 0x09) == IndexRecord.sessionLineTabs * totals.count + IndexRecord.problemLineTabs * totals.corruptCount else { return nil }
            // Each entry is written `ID 0x1F name`: the exercise's ID right before 0x1F, or no
            // ID (the field's tab or the previous entry's 0x1E right before it).
            var records: [IndexRecord] = []
            for position in text.lines(withMarker: 0x1F, after: needle, orAfterAnyOf: [0x09, 0x1E]) {
                guard let record = IndexRecord(line: text.line(position), folder: key.folder) else { return nil }
                records.append(record)
            }
            return records
        }
        let found = Dictionary(uniqueKeysWithValues: zip(toSearch.map(\.key), searched))
        for key in months {
            // A damaged shard (nil) or one parsed already: every record, repaired as needed.
            var list: [IndexRecord]
            if let searched = found[key], let searched { list = searched } else { list = try records(of: key) }
            for record in list where record.summary != nil {
                if !(try body(key, record)) { return }
            }
        }
    }

    /// The records at `range` of a month (positions in newest-first order), parsing only those.
    package func records(of key: MonthKey, in range: Range<Int>) throws(LiftLogError) -> [IndexRecord] {
        if let cached = shards[key] { return Array(cached[range.clamped(to: 0..<cached.count)]) }
        guard var text = loadShard(key) else { return [] }
        let lines = text.lines(range)
        shardLines[key] = text
        var records: [IndexRecord] = []
        for line in lines {
            guard let record = IndexRecord(line: line, folder: key.folder) else {
                let repaired = try repair(key)
                return Array(repaired[range.clamped(to: 0..<repaired.count)])
            }
            records.append(record)
        }
        return records
    }

    private func loadShard(_ key: MonthKey) -> ShardText? {
        if let cached = shardLines[key] { return cached }
        guard state.months[key] != nil, !removedShards.contains(key), let bytes = try? files.read(key.shardPath) else { return nil }
        return ShardText(bytes)
    }

    /// A damaged shard: forget it and list the month again.
    private func repair(_ key: MonthKey) throws(LiftLogError) -> [IndexRecord] {
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
            return state.months[key]?.otherDays.values.contains { days in days.contains { (first...last).contains($0) } } ?? false
        }
    }

    /// Months that hold sessions, newest first.
    package var monthsNewestFirst: [MonthKey] {
        state.months.keys.sorted(by: >)
    }

    /// Runs `walk`, which lists in its argument the records its answer rests on; when one of
    /// those files changed since it was indexed (edited in place, so its folder's time did not
    /// change), its month is listed again and `walk` runs again, at most three times.
    package func verifying<T>(_ walk: (inout [(month: MonthKey, record: IndexRecord)]) throws(LiftLogError) -> T) throws(LiftLogError) -> T {
        var attempts = 0
        while true {
            var used: [(month: MonthKey, record: IndexRecord)] = []
            let result = try walk(&used)
            attempts += 1
            if attempts == 3 { return result }
            if !(try verify(used)) { return result }
        }
    }

    /// Checks the records about to be shown against the files (one `stat` each); re-reads any
    /// that changed in place. Returns whether anything changed (the caller then asks again).
    package func verify(_ shown: [(month: MonthKey, record: IndexRecord)]) throws(LiftLogError) -> Bool {
        var stale: Swift.Set<MonthKey> = []
        for (key, record) in shown {
            guard let status = try files.status("\(key.folder)/\(record.fileName)"), record.matches(status) else {
                stale.insert(key)
                continue
            }
        }
        for key in stale {
            let time = max(0, try folderTime(key.folder))
            if time <= 0 { removeMonth(key) } else { try rescan(key, folderTime: time) }
        }
        return !stale.isEmpty
    }

    /// Checks every indexed session file against `stat` and re-reads those edited in place, for
    /// answers built from the months' totals (stats, streaks) that rest on every file.
    ///
    /// - Complexity: O(N) `stat` calls and index lines parsed.
    package func verifyEveryFile() throws(LiftLogError) {
        var shown: [(month: MonthKey, record: IndexRecord)] = []
        for key in monthsNewestFirst {
            for record in try records(of: key) { shown.append((key, record)) }
        }
        _ = try verify(shown)
    }

    private func monthKey(ofFolder folder: String) -> MonthKey? {
        let parts = folder.split(separator: "/")
        guard parts.count == 3 else { return nil }
        return MonthKey(folderName: String(parts[1]), String(parts[2]))
    }

    /// Every summary of sessions still marked active, newest first.
    package func activeSummaries() throws(LiftLogError) -> [SessionSummary] {
        var found: [SessionSummary] = []
        for key in monthsNewestFirst where (state.months[key]?.activeCount ?? 0) > 0 {
            found += try records(of: key).compactMap { $0.summary }.filter { $0.status == .active }
        }
        return found
    }

    /// The session files that could not be read, with the first problem of each
    /// (`path:line:column: message`).
    package func corruptFiles() throws(LiftLogError) -> [(path: String, problem: String)] {
        var found: [(String, String)] = []
        for key in monthsNewestFirst where (state.months[key]?.corruptCount ?? 0) > 0 {
            for record in try records(of: key) where record.summary == nil {
                found.append(("\(key.folder)/\(record.fileName)", record.problem ?? ""))
            }
        }
        return found
    }

    /// The paths of sessions whose ID starts with `prefix` (at least two hex digits).
    ///
    /// - Complexity: O(sessions whose ID shares the first two digits), about N/256.
    package func paths(forIDPrefix prefix: String) throws(LiftLogError) -> [String: String] {
        var matches: [String: String] = [:]
        if !rebuildingIDs, let bytes = try files.read(SessionIndex.idShardPath(prefix)) {
            let prefixBytes = Array(prefix.utf8)
            for line in ByteFields.lines(bytes) where line.starts(with: prefixBytes) {
                let fields = ByteFields.fields(line)
                if fields.count == 2 { matches[ByteFields.string(fields[0])] = ByteFields.string(fields[1]) }
            }
        }
        if rebuildingIDs {
            try forEachSummaryNewestFirst { summary in
                if summary.id.rawValue.hasPrefix(prefix) { matches[summary.id.rawValue] = summary.path }
                return true
            }
        }
        for (id, path) in idChanges where id.hasPrefix(prefix) {
            if let path { matches[id] = path } else { matches.removeValue(forKey: id) }
        }
        // An entry whose file is gone (after a damaged shard was rebuilt) is dropped here.
        for (id, path) in matches where try files.status(path) == nil {
            matches.removeValue(forKey: id)
            idChanges[id] = .some(nil)
        }
        return matches
    }

    static func idShardPath(_ id: String) -> String {
        "\(directory)/ids/\(id.prefix(2)).tsv"
    }

    // MARK: Rebuild and persistence

    /// Forgets everything and reads every session file again, writing each month as soon as it
    /// is done so memory stays bounded.
    ///
    /// - Complexity: O(N) file reads; memory O(largest month + N IDs).
    package func rebuild() throws(LiftLogError) {
        state = IndexState(unit: unit)
        shards = [:]
        dirtyShards = []
        idChanges = [:]
        rebuildingIDs = true
        stateDirty = true
        if let existing = try? files.list("\(SessionIndex.directory)/months") {
            for entry in existing { try? files.remove("\(SessionIndex.directory)/months/\(entry.name)") }
        }
        try refresh(streaming: true)
        try persist()
    }

    private func flushShard(_ key: MonthKey) throws(LiftLogError) {
        guard let records = shards[key] else { return }
        try files.ensureDirectory("\(SessionIndex.directory)/months")
        try writeCache(records.map(\.line).joined(separator: "\n") + (records.isEmpty ? "" : "\n"), to: key.shardPath)
        dirtyShards.remove(key)
        shards.removeValue(forKey: key)
        shardLines.removeValue(forKey: key)
    }

    private func writeCache(_ text: String, to relative: String) throws(LiftLogError) {
        try files.writeAtomically(Array(text.utf8), to: relative, durable: false)
    }

    /// Writes what changed. Call only with the store lock held.
    package func persist() throws(LiftLogError) {
        guard hasChanges else { return }
        try files.ensureDirectory("\(SessionIndex.directory)/months")
        try files.ensureDirectory("\(SessionIndex.directory)/ids")
        for key in removedShards { try files.remove(key.shardPath) }
        removedShards = []
        for key in dirtyShards { try flushShard(key) }
        try persistIDs()
        try writeCache(state.text, to: SessionIndex.statePath)
        stateDirty = false
    }

    private func persistIDs() throws(LiftLogError) {
        if rebuildingIDs {
            var byShard: [String: [String]] = [:]
            for (id, path) in idChanges {
                if let path { byShard[String(id.prefix(2)), default: []].append("\(id)\t\(path)") }
            }
            for entry in (try? files.list("\(SessionIndex.directory)/ids")) ?? [] where byShard[String(entry.name.prefix(2))] == nil {
                try files.remove("\(SessionIndex.directory)/ids/\(entry.name)")
            }
            for (shard, lines) in byShard {
                try writeCache(lines.sorted().joined(separator: "\n") + "\n", to: SessionIndex.idShardPath(shard))
            }
        } else {
            var byShard: [String: [String: String?]] = [:]
            for (id, path) in idChanges { byShard[String(id.prefix(2)), default: [:]][id] = path }
            for (shard, changes) in byShard {
                var entries: [String: String] = [:]
                if let bytes = try files.read(SessionIndex.idShardPath(shard)) {
                    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                        let parts = line.split(separator: "\t", maxSplits: 1)
                        if parts.count == 2 { entries[String(parts[0])] = String(parts[1]) }
                    }
                }
                for (id, path) in changes { entries[id] = path }
                let lines = entries.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }
                try writeCache(lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"), to: SessionIndex.idShardPath(shard))
            }
        }
        idChanges = [:]
        rebuildingIDs = false
    }
}
