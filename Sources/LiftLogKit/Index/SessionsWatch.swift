/// Lets a long-running process (the HTTP server) know that nothing under a store's `sessions/`
/// changed since it last compared the index with the folders, without a `stat` of every month
/// folder for every request (360 of them in a thirty-year log).
///
/// It asks the kernel (a ``FolderWatch``) to report every change in `sessions/`, its year
/// folders and its month folders. ``SessionIndex/refresh(streaming:)`` compares the folders as
/// before whenever anything was reported, and skips the comparison only when (1) nothing was
/// reported since a comparison that found the index exactly right, and (2) the index state it
/// read is the very one that comparison approved (the same lines, by their hash). It serves
/// only the process that started it (`liftlog serve`); other processes compare the folders.
/// Anything the watch cannot vouch for — an overflowing event queue, a folder it could not
/// watch, a network or FUSE file system, whose changes made on another machine the kernel
/// never sees — turns it off, and every request compares the folders again. On other systems
/// there is no watch.
package final class SessionsWatch: @unchecked Sendable {
    private static let registryLock = Mutex()
    nonisolated(unsafe) private static var registry: [String: SessionsWatch] = [:]

    private let lock = Mutex()
    private let watch: FolderWatch
    /// Goes up whenever a change was reported.
    private var generation: UInt64 = 0
    /// The last comparison that found the index right: at which generation, for which state.
    private var approved: (generation: UInt64, stateHash: UInt64)?
    /// How many reads it spared the comparison of the folders.
    private var spared = 0
    /// Session files a read found just as their index records describe them, at which
    /// generation and since when (``filesToCheck(_:generation:)``).
    private var unchanged: (generation: UInt64, since: Double, files: [FileKey: FileIdentity]) = (0, 0, [:])
    /// How long files found unchanged are taken so without a `stat` while nothing is reported:
    /// a bound on what the kernel may not report (a file written through a hard link outside
    /// the store, or through a memory map), as a folder's time is trusted only once two seconds old.
    static let unchangedFor = 1.0
    /// At most this many files are remembered at once.
    static let unchangedLimit = 4_096

    /// A session file: its month and name.
    private struct FileKey: Hashable {
        let month: MonthKey
        let fileName: String
    }

    /// Starts watching the session folders of the store at `files.root` for this process;
    /// whether it could (it cannot on other systems than Linux, on network or FUSE file systems,
    /// or when the kernel refuses a watch).
    @discardableResult
    package static func start(files: StoreFiles) -> Bool {
        registryLock.withLock {
            if registry[files.root] != nil { return true }
            guard let watch = SessionsWatch(files: files) else { return false }
            registry[files.root] = watch
            return true
        }
    }

    /// Stops watching the store at `root`.
    package static func stop(root: String) {
        registryLock.withLock { registry[root] = nil }
    }

    /// The first generation of each new watch: a comparison approved under one watch is never
    /// taken by the next, whose generations begin elsewhere.
    nonisolated(unsafe) private static var nextBase: UInt64 = 0

    /// The watch on the store at `root`, if this process started one that still works.
    static func watching(_ root: String) -> SessionsWatch? {
        registryLock.withLock { registry.isEmpty ? nil : registry[root] }
    }

    private init?(files: StoreFiles) {
        guard let watch = FolderWatch(files: files, folder: "sessions", watching: SessionsWatch.isSessionFolder) else { return nil }
        self.watch = watch
        // Called holding `registryLock`.
        SessionsWatch.nextBase &+= 1 << 40
        generation = SessionsWatch.nextBase
    }

    /// A year or month folder of `sessions/` (by the length of its name: the comparison of
    /// the folders judges the rest).
    private static func isSessionFolder(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/")
        return parts.first == "sessions" && parts.count <= 3 && parts.last!.utf8.count == (parts.count == 2 ? 4 : 2)
    }

    /// Reads what the kernel reported since the last look; the generation the caller's
    /// comparison is made at, or `nil` when the watch no longer vouches for anything.
    private func readEvents() -> UInt64? {
        guard let reported = watch.reportedFolders() else { return nil }
        if !reported.isEmpty { generation &+= 1 }
        return generation
    }

    /// Reads what was reported; whether the index state whose lines hash to `hash` is known to
    /// match the folders, and the generation to approve a comparison at (`nil`: nothing is
    /// vouched for).
    func look(stateHash hash: UInt64?) -> (current: Bool, generation: UInt64?) {
        lock.withLock {
            guard let generation = readEvents() else { return (false, nil) }
            guard let hash, let approved else { return (false, generation) }
            let current = approved.generation == generation && approved.stateHash == hash
            if current { spared += 1 }
            return (current, generation)
        }
    }

    /// The positions of `used` whose files must be looked at (`stat`) to know they are still
    /// what their records describe: all of them but those a read found so at `generation`, the
    /// generation the caller's ``look(stateHash:)`` gave, less than ``unchangedFor`` ago. The
    /// kernel reports a file written in place, touched or replaced in a watched month folder, so
    /// while the generation stands, such a file is as it was found.
    func filesToCheck(_ used: [UsedFile], generation: UInt64) -> [Int] {
        lock.withLock {
            guard !watch.isBroken, unchanged.generation == generation, !unchanged.files.isEmpty,
                  monotonicSeconds() - unchanged.since < SessionsWatch.unchangedFor else {
                return Array(used.indices)
            }
            return used.indices.filter { unchanged.files[FileKey(month: used[$0].month, fileName: used[$0].fileName)] != used[$0].identity }
        }
    }

    /// Records that the files of `used` at `positions` were just found as their records
    /// describe them, at `generation` (the caller's ``look(stateHash:)``).
    func noteUnchanged(_ used: [UsedFile], at positions: [Int], generation: UInt64) {
        guard !positions.isEmpty else { return }
        lock.withLock {
            guard !watch.isBroken, generation == self.generation else { return }
            let now = monotonicSeconds()
            if unchanged.generation != generation || now - unchanged.since >= SessionsWatch.unchangedFor
                || unchanged.files.count + positions.count > SessionsWatch.unchangedLimit {
                unchanged = (generation, now, [:])
            }
            for position in positions where position < used.count {
                unchanged.files[FileKey(month: used[position].month, fileName: used[position].fileName)] = used[position].identity
            }
        }
    }

    /// How many reads of the store at `root` did not need to compare the folders (tests).
    package static func sparedComparisons(root: String) -> Int? {
        watching(root).map { watch in watch.lock.withLock { watch.spared } }
    }

    /// Records that a comparison made at `generation` found the index state whose lines hash
    /// to `hash` right.
    func approve(stateHash hash: UInt64, generation: UInt64) {
        lock.withLock {
            guard !watch.isBroken, generation == self.generation else { return }
            approved = (generation, hash)
        }
    }
}

