/// The parsed `state.tsv` of each store this process has read, kept between calls so that a
/// long-running process (the HTTP server) does not parse it again for every request.
///
/// The parsed state is reused when the file's bytes are exactly the ones parsed before, or,
/// without reading them, when the file has the settled identity it had when they were read
/// (``FileStatus/settledIdentity``: unchanged for over two seconds, so the same identity means
/// the same bytes; a file replaced within one tick of the file system's clock can get the
/// freed inode back with the same size and times, so a younger file is read). The months
/// themselves are still checked against their folders on every call
/// (``SessionIndex/refresh(streaming:)``).
final class IndexStateCache: @unchecked Sendable {
    static let shared = IndexStateCache()

    private struct Entry {
        var bytes: [UInt8]
        var state: IndexState
        var hash: UInt64
        /// The file's settled identity when `bytes` were read after it, if it had one.
        var identity: FileIdentity?
    }

    private let lock = Mutex()
    private var entries: [String: Entry] = [:]

    /// The state parsed from the file at `relative` in `files`, and the hash its format line
    /// gives of its lines, which names it in any process; `nil` when it is missing or unreadable.
    func state(in files: StoreFiles, at relative: String) -> (state: IndexState, hash: UInt64)? {
        let path = files.absolute(relative)
        // A file read before is looked at first (a process that reads it once, the CLI, does
        // not): a change after this `stat` moves the identity on.
        var identity: FileIdentity?, parentsChecked = false
        if let cached = lock.withLock({ entries[path] }) {
            guard let status = try? files.checkedStatus(relative) else { return nil }
            parentsChecked = true
            identity = status.settledIdentity
            if let identity, cached.identity == identity { return (cached.state, cached.hash) }
        }
        guard let bytes = try? files.read(relative, parentsChecked: parentsChecked) else { return nil }
        if let cached = lock.withLock({ entries[path] }), ByteFields.same(cached.bytes, bytes) {
            lock.withLock { entries[path]?.identity = identity }
            return (cached.state, cached.hash)
        }
        guard let state = IndexState(bytes: bytes), let hash = IndexState.statedHash(bytes) else { return nil }
        lock.withLock { entries[path] = Entry(bytes: bytes, state: state, hash: hash, identity: identity) }
        return (state, hash)
    }
}
