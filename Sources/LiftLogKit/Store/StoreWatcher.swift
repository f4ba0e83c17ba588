#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What changed in a store's files since the last ``StoreWatcher/next(timeout:)``: by this
/// process, another process (the `liftlog` tool, a sync) or a hand in an editor.
public struct StoreChange: Hashable, Sendable {
    /// The sessions whose files were added, changed or removed.
    public var sessions: Set<Session.ID> = []
    /// Whether the active session may have changed: a session that is (or was) active changed,
    /// one started, or one was finished or discarded.
    public var activeSession = false
    /// Whether any exercise of the library was added, changed or removed.
    public var exercises = false
    /// Whether any training plan (or mesocycle) was added, changed or removed.
    public var plans = false
    /// Whether any body entry (a weigh-in, measurements) was added, changed or removed.
    public var bodyEntries = false
    /// The store's preferences, when they changed (`liftlog.json`); reopen the store (or
    /// ``Store/reopened()``) for its answers to follow them.
    public var preferences: StoreManifest.Preferences?
    /// Every file of the store that changed, by its path in the store, sorted: a session file
    /// that does not read (a hand edit under way) is here without its ID in ``sessions``.
    public var paths: [String] = []

    /// A change of nothing (filled in as changes are found).
    public init() {}

    /// Whether nothing changed.
    public var isEmpty: Bool { paths.isEmpty }
}

/// Reports what changes in a store's files, as it changes, for an app that shows them.
///
/// On Linux on a local file system the kernel reports each change (inotify), and a change is
/// reported some 20 ms after the last write of a burst (a `liftlog log` writes several files);
/// elsewhere, and on a network file system, the watcher compares the folders every
/// ``pollInterval`` seconds. Either way what it reports comes from comparing each changed
/// folder's files (inode, size, times) with what it saw before, so a report is never a guess:
/// a file rewritten with the same bytes is reported, a folder touched with nothing changed is
/// not. It reads no file but those that changed (a session's ID and status are in its file).
///
/// Call ``next(timeout:)`` from one thread (or task) at a time; it blocks. `LiftLogFoundation`
/// offers the same as an `AsyncSequence`, `store.changes()`.
public final class StoreWatcher: @unchecked Sendable {
    private let lock = Mutex()
    private let files: StoreFiles
    private var watch: FolderWatch?
    /// The files of each watched folder as last seen.
    private var seen: [String: [String: FileIdentity]] = [:]
    /// Each session file's ID and status as last read.
    private var sessions: [String: (id: Session.ID, status: Session.Status)] = [:]
    private var preferences: StoreManifest.Preferences

    /// How often the folders are compared where the kernel does not report changes.
    public static let pollInterval = 0.25
    /// How long a burst of writes is waited out before it is reported.
    static let quietPeriod = 0.015
    /// The most a report of the first write of a burst waits for the burst to end.
    static let longestBurst = 0.1

    /// Starts watching `store`'s files: what changes after this call is reported.
    ///
    /// - Throws: `IO_ERROR` when the store's folders cannot be read.
    public convenience init(store: Store) throws(LiftLogError) {
        try self.init(store: store, kernelReports: true)
    }

    /// With `kernelReports: false`, the folders are compared every ``pollInterval`` even where
    /// the kernel could report changes (tests of the fallback).
    package init(store: Store, kernelReports: Bool) throws(LiftLogError) {
        files = store.files
        preferences = store.preferences
        watch = kernelReports ? FolderWatch(files: files, folder: "", watching: StoreWatcher.isWatchedFolder) : nil
        // The sessions' IDs come from the index (which reads only what changed since it was
        // last brought up to date), so that a session file removed later is reported by its ID.
        try store.withFreshIndex(holdingLock: false) { (index: SessionIndex) throws(LiftLogError) in
            try index.forEachSummaryNewestFirst { (summary: SessionSummary) throws(LiftLogError) -> Bool in
                sessions[summary.path] = (summary.id, summary.status)
                return true
            }
        }
        var ignored = StoreChange()
        scan("", into: &ignored)
    }

    /// Waits at most `timeout` seconds for a change, and returns it; `nil` when nothing changed
    /// in that time.
    public func next(timeout: Double) -> StoreChange? {
        lock.withLock {
            let deadline = monotonicSeconds() + max(0, timeout)
            while true {
                var change = StoreChange()
                if let watch {
                    guard watch.wait(seconds: deadline - monotonicSeconds()) else { return nil }
                    var folders = watch.reportedFolders()
                    let first = monotonicSeconds()
                    while folders != nil, monotonicSeconds() - first < StoreWatcher.longestBurst,
                          watch.wait(seconds: StoreWatcher.quietPeriod) {
                        guard let more = watch.reportedFolders() else { folders = nil; break }
                        folders!.formUnion(more)
                    }
                    if let folders {
                        // Parents first, so that a folder removed is dealt with once.
                        for folder in folders.sorted() where seen[folder] != nil { scan(folder, into: &change) }
                    } else {
                        // The kernel can no longer vouch for anything: compare the folders from now on.
                        self.watch = nil
                        scanAll(into: &change)
                    }
                } else {
                    scanAll(into: &change)
                    if change.isEmpty {
                        let left = deadline - monotonicSeconds()
                        guard left > 0 else { return nil }
                        usleep(useconds_t(min(left, StoreWatcher.pollInterval) * 1_000_000))
                        continue
                    }
                }
                if !change.isEmpty {
                    change.paths.sort()
                    return change
                }
                if monotonicSeconds() >= deadline { return nil }
            }
        }
    }

    /// Whether the watcher is told of changes by the kernel (else it compares the folders).
    public var hasKernelReports: Bool { lock.withLock { watch != nil } }

    // MARK: Comparing the folders

    /// Compares every folder with what was seen, parents first.
    private func scanAll(into change: inout StoreChange) {
        scan("", into: &change)
        for folder in seen.keys.sorted() where !folder.isEmpty && seen[folder] != nil { scan(folder, into: &change) }
    }

    /// Compares the folder `folder` (and the watched folders below it) with what was seen.
    private func scan(_ folder: String, into change: inout StoreChange) {
        let entries = (try? files.list(folder)) ?? []
        var names: [String] = []
        var present: Set<String> = []
        for entry in entries {
            let child = folder.isEmpty ? entry.name : folder + "/" + entry.name
            if entry.kind != .directory, StoreWatcher.isWatchedFile(folder: folder, name: entry.name) { names.append(entry.name) }
            if entry.kind != .regular, StoreWatcher.isWatchedFolder(child) {
                present.insert(child)
                if seen[child] == nil { scan(child, into: &change) }
            }
        }
        var now: [String: FileIdentity] = [:]
        let statuses = folder.isEmpty ? names.map { try? files.status($0) } : (try? files.statuses(in: folder, names: names)) ?? []
        for (name, status) in zip(names, statuses) {
            if let status, status.kind != .directory { now[name] = status.identity }
        }
        let before = seen[folder] ?? [:]
        seen[folder] = now
        for name in Set(before.keys).union(now.keys) where before[name] != now[name] {
            changed(folder.isEmpty ? name : folder + "/" + name, into: &change)
        }
        // A folder gone: everything in it is.
        for gone in seen.keys where StoreWatcher.isChild(gone, of: folder) && !present.contains(gone) { forget(gone, into: &change) }
    }

    private func forget(_ folder: String, into change: inout StoreChange) {
        for child in seen.keys where StoreWatcher.isChild(child, of: folder) { forget(child, into: &change) }
        for name in (seen[folder] ?? [:]).keys { changed(folder + "/" + name, into: &change) }
        seen[folder] = nil
    }

    /// Notes that the file at `path` was added, changed or removed.
    private func changed(_ path: String, into change: inout StoreChange) {
        change.paths.append(path)
        switch path.split(separator: "/").first {
        case "sessions"?:
            let before = sessions[path]
            let after = (try? files.load(path, as: Session.self)).map { (id: $0.id, status: $0.status) }
            sessions[path] = after
            for known in [before, after] {
                guard let known else { continue }
                change.sessions.insert(known.id)
                if known.status == .active { change.activeSession = true }
            }
        case Store.exercisesFolder?:
            change.exercises = true
        case Store.plansFolder?:
            change.plans = true
        case Store.bodyFolder?:
            change.bodyEntries = true
        default:
            // The manifest: what an app follows of it is the preferences.
            guard let manifest = try? files.load(Store.manifestFileName, as: StoreManifest.self),
                  manifest.preferences != preferences else { return }
            preferences = manifest.preferences
            change.preferences = manifest.preferences
        }
    }

    /// The folders of a store whose files are reported: `exercises`, `plans`, `body/YYYY` and
    /// `sessions/YYYY/MM` (and the root, for the manifest).
    static func isWatchedFolder(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/")
        switch parts.count {
        case 1: return [Store.exercisesFolder, Store.plansFolder, Store.bodyFolder, "sessions"].contains(String(parts[0]))
        case 2: return (parts[0] == "sessions" || parts[0] == Store.bodyFolder) && isNumber(parts[1], digits: 4)
        case 3: return parts[0] == "sessions" && isNumber(parts[1], digits: 4) && isNumber(parts[2], digits: 2)
        default: return false
        }
    }

    private static func isWatchedFile(folder: String, name: String) -> Bool {
        if folder.isEmpty { return name == Store.manifestFileName }
        if folder.hasPrefix("sessions/") { return SessionIndex.isSessionFileName(name) }
        return StoreLayout.isStoreFile(folder + "/" + name)
    }

    private static func isNumber(_ text: Substring, digits: Int) -> Bool {
        text.utf8.count == digits && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Whether `relative` is a folder right inside `folder` (`""`: the root).
    private static func isChild(_ relative: String, of folder: String) -> Bool {
        guard !relative.isEmpty else { return false }
        guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else { return folder.isEmpty }
        return relative[..<slash] == folder
    }
}
