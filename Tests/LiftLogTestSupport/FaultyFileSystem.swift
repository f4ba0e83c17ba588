#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogKit

/// The real file system, except that the Nth write-side operation fails with a chosen `errno`:
/// the seam through which tests prove that a failure at any step changes nothing.
package final class FaultyFileSystem: FileSystem, @unchecked Sendable {
    /// The operations that can fail.
    package enum Operation: String, CaseIterable, Sendable {
        case open, write, fsync, setMode, link, rename, exchange, remove, makeDirectory, directoryFsync, lock
    }

    private let base = PosixFileSystem()
    private let failAt: Int
    private let errorNumber: Int32
    private let lock = Mutex()
    private var counted = 0
    private var failure: (Operation, String)?

    /// Whether every operation from `failAt` on fails too: nothing more reaches the disk, as
    /// when the process is killed or the machine stops at that step.
    private let crash: Bool

    /// Fails operation number `failAt` (from 1) with `errorNumber`; `Int.max` fails none. With
    /// `crash`, every later operation fails as well.
    package init(failAt: Int, errorNumber: Int32, crash: Bool = false) {
        self.failAt = failAt
        self.errorNumber = errorNumber
        self.crash = crash
    }

    /// How many operations ran (or were attempted).
    package var operations: Int { lock.withLock { counted } }
    /// The operation that was made to fail, if any.
    package var failed: (operation: Operation, path: String)? { lock.withLock { failure } }

    private func tick(_ operation: Operation, _ path: String) throws(SystemError) {
        let fail: Bool = lock.withLock {
            counted += 1
            if counted == failAt { failure = (operation, path); return true }
            return crash && counted > failAt
        }
        if fail { throw SystemError(operation: operation.rawValue, path: path, errorNumber: errorNumber) }
    }

    package func openForWriting(_ path: String, create: Bool, mode: UInt32) throws(SystemError) -> FileDescriptor {
        try tick(.open, path)
        return try base.openForWriting(path, create: create, mode: mode)
    }
    package func write(_ descriptor: FileDescriptor, _ bytes: [UInt8], path: String) throws(SystemError) {
        try tick(.write, path)
        try base.write(descriptor, bytes, path: path)
    }
    package func synchronize(_ descriptor: FileDescriptor, path: String) throws(SystemError) {
        try tick(.fsync, path)
        try base.synchronize(descriptor, path: path)
    }
    package func setMode(_ descriptor: FileDescriptor, _ mode: UInt32, path: String) throws(SystemError) {
        try tick(.setMode, path)
        try base.setMode(descriptor, mode, path: path)
    }
    package func close(_ descriptor: FileDescriptor) { base.close(descriptor) }
    package func overwrite(_ path: String, with bytes: [UInt8]) throws(SystemError) {
        try tick(.write, path)
        try base.overwrite(path, with: bytes)
    }
    package func rename(_ source: String, to destination: String) throws(SystemError) {
        try tick(.rename, destination)
        try base.rename(source, to: destination)
    }
    package func exchange(_ first: String, _ second: String) throws(SystemError) {
        try tick(.exchange, second)
        try base.exchange(first, second)
    }
    package func link(_ source: String, to destination: String) throws(SystemError) {
        try tick(.link, source)
        try base.link(source, to: destination)
    }
    package func removeFile(_ path: String) throws(SystemError) {
        try tick(.remove, path)
        try base.removeFile(path)
    }
    package func removeDirectory(_ path: String) throws(SystemError) { try base.removeDirectory(path) }
    package func makeDirectory(_ path: String, mode: UInt32) throws(SystemError) {
        try tick(.makeDirectory, path)
        try base.makeDirectory(path, mode: mode)
    }
    package func synchronizeDirectory(_ path: String) throws(SystemError) {
        try tick(.directoryFsync, path)
        try base.synchronizeDirectory(path)
    }
    package func readFile(_ path: String, limit: Int) throws(SystemError) -> [UInt8] { try base.readFile(path, limit: limit) }
    package func status(_ path: String) throws(SystemError) -> FileStatus? { try base.status(path) }
    package func listDirectory(_ path: String) throws(SystemError) -> [DirectoryEntry] { try base.listDirectory(path) }
    package func lockExclusively(_ path: String, timeout: Double) throws(SystemError) -> FileDescriptor? {
        try tick(.lock, path)
        return try base.lockExclusively(path, timeout: timeout)
    }
}

/// Copies a folder tree (for a fresh copy of a prepared store per case).
public func copyTree(_ source: String, to destination: String) {
    makeDirectories(destination)
    for entry in listEntries(source) {
        let from = source + "/" + entry.name, to = destination + "/" + entry.name
        if entry.isDirectory { copyTree(from, to: to) } else if let bytes = readBytes(from) { writeBytes(bytes, to: to) }
    }
}

/// The real file system, except that at a chosen step of liftlog's write of a file whose path
/// ends with `suffix`, the first `count` times, `edit` changes that file the way an editor, a
/// sync or `git checkout` does, without liftlog's lock: the race between a command's read and
/// its write, made certain.
package final class EditingBeforeRenameFileSystem: FileSystemWrapper, @unchecked Sendable {
    /// When the edit lands.
    package enum Moment: Sendable {
        /// While liftlog flushes its new version in a temporary file beside the target (the
        /// slow step between its read and its rename).
        case flush
        /// At the very instant liftlog puts its new version in place: after any look it takes
        /// at the file beforehand, right before its swap (or rename).
        case replace
    }

    package let base: any FileSystem = PosixFileSystem()
    private let target: String
    private let moment: Moment
    private let canExchange: Bool
    private let edit: @Sendable (String) -> Void
    private let lock = Mutex()
    private var remaining: Int

    /// With `canExchange: false`, the file system cannot swap two files (as some network and
    /// FUSE file systems cannot), and liftlog falls back to its check and rename.
    package init(suffix: String, count: Int = 1, at moment: Moment = .flush, canExchange: Bool = true, edit: @escaping @Sendable (String) -> Void) {
        self.target = suffix
        self.remaining = count
        self.moment = moment
        self.canExchange = canExchange
        self.edit = edit
    }

    private var name: String { target.split(separator: "/").last.map(String.init) ?? target }

    /// Edits `path` if it is the target and edits remain.
    private func editIfTarget(_ path: String) {
        let due: Bool = lock.withLock {
            guard remaining > 0, path.hasSuffix("/" + name) else { return false }
            remaining -= 1
            return true
        }
        if due { edit(path) }
    }

    package func synchronize(_ descriptor: FileDescriptor, path: String) throws(SystemError) {
        try base.synchronize(descriptor, path: path)
        let suffix = "/." + name + StoreFiles.temporarySuffix
        if moment == .flush, path.hasSuffix(suffix) { editIfTarget(String(path.dropLast(suffix.count)) + "/" + name) }
    }

    package func exchange(_ first: String, _ second: String) throws(SystemError) {
        guard canExchange else { throw SystemError(operation: "replace", path: second, errorNumber: Errno.invalidArgument.rawValue) }
        if moment == .replace { editIfTarget(second) }
        try base.exchange(first, second)
    }

    package func rename(_ source: String, to destination: String) throws(SystemError) {
        if moment == .replace, StoreFiles.isTemporary(String(source.split(separator: "/").last ?? "")) { editIfTarget(destination) }
        try base.rename(source, to: destination)
    }
}

/// Rewrites a file as editors save: a new file renamed over the old one.
public func replaceText(_ path: String, _ change: (String) -> String) {
    guard let text = readText(path) else { return }
    let temporary = path + ".editor-tmp"
    writeText(change(text), to: temporary)
    rename(temporary, path)
}
