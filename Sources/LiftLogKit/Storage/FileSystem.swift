/// What the store needs from the file system, as a seam: ``PosixFileSystem`` is the real one;
/// tests substitute one that fails chosen operations to prove that a failure at any step
/// changes nothing.
///
/// Paths are absolute. Every method reports failure as ``SystemError``.
package protocol FileSystem: Sendable {
    /// Opens (and with `create`, creates) a file for writing, truncating it. Never follows a
    /// symbolic link in the last component.
    func openForWriting(_ path: String, create: Bool, mode: UInt32) throws(SystemError) -> FileDescriptor
    func write(_ descriptor: FileDescriptor, _ bytes: [UInt8], path: String) throws(SystemError)
    func synchronize(_ descriptor: FileDescriptor, path: String) throws(SystemError)
    func setMode(_ descriptor: FileDescriptor, _ mode: UInt32, path: String) throws(SystemError)
    func close(_ descriptor: FileDescriptor)
    /// Writes `bytes` over the start of the file at `path` (created if needed) and cuts it to
    /// their length, without replacing its blocks: for small caches rewritten often, whose
    /// rewrite must not add to the next flush of other files. Not atomic, not flushed.
    func overwrite(_ path: String, with bytes: [UInt8]) throws(SystemError)
    func rename(_ source: String, to destination: String) throws(SystemError)
    /// Swaps the files at `first` and `second` in one step (both must exist). Fails with
    /// `EINVAL`, `ENOTSUP` or `ENOSYS` (``SystemError/cannotExchange``) where the file system
    /// or the platform cannot.
    func exchange(_ first: String, _ second: String) throws(SystemError)
    /// Makes `destination` a second name (hard link) of the file `source`.
    func link(_ source: String, to destination: String) throws(SystemError)
    func removeFile(_ path: String) throws(SystemError)
    func removeDirectory(_ path: String) throws(SystemError)
    func makeDirectory(_ path: String, mode: UInt32) throws(SystemError)
    /// Opens a directory and flushes its entries to disk.
    func synchronizeDirectory(_ path: String) throws(SystemError)
    /// Reads a whole regular file; refuses files over `limit` bytes and anything not a regular file.
    func readFile(_ path: String, limit: Int) throws(SystemError) -> [UInt8]
    /// The status of `path` without following a final symbolic link, or `nil` when nothing is there.
    func status(_ path: String) throws(SystemError) -> FileStatus?
    /// The status of each of `names` inside the folder `path` (a name, or a path below it such
    /// as `MM/NAME`), in order, as ``status(_:)`` gives it (`nil` where nothing is there): one
    /// call, cheaper than a `status` per name.
    func statuses(in path: String, names: [String]) throws(SystemError) -> [FileStatus?]
    /// The entries of a directory, without `.` and `..`, in no particular order.
    func listDirectory(_ path: String) throws(SystemError) -> [DirectoryEntry]
    /// Takes an exclusive advisory lock on `path` (created if needed), waiting at most `timeout`
    /// seconds. Returns the descriptor that holds it; closing it releases the lock.
    func lockExclusively(_ path: String, timeout: Double) throws(SystemError) -> FileDescriptor?
}

extension FileSystem {
    package func statuses(in path: String, names: [String]) throws(SystemError) -> [FileStatus?] {
        var found: [FileStatus?] = []
        for name in names { found.append(try status(path + "/" + name)) }
        return found
    }
}

/// A failed system call: which operation, on which path, and `errno`.
package struct SystemError: Error, Equatable, Sendable {
    package var operation: String
    package var path: String
    package var errorNumber: Int32

    package init(operation: String, path: String, errorNumber: Int32) {
        self.operation = operation
        self.path = path
        self.errorNumber = errorNumber
    }
}

/// What `stat` says of a path.
package struct FileStatus: Equatable, Sendable {
    package enum Kind: Sendable { case regular, directory, symbolicLink, other }
    package var kind: Kind
    package var size: Int64
    /// Modification time in nanoseconds since 1970.
    package var modificationNanoseconds: Int64
    package var inode: UInt64
    /// Permission bits.
    package var mode: UInt32
    /// Status-change time (`ctime`) in nanoseconds since 1970: set by the system on every
    /// change of the file, and unlike the modification time it cannot be set back by hand
    /// (`touch -r`, `rsync -t`, `cp -p`).
    package var changeNanoseconds: Int64

    package init(kind: Kind, size: Int64, modificationNanoseconds: Int64, inode: UInt64, mode: UInt32, changeNanoseconds: Int64? = nil) {
        self.kind = kind
        self.size = size
        self.modificationNanoseconds = modificationNanoseconds
        self.inode = inode
        self.mode = mode
        self.changeNanoseconds = changeNanoseconds ?? modificationNanoseconds
    }

    /// What tells whether a folder's entries changed: its status-change time, which every
    /// added, removed or renamed entry moves and nobody can set back.
    package var folderTime: Int64 { kind == .directory ? changeNanoseconds : -1 }

    /// What identifies this version of the file's content.
    package var identity: FileIdentity {
        FileIdentity(inode: inode, size: size, modificationNanoseconds: modificationNanoseconds, changeNanoseconds: changeNanoseconds)
    }

    /// The identity of a regular file whose status-change time is over two seconds past, which
    /// vouches for its bytes: a file seen again with this very identity holds what a read made
    /// after this `stat` found. Any change since the `stat` (a write in place, a rename over
    /// it, even one that got the freed inode back) set the status-change time to the present,
    /// read from a clock that ticks at least every two seconds, and so to a later time; nobody
    /// can set it back. A file changed less than two seconds before `now` (nanoseconds since
    /// 1970 on the store's clock) has none: a second change within the same tick could leave
    /// every field as it was, so only its bytes tell.
    package func settledIdentity(now: Int64) -> FileIdentity? {
        guard kind == .regular, FileStatus.isSettled(changeNanoseconds, now: now) else { return nil }
        return identity
    }

    /// Whether a time the file system stamped (a file's or a folder's status change) lies far
    /// enough before `now` that a later change would stamp a later time: the one rule by which
    /// a file's identity vouches for its bytes and a folder's time for its entries.
    package static func isSettled(_ time: Int64, now: Int64) -> Bool {
        time < now - settlingNanoseconds
    }

    /// How long after its last change a file's identity vouches for its bytes.
    package static let settlingNanoseconds: Int64 = 2_000_000_000
}

/// What identifies one version of a file's content, as `git status` tells an unchanged file:
/// the same inode, size, modification time and status-change time. A rename over the file
/// changes the inode, a write the times, and the status-change time cannot be set back by hand
/// (`touch -r`, `cp -p`), so a file with the same identity was not written since.
package struct FileIdentity: Equatable, Sendable {
    package var inode: UInt64
    package var size: Int64
    package var modificationNanoseconds: Int64
    package var changeNanoseconds: Int64

    package init(inode: UInt64, size: Int64, modificationNanoseconds: Int64, changeNanoseconds: Int64) {
        self.inode = inode
        self.size = size
        self.modificationNanoseconds = modificationNanoseconds
        self.changeNanoseconds = changeNanoseconds
    }
}

/// One name in a directory.
package struct DirectoryEntry: Equatable, Sendable {
    package enum Kind: Sendable { case regular, directory, other, unknown }
    package var name: String
    package var inode: UInt64
    package var kind: Kind
}
