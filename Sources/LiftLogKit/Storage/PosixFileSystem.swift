#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CLiftLogSystem

/// The real file system, through the C library.
package struct PosixFileSystem: FileSystem {
    package init() {}

    package func openForWriting(_ path: String, create: Bool, mode: UInt32) throws(SystemError) -> FileDescriptor {
        try openForWriting(path, create: create, mode: mode, followingLinks: false)
    }

    /// ``openForWriting(_:create:mode:)``, following a symbolic link when `followingLinks` (a
    /// file the user names for output, as a shell's `>` would; never a file of the store).
    package func openForWriting(_ path: String, create: Bool, mode: UInt32, followingLinks: Bool) throws(SystemError) -> FileDescriptor {
        var flags = O_WRONLY | O_TRUNC | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
        if create { flags |= O_CREAT }
        let descriptor = retryingOnInterrupt { open(path, flags, mode_t(mode)) }
        guard descriptor >= 0 else { throw SystemError(operation: "create", path: path, errorNumber: errno) }
        return FileDescriptor(rawValue: descriptor)
    }

    package func write(_ descriptor: FileDescriptor, _ bytes: [UInt8], path: String) throws(SystemError) {
        var written = 0
        let failure: Int32? = bytes.withUnsafeBytes { buffer -> Int32? in
            while written < buffer.count {
                let result = retryingOnInterrupt { Glibc_write(descriptor.rawValue, buffer.baseAddress! + written, buffer.count - written) }
                if result < 0 { return errno }
                written += result
            }
            return nil
        }
        if let failure { throw SystemError(operation: "write", path: path, errorNumber: failure) }
    }

    package func synchronize(_ descriptor: FileDescriptor, path: String) throws(SystemError) {
        guard flushToDisk(descriptor.rawValue) == 0 else {
            throw SystemError(operation: "flush", path: path, errorNumber: errno)
        }
    }

    package func setMode(_ descriptor: FileDescriptor, _ mode: UInt32, path: String) throws(SystemError) {
        guard fchmod(descriptor.rawValue, mode_t(mode)) == 0 else {
            throw SystemError(operation: "set permissions of", path: path, errorNumber: errno)
        }
    }

    package func close(_ descriptor: FileDescriptor) {
        _ = Glibc_close(descriptor.rawValue)
    }

    package func overwrite(_ path: String, with bytes: [UInt8]) throws(SystemError) {
        // Never waiting at a FIFO for a reader: only a regular file is written.
        let descriptor = retryingOnInterrupt { open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644) }
        guard descriptor >= 0 else { throw SystemError(operation: "write", path: path, errorNumber: errno) }
        defer { _ = Glibc_close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw SystemError(operation: "write", path: path, errorNumber: EINVAL) }
        var written = 0
        let failure: Int32? = bytes.withUnsafeBytes { buffer -> Int32? in
            while written < buffer.count {
                let result = retryingOnInterrupt { pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(written)) }
                if result < 0 { return errno }
                written += result
            }
            return nil
        }
        if let failure { throw SystemError(operation: "write", path: path, errorNumber: failure) }
        guard ftruncate(descriptor, off_t(bytes.count)) == 0 else { throw SystemError(operation: "write", path: path, errorNumber: errno) }
    }

    package func rename(_ source: String, to destination: String) throws(SystemError) {
        guard Glibc_rename(source, destination) == 0 else {
            throw SystemError(operation: "replace", path: destination, errorNumber: errno)
        }
    }

    package func exchange(_ first: String, _ second: String) throws(SystemError) {
        guard liftlog_exchange(first, second) == 0 else {
            throw SystemError(operation: "replace", path: second, errorNumber: errno)
        }
    }

    package func link(_ source: String, to destination: String) throws(SystemError) {
        guard Glibc_link(source, destination) == 0 else {
            throw SystemError(operation: "keep a copy of", path: source, errorNumber: errno)
        }
    }

    package func removeFile(_ path: String) throws(SystemError) {
        guard unlink(path) == 0 else { throw SystemError(operation: "remove", path: path, errorNumber: errno) }
    }

    package func removeDirectory(_ path: String) throws(SystemError) {
        guard rmdir(path) == 0 else { throw SystemError(operation: "remove folder", path: path, errorNumber: errno) }
    }

    package func makeDirectory(_ path: String, mode: UInt32) throws(SystemError) {
        guard mkdir(path, mode_t(mode)) == 0 else {
            throw SystemError(operation: "create folder", path: path, errorNumber: errno)
        }
    }

    package func synchronizeDirectory(_ path: String) throws(SystemError) {
        let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw SystemError(operation: "open folder", path: path, errorNumber: errno) }
        defer { _ = Glibc_close(descriptor) }
        guard flushToDisk(descriptor) == 0 else {
            // Some file systems cannot flush a directory; that is no failure of ours.
            if errno == EINVAL || errno == ENOTSUP { return }
            throw SystemError(operation: "flush folder", path: path, errorNumber: errno)
        }
    }

    package func readFile(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
        try readFile(path, limit: limit, followingLinks: false)
    }

    /// ``readFile(_:limit:)``, following a symbolic link when `followingLinks` (a file the user
    /// names on the command line, which may be a link; never a file of the store, whose links
    /// are refused).
    package func readFile(_ path: String, limit: Int, followingLinks: Bool) throws(SystemError) -> [UInt8] {
        let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW)) }
        guard descriptor >= 0 else { throw SystemError(operation: "read", path: path, errorNumber: errno) }
        defer { _ = Glibc_close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemError(operation: "read", path: path, errorNumber: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw SystemError(operation: "read", path: path, errorNumber: info.st_mode & S_IFMT == S_IFDIR ? EISDIR : EINVAL)
        }
        guard Int(info.st_size) <= limit else { throw SystemError(operation: "read", path: path, errorNumber: EFBIG) }
        // Read straight into uninitialised storage: zero-filling first would write every byte
        // twice (the index is megabytes at 10,000 sessions).
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: Int(info.st_size)) { buffer, initialized in
            var total = 0
            while total < buffer.count {
                let result = retryingOnInterrupt { read(descriptor, buffer.baseAddress! + total, buffer.count - total) }
                if result < 0 {
                    failure = errno
                    break
                }
                if result == 0 { break }
                total += result
            }
            initialized = total
        }
        if let failure { throw SystemError(operation: "read", path: path, errorNumber: failure) }
        return bytes
    }

    package func status(_ path: String) throws(SystemError) -> FileStatus? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw SystemError(operation: "inspect", path: path, errorNumber: errno)
        }
        return FileStatus(info)
    }

    package func statuses(in path: String, names: [String]) throws(SystemError) -> [FileStatus?] {
        // One open of the folder, then each name relative to it: no path walk per name.
        let folder = retryingOnInterrupt { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW) }
        guard folder >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return Array(repeating: nil, count: names.count) }
            var found: [FileStatus?] = []
            for name in names { found.append(try status(path + "/" + name)) }
            return found
        }
        defer { _ = Glibc_close(folder) }
        var found: [FileStatus?] = []
        found.reserveCapacity(names.count)
        var info = stat()
        for name in names {
            guard PosixFileSystem.withCString(name, { fstatat(folder, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                if errno == ENOENT || errno == ENOTDIR { found.append(nil); continue }
                throw SystemError(operation: "inspect", path: path + "/" + name, errorNumber: errno)
            }
            found.append(FileStatus(info))
        }
        return found
    }

    /// Calls `body` with `name` as a C string made on the stack. (Passing a `String` where a C
    /// string is expected copies a short one, like a month folder's `2025/01`, into a new array
    /// first: the folders of every month are looked at in every command.)
    static func withCString<Result>(_ name: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        var name = name
        return name.withUTF8 { utf8 in
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: utf8.count + 1) { buffer in
                utf8.withMemoryRebound(to: CChar.self) { source in
                    _ = buffer.initialize(fromContentsOf: source)
                }
                buffer[utf8.count] = 0
                return body(UnsafePointer(buffer.baseAddress!))
            }
        }
    }

    package func listDirectory(_ path: String) throws(SystemError) -> [DirectoryEntry] {
        guard let directory = opendir(path) else {
            throw SystemError(operation: "list", path: path, errorNumber: errno)
        }
        defer { closedir(directory) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let kind: DirectoryEntry.Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .regular
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_UNKNOWN): kind = .unknown
            default: kind = .other
            }
            entries.append(DirectoryEntry(name: name, inode: UInt64(entry.pointee.d_ino), kind: kind))
        }
        return entries
    }

    package func lockExclusively(_ path: String, timeout: Double) throws(SystemError) -> FileDescriptor? {
        let descriptor = retryingOnInterrupt { open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644) }
        guard descriptor >= 0 else { throw SystemError(operation: "open lock file", path: path, errorNumber: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            _ = Glibc_close(descriptor)
            throw SystemError(operation: "open lock file", path: path, errorNumber: EINVAL)
        }
        // A plain `flock`, tried again with a growing pause up to a few milliseconds until the
        // timeout: a holder keeps the lock for one write, so a waiter gets it between two.
        var waited = 0.0
        var pause = 0.0005
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return FileDescriptor(rawValue: descriptor) }
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let failure = errno
                _ = Glibc_close(descriptor)
                throw SystemError(operation: "lock", path: path, errorNumber: failure)
            }
            if waited >= timeout {
                _ = Glibc_close(descriptor)
                return nil
            }
            usleep(useconds_t(pause * 1_000_000))
            waited += pause
            pause = min(pause * 2, 0.004)
        }
    }
}


/// Flushes a file or folder to the disk itself. On Apple platforms `fsync` only hands the data
/// to the drive, whose cache may lose it on power loss: `F_FULLFSYNC` asks the drive to write
/// it through, as Foundation does; where the file system does not support it, `fsync`.
private func flushToDisk(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    if retryingOnInterrupt({ fcntl(descriptor, F_FULLFSYNC) }) == 0 { return 0 }
    #endif
    return retryingOnInterrupt { fsync(descriptor) }
}

// The C functions whose names the protocol's methods shadow.
private func Glibc_write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, buffer, count)
    #else
    Glibc.write(descriptor, buffer, count)
    #endif
}

private func Glibc_link(_ source: String, _ destination: String) -> Int32 {
    #if canImport(Darwin)
    Darwin.link(source, destination)
    #elseif canImport(Musl)
    Musl.link(source, destination)
    #else
    Glibc.link(source, destination)
    #endif
}

private func Glibc_close(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
    Darwin.close(descriptor)
    #elseif canImport(Musl)
    Musl.close(descriptor)
    #else
    Glibc.close(descriptor)
    #endif
}

private func Glibc_rename(_ source: String, _ destination: String) -> Int32 {
    #if canImport(Darwin)
    Darwin.rename(source, destination)
    #elseif canImport(Musl)
    Musl.rename(source, destination)
    #else
    Glibc.rename(source, destination)
    #endif
}

extension FileStatus {
    init(_ info: stat) {
        let format = info.st_mode & S_IFMT
        let kind: Kind = switch format {
        case S_IFREG: .regular
        case S_IFDIR: .directory
        case S_IFLNK: .symbolicLink
        default: .other
        }
        #if canImport(Darwin)
        let nanoseconds = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        let change = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
        let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let change = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        self.init(kind: kind, size: Int64(info.st_size), modificationNanoseconds: nanoseconds, inode: UInt64(info.st_ino),
                  mode: UInt32(info.st_mode & 0o7777), changeNanoseconds: change)
    }
}
