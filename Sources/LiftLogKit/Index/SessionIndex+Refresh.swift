/// Bringing the index up to date with the session folders: which months changed, and reading their files again.
extension SessionIndex {
    /// A folder time recorded now: 0 when the folder changed so recently that another change
    /// within the same timestamp tick could go unnoticed.
    func recordableTime(_ time: Int64) -> Int64 {
        FileStatus.isSettled(time, now: files.now()) ? time : 0
    }

    /// Brings the index up to date with the session folders.
    ///
    /// - Complexity: O(months) `stat` calls when nothing changed; plus one listing and the
    ///   changed files of each changed month.
    ///   A process that watches the folders (``SessionsWatch``, the HTTP server) skips the
    ///   `stat` calls when nothing changed since they last found this very state right.
    ///
    /// With `lookingAtMonths` false, only the list of months is brought up to date (the
    /// `sessions` folder and each year's): each month is looked at when a walk reaches it
    /// (``forEachVerifiedRecordNewestFirst(_:)``), so an answer that reads the newest months
    /// does not `stat` the others. Such an index is for that walk alone and is never written.
    package func refresh(streaming: Bool = false, lookingAtMonths: Bool = true) throws(LiftLogError) {
        let watch = SessionsWatch.watching(files.root)
        let look = watch?.look(stateHash: stateHash)
        if let watch { watched = look?.generation.map { (watch, $0) } }
        if look?.current == true && !stateDirty { return }
        monthsToLookAt = !lookingAtMonths
        // The months whose files must be read again, rescanned together at the end.
        var changed: [(key: MonthKey, folderTime: Int64)] = []
        let sessionsTime = try folderTime("sessions")
        // The known months' years, newest first: the months are kept in order, so neither a set
        // nor a sort is needed when the years did not change.
        var years: [Int] = []
        for key in state.months.keysNewestFirst where years.last != key.year { years.append(key.year) }
        if sessionsTime != state.folderTimes["sessions"] || sessionsTime <= 0 {
            let listed = Swift.Set(try files.list("sessions").filter { $0.kind != .regular }.compactMap { entry -> Int? in
                guard entry.name.count == 4, let year = Int(entry.name), year > 0 else { return nil }
                return year
            })
            let known = Swift.Set(years)
            for year in known.subtracting(listed) { removeYear(year) }
            for year in listed.subtracting(known) { state.folderTimes[MonthKey.yearFolder(year)] = -1 }
            years = listed.sorted(by: >)
            state.folderTimes["sessions"] = sessionsTime > 0 ? recordableTime(sessionsTime) : sessionsTime
            stateDirty = true
        }
        // Every known year's folder and every known month's, looked at in two batches below
        // `sessions` (one open of it each, not one per year): the common case, nothing changed,
        // is these `stat` calls and nothing else.
        let yearStatuses = try files.statuses(in: "sessions", names: years.map { CivilCalendar.pad($0, 4) })
        let knownMonths = lookingAtMonths ? Array(state.months.keysNewestFirst) : []
        let knownMonthStatuses = try files.statuses(in: "sessions", subpaths: knownMonths.map(\.folderBelowSessions))
        var next = knownMonths.startIndex
        for (year, yearStatus) in zip(years, yearStatuses) {
            // The known months of the year are a run of the newest-first list.
            while next < knownMonths.endIndex, knownMonths[next].year > year { next += 1 }
            let first = next
            while next < knownMonths.endIndex, knownMonths[next].year == year { next += 1 }
            let folder = MonthKey.yearFolder(year)
            let time = try folderTime(folder, status: yearStatus)
            guard time > 0 else { removeYear(year); continue }
            var months = Array(zip(knownMonths[first..<next], knownMonthStatuses[first..<next]))
            if time != state.folderTimes[folder] {
                let listed = try files.list(folder).compactMap { MonthKey(folderName: CivilCalendar.pad(year, 4), $0.name) }.sorted(by: >)
                for key in state.months.keys where key.year == year && !listed.contains(key) { removeMonth(key) }
                // Months new to the index are looked at now; the others were just looked at.
                let added = listed.filter { state.months.essentials(of: $0) == nil }
                let addedStatuses = lookingAtMonths ? try files.statuses(in: folder, names: added.map(\.monthFolderName)) : []
                for key in added { state.months[key] = MonthSummary() }
                let looked = Dictionary(uniqueKeysWithValues: months.map { ($0.0, $0.1) } + zip(added, addedStatuses).map { ($0, $1) })
                months = listed.map { ($0, looked[$0] ?? nil) }
                state.folderTimes[folder] = recordableTime(time)
                stateDirty = true
            }
            guard lookingAtMonths else { continue }
            for (key, status) in months {
                let monthTime = try folderTime(of: key, status: status)
                if monthTime <= 0 { removeMonth(key); continue }
                let known = state.months.essentials(of: key)
                if monthTime != known?.folderTime {
                    changed.append((key, monthTime))
                } else if (known?.corruptCount ?? 0) > 0 {
                    // A broken file fixed in place keeps its inode and its folder's time: look at
                    // the (few) unreadable files themselves.
                    for record in try records(of: key) where record.summary == nil {
                        if try files.status("\(key.folder)/\(record.fileName)").map(record.matches) != true {
                            changed.append((key, monthTime))
                            break
                        }
                    }
                }
            }
        }
        let approved = lookingAtMonths && changed.isEmpty && !stateDirty
        // Each changed month's folder, its year's and `sessions` were just looked at (`stat`
        // without following links, and refused unless real folders).
        try rescan(changed, streaming: streaming, foldersChecked: true)
        if approved, let watch, let generation = look?.generation, let stateHash {
            watch.approve(stateHash: stateHash, generation: generation)
        }
    }

    /// Rescans `months`, reading the files of several months at once on all cores (a month of
    /// a long log holds a few dozen files, too few to share out alone), a batch at a time so
    /// memory stays bounded; with `streaming`, each batch's shards are written and let go.
    func rescan(_ months: [(key: MonthKey, folderTime: Int64)], streaming: Bool, foldersChecked: Bool = false) throws(LiftLogError) {
        var start = 0
        while start < months.count {
            var batch: [(key: MonthKey, folderTime: Int64, pending: PendingRescan)] = []
            var files = 0
            while start < months.count, batch.isEmpty || files < SessionIndex.filesPerBatch {
                let pending = try prepareRescan(months[start].key, foldersChecked: foldersChecked)
                files += pending.toRead.count
                batch.append((months[start].key, months[start].folderTime, pending))
                start += 1
            }
            let items = batch.flatMap(\.pending.toRead)
            let storeFiles = self.files, unit = self.unit
            let read = parallelMap(items) { item -> Result<IndexRecord, LiftLogError> in
                do throws(LiftLogError) {
                    return .success(try SessionIndex.makeRecord(files: storeFiles, unit: unit, relative: item.relative, fileName: item.fileName, status: item.status))
                } catch {
                    return .failure(error)
                }
            }
            var offset = 0
            for month in batch {
                let count = month.pending.toRead.count
                try finishRescan(month.key, month.pending, read: read[offset..<(offset + count)], folderTime: month.folderTime)
                offset += count
                if streaming { try flushShard(month.key) }
            }
        }
    }

    /// How many files to read at once across months when many changed (a rebuild).
    static let filesPerBatch = 512

    /// A month's rescan before its files are read: the records that still stand, and the files
    /// to read.
    struct PendingRescan {
        var previous: [String: IndexRecord]
        var kept: [IndexRecord]
        var toRead: [(relative: String, fileName: String, status: FileStatus)]
    }

    /// The time that tells whether a session folder changed; -1 when it does not exist.
    ///
    /// - Throws: `CORRUPT_FILE` when something else stands where a session folder should be
    ///   (a symbolic link, a file): every command says so, the same way.
    func folderTime(_ relative: String) throws(LiftLogError) -> Int64 {
        try folderTime(relative, status: try files.status(relative))
    }

    /// The time that tells whether the folder of month `key`, whose status is `status`, changed
    /// (its path is made only for an error: this runs for every month of every command).
    func folderTime(of key: MonthKey, status: FileStatus?) throws(LiftLogError) -> Int64 {
        guard let status else { return -1 }
        guard status.kind == .directory else { return try folderTime(key.folder, status: status) }
        return status.folderTime
    }

    /// The time that tells whether the folder `relative`, whose status is `status`, changed.
    func folderTime(_ relative: String, status: FileStatus?) throws(LiftLogError) -> Int64 {
        guard let status else { return -1 }
        guard status.kind == .directory else {
            let link = status.kind == .symbolicLink
            throw .corruptFile([FileProblem(path: relative, line: 0, column: 0,
                                            message: link ? "is a symbolic link; liftlog reads and writes only inside the store" : "should be a folder but is not",
                                            hint: link ? "Replace it with a real folder." : "Move it out of the store.")])
        }
        return status.folderTime
    }

    func removeYear(_ year: Int) {
        for key in state.months.keys where key.year == year { removeMonth(key) }
        state.folderTimes.removeValue(forKey: MonthKey.yearFolder(year))
        stateDirty = true
    }

    func removeMonth(_ key: MonthKey) {
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
    func rescan(_ key: MonthKey, folderTime: Int64) throws(LiftLogError) {
        try rescan([(key, folderTime)], streaming: false)
    }

    /// Lists a month folder and `stat`s each file (relative to the folder): the records that
    /// still match stand, the other files are to be read. With `foldersChecked`, the caller
    /// has just looked at the month's folder and those above it. During a rebuild there are no
    /// records to keep (their files were removed first), and none is looked for.
    func prepareRescan(_ key: MonthKey, foldersChecked: Bool = false) throws(LiftLogError) -> PendingRescan {
        let previous = rebuilding ? [:] : Dictionary((try records(of: key)).map { ($0.fileName, $0) }, uniquingKeysWith: { first, _ in first })
        var pending = PendingRescan(previous: previous, kept: [], toRead: [])
        // Temporary files left by a crashed writer go with the same listing.
        let names = try files.list(key.folder, parentsChecked: foldersChecked, removingLeftovers: holdsLock).map(\.name).filter(SessionIndex.isSessionFileName)
        for (name, status) in zip(names, try files.statuses(in: key.folder, names: names)) {
            // A record stands only if inode, size and modification time all still match: a file
            // replaced by rename may get the inode number the old one just freed.
            guard let status else { continue }
            if let old = previous[name], old.matches(status) {
                pending.kept.append(old)
                continue
            }
            if let known = written["\(key.folder)/\(name)"], known.matches(status) {
                pending.kept.append(known)
                continue
            }
            pending.toRead.append(("\(key.folder)/\(name)", name, status))
        }
        return pending
    }

    /// Puts a month's records together once its files are read.
    func finishRescan(_ key: MonthKey, _ pending: PendingRescan, read: ArraySlice<Result<IndexRecord, LiftLogError>>, folderTime: Int64) throws(LiftLogError) {
        let previous = pending.previous
        var updated = pending.kept
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
        var summary = MonthSummary(key: key, records: updated, folderTime: recordableTime(folderTime))
        let unchanged = updated == Array(previous.values).sorted(by: IndexRecord.newestFirst) && !rebuildingIDs
        // The shard on disk still has the content its hash was taken of; a changed month has
        // none until it is written.
        if unchanged { summary.shardHash = state.months[key]?.shardHash ?? 0 }
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
    static func makeRecord(files: StoreFiles, unit: WeightUnit, relative: String, fileName: String, status: FileStatus) throws(LiftLogError) -> IndexRecord {
        do {
            // Its folder was listed just before (``prepareRescan(_:)``), its parents with it.
            guard let bytes = try files.read(relative, parentsChecked: true) else {
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
}
