import LiftLogKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Small checks on the process's surroundings.
enum FileProbe {
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The user ID that owns `path`, or `nil` when it cannot be read.
    static func owner(of path: String) -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_uid)
    }

    /// The user this process runs as.
    static var currentUser: UInt32 { UInt32(geteuid()) }

    /// The current folder, as the system knows it (`getcwd`). `$PWD` is never used: one
    /// inherited from another folder (a script, a program that changed folder without updating
    /// it) would point at the wrong store.
    static var workingDirectory: String { FileManagerLite.currentDirectory() }
}
