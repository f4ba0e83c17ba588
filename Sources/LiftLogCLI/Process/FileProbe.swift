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
    /// The bytes of a file the user named (`what` is how errors name it: "Seed file"), through
    /// a symbolic link when it is one.
    ///
    /// - Throws: `NOT_FOUND` when there is no such file, `VALIDATION_ERROR` for a folder or a
    ///   file over the store's size limit, `IO_ERROR` for another failure; nothing is changed.
    static func readUserFile(_ path: String, what: String) throws(LiftLogError) -> [UInt8] {
        do throws(SystemError) {
            return try PosixFileSystem().readFile(path, limit: StoreFiles.maximumFileSize, followingLinks: true)
        } catch {
            if error.errno == .noSuchFileOrDirectory { throw .notFound("No \(what.lowercased()) '\(path)'.") }
            if error.errno == .isDirectory || error.errno == .invalidArgument { throw .validation("\(what) '\(path)' is not a regular file.") }
            if error.errno == .fileTooLarge { throw .validation("\(what) '\(path)' is larger than \(StoreFiles.maximumFileSize / 1024 / 1024) MB.") }
            throw .io(path: path, operation: "read", reason: Errno(rawValue: error.errorNumber).description, nothingChanged: true)
        }
    }

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
