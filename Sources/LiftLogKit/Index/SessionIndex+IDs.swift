/// Finding a session's file by an ID prefix, from the ID shards.
extension SessionIndex {
    /// The paths of sessions whose ID starts with `prefix` (at least two hex digits).
    ///
    /// - Complexity: O(sessions whose ID shares the first two digits), about N/256, while the ID
    ///   shard is as last written (``IDShardHashes``); otherwise every month's records are
    ///   searched once and the shard written again from them.
    package func paths(forIDPrefix prefix: String) throws(LiftLogError) -> [String: String] {
        var matches: [String: String] = [:]
        if rebuildingIDs {
            try forEachSummaryNewestFirst { summary in
                if summary.id.rawValue.hasPrefix(prefix) { matches[summary.id.rawValue] = summary.path }
                return true
            }
        } else if let bytes = try vouchedShard(prefix) {
            matches = SessionIndex.shardPaths(bytes, idPrefix: prefix)
            // What the refresh found changed since the shard was written.
            for (id, path) in idChanges where id.hasPrefix(prefix) {
                if let path { matches[id] = path } else { matches.removeValue(forKey: id) }
            }
        } else {
            // The months' records are current (checked against the folders).
            for (id, path) in try sessionsInMonths(withIDPrefix: prefix) where matches[id] == nil { matches[id] = path }
        }
        // An entry whose file is gone (after a damaged shard was rebuilt) is dropped here.
        for (id, path) in matches where try files.status(path) == nil {
            matches.removeValue(forKey: id)
            idChanges[id] = .some(nil)
        }
        return matches
    }

    /// The bytes of the ID shard of `id` (its first two characters) when the shard is exactly as
    /// liftlog last wrote it together with the months' files (``IDShardHashes``), an empty
    /// array for a shard that has no sessions; `nil` when it cannot be vouched for: the index's
    /// files are not flushed, so a crash can leave a shard empty or older than the months', and
    /// a hand can edit one. The shard is then written again from the months' records when the
    /// index is next written.
    func vouchedShard(_ id: String) throws(LiftLogError) -> [UInt8]? {
        let shard = String(id.prefix(2))
        if let expected = idShardHash(shard) {
            let bytes = try files.read(SessionIndex.idShardPath(shard)) ?? []
            if ContentHash.of(bytes) == expected { return bytes }
        }
        shardsToRepair.insert(shard)
        return nil
    }

    /// The hash `ids.tsv` gives `shard` as last written; `nil` when it gives none or is not as
    /// written. Taken from the hashes once they are parsed (``idShardHashes()``), else found
    /// in the file's bytes without parsing the other 255 lines: a look-up by a short ID prefix
    /// needs one (parsing them all cost `show` a fifth of its instructions).
    func idShardHash(_ shard: String) -> UInt64? {
        if let known = shardHashes { return known.hashes[shard] }
        return IDShardHashes.hash(of: shard, in: idShardHashesFile())
    }

    /// The hashes of the ID shards as last written, when `ids.tsv` is itself as written (the
    /// hash the state gives it); none otherwise. Parsed once.
    func idShardHashes() -> IDShardHashes {
        if let known = shardHashes { return known }
        let hashes = IDShardHashes(bytes: idShardHashesFile())
        shardHashes = hashes
        return hashes
    }

    /// The bytes of `ids.tsv` when its hash is the one the state gives it; none otherwise.
    /// Read once.
    private func idShardHashesFile() -> [UInt8] {
        if let known = shardHashesFile { return known }
        var bytes: [UInt8] = []
        if state.idShardsHash != 0, let read = try? files.read(IDShardHashes.path), ContentHash.of(read) == state.idShardsHash {
            bytes = read
        }
        shardHashesFile = bytes
        return bytes
    }

    /// Every session whose ID starts with `prefix`, and its file, from the months' records
    /// (which are checked against the folders and carry hashes): what an ID shard that cannot be
    /// vouched for is written again from. The lines of a month's file that hold `prefix`'s bytes
    /// anywhere are parsed (a session's line holds its ID), the others only split. Newest first;
    /// an ID in two files (a duplicate) comes twice.
    ///
    /// - Complexity: a read of every month's file.
    func sessionsInMonths(withIDPrefix prefix: String) throws(LiftLogError) -> [(id: String, path: String)] {
        var found: [(id: String, path: String)] = []
        let needle = Array(prefix.utf8)
        var exercises = ExerciseRefCache()
        for key in monthsNewestFirst {
            // A month read again by this process is searched in its new records.
            guard shards[key] == nil, var text = loadShard(key) else {
                for record in try records(of: key) {
                    if let summary = record.summary, summary.id.rawValue.hasPrefix(prefix) { found.append((summary.id.rawValue, summary.path)) }
                }
                continue
            }
            for line in text.allLines() where ByteFields.contains(needle, in: line) {
                guard let summary = IndexRecord(line: line, folder: key.folder, exercises: &exercises)?.summary else { continue }
                if summary.id.rawValue.hasPrefix(prefix) { found.append((summary.id.rawValue, summary.path)) }
            }
        }
        return found
    }

    /// The IDs starting with `prefix` (two characters or more) and their files, as the ID
    /// shard on disk lists them: no look at the session folders or at the index's state.
    package static func shardPaths(files: StoreFiles, idPrefix prefix: String) throws(LiftLogError) -> [String: String] {
        guard let bytes = try files.read(SessionIndex.idShardPath(prefix)) else { return [:] }
        return shardPaths(bytes, idPrefix: prefix)
    }

    /// The IDs starting with `prefix` and their files in an ID shard's `bytes`.
    static func shardPaths(_ bytes: [UInt8], idPrefix prefix: String) -> [String: String] {
        var matches: [String: String] = [:]
        let prefixBytes = Array(prefix.utf8)
        for line in ByteFields.lines(bytes, startingWith: prefixBytes) {
            if let (id, path) = shardEntry(line) { matches[id] = path }
        }
        return matches
    }

    /// An ID shard's line as its ID and the session file it names; `nil` for a line that is
    /// not one (a shard damaged by hand), such as one naming a file outside `sessions/`.
    static func shardEntry(_ line: ArraySlice<UInt8>) -> (id: String, path: String)? {
        let fields = ByteFields.fields(line)
        guard fields.count == 2 else { return nil }
        let path = ByteFields.string(fields[1])
        guard path.hasPrefix("sessions/"), StoreFiles.isSafeRelativePath(path) else { return nil }
        return (ByteFields.string(fields[0]), path)
    }

    /// Every session file the index knows with exactly `id` (more than one is a duplicate ID).
    ///
    /// - Complexity: O(sessions whose ID shares the first two digits), about N/256, while the ID
    ///   shard is as last written; otherwise every month's records are searched once.
    package func paths(withID id: String) throws(LiftLogError) -> [String] {
        var found: [String] = []
        if rebuildingIDs {
            try forEachSummaryNewestFirst { summary in
                if summary.id.rawValue == id { found.append(summary.path) }
                return true
            }
        } else if let bytes = try vouchedShard(id) {
            let idBytes = Array(id.utf8)
            for line in ByteFields.lines(bytes, startingWith: idBytes) {
                if let entry = SessionIndex.shardEntry(line), entry.id == id { found.append(entry.path) }
            }
            // What the refresh found changed since the shard was written.
            if let change = idChanges[id] {
                if let path = change { found.append(path) } else { found.removeAll() }
            }
        } else {
            // The months' records are current (checked against the folders).
            found = try sessionsInMonths(withIDPrefix: id).filter { $0.id == id }.map(\.path)
        }
        var existing: [String] = []
        for path in Swift.Set(found).sorted() where try files.status(path) != nil { existing.append(path) }
        return existing
    }

    static func idShardPath(_ id: String) -> String {
        "\(directory)/ids/\(id.prefix(2)).tsv"
    }
}

/// `.liftlog/index/ids.tsv`: the ``ContentHash`` of each ID shard as liftlog last wrote it, a
/// line `XX  HASH` per shard (all 256 after a rebuild; a shard without sessions is a missing
/// file, hashed as no bytes). `state.tsv` gives the hash of this file. A shard whose bytes have
/// the hash listed here, in a file whose own hash the state gives, was written together with
/// the months' files: an ID it does not list is in no session file the index knows, which is
/// answered without a search of every month.
struct IDShardHashes: Equatable {
    static let path = "\(SessionIndex.directory)/ids.tsv"

    /// By shard (the two first characters of its IDs).
    var hashes: [String: UInt64] = [:]

    init() {}

    /// Parses the file; lines of another shape are skipped (their shards are not vouched for).
    init(bytes: [UInt8]) {
        for line in ByteFields.lines(bytes) {
            guard let (shard, hash) = IDShardHashes.entry(line) else { continue }
            hashes[ByteFields.string(shard)] = hash
        }
    }

    /// The hash the file's `bytes` give `shard`, as ``init(bytes:)`` reads it (the last of its
    /// lines), the other lines only found, not parsed.
    static func hash(of shard: String, in bytes: [UInt8]) -> UInt64? {
        var found: UInt64?
        for line in ByteFields.lines(bytes, startingWith: Array(shard.utf8) + [0x09]) {
            if let (_, hash) = entry(line) { found = hash }
        }
        return found
    }

    /// A line `XX  HASH` as the shard's name and its hash; `nil` for a line of another shape.
    private static func entry(_ line: ArraySlice<UInt8>) -> (shard: ArraySlice<UInt8>, hash: UInt64)? {
        let fields = ByteFields.fields(line)
        guard fields.count == 2, fields[0].count == 2, let hash = ByteFields.hex64(fields[1]) else { return nil }
        return (fields[0], hash)
    }

    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20 * hashes.count)
        for (shard, hash) in hashes.sorted(by: { $0.key < $1.key }) {
            bytes.append(utf8Of: shard)
            bytes.append(0x09)
            bytes.append(utf8Of: String(hash, radix: 16))
            bytes.append(0x0A)
        }
        return bytes
    }

    /// Whether `bytes` are exactly what was written to `shard` (no bytes for a missing file).
    func vouches(for shard: String, _ bytes: [UInt8]) -> Bool {
        hashes[shard] == ContentHash.of(bytes)
    }

    /// Every shard name, `00` … `ff`.
    static let allShards: [String] = (0..<256).map { value in
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: [digits[value >> 4], digits[value & 15]], as: UTF8.self)
    }
}
