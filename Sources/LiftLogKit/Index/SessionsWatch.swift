#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets a long-running process (the HTTP server) know that nothing under a store's `sessions/`
/// changed since it last compared the index with the folders, without a `stat` of every month
/// folder for every request (360 of them in a thirty-year log).
///
/// On Linux it asks the kernel (inotify) to report every change in `sessions/`, its year folders
/// and its month folders: a file created, deleted, renamed, written or its attributes changed,
/// a folder created or removed. ``SessionIndex/refresh(streaming:)`` compares the folders as
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
    private let files: StoreFiles
    private let descriptor: Int32
    /// The watched folders, by watch descriptor: `sessions`, `sessions/2025`, `sessions/2025/01`.
    private var folders: [Int32: String] = [:]
    /// Goes up whenever a change was reported.
    private var generation: UInt64 = 0
    /// The last comparison that found the index right: at which generation, for which state.
    private var approved: (generation: UInt64, stateHash: UInt64)?
    /// Set when the watch can no longer vouch for anything.
    private var isBroken = false
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

    /// Where the kernel's reports are read (under `lock`), made once: every read of the store
    /// looks, and a buffer made and zeroed for each look cost more than the look.
    private var reports = [UInt8](repeating: 0, count: 65_536)

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

    #if os(Linux)
    private static let mask: UInt32 = UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_MODIFY)
        | UInt32(IN_CLOSE_WRITE) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW)

    private init?(files: StoreFiles) {
        guard SessionsWatch.isLocalFileSystem(files.root) else { return nil }
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.files = files
        self.descriptor = descriptor
        // Called holding `registryLock`.
        SessionsWatch.nextBase &+= 1 << 40
        generation = SessionsWatch.nextBase
        // Failing from here on, the instance is whole: `deinit` closes the descriptor (once).
        guard add("sessions") else { return nil }
    }

    deinit { close(descriptor) }

    /// Watches the folder `relative` and the year or month folders below it (as a folder that
    /// has just appeared may already hold some); whether every watch was taken.
    private func add(_ relative: String) -> Bool {
        let depth = relative.split(separator: "/").count - 1
        let watch = inotify_add_watch(descriptor, files.root + "/" + relative, SessionsWatch.mask)
        // A folder already gone, or a file where a folder was expected, is the comparison's business.
        guard watch >= 0 else { return (errno == ENOENT || errno == ENOTDIR) && depth > 0 }
        folders[watch] = relative
        guard depth < 2, let entries = try? files.list(relative) else { return true }
        for entry in entries where entry.kind != .regular && entry.name.utf8.count == (depth == 0 ? 4 : 2) {
            guard add(relative + "/" + entry.name) else { return false }
        }
        return true
    }

    /// Reads what the kernel reported since the last look; the generation the caller's
    /// comparison is made at, or `nil` when the watch no longer vouches for anything.
    private func readEvents() -> UInt64? {
        guard !isBroken else { return nil }
        var changed = false
        let headerSize = MemoryLayout<inotify_event>.size
        while true {
            let count = reports.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if count < 0 && errno != EAGAIN && errno != EWOULDBLOCK { isBroken = true }
                break
            }
            changed = true
            var offset = 0
            while offset + headerSize <= count {
                let (watch, eventMask, nameLength) = reports.withUnsafeBytes { bytes in
                    (bytes.load(fromByteOffset: offset, as: Int32.self), bytes.load(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(bytes.load(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = reports[(offset + headerSize)..<min(count, offset + headerSize + nameLength)].prefix { $0 != 0 }
                offset += headerSize + nameLength
                if eventMask & UInt32(IN_Q_OVERFLOW) != 0 { isBroken = true; continue }
                if eventMask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil; continue }
                // A new year or month folder: watch it (and what it already holds).
                if eventMask & UInt32(IN_ISDIR) != 0, eventMask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0,
                   let parent = folders[watch], parent.split(separator: "/").count < 3 {
                    if !add(parent + "/" + String(decoding: nameBytes, as: UTF8.self)) { isBroken = true }
                }
            }
        }
        if changed { generation &+= 1 }
        return isBroken ? nil : generation
    }

    /// Whether this process's statfs says `path` is on a local file system (not NFS, SMB/CIFS,
    /// FUSE or a cluster file system: inotify reports only changes made through this kernel).
    private static func isLocalFileSystem(_ path: String) -> Bool {
        var buffer = [UInt64](repeating: 0, count: 32)   // struct statfs: f_type is its first field
        guard buffer.withUnsafeMutableBytes({ c_statfs(path, $0.baseAddress!) }) == 0 else { return false }
        // NFS, SMB, CIFS, SMB2, FUSE, 9P, Ceph, AFS, Coda, OCFS2, GFS2, Lustre, GPFS.
        let remote: Swift.Set<UInt64> = [0x6969, 0x517B, 0xFF53_4D42, 0xFE53_4D42, 0x6573_5546, 0x0102_1997, 0x00C3_6400, 0x5346_414F,
                                         0x7375_7245, 0x7461_636F, 0x0116_1970, 0x0BD0_0BD0, 0x4750_4653]
        return !remote.contains(buffer[0] & 0xFFFF_FFFF)
    }
    #else
    private init?(files: StoreFiles) { nil }
    private func readEvents() -> UInt64? { nil }
    #endif

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
            guard !isBroken, unchanged.generation == generation, !unchanged.files.isEmpty,
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
            guard !isBroken, generation == self.generation else { return }
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
            guard !isBroken, generation == self.generation else { return }
            approved = (generation, hash)
        }
    }
}

#if os(Linux)
@_silgen_name("statfs")
private func c_statfs(_ path: UnsafePointer<CChar>, _ buffer: UnsafeMutableRawPointer) -> Int32
#endif
