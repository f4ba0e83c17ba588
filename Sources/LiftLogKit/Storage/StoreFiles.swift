/// The files of one store, addressed by paths relative to its root.
///
/// Every write goes through ``writeDurably(_:to:)``: a temporary file in the same folder,
/// flushed, renamed over the target, and the folder flushed, so a crash at any instant leaves
/// the old file or the new one, never a torn one. Relative paths are checked so that no value
/// can point outside the store.
package struct StoreFiles: Sendable {
    /// The absolute path of the store root, without a trailing slash.
    package let root: String
    package let fileSystem: any FileSystem
    /// The store's clock in nanoseconds since 1970 (the environment's, injected in tests), by
    /// which a file changed in the last two seconds is told apart (``FileStatus/isSettled(_:now:)``).
    package let now: @Sendable () -> Int64
    /// What each file was when it was last read through this value (shared by its copies).
    package let versions: ReadVersions

    /// Larger files are refused as corrupt rather than read into memory.
    package static let maximumFileSize = 16 * 1024 * 1024
    /// The suffix of our temporary files; leftovers of a crashed write are removed. It ends in
    /// `.nosync`, as Foundation's are, so iCloud Drive never uploads a file half-written.
    package static let temporarySuffix = ".liftlog-tmp.nosync"
    /// The suffix of the second name a replaced file keeps until its replacement is on disk.
    package static let backupSuffix = ".liftlog-old.nosync"
    /// The suffixes earlier versions gave the same files: still recognised (and cleaned up).
    package static let earlierSuffixes = [".liftlog-tmp", ".liftlog-old"]

    package init(root: String, fileSystem: any FileSystem = PosixFileSystem(), now: @escaping @Sendable () -> Int64 = wallClockNanoseconds) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.fileSystem = fileSystem
        self.now = now
        self.versions = ReadVersions(now: now)
    }

    /// The absolute path of `relative`.
    package func absolute(_ relative: String) -> String {
        guard !relative.isEmpty else { return root }
        // Made in one allocation (`root + "/" + relative` makes two strings).
        var path = ""
        path.reserveCapacity(root.utf8.count + 1 + relative.utf8.count)
        path += root
        path += "/"
        path += relative
        return path
    }

    /// Whether `relative` is a plain path inside the store: no empty, `.` or `..` components,
    /// not absolute, no NUL.
    package static func isSafeRelativePath(_ relative: String) -> Bool {
        safeComponentCount(relative) != nil
    }

    /// The number of components of `relative` when it is a plain path inside the store (see
    /// ``isSafeRelativePath(_:)``), else `nil`. Read as contiguous bytes: called for every file
    /// a command touches, and for every session a report uses.
    static func safeComponentCount(_ relative: String) -> Int? {
        if let count = relative.utf8.withContiguousStorageIfAvailable(safeComponentCount) { return count }
        var copy = relative
        return copy.withUTF8(safeComponentCount)
    }

    private static func safeComponentCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var components = 1
        var component = 0      // length of the current component
        var dots = 0           // how many of its bytes are dots
        for byte in bytes {
            switch byte {
            case 0: return nil
            case 0x2F: // "/"
                if component == 0 || component == dots && dots <= 2 { return nil }
                components += 1
                component = 0
                dots = 0
            case 0x2E: // "."
                component += 1
                dots += 1
            default:
                component += 1
            }
        }
        return component > 0 && !(component == dots && dots <= 2) ? components : nil
    }

    /// `name` of a temporary file standing for `name` while it is written.
    package static func temporaryName(for name: String) -> String {
        "." + name + temporarySuffix
    }

    /// Whether `name` is one of our temporary files (or a backup name left by a crash), of
    /// this version or an earlier one.
    package static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && (name.hasSuffix(temporarySuffix) || name.hasSuffix(backupSuffix) || earlierSuffixes.contains { name.hasSuffix($0) })
    }

    /// The absolute path of `relative`, refused unless it is a plain path inside the store.
    package func checked(_ relative: String) throws(LiftLogError) -> String {
        guard StoreFiles.isSafeRelativePath(relative) else {
            throw .internal("refused a path outside the store: \(relative)")
        }
        return absolute(relative)
    }

    /// Refuses to write a file that the reader would refuse (larger than 16 MB).
    package static func checkSize(of bytes: [UInt8], for relative: String) throws(LiftLogError) {
        guard bytes.count <= StoreFiles.maximumFileSize else {
            throw .validation("\(relative) would be \(bytes.count / 1024 / 1024) MB; liftlog reads store files up to \(StoreFiles.maximumFileSize / 1024 / 1024) MB, so nothing was written.")
        }
    }

    /// Refuses to read or write through a folder of the store that is a symbolic link (it could
    /// lead outside the store) or not a folder. Missing folders are fine.
    private func checkParents(of relative: String) throws(LiftLogError) {
        // Each folder's path is the text before one of the slashes (cut, not split and joined
        // again: this runs for every file a command reads or writes).
        for slash in relative.utf8.indices where relative.utf8[slash] == UInt8(ascii: "/") {
            let built = String(relative[..<slash])
            let status: FileStatus?
            do { status = try fileSystem.status(absolute(built)) } catch { throw ioError(error) }
            guard let status else { return }
            guard status.kind == .directory else {
                let what = status.kind == .symbolicLink ? "is a symbolic link; liftlog reads and writes only inside the store" : "should be a folder but is not"
                throw .corruptFile([FileProblem(path: built, line: 0, column: 0, message: what, hint: "Replace it with a real folder.")])
            }
        }
    }

    /// Checks that the folder `relative` and the folders above it are real folders of the store
    /// (not links), as a read or a listing does, once for the files in it.
    package func checkFolder(_ relative: String) throws(LiftLogError) {
        _ = try checked(relative)
        try checkParents(of: relative + "/-")
    }

    /// The error of a write that found its file changed by someone else since it was read.
    package static func changedOutside(_ relative: String) -> LiftLogError {
        .conflict("\(relative) changed outside liftlog while this command was saving it; nothing was written.", remedy: .runAgain)
    }

    /// Turns a system error into the user-facing error, naming the path relative to the store.
    package func ioError(_ error: SystemError, changed: Bool = false) -> LiftLogError {
        var path = error.path
        if path.hasPrefix(root + "/") { path.removeFirst(root.count + 1) }
        return .io(path: path, operation: error.operation, reason: Errno(rawValue: error.errorNumber).description, nothingChanged: !changed)
    }

    // MARK: Reading

    /// The bytes of `relative`, or `nil` when there is no such file.
    ///
    /// - Throws: `CORRUPT_FILE` when it is not a regular file or is too large; `IO_ERROR` when
    ///   it cannot be read.
    ///
    /// With `parentsChecked`, the caller has just looked at the folders above the file (by
    /// listing its folder, or ``checkFolder(_:)``), and each is not looked at again: reading a
    /// month's files one by one would `stat` `sessions`, its year and its month for every file.
    /// The file itself is still opened without following a link.
    package func read(_ relative: String, parentsChecked: Bool = false) throws(LiftLogError) -> [UInt8]? {
        let path = try checked(relative)
        if !parentsChecked { try checkParents(of: relative) }
        if StoreFiles.isOwn(relative), setAsideIfNotAFile(relative) { return nil }
        do {
            return try fileSystem.readFile(path, limit: StoreFiles.maximumFileSize)
        } catch {
            switch error.errno {
            case .noSuchFileOrDirectory, .notDirectory: return nil
            case .isDirectory, .invalidArgument:
                throw .corruptFile([FileProblem(path: relative, line: 0, column: 0, message: "is not a regular file", hint: "Move it out of the store.")])
            case .fileTooLarge:
                throw .corruptFile([FileProblem(path: relative, line: 0, column: 0, message: "is larger than \(StoreFiles.maximumFileSize / 1024 / 1024) MB; a store file never is", hint: "Move it out of the store.")])
            case .tooManySymbolicLinkLevels:
                throw .corruptFile([FileProblem(path: relative, line: 0, column: 0, message: "is a symbolic link; the store holds only regular files", hint: "Replace the link with the file itself.")])
            default: throw ioError(error)
            }
        }
    }

    /// The status of `relative`, or `nil`, its folders checked first as ``read(_:parentsChecked:)``
    /// checks them: what tells a cache of the file whether its bytes need reading again.
    package func checkedStatus(_ relative: String, parentsChecked: Bool = false) throws(LiftLogError) -> FileStatus? {
        if !parentsChecked { try checkParents(of: relative) }
        return try status(relative)
    }

    /// The status of `relative`, or `nil`.
    package func status(_ relative: String) throws(LiftLogError) -> FileStatus? {
        let path = relative.isEmpty ? root : try checked(relative)
        do { return try fileSystem.status(path) } catch { throw ioError(error) }
    }

    /// The status of each of `names` in the folder `relative`, in order (`nil` where nothing is there).
    package func statuses(in relative: String, names: [String]) throws(LiftLogError) -> [FileStatus?] {
        try statuses(in: relative, paths: names, components: 1)
    }

    /// The status of each of `subpaths`, `FOLDER/NAME` below the folder `relative`, in order
    /// (`nil` where nothing is there): the files of many month folders of a year with one
    /// open of the year's folder. Only the last component is not followed if it is a link;
    /// callers compare the result with what they recorded of a file, and a month folder that
    /// is a link is refused when the months are compared with the index.
    package func statuses(in relative: String, subpaths: [String]) throws(LiftLogError) -> [FileStatus?] {
        try statuses(in: relative, paths: subpaths, components: 2)
    }

    /// `paths` below the checked folder `relative`, each exactly `components` safe components
    /// (checked on their bytes: called for every session a report uses).
    private func statuses(in relative: String, paths: [String], components: Int) throws(LiftLogError) -> [FileStatus?] {
        let path = try checked(relative)
        for inner in paths {
            guard StoreFiles.safeComponentCount(inner) == components else {
                throw .internal("refused a path outside the store: \(relative)/\(inner)")
            }
        }
        do { return try fileSystem.statuses(in: path, names: paths) } catch { throw ioError(error) }
    }

    /// The entries of a folder, without our temporary files; empty when it does not exist.
    ///
    /// With `parentsChecked`, the caller has just looked at the folder and the folders above it
    /// (as ``read(_:parentsChecked:)``). With `removingLeftovers` (only while holding the store
    /// lock), our temporary files found in the listing are removed (what
    /// ``removeLeftoverTemporaryFiles(in:)`` asks for).
    package func list(_ relative: String, parentsChecked: Bool = false, removingLeftovers: Bool = false) throws(LiftLogError) -> [DirectoryEntry] {
        let path = relative.isEmpty ? root : try checked(relative)
        if !relative.isEmpty && !parentsChecked { try checkParents(of: relative + "/-") }
        do {
            let entries = try fileSystem.listDirectory(path)
            var kept: [DirectoryEntry] = []
            kept.reserveCapacity(entries.count)
            for entry in entries {
                guard StoreFiles.isTemporary(entry.name) else { kept.append(entry); continue }
                if removingLeftovers { try? fileSystem.removeFile(path + "/" + entry.name) }
            }
            return kept
        } catch {
            if error.errno == .noSuchFileOrDirectory || error.errno == .notDirectory { return [] }
            throw ioError(error)
        }
    }

    // MARK: Writing

    /// Creates the folder `relative` and any missing parents, flushing each new entry.
    package func ensureDirectory(_ relative: String) throws(LiftLogError) {
        var built = ""
        for component in relative.split(separator: "/") {
            let parent = built
            built = built.isEmpty ? String(component) : built + "/" + String(component)
            let path = try checked(built)
            do {
                if let status = try fileSystem.status(path) {
                    guard status.kind == .directory else {
                        let what = status.kind == .symbolicLink ? "is a symbolic link; liftlog reads and writes only inside the store" : "should be a folder but is a file"
                        throw LiftLogError.corruptFile([FileProblem(path: built, line: 0, column: 0, message: what, hint: status.kind == .symbolicLink ? "Replace it with a real folder." : "Move the file out of the store.")])
                    }
                    continue
                }
                try fileSystem.makeDirectory(path, mode: 0o755)
                try fileSystem.synchronizeDirectory(absolute(parent))
            } catch let error as SystemError {
                if error.errno == .fileExists { continue }
                throw ioError(error)
            } catch let error as LiftLogError {
                throw error
            } catch {
                throw .internal("\(error)")
            }
        }
    }

    /// Replaces `relative` with `bytes` atomically; with `durable`, the new contents are on disk
    /// when this returns. Keeps the permissions of the file it replaces.
    ///
    /// The sequence: write a temporary file in the same folder and flush it; swap it with the
    /// old file in one step (``FileSystem/exchange(_:_:)``), so that the old file keeps the
    /// temporary name; flush the folder; look at what came out; drop it. A failure at any step
    /// puts the old file back (or removes the new one), so the store holds exactly what it held
    /// before. Where the file system cannot swap (or for a file that is new), the old file is
    /// given a second name, the temporary file renamed over it, and the folder flushed.
    ///
    /// A file this store has read (``ReadVersions``) is replaced only if it is still the version
    /// read: what came out of the swap is that version, or theirs is swapped back and
    /// ``changedOutside(_:)`` thrown, so that the caller reads it again and makes its change on
    /// top. No change saved by an editor, a sync or `git checkout` before the swap is lost,
    /// however late it lands (RELIABILITY.md says what remains where a swap is not possible).
    ///
    /// - Throws: `IO_ERROR` when any step fails; the old file is then untouched and no
    ///   temporary file is left.
    ///
    /// With `parentsChecked`, the caller has just made sure of the folders above the file
    /// (``ensureDirectory(_:)`` or ``checkFolder(_:)``) for a run of writes into one folder.
    package func writeAtomically(_ bytes: [UInt8], to relative: String, durable: Bool = true, parentsChecked: Bool = false) throws(LiftLogError) {
        let path = try checked(relative)
        // Never write a file that the reader would refuse.
        try StoreFiles.checkSize(of: bytes, for: relative)
        if !parentsChecked { try checkParents(of: relative) }
        let slash = path.lastIndex(of: "/")!
        let folder = String(path[..<slash])
        let name = String(path[path.index(after: slash)...])
        let temporary = folder + "/" + StoreFiles.temporaryName(for: name)
        // Where the old file keeps a second name until the change is on disk, when not swapped.
        let backup = folder + "/." + name + StoreFiles.backupSuffix
        let expected = versions.version(of: relative)
        var existing: FileStatus?
        // The new file's own status, when it was swapped in: the old file is then at `temporary`.
        var swappedIn: FileStatus?
        do {
            existing = try fileSystem.status(path)
            if let kind = existing?.kind, kind != .regular, StoreFiles.isOwn(relative), setAsideIfNotAFile(relative) { existing = nil }
            if let existing, existing.kind != .regular {
                throw LiftLogError.corruptFile([FileProblem(path: relative, line: 0, column: 0, message: "is not a regular file", hint: "Move it out of the store.")])
            }
            try fill(try fileSystem.openForWriting(temporary, create: true, mode: 0o644), at: temporary, with: bytes, mode: existing?.mode, durable: durable)
            // Replace only the version this store read: a hand edit, a sync or a `git checkout`
            // that landed since then is never overwritten blindly.
            if let expected, !expected.isSameVersion(as: try fileSystem.status(path)) {
                try? fileSystem.removeFile(temporary)
                throw StoreFiles.changedOutside(relative)
            }
            if durable, existing != nil, let new = try fileSystem.status(temporary), try swap(temporary, path) {
                swappedIn = new
            } else {
                if durable && existing != nil { try giveSecondName(path, backup) }
                try fileSystem.rename(temporary, to: path)
            }
        } catch let error as SystemError {
            try? fileSystem.removeFile(temporary)
            if durable { try? fileSystem.removeFile(backup) }
            throw ioError(SystemError(operation: "write", path: path, errorNumber: error.errorNumber))
        } catch let error as LiftLogError {
            throw error
        } catch {
            throw .internal("\(error)")
        }
        // What came out of the swap must be the version read, even if a change landed between
        // the look above and the swap; looked at at once, so that this store's version is in
        // place for microseconds only when it has to go back.
        if let new = swappedIn, let expected, !isVersionRead(relative, expected, movedTo: temporary) {
            try swapBack(temporary, path, new: new, relative: relative)
        }
        guard durable else {
            versions.forget(relative)
            return
        }
        let old = swappedIn != nil ? temporary : backup
        do {
            try fileSystem.synchronizeDirectory(folder)
        } catch {
            // The new name may not be on disk: put the old file back, as it was.
            if existing != nil { try? fileSystem.rename(old, to: path) } else { try? fileSystem.removeFile(path) }
            try? fileSystem.synchronizeDirectory(folder)
            throw ioError(error)
        }
        if existing != nil { try? fileSystem.removeFile(old) }
        // A second name a killed write left, unused by a swap.
        if swappedIn != nil { try? fileSystem.removeFile(backup) }
        // What is there now is this store's own version.
        if expected != nil { versions.record(relative, try? fileSystem.status(path), bytes: bytes) }
    }

    /// Whether the file now at `path` is the version of `relative` this store read (`expected`),
    /// moved there: the same inode, size and modification time, and the same bytes where
    /// those do not vouch for them (``ReadVersions/digest(of:)``).
    private func isVersionRead(_ relative: String, _ expected: FileStatus, movedTo path: String) -> Bool {
        guard expected.isSameVersionMoved(as: try? fileSystem.status(path)) else { return false }
        guard let digest = versions.digest(of: relative) else { return true }
        guard let bytes = try? fileSystem.readFile(path, limit: StoreFiles.maximumFileSize) else { return false }
        return ReadVersions.digest(bytes) == digest
    }

    /// Swaps the files at `first` and `second`; `false` when the file system cannot.
    private func swap(_ first: String, _ second: String) throws(SystemError) -> Bool {
        do {
            try fileSystem.exchange(first, second)
            return true
        } catch {
            if error.cannotExchange { return false }
            throw error
        }
    }

    /// The file that came out of a swap at `path` is not the version this store read: someone
    /// changed it after the read. Swaps it back, drops this store's new file and throws
    /// ``changedOutside(_:)`` (the caller reads theirs and makes its change again). Should yet
    /// another version have replaced this store's file meanwhile, that one keeps the name and
    /// the one it replaced is kept beside as a conflict copy for `liftlog resolve`.
    private func swapBack(_ temporary: String, _ path: String, new: FileStatus, relative: String) throws(LiftLogError) {
        let folder = String(path[..<path.lastIndex(of: "/")!])
        do {
            try fileSystem.exchange(temporary, path)
        } catch {
            // Theirs goes back by a plain rename instead; this store's file is dropped.
            try? fileSystem.rename(temporary, to: path)
            try? fileSystem.synchronizeDirectory(folder)
            throw ioError(error)
        }
        do { try fileSystem.synchronizeDirectory(folder) } catch { throw ioError(error) }
        if let outcome = try? fileSystem.status(temporary), !new.isSameVersionMoved(as: outcome) {
            // The newest save keeps the name, as a sync tool leaves it; the one it replaced
            // goes beside it.
            _ = try? swap(temporary, path)
            let dot = relative.lastIndex(of: ".") ?? relative.endIndex
            let copy = relative[..<dot] + " (conflicted copy \(outcome.inode))" + relative[dot...]
            try? fileSystem.rename(temporary, to: absolute(String(copy)))
            try? fileSystem.synchronizeDirectory(folder)
            throw .conflict("\(relative) was changed twice by another program while this command saved it; nothing was written. The newest version keeps its name; the one it replaced is kept beside it as \(copy).", remedy: .resolveConflicts)
        } else {
            try? fileSystem.removeFile(temporary)
        }
        throw StoreFiles.changedOutside(relative)
    }

    // MARK: liftlog's own files

    /// Whether `relative` is one of liftlog's own files, under `.liftlog/`: caches, the journal,
    /// the lock, none of them the user's data.
    package static func isOwn(_ relative: String) -> Bool { relative.hasPrefix(".liftlog/") }

    /// Where the notes of things set aside are kept.
    package static let setAsideNotesPath = ".liftlog/set-aside.txt"

    /// Moves what is at `relative`, one of liftlog's own files, out of the way when it is not a
    /// regular file (a FIFO, a device, a socket, a folder, a symbolic link): it is never opened,
    /// so a FIFO cannot make a command wait forever. It keeps its name with
    /// `.set-aside-SECONDS` added, a line in `.liftlog/set-aside.txt` says what it was and when,
    /// and the file is made again as if it had been missing. Whether something was moved.
    @discardableResult
    package func setAsideIfNotAFile(_ relative: String) -> Bool {
        guard let status = try? status(relative), status.kind != .regular else { return false }
        let seconds = wallClockNanoseconds() / 1_000_000_000
        let moved = relative + ".set-aside-\(seconds)"
        guard (try? fileSystem.rename(absolute(relative), to: absolute(moved))) != nil else { return false }
        let what = switch status.kind {
        case .directory: "a folder"
        case .symbolicLink: "a symbolic link"
        default: "a special file (a FIFO, a socket or a device)"
        }
        let note = "\(moved): was \(what) where liftlog keeps a file of its own, moved aside unopened at \(seconds) s after 1970; liftlog made the file again. Remove it when you like.\n"
        let notes = ((try? fileSystem.readFile(absolute(StoreFiles.setAsideNotesPath), limit: 1 << 20)) ?? []) + Array(note.utf8)
        try? writeAtomically(notes, to: StoreFiles.setAsideNotesPath, durable: false)
        return true
    }

    /// Overwrites a small cache file in place (no temporary file, no rename, no flush): for
    /// records whose loss or truncation costs nothing but a note (``Store``'s acknowledged sets).
    package func overwriteCache(_ bytes: [UInt8], to relative: String) {
        guard let path = try? checked(relative), (try? checkParents(of: relative)) != nil else { return }
        if StoreFiles.isOwn(relative) { setAsideIfNotAFile(relative) }
        try? fileSystem.overwrite(path, with: bytes)
    }

    /// Writes `bytes` through `descriptor` (just opened on `path`), gives the file `mode`,
    /// flushes it when `durable`, and closes it, whatever happens.
    private func fill(_ descriptor: FileDescriptor, at path: String, with bytes: [UInt8], mode: UInt32?, durable: Bool) throws(SystemError) {
        defer { fileSystem.close(descriptor) }
        if let mode { try fileSystem.setMode(descriptor, mode, path: path) }
        try fileSystem.write(descriptor, bytes, path: path)
        if durable { try fileSystem.synchronize(descriptor, path: path) }
    }

    /// Gives the file at `path` the second name `backup`, which keeps it until a change is on
    /// disk. A second name left by a killed write is removed only when it is in the way.
    private func giveSecondName(_ path: String, _ backup: String) throws(SystemError) {
        do {
            try fileSystem.link(path, to: backup)
        } catch where error.errno == .fileExists {
            try? fileSystem.removeFile(backup)
            try fileSystem.link(path, to: backup)
        }
    }

    /// ``writeAtomically(_:to:durable:)`` with durability: the store's one way to save data.
    package func writeDurably(_ bytes: [UInt8], to relative: String) throws(LiftLogError) {
        try writeAtomically(bytes, to: relative, durable: true)
    }

    /// Removes `relative` durably; no error when it is already gone. The file keeps a second
    /// name until the folder is flushed, so a failure at any step leaves it where it was.
    package func remove(_ relative: String) throws(LiftLogError) {
        let path = try checked(relative)
        let slash = path.lastIndex(of: "/")!
        let folder = String(path[..<slash])
        let backup = folder + "/." + String(path[path.index(after: slash)...]) + StoreFiles.backupSuffix
        do {
            guard try fileSystem.status(path) != nil else { return }
            try giveSecondName(path, backup)
        } catch {
            throw ioError(SystemError(operation: "remove", path: path, errorNumber: error.errorNumber))
        }
        do {
            try fileSystem.removeFile(path)
            try fileSystem.synchronizeDirectory(folder)
        } catch {
            if (try? fileSystem.status(path)) == nil { try? fileSystem.rename(backup, to: path) } else { try? fileSystem.removeFile(backup) }
            try? fileSystem.synchronizeDirectory(folder)
            if error.errno == .noSuchFileOrDirectory { return }
            throw ioError(SystemError(operation: "remove", path: path, errorNumber: error.errorNumber))
        }
        try? fileSystem.removeFile(backup)
        versions.forget(relative)
    }

    /// Removes the cache file `relative` (the index's, rebuilt from the store's files at any
    /// time): a plain unlink, with no second name and no flush of its folder. No error when it
    /// is already gone.
    package func removeCache(_ relative: String) throws(LiftLogError) {
        let path = try checked(relative)
        do {
            try fileSystem.removeFile(path)
        } catch {
            if error.errno == .noSuchFileOrDirectory { return }
            throw ioError(SystemError(operation: "remove", path: path, errorNumber: error.errorNumber))
        }
        versions.forget(relative)
    }

    /// Writes `bytes` to `target` and removes `source`, as one change (``apply(_:)``): both
    /// happen or neither, even across a crash.
    package func move(_ bytes: [UInt8], from source: String, to target: String) throws(LiftLogError) {
        try apply([.write(target, bytes), .remove(source)])
    }

    /// Removes our temporary files left in `relative` by a writer that crashed. Call only while
    /// holding the store lock, when no write of ours can be in progress.
    package func removeLeftoverTemporaryFiles(in relative: String) {
        _ = try? list(relative, parentsChecked: true, removingLeftovers: true)
    }

    /// Removes the temporary file and backup name a crashed write of `relative` left.
    package func removeLeftoverTemporaryFile(of relative: String) {
        for sibling in temporarySiblings(of: relative) where (try? fileSystem.status(sibling)) != nil {
            try? fileSystem.removeFile(sibling)
        }
    }

    /// Whether a crashed write of `relative` left a temporary file or backup name (two `stat`s).
    package func hasLeftoverTemporaryFile(of relative: String) -> Bool {
        temporarySiblings(of: relative).contains { (try? fileSystem.status($0)) != nil }
    }

    private func temporarySiblings(of relative: String) -> [String] {
        guard let path = try? checked(relative), let slash = path.lastIndex(of: "/") else { return [] }
        let folder = String(path[..<slash]), name = String(path[path.index(after: slash)...])
        return [folder + "/" + StoreFiles.temporaryName(for: name), folder + "/." + name + StoreFiles.backupSuffix]
            + StoreFiles.earlierSuffixes.map { folder + "/." + name + $0 }
    }
}
