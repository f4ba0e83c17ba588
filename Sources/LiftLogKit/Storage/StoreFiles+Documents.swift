/// Store files as documents: decoded on the way in, written canonically on the way out.
extension StoreFiles {
    /// Reads and decodes the store file `relative`, or returns `nil` when it does not exist.
    ///
    /// - Throws: `CORRUPT_FILE` with located problems, `IO_ERROR` when it cannot be read.
    /// What the file was when read is recorded: a later write of it by this store refuses to
    /// replace a version changed by someone else meanwhile (``ReadVersions``).
    package func load<T: JSONDecodable>(_ relative: String, as type: T.Type = T.self) throws(LiftLogError) -> T? {
        let before = try status(relative)
        guard let bytes = try read(relative) else {
            versions.record(relative, nil)
            return nil
        }
        versions.record(relative, before)
        return try DocumentDecoder.decode(bytes, path: relative, as: T.self)
    }

    /// Writes `value` in canonical form, durably.
    package func save(_ value: some JSONEncodable, to relative: String) throws(LiftLogError) {
        try writeDurably(value.canonicalBytes, to: relative)
    }
}
