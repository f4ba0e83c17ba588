/// A liftlog store: a folder of JSON files that holds one person's training log.
///
/// `Store` is the persistence layer an app embeds. Every method reads the files it needs,
/// and every change is written atomically and durably before the method returns, under an
/// advisory lock so that two processes writing at once never lose an update.
///
/// ```swift
/// let store = try Store.create(at: "/path/to/log")
/// _ = try store.startSession()
/// _ = try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5x3"], defaultUnit: .kg))
/// let session = try store.finish(feel: 4)
/// ```
public struct Store: Sendable {
    /// Injected dependencies: the file system, the clock and the ID generator.
    public struct Environment: Sendable {
        /// The file system seam (tests and benchmarks substitute their own).
        package var fileSystem: any FileSystem
        /// The current time, in the UTC offset new timestamps get (the machine's zone by default).
        public var now: @Sendable () -> Timestamp
        /// New session IDs.
        public var makeSessionID: @Sendable () -> Session.ID
        /// New exercise and plan IDs.
        public var makeUUID: @Sendable () -> String
        /// How long to wait for another process's lock, in seconds.
        public var lockTimeout: Double

        /// The real file system, clock and random IDs.
        public static var live: Environment {
            Environment(
                fileSystem: PosixFileSystem(), now: { Timestamp.now() }, makeSessionID: { Session.ID.random() },
                makeUUID: { randomUUIDString() },
                lockTimeout: 10)
        }

        package init(fileSystem: any FileSystem, now: @escaping @Sendable () -> Timestamp, makeSessionID: @escaping @Sendable () -> Session.ID, makeUUID: @escaping @Sendable () -> String, lockTimeout: Double) {
            self.fileSystem = fileSystem
            self.now = now
            self.makeSessionID = makeSessionID
            self.makeUUID = makeUUID
            self.lockTimeout = lockTimeout
        }

        /// ``now``, in nanoseconds since 1970: the clock by which files and folders changed in
        /// the last two seconds are told apart (``FileStatus/isSettled(_:now:)``).
        package var nanosecondsNow: @Sendable () -> Int64 {
            let now = self.now
            return { now().millisecondsSince1970 * 1_000_000 }
        }

        /// A fixed clock and predictable IDs, for tests and reproducible scripts.
        public static func fixed(now: Timestamp) -> Environment {
            let counter = Counter()
            var environment = Environment.live
            environment.now = { now }
            environment.makeSessionID = { Session.ID(uncheckedRawValue: counter.nextUUID()) }
            environment.makeUUID = { counter.nextUUID() }
            return environment
        }
    }

    /// The unit of a new store when none is asked for.
    public static let defaultUnit = WeightUnit.kg

    /// The file name of the manifest at the root of every store.
    public static let manifestFileName = "liftlog.json"
    static let lockPath = ".liftlog/lock"
    static let activePointerPath = ".liftlog/active"

    /// The absolute path of the store folder.
    public var root: String { files.root }
    /// The format version and preferences.
    public private(set) var manifest: StoreManifest
    /// The user's preferences (preferred unit, first day of the week).
    public var preferences: StoreManifest.Preferences { manifest.preferences }
    package let files: StoreFiles
    package let environment: Environment
    /// What the latest read through this store (or a copy of it) left out.
    let readNotes = ReadNotes()

    /// The session files the latest read through this store left out because they do not
    /// read, each as `path:line:column: message`, newest first: what a caller shows beside an
    /// answer built from many sessions (a report, statistics, the calendar, the history), so
    /// that a broken file is never left out silently (`liftlog check` says more of each).
    /// Empty when every session file reads.
    public var skippedSessionFiles: [String] { readNotes.skippedFiles }

    /// ``skippedSessionFiles``, or `nil` when no read through this store has looked at the
    /// session files (its answers rest on none of them).
    package var skippedSessionFilesIfRead: [String]? { readNotes.skippedFilesIfRead }

    init(files: StoreFiles, manifest: StoreManifest, environment: Environment) {
        self.files = files
        self.manifest = manifest
        self.environment = environment
    }

    /// Opens the store at `path`, an absolute path.
    ///
    /// - Throws: `NOT_FOUND` when there is no store there, `VALIDATION_ERROR` when the path is
    ///   a file, `CORRUPT_FILE` when the manifest is unreadable or of a newer format version.
    public static func open(at path: String, environment: Environment = .live) throws(LiftLogError) -> Store {
        let files = StoreFiles(root: try absolutePath(path), fileSystem: environment.fileSystem, now: environment.nanosecondsNow)
        switch try files.status("") {
        case nil:
            throw .notFound("No liftlog store at '\(path)'.", remedy: .createStore(path: path))
        case let status? where status.kind != .directory:
            throw .validation("The store path '\(path)' is a file, not a folder.")
        default:
            break
        }
        guard let manifest = try files.loadKeepingSettled(manifestFileName, as: StoreManifest.self) else {
            throw .notFound("No liftlog store at '\(path)' (no \(manifestFileName)).", remedy: .createStore(path: path))
        }
        let store = Store(files: files, manifest: manifest, environment: environment)
        // A change a crash interrupted is completed before anything reads the files (taking
        // the lock completes it; a writer holding it now completes its own change first).
        if files.hasInterruptedChanges {
            try? store.withLock { () throws(LiftLogError) in }
        }
        return store
    }

    /// Creates a store at `path` (the folder may exist), writes its `.gitignore`,
    /// `.gitattributes` and JSON Schemas (see ``StoreSchemas``), and with `seed` loads the
    /// default exercise library.
    ///
    /// - Throws: `CONFLICT` when a store already exists there, `VALIDATION_ERROR` when the
    ///   path is a file, `IO_ERROR` when it cannot be written.
    public static func create(at path: String, unit: WeightUnit = Store.defaultUnit, seed: Bool = true, environment: Environment = .live) throws(LiftLogError) -> Store {
        let files = StoreFiles(root: try absolutePath(path), fileSystem: environment.fileSystem, now: environment.nanosecondsNow)
        if let status = try files.status("") {
            guard status.kind == .directory else { throw .validation("The store path '\(path)' is a file, not a folder.") }
            if try files.status(manifestFileName) != nil {
                throw .conflict("A liftlog store already exists at '\(path)'.")
            }
        } else {
            try makeParents(of: files.root, fileSystem: environment.fileSystem)
        }
        let manifest = StoreManifest(preferences: StoreManifest.Preferences(unit: unit))
        let store = Store(files: files, manifest: manifest, environment: environment)
        for folder in ["exercises", "plans", "sessions", ".liftlog"] { try files.ensureDirectory(folder) }
        try files.writeDurably(Array(".liftlog/\n".utf8), to: ".gitignore")
        try files.writeDurably(Array("*.json text eol=lf merge=liftlog\n".utf8), to: ".gitattributes")
        if seed { _ = try store.seed(from: DefaultExercises.json, path: "DefaultExercises.json") }
        try store.installSchemas()
        // The manifest last: a store interrupted while being created is not a store yet.
        try files.save(manifest, to: manifestFileName)
        return store
    }

    /// The same store, waiting at most `seconds` for another process's lock (`0`: not at all).
    public func waitingForLock(atMost seconds: Double) -> Store {
        var environment = self.environment
        environment.lockTimeout = max(0, seconds)
        return Store(files: files, manifest: manifest, environment: environment)
    }

    /// The same store opened again: with the preferences its manifest holds now (after a
    /// ``StoreChange`` with new ``StoreChange/preferences``, say).
    ///
    /// - Throws: what ``open(at:environment:)`` throws.
    public func reopened() throws(LiftLogError) -> Store {
        try Store.open(at: root, environment: environment)
    }

    private static func makeParents(of path: String, fileSystem: any FileSystem) throws(LiftLogError) {
        var built = ""
        for component in path.split(separator: "/") {
            built += "/" + component
            do {
                if try fileSystem.status(built) == nil { try fileSystem.makeDirectory(built, mode: 0o755) }
            } catch {
                if error.errno == .fileExists { continue }
                throw StoreFiles(root: path, fileSystem: fileSystem).ioError(error)
            }
        }
    }

    /// `path` without `.`, `..` and repeated slashes.
    ///
    /// - Throws: `VALIDATION_ERROR` for a relative path: the library never guesses a folder from
    ///   the working directory, which in an app is not where its documents are (it is `/` in an
    ///   iOS app). The CLI resolves relative paths against the folder it runs in.
    static func absolutePath(_ path: String) throws(LiftLogError) -> String {
        guard path.hasPrefix("/") else {
            throw .validation("The store path '\(path)' is relative; give the full path of the store's folder.")
        }
        return normalize(path)
    }

    /// Removes `.` and `..` and repeated slashes lexically.
    static func normalize(_ path: String) -> String {
        // A server opens its store for every request, by a path that is normal already.
        if isNormal(path) { return path }
        var parts: [String] = []
        for component in path.split(separator: "/") {
            if component == "." { continue }
            if component == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(String(component))
        }
        var normalized = ""
        for part in parts { normalized += "/" + part }
        return normalized.isEmpty ? "/" : normalized
    }

    /// Whether `path` is what ``normalize(_:)`` makes of it: absolute, no empty, `.` or `..`
    /// component, no slash at the end (but for `/` itself).
    static func isNormal(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return false }
        guard bytes.count > 1 else { return true }
        var length = 0, onlyDots = true
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (onlyDots && length <= 2) { return false }
                length = 0
                onlyDots = true
            } else {
                length += 1
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
        }
        return length > 0 && !(onlyDots && length <= 2)
    }

    // MARK: Locking

    /// Runs `body` holding the store's exclusive lock.
    ///
    /// - Throws: `CONFLICT` when another process holds the lock longer than the timeout.
    package func withLock<T>(_ body: () throws(LiftLogError) -> T) throws(LiftLogError) -> T {
        if Store.lockHolders.holds(files.root) {
            if files.hasInterruptedChanges { try files.recoverInterruptedChanges() }
            return try body()
        }
        guard let descriptor = try acquireLock(timeout: environment.lockTimeout) else { throw lockTimedOut }
        defer { releaseLock(descriptor) }
        if files.hasInterruptedChanges { try files.recoverInterruptedChanges() }
        return try body()
    }

    /// What a call that waited ``Environment/lockTimeout`` for another process's lock reports.
    package var lockTimedOut: LiftLogError {
        .conflict("Another liftlog process has been writing to this store for over \(JSONNumber(environment.lockTimeout).text) s; try again when it has finished.")
    }

    /// The threads holding each store's lock: the store's calls a holder makes take it as held.
    static let lockHolders = LockHolders()

    /// Runs `body` holding the lock, and runs it again (reading the files again) when its
    /// write found that someone else changed the file after `body` read it: a hand edit, a
    /// sync or a `git checkout` is kept, and the change is applied on top of it. After three
    /// such collisions in a row the error (`CONFLICT`) is reported and nothing is written.
    package func withLockRereadingOnOutsideChange<T>(_ body: () throws(LiftLogError) -> T) throws(LiftLogError) -> T {
        try withLock { () throws(LiftLogError) -> T in
            var attempt = 1
            while true {
                do throws(LiftLogError) {
                    return try body()
                } catch {
                    guard attempt < 3, case .conflict(_, .runAgain?) = error else { throw error }
                    attempt += 1
                }
            }
        }
    }

    /// Runs `body` with the lock when it is free now (or within `wait` seconds); `body` learns
    /// whether it has it. A lock just released can look held for a moment, while a process
    /// spawned elsewhere shares the descriptor between fork and exec.
    /// (An app's task waits for the lock by calling this again after a sleep.)
    package func withLockIfFree<T>(wait: Double = 0, _ body: (Bool) throws(LiftLogError) -> T) throws(LiftLogError) -> T {
        if Store.lockHolders.holds(files.root) { return try body(true) }
        let descriptor = try? acquireLock(timeout: wait)
        defer { if let descriptor { releaseLock(descriptor) } }
        return try body(descriptor != nil)
    }

    /// Takes the store's lock: first among this process's threads (they sleep until it is
    /// free), then the file lock that other processes see. Release with ``releaseLock(_:)``.
    private func acquireLock(timeout: Double) throws(LiftLogError) -> FileDescriptor? {
        let start = monotonicSeconds()
        let threads = Store.processLocks.lock(for: files.root)
        guard threads.acquire(timeout: timeout) else { return nil }
        let descriptor: FileDescriptor?
        do throws(LiftLogError) {
            try files.ensureDirectory(".liftlog")
            files.setAsideIfNotAFile(Store.lockPath)
            let remaining = max(0, timeout - (monotonicSeconds() - start))
            do throws(SystemError) {
                descriptor = try environment.fileSystem.lockExclusively(files.absolute(Store.lockPath), timeout: remaining)
            } catch {
                throw files.ioError(error)
            }
        } catch {
            threads.release()
            throw error
        }
        if descriptor == nil { threads.release() } else { Store.lockHolders.enter(files.root) }
        return descriptor
    }

    private func releaseLock(_ descriptor: FileDescriptor) {
        Store.lockHolders.leave(files.root)
        environment.fileSystem.close(descriptor)
        Store.processLocks.lock(for: files.root).release()
    }

    /// The in-process half of each store's lock, by root.
    static let processLocks = TimedLockTable()

    // MARK: Time

    /// Now, from the injected clock.
    package func currentTimestamp() -> Timestamp {
        environment.now()
    }
}

/// Which stores' locks each thread holds, by the thread.
final class LockHolders: @unchecked Sendable {
    private let lock = Mutex()
    private var held: [UInt: [String]] = [:]

    func enter(_ root: String) { lock.withLock { held[LockHolders.thread, default: []].append(root) } }

    func leave(_ root: String) {
        lock.withLock {
            let thread = LockHolders.thread
            guard let last = held[thread]?.lastIndex(of: root) else { return }
            held[thread]!.remove(at: last)
            if held[thread]!.isEmpty { held[thread] = nil }
        }
    }

    func holds(_ root: String) -> Bool {
        lock.withLock { held.isEmpty ? false : held[LockHolders.thread]?.contains(root) == true }
    }

    private static var thread: UInt { Threads.current }
}

/// A thread-safe counter for predictable IDs.
final class Counter: @unchecked Sendable {
    private let lock = Mutex()
    private var value = 0

    func nextUUID() -> String {
        lock.withLock {
            value += 1
            let digits = String(value, radix: 16)
            return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
        }
    }
}
