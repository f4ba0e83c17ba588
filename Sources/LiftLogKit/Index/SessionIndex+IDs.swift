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
        return matches
    }

    /// The IDs starting with `prefix` (two characters or more) and their files, as the ID
    /// shard on disk lists them: no look at the session folders or at the index's state.
    package static func shardPaths(files: StoreFiles, idPrefix prefix: String) throws(LiftLogError) -> [String: String] {
        var matches: [String: String] = [:]
        guard let bytes = try files.read(SessionIndex.idShardPath(prefix)) else { return matches }
        let prefixBytes = Array(prefix.utf8)
        for line in ByteFields.lines(bytes) where line.starts(with: prefixBytes) {
            let fields = ByteFields.fields(line)
            if fields.count == 2 { matches[ByteFields.string(fields[0])] = ByteFields.string(fields[1]) }
        }
        return matches
    }

    /// Every session file the index knows with exactly `id` (more than one is a duplicate ID).
    ///
    /// - Complexity: O(sessions whose ID shares the first two digits), about N/256.
    package func paths(withID id: String) throws(LiftLogError) -> [String] {
        var found: [String] = []
        if !rebuildingIDs, let bytes = try files.read(SessionIndex.idShardPath(id)) {
            let idBytes = Array(id.utf8)
            for line in ByteFields.lines(bytes) where line.starts(with: idBytes) {
                let fields = ByteFields.fields(line)
                if fields.count == 2, ByteFields.string(fields[0]) == id { found.append(ByteFields.string(fields[1])) }
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
