import LiftLogKit

/// The real file system, noting what the store does through it: the files read, the names
/// looked at (`stat`) in batches, and the links made and folders flushed. What tests of a
/// cache or an index count ("nothing read again", "no file looked at").
package final class RecordingFileSystem: FileSystemWrapper, @unchecked Sendable {
    package let base: any FileSystem = PosixFileSystem()
    private let lock = Mutex()
    private var readPaths: [String] = []
    private var lookedAt: [String] = []
    private var links = 0
    private var folderFlushes = 0
    private var locks = 0

    package init() {}

    /// How many reads of a file whose absolute path passes `test`.
    package func reads(where test: (String) -> Bool) -> Int { lock.withLock { readPaths.filter(test).count } }

    /// How many names were looked at in batches (``FileSystem/statuses(in:names:)``).
    package var namesLookedAt: Int { lock.withLock { lookedAt.count } }

    /// The names ending in `suffix` looked at in batches since the last call, forgotten now.
    package func takeNamesLookedAt(endingIn suffix: String) -> [String] {
        lock.withLock {
            defer { lookedAt = [] }
            return lookedAt.filter { $0.hasSuffix(suffix) }
        }
    }

    /// How many second names were given (`link`), and folders flushed.
    package var linkCount: Int { lock.withLock { links } }
    package var folderFlushCount: Int { lock.withLock { folderFlushes } }

    /// How many times the store's lock file was locked since the last call, forgotten now.
    package func takeLocksTaken() -> Int {
        lock.withLock {
            defer { locks = 0 }
            return locks
        }
    }

    package func lockExclusively(_ path: String, timeout: Double) throws(SystemError) -> FileDescriptor? {
        lock.withLock { locks += 1 }
        return try base.lockExclusively(path, timeout: timeout)
    }

    package func readFile(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
        lock.withLock { readPaths.append(path) }
        return try base.readFile(path, limit: limit)
    }

    package func statuses(in path: String, names: [String]) throws(SystemError) -> [FileStatus?] {
        lock.withLock { lookedAt += names }
        return try base.statuses(in: path, names: names)
    }

    package func link(_ source: String, to destination: String) throws(SystemError) {
        lock.withLock { links += 1 }
        try base.link(source, to: destination)
    }

    package func synchronizeDirectory(_ path: String) throws(SystemError) {
        lock.withLock { folderFlushes += 1 }
        try base.synchronizeDirectory(path)
    }
}
