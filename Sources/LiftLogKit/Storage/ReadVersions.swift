/// What each store file was when this store last read it, so that a write never replaces a
/// file someone else changed after that read.
///
/// Editors, Dropbox and git do not take liftlog's lock: a hand edit can land between a
/// command reading the active session and renaming its new version over it. Every document
/// read through ``StoreFiles/load(_:as:)`` records the file's identity (inode, size,
/// modification and status-change time); ``StoreFiles/writeAtomically(_:to:durable:)``
/// compares the file with that record right before the rename, and refuses with
/// ``StoreFiles/changedOutside(_:)`` when it differs. The caller then reads again and re-applies
/// its change (``Store/withLockRereadingOnOutsideChange(_:)``).
package final class ReadVersions: @unchecked Sendable {
    private let lock = Mutex()
    private var versions: [String: FileStatus] = [:]
    /// A digest of the bytes read, for a file whose identity did not vouch for them (changed
    /// within the last two seconds: ``FileStatus/settledIdentity(now:)``). An editor's two saves in
    /// one tick of the file system's clock can give the second file the first one's inode,
    /// size and times; only the bytes tell them apart.
    private var digests: [String: UInt64] = [:]

    private let now: @Sendable () -> Int64

    package init(now: @escaping @Sendable () -> Int64) { self.now = now }

    /// Records what `relative` was when it was read (`nil`: it did not exist), and the `bytes`
    /// read from it.
    package func record(_ relative: String, _ status: FileStatus?, bytes: [UInt8]? = nil) {
        let digest = bytes.flatMap { status?.settledIdentity(now: now()) == nil ? ReadVersions.digest($0) : nil }
        lock.withLock {
            versions[relative] = status ?? FileStatus.absent
            digests[relative] = digest
        }
    }

    /// What `relative` was when it was last read or written here, or `nil` when this store
    /// has not read it.
    package func version(of relative: String) -> FileStatus? {
        lock.withLock { versions[relative] }
    }

    /// The digest of the bytes read from `relative`, when its identity alone does not tell.
    package func digest(of relative: String) -> UInt64? {
        lock.withLock { digests[relative] }
    }

    package func forget(_ relative: String) {
        lock.withLock {
            _ = versions.removeValue(forKey: relative)
            _ = digests.removeValue(forKey: relative)
        }
    }

    /// FNV-1a, 64 bits: a change of the bytes is all it must tell.
    package static func digest(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

extension FileStatus {
    /// Stands for "there was no file" in a record of what was read.
    static let absent = FileStatus(kind: .other, size: -1, modificationNanoseconds: -1, inode: 0, mode: 0, changeNanoseconds: -1)

    /// Whether two statuses describe the same version of a file's contents.
    func isSameVersion(as other: FileStatus?) -> Bool {
        guard let other else { return self == .absent }
        return kind == other.kind && identity == other.identity
    }

    /// Whether `other` is this very version of the file moved to another name: a rename or a
    /// swap sets the status-change time, so only the inode, size and modification time tell.
    func isSameVersionMoved(as other: FileStatus?) -> Bool {
        guard let other else { return self == .absent }
        return kind == other.kind && inode == other.inode && size == other.size && modificationNanoseconds == other.modificationNanoseconds
    }
}
