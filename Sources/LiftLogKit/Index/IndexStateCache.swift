/// The parsed `state.tsv` of each store this process has read, kept between calls so that a
/// long-running process (the HTTP server) does not parse it again for every request.
///
/// An entry is used only while the file is exactly the one parsed: same inode, size,
/// modification time and status-change time. The index writes `state.tsv` by renaming a new
/// file over it, so any change gives it a new identity and the next call reads it again; the
/// months themselves are still checked against their folders on every call (``SessionIndex/refresh(streaming:)``).
/// Only the real file system is cached: a test's fault-injecting one is always read.
final class IndexStateCache: @unchecked Sendable {
    static let shared = IndexStateCache()

    private let lock = Mutex()
    private var entries: [String: (identity: FileStatus, state: IndexState)] = [:]

    /// The state parsed from the file at `relative` in `files`, from the cache when the file is
    /// unchanged; `nil` when it is missing or unreadable.
    func state(in files: StoreFiles, at relative: String) -> IndexState? {
        guard files.fileSystem is PosixFileSystem else {
            return (try? files.read(relative)).flatMap { $0.flatMap(IndexState.init(bytes:)) }
        }
        let path = files.absolute(relative)
        guard let identity = try? files.status(relative), identity.kind == .regular else { return nil }
        if let cached = lock.withLock({ entries[path] }), cached.identity == identity { return cached.state }
        guard let bytes = try? files.read(relative), let state = IndexState(bytes: bytes) else { return nil }
        lock.withLock { entries[path] = (identity, state) }
        return state
    }
}
