/// Writing the index: rebuilding it from scratch and saving what changed (always with the store lock held).
extension SessionIndex {
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
        // The old index files are a cache: removed with a plain unlink each (a durable removal
        // flushed the folder once per file: 360 flushes for a 30-year log).
        for folder in ["months", ExerciseLines.folderName] {
            for entry in (try? files.list("\(SessionIndex.directory)/\(folder)")) ?? [] {
                try? files.removeCache("\(SessionIndex.directory)/\(folder)/\(entry.name)")
            }
        }
        rebuilding = true
        defer { rebuilding = false; indexFoldersReady = false }
        try readyIndexFolders()
        try refresh(streaming: true)
        try persist()
    }

    /// Makes sure of `.liftlog/index/months` and `.liftlog/index/ids` (and the folders above
    /// them) once for a run of writes, which then do not look at them again: a rebuild writes
    /// a file per month and per ID prefix (616 for a 30-year log, 11 `stat` calls each before).
    /// Only for the length of one ``rebuild()`` or ``persist()``: a long-lived process (the
    /// HTTP server) looks again at its next write, whatever happened to the folders between.
    func readyIndexFolders() throws(LiftLogError) {
        guard !indexFoldersReady else { return }
        try files.ensureDirectory("\(SessionIndex.directory)/months")
        try files.ensureDirectory("\(SessionIndex.directory)/ids")
        indexFoldersReady = true
    }

    func flushShard(_ key: MonthKey) throws(LiftLogError) {
        guard let records = shards[key] else { return }
        if !indexFoldersReady { try files.ensureDirectory("\(SessionIndex.directory)/months") }
        let bytes = Array((records.map(\.line).joined(separator: "\n") + (records.isEmpty ? "" : "\n")).utf8)
        // `ensureDirectory` has just looked at the folders above the shard.
        try files.writeAtomically(bytes, to: key.shardPath, durable: false, parentsChecked: true)
        // The state (written after the shards) says which content the shard has.
        state.months[key]?.shardHash = ContentHash.of(bytes)
        stateDirty = true
        dirtyShards.remove(key)
        shards.removeValue(forKey: key)
        shardLines.removeValue(forKey: key)
    }

    /// Writes a file of the index (in `.liftlog/index` or below it) once ``readyIndexFolders()``
    /// has looked at its folders.
    func writeCache(_ bytes: [UInt8], to relative: String) throws(LiftLogError) {
        try files.writeAtomically(bytes, to: relative, durable: false, parentsChecked: indexFoldersReady)
    }

    /// Writes what changed. Call only with the store lock held.
    package func persist() throws(LiftLogError) {
        // An index whose months were left to a walk holds only what that walk looked at.
        guard hasChanges, !monthsToLookAt else { return }
        let wasReady = indexFoldersReady
        defer { indexFoldersReady = wasReady }
        try readyIndexFolders()
        for key in removedShards { try files.removeCache(key.shardPath) }
        removedShards = []
        for key in dirtyShards { try flushShard(key) }
        try persistIDs()
        try files.writeAtomically(state.bytes, to: SessionIndex.statePath, durable: false, parentsChecked: indexFoldersReady)
        stateDirty = false
    }

    /// Writes the ID shards that changed, and `ids.tsv` with their hashes. A shard that cannot
    /// be vouched for (``vouchedShard(_:)``) is written again whole from the months' records
    /// rather than patched.
    func persistIDs() throws(LiftLogError) {
        guard rebuildingIDs || !idChanges.isEmpty || !shardsToRepair.isEmpty else { return }
        var hashes = rebuildingIDs ? IDShardHashes() : idShardHashes()
        if rebuildingIDs {
            var byShard: [String: [String: String]] = [:]
            for (id, path) in idChanges {
                if let path { byShard[String(id.prefix(2)), default: [:]][id] = path }
            }
            for entry in (try? files.list("\(SessionIndex.directory)/ids")) ?? [] where byShard[String(entry.name.prefix(2))] == nil {
                try files.removeCache("\(SessionIndex.directory)/ids/\(entry.name)")
            }
            // A shard without sessions is a missing file: no bytes.
            for shard in IDShardHashes.allShards { hashes.hashes[shard] = ContentHash.of([]) }
            for (shard, entries) in byShard {
                let bytes = SessionIndex.shardBytes(entries)
                try writeCache(bytes, to: SessionIndex.idShardPath(shard))
                hashes.hashes[shard] = ContentHash.of(bytes)
            }
        } else {
            var byShard: [String: [String: String?]] = [:]
            for (id, path) in idChanges { byShard[String(id.prefix(2)), default: [:]][id] = path }
            for shard in shardsToRepair where byShard[shard] == nil { byShard[shard] = [:] }
            for (shard, changes) in byShard {
                var entries: [String: String] = [:]
                let path = SessionIndex.idShardPath(shard)
                let bytes = try files.read(path, parentsChecked: indexFoldersReady) ?? []
                if hashes.vouches(for: shard, bytes) {
                    for line in ByteFields.lines(bytes) {
                        if let (id, path) = SessionIndex.shardEntry(line) { entries[id] = path }
                    }
                    for (id, path) in changes { entries[id] = path }
                } else {
                    // Written again from the months' records, which are current.
                    for (id, path) in try sessionsInMonths(withIDPrefix: shard) where entries[id] == nil { entries[id] = path }
                }
                let text = SessionIndex.shardBytes(entries)
                if text.isEmpty {
                    try files.removeCache(path)
                } else {
                    try writeCache(text, to: path)
                }
                hashes.hashes[shard] = ContentHash.of(text)
            }
        }
        if rebuildingIDs || hashes != idShardHashes() {
            let bytes = hashes.bytes
            try writeCache(bytes, to: IDShardHashes.path)
            state.idShardsHash = ContentHash.of(bytes)
            stateDirty = true
        }
        shardHashes = hashes
        idChanges = [:]
        shardsToRepair = []
        rebuildingIDs = false
    }

    /// An ID shard's bytes: a line `ID TAB path` per session, in the order of the IDs.
    static func shardBytes(_ entries: [String: String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (id, path) in entries.sorted(by: { $0.key < $1.key }) {
            bytes.append(utf8Of: id)
            bytes.append(0x09)
            bytes.append(utf8Of: path)
            bytes.append(0x0A)
        }
        return bytes
    }
}
