/// The records of the month shards this process reads over and over — the HTTP server's
/// history pages, the same few months for every request — kept parsed between calls, as
/// ``IndexStateCache`` keeps the state.
///
/// Its records are reused only when the state still names the same content hash for them and
/// the shard's bytes are exactly the ones parsed before, or, without reading them, when the
/// file has the settled identity it had when they were read (``FileStatus/settledIdentity``,
/// as ``IndexStateCache`` takes the state). A shard is
/// parsed whole and kept only the second time the same bytes are read: a command run once (the
/// CLI) parses just the lines its page shows, as without the cache, and keeps nothing but the
/// bytes it read. At most ``capacity`` shards are kept; the oldest kept goes first.
final class ParsedShardCache: @unchecked Sendable {
    static let shared = ParsedShardCache()
    static let capacity = 24

    init() {}

    /// What is known of a shard's bytes.
    enum Lookup {
        /// Parsed before: its records, newest first.
        case parsed([IndexRecord])
        /// Read once before, not parsed whole: parse it whole now and ``keep(_:path:hash:bytes:)`` it.
        case readBefore
        /// Not seen (or seen with other bytes): noted now.
        case new
    }

    private struct Entry {
        var hash: UInt64
        var bytes: [UInt8]
        var records: [IndexRecord]?
        /// The file's settled identity when `bytes` were read after it, if it had one.
        var identity: FileIdentity?
    }

    private let lock = Mutex()
    private var entries: [String: Entry] = [:]
    /// Paths in the order they were first kept, for the bound.
    private var order: [String] = []

    /// Whether the shard at `path` (absolute) was read before: then its file is looked at
    /// before it is read again, for ``parsed(_:hash:identity:)``.
    func readBefore(_ path: String) -> Bool {
        lock.withLock { entries[path] != nil }
    }

    /// The records kept of the shard at `path` (absolute) whose file has the settled
    /// `identity` it had when they were read, which the state names by `hash`.
    func parsed(_ path: String, hash: UInt64, identity: FileIdentity) -> [IndexRecord]? {
        lock.withLock {
            guard let entry = entries[path], entry.hash == hash, entry.identity == identity else { return nil }
            return entry.records
        }
    }

    /// Looks up the shard at `path` (absolute) whose bytes are `bytes`, read after its file was
    /// found with `identity` (settled, or `nil`), which the state names by `hash`; a shard not
    /// seen with these bytes is noted.
    func lookup(_ path: String, hash: UInt64, bytes: [UInt8], identity: FileIdentity?) -> Lookup {
        lock.withLock {
            if var entry = entries[path], entry.hash == hash, ByteFields.same(entry.bytes, bytes) {
                entry.identity = identity
                entries[path] = entry
                return entry.records.map(Lookup.parsed) ?? .readBefore
            }
            store(path, Entry(hash: hash, bytes: bytes, records: nil, identity: identity))
            return .new
        }
    }

    /// Keeps `records`, every line of the shard at `path` whose bytes are `bytes` (already
    /// checked against `hash`), read after its file was found with `identity`.
    func keep(_ records: [IndexRecord], path: String, hash: UInt64, bytes: [UInt8], identity: FileIdentity?) {
        lock.withLock { store(path, Entry(hash: hash, bytes: bytes, records: records, identity: identity)) }
    }

    /// Whether the shard at `path` is kept parsed.
    func hasParsed(_ path: String) -> Bool {
        lock.withLock { entries[path]?.records != nil }
    }

    private func store(_ path: String, _ entry: Entry) {
        if entries.updateValue(entry, forKey: path) == nil {
            order.append(path)
            if order.count > ParsedShardCache.capacity { entries[order.removeFirst()] = nil }
        }
    }
}
