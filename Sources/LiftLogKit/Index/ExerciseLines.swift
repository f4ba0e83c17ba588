/// The index lines that may concern one exercise, copied from the month shards into
/// `.liftlog/index/exercises/<exercise ID>.tsv`, so that `pr` and `progress` of an exercise read
/// one file the size of its history instead of every month's shard.
///
/// Layout: a format line `liftlog-exercise-lines 1 <exercise ID>`; for each month a line
/// `M TAB YYYY-MM TAB <shard hash> TAB <line count>` followed by that many lines of the month's
/// shard (those that name the exercise's ID or have an entry without one); then
/// `end TAB <month count>`. A month's lines are used only while the index state gives its shard
/// the same ``ContentHash``: they were copied from a shard with exactly that content, and are
/// what a search of it would find. A file that is not exactly this shape is ignored (and
/// written again); it is a cache of a cache, written without flushing, never read for
/// anything else.
struct ExerciseLines {
    static let folderName = "exercises"
    static let formatLine = "liftlog-exercise-lines 1"

    /// One month's lines, and the hash of the shard they were copied from.
    struct Month {
        var hash: UInt64
        var lines: [ArraySlice<UInt8>]
    }

    var months: [MonthKey: Month] = [:]

    init() {}

    static func path(of exercise: Exercise.ID) -> String {
        "\(SessionIndex.directory)/\(folderName)/\(exercise.rawValue).tsv"
    }

    /// Parses a file written by ``bytes(for:)``; `nil` for anything else, or another exercise's.
    init?(bytes: [UInt8], exercise: Exercise.ID) {
        var text = ShardText(bytes)
        let lines = text.allLines()
        guard let header = lines.first, header.elementsEqual("\(ExerciseLines.formatLine) \(exercise.rawValue)".utf8) else { return nil }
        // A month's line is the only kind that starts with `M` (the others start with an ID's
        // hexadecimal digits, or `end`): the table is made its size at once (only a capacity:
        // in a damaged file, a count too large or too small costs room or growth, nothing else).
        months.reserveCapacity(bytes.withUnsafeBufferPointer { ByteFields.lineCount(startingWith: UInt8(ascii: "M"), in: $0) })
        var position = 1
        while position < lines.count {
            let fields = ByteFields.fields(lines[position])
            if fields.count == 2, fields[0].elementsEqual("end".utf8) {
                guard ByteFields.int(fields[1]) == months.count, position == lines.count - 1 else { return nil }
                return
            }
            guard fields.count == 4, fields[0].elementsEqual("M".utf8), let key = MonthKey(field: fields[1]),
                  let hash = ByteFields.hex64(fields[2]), let count = ByteFields.int(fields[3]), count >= 0,
                  position + count < lines.count, months[key] == nil else { return nil }
            months[key] = Month(hash: hash, lines: Array(lines[(position + 1)..<(position + 1 + count)]))
            position += count + 1
        }
        // No `end` line: the file was cut short.
        return nil
    }

    /// The file's content, months newest first.
    func bytes(for exercise: Exercise.ID) -> [UInt8] {
        var bytes = Array("\(ExerciseLines.formatLine) \(exercise.rawValue)\n".utf8)
        for (key, month) in months.sorted(by: { $0.key > $1.key }) {
            bytes += "M\t\(CivilCalendar.pad(key.year, 4))-\(CivilCalendar.pad(key.month, 2))\t\(String(month.hash, radix: 16))\t\(month.lines.count)\n".utf8
            for line in month.lines {
                bytes += line
                bytes.append(0x0A)
            }
        }
        bytes += "end\t\(months.count)\n".utf8
        return bytes
    }
}

extension SessionIndex {
    /// Calls `body`, newest first, with each session that has `target`'s exercise: its
    /// sighting in an index line that names the exercise's ID or has an entry without one
    /// (matched by name).
    ///
    /// The lines come from the exercise's file (``ExerciseLines``) for every month whose shard
    /// is unchanged since they were copied; other months' shards are searched as bytes (lines
    /// that cannot match are skipped unparsed), on all cores, and what was found is written to
    /// the exercise's file when this process holds the store lock. Lines are read as
    /// ``ExerciseSighting``s, without making the sessions' summaries.
    ///
    /// - Complexity: one file the size of the exercise's lines when nothing changed; else a
    ///   byte search of the changed months' shards.
    package func forEachSightingNewestFirst(of target: SightingTarget, _ body: (MonthKey, ExerciseSighting) throws(LiftLogError) -> Bool) throws(LiftLogError) {
        let months = monthsNewestFirst
        let exercise = target.id
        let cachePath = ExerciseLines.path(of: exercise)
        let cached = (try? files.read(cachePath)).flatMap { $0 }.flatMap { ExerciseLines(bytes: $0, exercise: exercise) } ?? ExerciseLines()
        // Months this process changed or listed again are taken from memory below.
        let onDisk = months.filter { shards[$0] == nil && shardLines[$0] == nil && !removedShards.contains($0) }
            .map { (key: $0, totals: state.months.essentials(of: $0) ?? MonthEssentials(), cached: cached.months[$0]) }
        let files = self.files, parentsChecked = shardFolderIsSound
        let needle = Array(exercise.rawValue.utf8)
        let found = parallelMap(onDisk, minimumPerThread: 8) { item -> SearchedMonth? in
            if item.totals.shardHash != 0, let month = item.cached, month.hash == item.totals.shardHash,
               let sightings = SessionIndex.sightings(in: month.lines, of: target) {
                return SearchedMonth(sightings: sightings, lines: nil)
            }
            return SessionIndex.search(item.key, totals: item.totals, for: needle, of: target, files: files, parentsChecked: parentsChecked)
        }
        var searched: [MonthKey: SearchedMonth?] = [:]
        for (item, result) in zip(onDisk, found) { searched[item.key] = result }
        var lists: [[ExerciseSighting]] = []
        lists.reserveCapacity(months.count)
        var keys: [MonthKey] = []
        keys.reserveCapacity(months.count)
        for key in months {
            keys.append(key)
            if let month = searched[key], let month {
                lists.append(month.sightings)
                continue
            }
            // A damaged shard (nil) or one in memory: every record, repaired as needed.
            let records = try records(of: key)
            lists.append(records.compactMap { ExerciseSighting($0, for: target) })
            // Listed again by this process and found as its shard has it (the hash stands), and
            // not in the exercise's file yet: the lines a search of the shard would find are
            // those records' lines.
            if holdsLock, let hash = state.months.essentials(of: key)?.shardHash, hash != 0, cached.months[key]?.hash != hash {
                let lines = records.filter { record in record.summary?.exercises.contains { $0.id == nil || $0.id == exercise } ?? false }
                searched[key] = SearchedMonth(sightings: [], lines: (hash, lines.map { Array($0.line.utf8) }))
            }
        }
        if holdsLock { rememberLines(of: exercise, cached: cached, searched: searched, at: cachePath) }
        for (key, sightings) in zip(keys, lists) {
            for sighting in sightings {
                if !(try body(key, sighting)) { return }
            }
        }
    }

    /// What a search of one month found: the exercise's sightings, and the lines they were
    /// read from with the hash of the shard (`nil` when they came from the exercise's file,
    /// or the shard is not the one the state describes).
    struct SearchedMonth: Sendable {
        var sightings: [ExerciseSighting]
        var lines: (hash: UInt64, lines: [[UInt8]])?
    }

    /// The sightings in the shard lines that may name the exercise `needle`; `nil` when the
    /// shard does not have the shape the month's totals give it (listed again by the caller).
    private static func search(_ key: MonthKey, totals: MonthEssentials, for needle: [UInt8], of target: SightingTarget, files: StoreFiles,
                               parentsChecked: Bool) -> SearchedMonth? {
        // No shard, or not the one the state recorded writing (a crash, a hand edit): the month
        // is listed again (`nil`), unless the state knows of no shard's content.
        guard let bytes = try? files.read(key.shardPath, parentsChecked: parentsChecked) else {
            return totals.shardHash == 0 ? SearchedMonth(sightings: [], lines: nil) : nil
        }
        let hash = ContentHash.of(bytes)
        guard totals.shardHash == 0 || hash == totals.shardHash else { return nil }
        var text = ShardText(bytes)
        // Lines are skipped unparsed, so check the shard's shape against the month's totals
        // (a line per file; 19 tabs in a session's line, 6 in an unreadable file's): a
        // damaged shard is listed again rather than trusted.
        guard text.lineCount() == totals.count + totals.corruptCount,
              text.occurrences(of: 0x09) == IndexRecord.sessionLineTabs * totals.count + IndexRecord.problemLineTabs * totals.corruptCount else { return nil }
        // Each entry is written `ID 0x1F name`: the exercise's ID right before 0x1F, or no
        // ID (the field's tab or the previous entry's 0x1E right before it).
        let lines = text.lines(withMarker: 0x1F, after: needle, orAfterAnyOf: [0x09, 0x1E]).map(text.line)
        guard let sightings = sightings(in: lines, of: target) else { return nil }
        // Kept for the exercise's file only when the shard is the one the state describes.
        return SearchedMonth(sightings: sightings, lines: hash == totals.shardHash ? (hash, lines.map(Array.init)) : nil)
    }

    /// The sightings of `target` in `lines`; `nil` when one of them does not read.
    static func sightings(in lines: [ArraySlice<UInt8>], of target: SightingTarget) -> [ExerciseSighting]? {
        var sightings: [ExerciseSighting] = []
        sightings.reserveCapacity(lines.count)
        for line in lines {
            switch ExerciseSighting.read(line, for: target) {
            case .malformed: return nil
            case .without: continue
            case .with(let sighting): sightings.append(sighting)
            }
        }
        return sightings
    }

    /// Writes the exercise's file again when what it holds is not what the state describes
    /// now: months whose shard changed, months gone, months searched for the first time. A
    /// failure to write leaves the file as it was (it is checked against the state anyway).
    private func rememberLines(of exercise: Exercise.ID, cached: ExerciseLines, searched: [MonthKey: SearchedMonth?], at path: String) {
        // What the file would hold: each cached month whose shard kept its hash, and each
        // searched month's lines copied under the hash the state has. The usual case (nothing
        // changed since the file was written) is told without putting that together.
        let cachedStand = cached.months.allSatisfy { key, month in month.hash != 0 && state.months.essentials(of: key)?.shardHash == month.hash }
        let searchedAdd = searched.contains { key, entry in
            guard case .some(let month) = entry, let lines = month.lines, lines.hash != 0, state.months.essentials(of: key)?.shardHash == lines.hash else { return false }
            return cached.months[key]?.hash != lines.hash
        }
        if cachedStand && !searchedAdd { return }
        var updated = ExerciseLines()
        for index in state.months.indices where state.months.essentials(at: index).shardHash != 0 {
            let key = state.months.keys[index], totals = state.months.essentials(at: index)
            if let month = cached.months[key], month.hash == totals.shardHash {
                updated.months[key] = month
            } else if case .some(.some(let month)) = searched[key], let lines = month.lines, lines.hash == totals.shardHash {
                updated.months[key] = ExerciseLines.Month(hash: lines.hash, lines: lines.lines.map { $0[...] })
            }
        }
        let unchanged = updated.months.count == cached.months.count
            && updated.months.allSatisfy { key, month in cached.months[key]?.hash == month.hash }
        guard !unchanged else { return }
        try? files.ensureDirectory("\(SessionIndex.directory)/\(ExerciseLines.folderName)")
        try? files.writeAtomically(updated.bytes(for: exercise), to: path, durable: false)
    }
}
