/// Finding a session's file by an ID prefix, from the ID shards.
extension SessionIndex {
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
}
