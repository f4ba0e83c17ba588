/// Finding a session's file by an ID prefix, from the ID shards.
extension SessionIndex {
    /// The paths of sessions whose ID starts with `prefix` (at least two hex digits).
    ///
    /// - Complexity: O(sessions whose ID shares the first two digits), about N/256.
    package func paths(forIDPrefix prefix: String) throws(LiftLogError) -> [String: String] {
        var matches: [String: String] = [:]
        if !rebuildingIDs { matches = try SessionIndex.shardPaths(files: files, idPrefix: prefix) }
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
        if matches.isEmpty && !rebuildingIDs { matches = try pathsMissingFromShard(forIDPrefix: prefix) }
        return matches
    }

    /// The sessions with `prefix` that the months' records know and the ID shard does not
    /// list: none, unless the shard is damaged. The index's files are not flushed, so a crash
    /// can leave a shard empty or older than the months' files, and an ID shard carries no
    /// hash to tell (a month's file does). Before a session is called missing, every month's
    /// records are searched: the lines that hold `prefix`'s bytes anywhere are parsed (a
    /// session's line holds its ID), the others only split. What is found is written to the
    /// shard when the index is next written.
    private func pathsMissingFromShard(forIDPrefix prefix: String) throws(LiftLogError) -> [String: String] {
        var matches: [String: String] = [:]
        let needle = Array(prefix.utf8)
        var exercises = ExerciseRefCache()
        for key in monthsNewestFirst {
            // A month read again by this process is searched in its new records.
            guard shards[key] == nil, var text = loadShard(key) else {
                for record in try records(of: key) {
                    if let summary = record.summary, summary.id.rawValue.hasPrefix(prefix) { matches[summary.id.rawValue] = summary.path }
                }
                continue
            }
            for line in text.allLines() where ByteFields.contains(needle, in: line) {
                guard let summary = IndexRecord(line: line, folder: key.folder, exercises: &exercises)?.summary else { continue }
                if summary.id.rawValue.hasPrefix(prefix) { matches[summary.id.rawValue] = summary.path }
            }
        }
        for (id, path) in matches where idChanges[id] == nil { idChanges[id] = .some(path) }
        return matches
    }

    /// The IDs starting with `prefix` (two characters or more) and their files, as the ID
    /// shard on disk lists them: no look at the session folders or at the index's state.
    package static func shardPaths(files: StoreFiles, idPrefix prefix: String) throws(LiftLogError) -> [String: String] {
        var matches: [String: String] = [:]
        guard let bytes = try files.read(SessionIndex.idShardPath(prefix)) else { return matches }
        let prefixBytes = Array(prefix.utf8)
        for line in ByteFields.lines(bytes) where line.starts(with: prefixBytes) {
            if let (id, path) = shardEntry(line) { matches[id] = path }
        }
        return matches
    }

    /// An ID shard's line as its ID and the session file it names; `nil` for a line that is
    /// not one (a shard damaged by hand), such as one naming a file outside `sessions/`.
    private static func shardEntry(_ line: ArraySlice<UInt8>) -> (id: String, path: String)? {
        let fields = ByteFields.fields(line)
        guard fields.count == 2 else { return nil }
        let path = ByteFields.string(fields[1])
        guard path.hasPrefix("sessions/"), StoreFiles.isSafeRelativePath(path) else { return nil }
        return (ByteFields.string(fields[0]), path)
    }

    /// Every session file the index knows with exactly `id` (more than one is a duplicate ID).
    ///
    /// - Complexity: O(sessions whose ID shares the first two digits), about N/256.
    package func paths(withID id: String) throws(LiftLogError) -> [String] {
        var found: [String] = []
        if !rebuildingIDs, let bytes = try files.read(SessionIndex.idShardPath(id)) {
            let idBytes = Array(id.utf8)
            for line in ByteFields.lines(bytes) where line.starts(with: idBytes) {
                if let entry = SessionIndex.shardEntry(line), entry.id == id { found.append(entry.path) }
            }
        }
        if rebuildingIDs {
            try forEachSummaryNewestFirst { summary in
                if summary.id.rawValue == id { found.append(summary.path) }
                return true
            }
        }
        if let change = idChanges[id] {
            if let path = change { found.append(path) } else { found.removeAll() }
        }
        var existing: [String] = []
        for path in Swift.Set(found).sorted() where try files.status(path) != nil { existing.append(path) }
        return existing
    }

    static func idShardPath(_ id: String) -> String {
        "\(directory)/ids/\(id.prefix(2)).tsv"
    }
}
