/// Files written ahead into `.liftlog/staged/` and moved into their places in the store
/// together, later: how an import reads an export once and still writes nothing into the store
/// until every row has been read and found good.
///
/// Each staged file is flushed to disk as it is written (its folder is not: until it is moved,
/// a staged file is scratch). ``commit(_:)`` renames each into place, creating its folder when
/// needed, and flushes each folder it moved files into once, not once per file. A file whose
/// place is taken (a session an import replaces) is written over it the store's usual way
/// instead (``StoreFiles/writeDurably(_:to:)``: refused when the file changed since it was
/// read), and one that moves a file ``StoreFiles/apply(_:)``s the write and the removal
/// together. What a crash leaves in the folder is never part of the store: the next
/// staging removes it, and deleting it by hand loses nothing.
///
/// The caller holds the store lock from the first write to the commit.
package struct StagedWrites {
    /// Where staged files wait, relative to the store.
    package static let folder = ".liftlog/staged"

    /// One staged file: where it goes, and a file it replaces from another place (removed when
    /// it lands).
    private struct Item {
        let target: String
        let removing: String?
        let name: String
    }

    private let files: StoreFiles
    private var items: [Item] = []
    private var byTarget: [String: Int] = [:]
    private var counter = 0

    /// Begins staging: removes what an earlier, interrupted staging left, and makes the folder.
    package init(files: StoreFiles) throws(LiftLogError) {
        self.files = files
        discardLeftovers()
        try files.ensureDirectory(StagedWrites.folder)
    }

    /// Writes `bytes` for `target` (a path relative to the store) into the staging folder,
    /// flushed; a second write for the same target replaces the first.
    ///
    /// - Throws: `VALIDATION_ERROR` for a file larger than the store reads, `IO_ERROR` when it
    ///   cannot be written (nothing of the store has changed).
    /// - Returns: the file's place among those staged (a second write for a target keeps it).
    @discardableResult
    package mutating func write(_ bytes: [UInt8], to target: String, removing: String? = nil) throws(LiftLogError) -> Int {
        _ = try files.checked(target)
        if let removing { _ = try files.checked(removing) }
        try StoreFiles.checkSize(of: bytes, for: target)
        counter += 1
        let name = String(counter) + ".json"
        let path = files.absolute(StagedWrites.folder + "/" + name)
        let fileSystem = files.fileSystem
        do throws(SystemError) {
            let descriptor = try fileSystem.openForWriting(path, create: true, mode: 0o644)
            do throws(SystemError) {
                try fileSystem.write(descriptor, bytes, path: path)
                try fileSystem.synchronize(descriptor, path: path)
                fileSystem.close(descriptor)
            } catch {
                fileSystem.close(descriptor)
                throw error
            }
        } catch {
            try? fileSystem.removeFile(path)
            throw files.ioError(error)
        }
        let item = Item(target: target, removing: removing, name: name)
        if let earlier = byTarget[target] {
            try? fileSystem.removeFile(files.absolute(StagedWrites.folder + "/" + items[earlier].name))
            items[earlier] = item
            return earlier
        }
        byTarget[target] = items.count
        items.append(item)
        return items.count - 1
    }

    /// The bytes staged for `target`, or `nil` when none are.
    package func read(_ target: String) throws(LiftLogError) -> [UInt8]? {
        guard let index = byTarget[target] else { return nil }
        return try files.read(StagedWrites.folder + "/" + items[index].name, parentsChecked: true)
    }

    /// Moves every staged file into its place, in the order staged; `landed` is called with
    /// each item's index and target once its file is in place. Each folder moved into is flushed before
    /// the next folder's files are moved, and before this returns.
    ///
    /// - Throws: `IO_ERROR` (or `CONFLICT` for a replaced file changed since it was read) at
    ///   the first step that fails; the files moved before it stay in place, the rest are
    ///   discarded.
    package mutating func commit(_ landed: (Int, String) -> Void) throws(LiftLogError) {
        defer { discard() }
        let fileSystem = files.fileSystem
        var ensured: String?
        var unflushed: String?
        func flush() throws(LiftLogError) {
            guard let folder = unflushed else { return }
            unflushed = nil
            do { try fileSystem.synchronizeDirectory(files.absolute(folder)) } catch { throw files.ioError(error, changed: true) }
        }
        for (index, item) in items.enumerated() {
            let staged = files.absolute(StagedWrites.folder + "/" + item.name)
            let folder = item.target.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(item.target[..<$0]) } ?? ""
            if folder != unflushed { try flush() }
            if folder != ensured {
                try files.ensureDirectory(folder)
                ensured = folder
            }
            let taken: Bool
            do { taken = try fileSystem.status(files.absolute(item.target)) != nil } catch { throw files.ioError(error, changed: index > 0) }
            if taken || item.removing != nil {
                guard let bytes = try files.read(StagedWrites.folder + "/" + item.name, parentsChecked: true) else {
                    throw .internal("the staged file for \(item.target) is gone")
                }
                if let removing = item.removing {
                    try files.apply([.write(item.target, bytes), .remove(removing)])
                } else {
                    try files.writeDurably(bytes, to: item.target)
                }
                try? fileSystem.removeFile(staged)
            } else {
                do {
                    try fileSystem.rename(staged, to: files.absolute(item.target))
                } catch {
                    throw files.ioError(SystemError(operation: "write", path: files.absolute(item.target), errorNumber: error.errorNumber), changed: index > 0)
                }
                unflushed = folder
            }
            landed(index, item.target)
        }
        try flush()
    }

    /// Removes every staged file and the folder.
    package mutating func discard() {
        discardLeftovers()
        items = []
        byTarget = [:]
    }

    private func discardLeftovers() {
        let folder = files.absolute(StagedWrites.folder)
        guard let entries = try? files.fileSystem.listDirectory(folder) else { return }
        for entry in entries { try? files.fileSystem.removeFile(folder + "/" + entry.name) }
        try? files.fileSystem.removeDirectory(folder)
    }
}
