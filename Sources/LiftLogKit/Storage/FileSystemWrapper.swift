/// A file system that passes every call on to another: a wrapper that changes one or two
/// calls (counts reads, skips flushes) implements only those.
package protocol FileSystemWrapper: FileSystem {
    var base: any FileSystem { get }
}

extension FileSystemWrapper {
    package func openForWriting(_ path: String, create: Bool, mode: UInt32) throws(SystemError) -> FileDescriptor { try base.openForWriting(path, create: create, mode: mode) }
    package func write(_ descriptor: FileDescriptor, _ bytes: [UInt8], path: String) throws(SystemError) { try base.write(descriptor, bytes, path: path) }
    package func synchronize(_ descriptor: FileDescriptor, path: String) throws(SystemError) { try base.synchronize(descriptor, path: path) }
    package func setMode(_ descriptor: FileDescriptor, _ mode: UInt32, path: String) throws(SystemError) { try base.setMode(descriptor, mode, path: path) }
    package func close(_ descriptor: FileDescriptor) { base.close(descriptor) }
    package func overwrite(_ path: String, with bytes: [UInt8]) throws(SystemError) { try base.overwrite(path, with: bytes) }
    package func rename(_ source: String, to destination: String) throws(SystemError) { try base.rename(source, to: destination) }
    package func exchange(_ first: String, _ second: String) throws(SystemError) { try base.exchange(first, second) }
    package func link(_ source: String, to destination: String) throws(SystemError) { try base.link(source, to: destination) }
    package func removeFile(_ path: String) throws(SystemError) { try base.removeFile(path) }
    package func removeDirectory(_ path: String) throws(SystemError) { try base.removeDirectory(path) }
    package func makeDirectory(_ path: String, mode: UInt32) throws(SystemError) { try base.makeDirectory(path, mode: mode) }
    package func synchronizeDirectory(_ path: String) throws(SystemError) { try base.synchronizeDirectory(path) }
    package func readFile(_ path: String, limit: Int) throws(SystemError) -> [UInt8] { try base.readFile(path, limit: limit) }
    package func status(_ path: String) throws(SystemError) -> FileStatus? { try base.status(path) }
    package func statuses(in path: String, names: [String]) throws(SystemError) -> [FileStatus?] { try base.statuses(in: path, names: names) }
    package func listDirectory(_ path: String) throws(SystemError) -> [DirectoryEntry] { try base.listDirectory(path) }
    package func lockExclusively(_ path: String, timeout: Double) throws(SystemError) -> FileDescriptor? { try base.lockExclusively(path, timeout: timeout) }
}
