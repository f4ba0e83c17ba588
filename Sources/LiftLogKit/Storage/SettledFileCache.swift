/// What a long-running process (the HTTP server) keeps of the files it reads for every request
/// (the manifest, the index state, the newest months' index files), by absolute path: the bytes
/// read, what was made of them, and the file's settled identity when they were read.
///
/// A file kept is looked at before it is read again (``StoreFiles/lookAgain(_:kept:parentsChecked:)``):
/// seen with the settled identity it had when its bytes were read (``FileStatus/settledIdentity(now:)``:
/// unchanged for over two seconds, so the same identity means the same bytes), what was made of
/// them is taken without a read. A file younger than two seconds has no settled identity and is
/// read, and its bytes tell. A process that reads a file once (the CLI) keeps it and makes no
/// extra call. At most `capacity` files are kept; the first kept goes first.
final class SettledFileCache<Value: Sendable>: @unchecked Sendable {
    struct Entry {
        /// The file's settled identity when `bytes` were read after it, if it had one.
        var identity: FileIdentity?
        /// The bytes read (none when what is kept is never compared with a new read).
        var bytes: [UInt8]
        var value: Value

        /// `value`, when the file is found with the settled identity it had when `bytes` were
        /// read; `nil` for no identity (a file younger than two seconds) or another.
        func value(ifFoundWith found: FileIdentity?) -> Value? {
            guard let found, identity == found else { return nil }
            return value
        }
    }

    let capacity: Int
    private let lock = Mutex()
    private var entries: [String: Entry] = [:]
    /// Paths in the order they were first kept, for the bound.
    private var order: [String] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// What is kept of the file at `path`.
    func entry(at path: String) -> Entry? {
        lock.withLock { entries[path] }
    }

    /// What is kept of the file at `path` when it was read after the file had `identity`;
    /// `nil` for no identity (a file younger than two seconds) or another.
    func value(at path: String, identity: FileIdentity?) -> Value? {
        guard identity != nil else { return nil }
        return lock.withLock { entries[path]?.value(ifFoundWith: identity) }
    }

    /// Keeps `value`, made of `bytes` of the file at `path` read after it was found with
    /// `identity` (settled, or `nil`).
    func keep(_ value: Value, bytes: [UInt8] = [], identity: FileIdentity?, at path: String) {
        lock.withLock {
            if entries.updateValue(Entry(identity: identity, bytes: bytes, value: value), forKey: path) == nil {
                order.append(path)
                if order.count > capacity { entries[order.removeFirst()] = nil }
            }
        }
    }
}

extension StoreFiles {
    /// How a file is found before it is read: its settled identity, if it has one and a cache
    /// `kept` something of it (a file read once is not looked at first), and whether its
    /// folders were checked. `nil` when it is missing or cannot be looked at. A change after
    /// this `stat` moves the identity on.
    func lookAgain(_ relative: String, kept: Bool, parentsChecked: Bool = false) -> (identity: FileIdentity?, parentsChecked: Bool)? {
        guard kept else { return (nil, parentsChecked) }
        guard let status = try? checkedStatus(relative, parentsChecked: parentsChecked) else { return nil }
        return (status.settledIdentity(now: now()), true)
    }
}
