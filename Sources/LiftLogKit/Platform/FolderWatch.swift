#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The kernel's reports of which folders of a store had something change in them: a file
/// created, deleted, renamed, written or its attributes changed, a folder created or removed.
///
/// It watches one folder of the store and the folders below it that `watching` accepts (by
/// their path in the store), including those created later. On Linux it asks the kernel
/// (inotify); there is none on other systems, nor on a network or FUSE file system, whose
/// changes made on another machine the kernel never sees: `init` fails, and the caller compares
/// the folders itself. Not thread-safe: its owner serialises the calls.
package final class FolderWatch: @unchecked Sendable {
    private let files: StoreFiles
    private let watching: @Sendable (String) -> Bool
    /// Set when the watch can no longer vouch for anything (an overflowing event queue, a
    /// folder it could not watch).
    package private(set) var isBroken = false

    #if os(Linux)
    private let descriptor: Int32
    /// The watched folders, by watch descriptor: `sessions`, `sessions/2025`, `sessions/2025/01`.
    private var folders: [Int32: String] = [:]
    /// Where the kernel's reports are read, made once: a buffer made and zeroed for each look
    /// cost more than the look.
    private var reports = [UInt8](repeating: 0, count: 65_536)

    private static let mask: UInt32 = UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_MODIFY)
        | UInt32(IN_CLOSE_WRITE) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW)

    /// Watches `folder` (a path in the store, `""` for its root) and the folders below it that
    /// `watching` accepts; `nil` when the kernel cannot.
    package init?(files: StoreFiles, folder: String, watching: @escaping @Sendable (String) -> Bool) {
        guard FolderWatch.isLocalFileSystem(files.root) else { return nil }
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.files = files
        self.watching = watching
        self.descriptor = descriptor
        // Failing from here on, the instance is whole: `deinit` closes the descriptor (once).
        guard add(folder, isTop: true) else { return nil }
    }

    deinit { close(descriptor) }

    /// Watches the folder `relative` and the folders below it that `watching` accepts (a folder
    /// that has just appeared may already hold some); whether every watch was taken.
    private func add(_ relative: String, isTop: Bool = false) -> Bool {
        let watch = inotify_add_watch(descriptor, relative.isEmpty ? files.root : files.root + "/" + relative, FolderWatch.mask)
        // A folder already gone, or a file where a folder was expected, is the caller's business.
        guard watch >= 0 else { return (errno == ENOENT || errno == ENOTDIR) && !isTop }
        folders[watch] = relative
        guard let entries = try? files.list(relative) else { return true }
        for entry in entries where entry.kind != .regular {
            let child = relative.isEmpty ? entry.name : relative + "/" + entry.name
            guard watching(child) else { continue }
            guard add(child) else { return false }
        }
        return true
    }

    /// Reads what the kernel reported since the last look: the folders something happened in
    /// (a folder created since is among them, and watched from now on), or `nil` when the
    /// watch no longer vouches for anything.
    package func reportedFolders() -> Set<String>? {
        guard !isBroken else { return nil }
        var reported: Set<String> = []
        let headerSize = MemoryLayout<inotify_event>.size
        while true {
            let count = reports.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if count < 0 && errno != EAGAIN && errno != EWOULDBLOCK { isBroken = true }
                break
            }
            var offset = 0
            while offset + headerSize <= count {
                let (watch, eventMask, nameLength) = reports.withUnsafeBytes { bytes in
                    (bytes.load(fromByteOffset: offset, as: Int32.self), bytes.load(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(bytes.load(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = reports[(offset + headerSize)..<min(count, offset + headerSize + nameLength)].prefix { $0 != 0 }
                offset += headerSize + nameLength
                if eventMask & UInt32(IN_Q_OVERFLOW) != 0 { isBroken = true; continue }
                guard let folder = folders[watch] else { continue }
                if eventMask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil; continue }
                reported.insert(folder)
                // A new folder to watch: watch it (and what it already holds).
                if eventMask & UInt32(IN_ISDIR) != 0, eventMask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0 {
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    let child = folder.isEmpty ? name : folder + "/" + name
                    if watching(child) {
                        if !add(child) { isBroken = true }
                        reported.insert(child)
                    }
                }
            }
        }
        return isBroken ? nil : reported
    }

    /// Waits at most `seconds` for a report; whether one is waiting (or the watch broke).
    package func wait(seconds: Double) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, min(seconds, 86_400)) * 1000)
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { isBroken = true }
            return ready != 0
        }
    }

    /// Whether this process's statfs says `path` is on a local file system (not NFS, SMB/CIFS,
    /// FUSE or a cluster file system: inotify reports only changes made through this kernel).
    private static func isLocalFileSystem(_ path: String) -> Bool {
        var buffer = [UInt64](repeating: 0, count: 32)   // struct statfs: f_type is its first field
        guard buffer.withUnsafeMutableBytes({ c_statfs(path, $0.baseAddress!) }) == 0 else { return false }
        // NFS, SMB, CIFS, SMB2, FUSE, 9P, Ceph, AFS, Coda, OCFS2, GFS2, Lustre, GPFS.
        let remote: Swift.Set<UInt64> = [0x6969, 0x517B, 0xFF53_4D42, 0xFE53_4D42, 0x6573_5546, 0x0102_1997, 0x00C3_6400, 0x5346_414F,
                                         0x7375_7245, 0x7461_636F, 0x0116_1970, 0x0BD0_0BD0, 0x4750_4653]
        return !remote.contains(buffer[0] & 0xFFFF_FFFF)
    }
    #else
    package init?(files: StoreFiles, folder: String, watching: @escaping @Sendable (String) -> Bool) { nil }
    package func reportedFolders() -> Set<String>? { nil }
    package func wait(seconds: Double) -> Bool { true }
    #endif
}

#if os(Linux)
@_silgen_name("statfs")
private func c_statfs(_ path: UnsafePointer<CChar>, _ buffer: UnsafeMutableRawPointer) -> Int32
#endif
