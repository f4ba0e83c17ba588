/// The parsed `state.tsv` of each store this process has read, kept between calls so that a
/// long-running process (the HTTP server) does not parse it again for every request.
///
/// The file is read every time; only when its bytes are exactly the ones parsed before is the
/// parsed state reused. (Its identity would not do: a file replaced within one tick of the
/// file system's clock can get the freed inode back, with the same size and times.) The months
/// themselves are still checked against their folders on every call
/// (``SessionIndex/refresh(streaming:)``).
final class IndexStateCache: @unchecked Sendable {
    static let shared = IndexStateCache()

    private let lock = Mutex()
    private var entries: [String: (bytes: [UInt8], state: IndexState, hash: UInt64)] = [:]

    /// The state parsed from the file at `relative` in `files`, and the hash its format line
    /// gives of its lines, which names it in any process; `nil` when it is missing or unreadable.
    func state(in files: StoreFiles, at relative: String) -> (state: IndexState, hash: UInt64)? {
        guard let bytes = try? files.read(relative) else { return nil }
        let path = files.absolute(relative)
        if let cached = lock.withLock({ entries[path] }), ByteFields.same(cached.bytes, bytes) { return (cached.state, cached.hash) }
        guard let state = IndexState(bytes: bytes), let hash = IndexState.statedHash(bytes) else { return nil }
        lock.withLock { entries[path] = (bytes, state, hash) }
        return (state, hash)
    }
}
