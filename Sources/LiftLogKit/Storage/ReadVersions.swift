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

    package init() {}

    /// Records what `relative` was when it was read (`nil`: it did not exist).
    package func record(_ relative: String, _ status: FileStatus?) {
        lock.withLock { versions[relative] = status ?? FileStatus.absent }
    }

    /// What `relative` was when it was last read or written here, or `nil` when this store
    /// has not read it.
    package func version(of relative: String) -> FileStatus? {
        lock.withLock { versions[relative] }
    }

    package func forget(_ relative: String) {
        lock.withLock { _ = versions.removeValue(forKey: relative) }
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
}
