/// The records of the month shards this process reads over and over — the HTTP server's
/// history pages, the same few months for every request — kept parsed between calls, as
/// ``IndexStateCache`` keeps the state (``SettledFileCache``).
///
/// Its records are reused only when the state still names the same content hash for them and
/// the file has the settled identity it had when they were read, or its bytes are exactly the
/// ones parsed before. A shard is parsed whole and kept only the second time the same bytes are
/// read: a command run once (the CLI) parses just the lines its page shows, as without the
/// cache, and keeps nothing but the bytes it read. At most ``capacity`` shards are kept; the
/// first kept goes first.
final class ParsedShardCache: Sendable {
    static let shared = ParsedShardCache()
    static let capacity = 24

    /// What is known of a shard's bytes.
    enum Lookup {
        /// Parsed before: its records, newest first.
        case parsed([IndexRecord])
        /// Read once before, not parsed whole: parse it whole now and ``keep(_:path:hash:bytes:identity:)`` it.
        case readBefore
        /// Not seen (or seen with other bytes): noted now.
        case new
    }

    /// The hash the state named for a shard's bytes, and their records once parsed whole.
    private typealias Kept = (hash: UInt64, records: [IndexRecord]?)
    private let kept = SettledFileCache<Kept>(capacity: ParsedShardCache.capacity)

    init() {}

    /// Whether the shard at `path` (absolute) was read before: then its file is looked at
    /// before it is read again, for ``parsed(_:hash:identity:)``.
    func readBefore(_ path: String) -> Bool {
        kept.entry(at: path) != nil
    }

    /// The records kept of the shard at `path` (absolute) whose file has the settled
    /// `identity` it had when they were read, which the state names by `hash`.
    func parsed(_ path: String, hash: UInt64, identity: FileIdentity?) -> [IndexRecord]? {
        guard let value = kept.value(at: path, identity: identity), value.hash == hash else { return nil }
        return value.records
    }

    /// Looks up the shard at `path` (absolute) whose bytes are `bytes`, read after its file was
    /// found with `identity` (settled, or `nil`), which the state names by `hash`; a shard not
    /// seen with these bytes is noted.
    func lookup(_ path: String, hash: UInt64, bytes: [UInt8], identity: FileIdentity?) -> Lookup {
        if let entry = kept.entry(at: path), entry.value.hash == hash, ByteFields.same(entry.bytes, bytes) {
            kept.keep(entry.value, bytes: bytes, identity: identity, at: path)
            return entry.value.records.map(Lookup.parsed) ?? .readBefore
        }
        kept.keep((hash, nil), bytes: bytes, identity: identity, at: path)
        return .new
    }

    /// Keeps `records`, every line of the shard at `path` whose bytes are `bytes` (already
    /// checked against `hash`), read after its file was found with `identity`.
    func keep(_ records: [IndexRecord], path: String, hash: UInt64, bytes: [UInt8], identity: FileIdentity?) {
        kept.keep((hash, records), bytes: bytes, identity: identity, at: path)
    }

    /// Whether the shard at `path` is kept parsed.
    func hasParsed(_ path: String) -> Bool {
        kept.entry(at: path)?.value.records != nil
    }
}
