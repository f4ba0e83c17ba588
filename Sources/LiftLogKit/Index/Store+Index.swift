extension Store {
    /// Runs `body` on an index brought up to date with the files. With the lock (held by the
    /// caller, or free now) the refreshed index is written back; without it, it is used from
    /// memory only.
    package func withFreshIndex<T>(holdingLock: Bool, written: [String: IndexRecord] = [:], _ body: (SessionIndex) throws(LiftLogError) -> T) throws(LiftLogError) -> T {
        func makeIndex(_ canWrite: Bool) -> SessionIndex {
            let index = SessionIndex(files: files, unit: preferences.unit, now: environment.now)
            index.holdsLock = canWrite
            index.written = written
            return index
        }
        func run(_ canWrite: Bool) throws(LiftLogError) -> T {
            let index = makeIndex(canWrite)
            if canWrite && index.needsRebuild {
                try index.rebuild()
            } else {
                try index.refresh()
            }
            let result = try body(index)
            readNotes.note(index)
            if canWrite {
                let changed = index.hasChanges
                try? index.persist()
                // A write killed at the wrong instant can leave a temporary file or a backup
                // name in these folders; with the lock held, none of ours is under way. A read
                // looks once per process (a server answers many) and after any change.
                if holdingLock || changed || Store.leftoversChecked.insert(files.root) {
                    for folder in ["", Store.exercisesFolder, "plans"] { files.removeLeftoverTemporaryFiles(in: folder) }
                }
            }
            return result
        }
        if holdingLock { return try run(true) }
        // A process that watches the folders (`liftlog serve`) reads without the lock while the
        // index needs no writing, as it does whenever another of its threads holds the lock:
        // four system calls fewer for every request. When the folders changed, the read below
        // takes the lock and writes what it finds; when the answer itself found something to
        // write (a file edited in place), it is given, and the next read takes the lock. The
        // first read of the process takes it, to look for leftover temporary files.
        if SessionsWatch.watching(files.root) != nil && Store.leftoversChecked.contains(files.root) && !Store.lockedReadWanted.contains(files.root) {
            let index = makeIndex(false)
            if !index.needsRebuild {
                try index.refresh()
                if !index.hasChanges {
                    let result = try body(index)
                    readNotes.note(index)
                    if index.hasChanges { Store.lockedReadWanted.insert(files.root) }
                    return result
                }
            }
        }
        return try withLockIfFree { (haveLock: Bool) throws(LiftLogError) -> T in
            let result = try run(haveLock)
            if haveLock { Store.lockedReadWanted.remove(files.root) }
            return result
        }
    }

    /// Calls `body` with every readable session's summary, newest first, until it returns
    /// `false`: for an answer read from the newest sessions back that stops early (the last
    /// time an exercise was done, today's plan day, the recent exercises). Each month is looked
    /// at when the walk reaches it, so `body` sees what the files say, a session edited in
    /// place included; the months it does not reach are not looked at, and nothing is written
    /// (the next command that reads the whole index writes what changed).
    ///
    /// - Complexity: a `stat` of the `sessions` folder and of each year's, then of each month
    ///   folder reached and of its files; only the files of a month that changed are read,
    ///   but for those `written` gives (``WrittenSessions``) that are still as written.
    package func forEachSummaryNewestFirst(written: [String: IndexRecord] = [:], _ body: (SessionSummary) throws(LiftLogError) -> Bool) throws(LiftLogError) {
        let index = SessionIndex(files: files, unit: preferences.unit, now: environment.now)
        guard !index.needsRebuild else {
            return try withFreshIndex(holdingLock: false, written: written) { (index: SessionIndex) throws(LiftLogError) in try index.forEachVerifiedSummaryNewestFirst(body) }
        }
        index.written = written
        try index.refresh(lookingAtMonths: false)
        try index.forEachVerifiedSummaryNewestFirst(body)
        readNotes.note(index)
    }

    /// Brings the index up to date with the files now, building it when there is none, so that
    /// the next read need not: for a long-running process as it starts (`liftlog serve`, whose
    /// first page would otherwise wait for the index of a fresh clone). Every read does this
    /// itself; it is never needed for a right answer. Written back when the lock is free.
    public func prepareIndex() throws(LiftLogError) {
        try withFreshIndex(holdingLock: false) { _ throws(LiftLogError) in }
    }

    /// Watches this store's session folders for the rest of the process (Linux, on a local file
    /// system), so that reads stop comparing every month folder with the index while nothing
    /// changes; for a long-running process such as `liftlog serve`. Whether the watch could be
    /// set up (when it could not, every read compares the folders, as without it).
    @discardableResult
    package func watchSessionFolders() -> Bool {
        SessionsWatch.start(files: files)
    }

    /// The stores whose folders a read of this process has cleaned of leftover temporary files.
    static let leftoversChecked = PathSet()

    /// The stores whose next read in this process takes the lock: a read without it found
    /// something for the index to write.
    static let lockedReadWanted = PathSet()

    /// Brings the index up to date after a write (the caller holds the lock). The index is a
    /// cache: when it cannot be written, the data already saved stands and the next command
    /// refreshes the index, so a failure here does not fail the command.
    ///
    /// `written`: records of session files the caller has just written (``WrittenSessions``),
    /// which the refresh takes instead of reading those files again.
    func updateIndex(written: [String: IndexRecord] = [:]) {
        try? withFreshIndex(holdingLock: true, written: written) { _ throws(LiftLogError) in }
    }
}

/// The index records of the session files a command writes, for ``Store/updateIndex(written:)``:
/// made from the session in memory and the file's status right after the write. Bounded, so
/// that a long import does not hold a record of every session: past the bound, the refresh
/// reads the remaining files as it would anyway.
struct WrittenSessions {
    private(set) var records: [String: IndexRecord] = [:]
    static let limit = 4_096

    /// Notes `session`, just saved at `path` (one `stat`); a file that cannot be looked at is
    /// left to the refresh.
    mutating func add(_ session: Session, at path: String, files: StoreFiles, unit: WeightUnit) {
        guard records.count < WrittenSessions.limit else { return }
        add(SessionSummary(session, path: path, unit: unit), at: path, files: files)
    }

    /// Notes the session `summary` describes, just saved at `path` (one `stat`).
    mutating func add(_ summary: SessionSummary, at path: String, files: StoreFiles) {
        guard let status = try? files.status(path) else { return }
        add(summary, at: path, status: status)
    }

    /// Notes the session `summary` describes, whose file at `path` had `status` when written.
    mutating func add(_ summary: SessionSummary, at path: String, status: FileStatus) {
        guard records.count < WrittenSessions.limit else { return }
        let fileName = String(path.split(separator: "/").last ?? "")
        records[path] = IndexRecord(fileName: fileName, status: status, summary: summary)
    }
}

/// What the latest read through a store left out, for ``Store/skippedSessionFiles``: shared by
/// the copies of a `Store` value, and by the threads that use them.
final class ReadNotes: @unchecked Sendable {
    private let lock = Mutex()
    /// `nil` until a read through the store looked at the session files.
    private var skipped: [String]?

    var skippedFiles: [String] { lock.withLock { skipped ?? [] } }

    /// The files left out, or `nil` when no read through the store has looked at the session
    /// files yet (its answers rest on none of them).
    var skippedFilesIfRead: [String]? { lock.withLock { skipped } }

    /// Notes the session files `index` holds as unreadable: a look at each month's count of
    /// them, and the index lines of the few months that have one.
    func note(_ index: SessionIndex) {
        let found = (try? index.corruptFiles().map(\.problem)) ?? []
        lock.withLock { skipped = found }
    }
}

/// A set of paths shared by the threads of a process.
final class PathSet: @unchecked Sendable {
    private let lock = Mutex()
    private var paths: Swift.Set<String> = []

    /// Adds `path`; whether it was not there yet.
    @discardableResult
    func insert(_ path: String) -> Bool { lock.withLock { paths.insert(path).inserted } }

    func remove(_ path: String) { _ = lock.withLock { paths.remove(path) } }

    func contains(_ path: String) -> Bool { lock.withLock { paths.contains(path) } }
}
