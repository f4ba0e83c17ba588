/// Files outside the store that a user names: an import, a `--map`, a plan or seed file, a
/// chart's SVG, FIT files, an editor's copy, git's merge files. The surfaces read and write them
/// only through these functions, with the errors of SPEC §6; the store's own files go through
/// the store.
package enum OutsideFiles {
    /// The bytes of the file at `path`, through a symbolic link when it is one (`what` is how
    /// errors name it: "Seed file").
    ///
    /// - Throws: `NOT_FOUND` when there is no such file, `VALIDATION_ERROR` for a folder or a
    ///   file over the store's size limit, `IO_ERROR` for another failure; nothing is changed.
    package static func read(_ path: String, what: String = "File") throws(LiftLogError) -> [UInt8] {
        do throws(SystemError) {
            return try PosixFileSystem().readFile(path, limit: StoreFiles.maximumFileSize, followingLinks: true)
        } catch {
            if error.errno == .noSuchFileOrDirectory { throw .notFound("No \(what.lowercased()) '\(path)'.") }
            if error.errno == .isDirectory || error.errno == .invalidArgument { throw .validation("\(what) '\(path)' is not a regular file.") }
            if error.errno == .fileTooLarge { throw .validation("\(what) '\(path)' is larger than \(StoreFiles.maximumFileSize / 1024 / 1024) MB.") }
            throw .io(path: path, operation: "read", reason: Errno(rawValue: error.errorNumber).description, nothingChanged: true)
        }
    }

    /// Writes `bytes` to `path`, created or replaced in place, through a symbolic link when it
    /// is one (as a shell's `>` writes).
    ///
    /// - Throws: `IO_ERROR` naming the path and what the system said.
    package static func write(_ bytes: [UInt8], to path: String) throws(LiftLogError) {
        let fileSystem = PosixFileSystem()
        do throws(SystemError) {
            let descriptor = try fileSystem.openForWriting(path, create: true, mode: 0o644, followingLinks: true)
            defer { fileSystem.close(descriptor) }
            try fileSystem.write(descriptor, bytes, path: path)
        } catch {
            throw .io(path: path, operation: "write", reason: Errno(rawValue: error.errorNumber).description)
        }
    }

    /// Replaces the file at `path` with `bytes` as the store writes its own: a new file beside
    /// it, flushed, renamed over it, the folder flushed. A reader sees the old bytes or the new.
    ///
    /// - Throws: `IO_ERROR` (nothing was changed).
    package static func writeDurably(_ bytes: [UInt8], to path: String) throws(LiftLogError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        try StoreFiles(root: folder.isEmpty ? "/" : folder).writeDurably(bytes, to: name)
    }

    /// Makes the folder at `path`; one already there is fine.
    ///
    /// - Throws: `IO_ERROR` naming the path and what the system said.
    package static func makeFolder(_ path: String) throws(LiftLogError) {
        do throws(SystemError) {
            try PosixFileSystem().makeDirectory(path, mode: 0o755)
        } catch {
            if error.errno != .fileExists { throw .io(path: path, operation: "create", reason: Errno(rawValue: error.errorNumber).description) }
        }
    }

    /// Whether anything (a file, a folder, a link) is at `path`.
    package static func exists(_ path: String) -> Bool {
        (try? PosixFileSystem().status(path)) != nil
    }
}
