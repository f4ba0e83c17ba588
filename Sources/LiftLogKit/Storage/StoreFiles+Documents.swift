/// Store files as documents: decoded on the way in, written canonically on the way out.
extension StoreFiles {
    /// Reads and decodes the store file `relative`, or returns `nil` when it does not exist.
    ///
    /// - Throws: `CORRUPT_FILE` with located problems, `IO_ERROR` when it cannot be read.
    /// What the file was when read is recorded: a later write of it by this store refuses to
    /// replace a version changed by someone else meanwhile (``ReadVersions``).
    package func load<T: JSONDecodable>(_ relative: String, as type: T.Type = T.self) throws(LiftLogError) -> T? {
        try load(relative, as: type, status: try status(relative))
    }

    /// ``load(_:as:)`` of a file whose status was just looked at: `before`.
    private func load<T: JSONDecodable>(_ relative: String, as type: T.Type, status before: FileStatus?) throws(LiftLogError) -> T? {
        guard let bytes = try read(relative) else {
            versions.record(relative, nil)
            return nil
        }
        versions.record(relative, before, bytes: bytes)
        return try DocumentDecoder.decode(bytes, path: relative, as: T.self)
    }

    /// ``load(_:as:)`` for a document a long-running process reads for every request (the
    /// manifest, at each ``Store/open(at:environment:)``): a file seen again with the settled
    /// identity it had when it was last decoded (``FileStatus/settledIdentity(now:)``) is not read
    /// again; its decoded value is taken (``settledDocuments``).
    package func loadKeepingSettled<T: JSONDecodable & Sendable>(_ relative: String, as type: T.Type = T.self) throws(LiftLogError) -> T? {
        let before = try status(relative)
        let identity = before?.settledIdentity(now: now())
        let path = absolute(relative)
        if let kept = StoreFiles.settledDocuments.value(at: path, identity: identity) as? T {
            versions.record(relative, before)
            return kept
        }
        guard let value = try load(relative, as: type, status: before) else { return nil }
        if let identity { StoreFiles.settledDocuments.keep(value, identity: identity, at: path) }
        return value
    }

    /// The documents this process decoded from files with a settled identity, by absolute path:
    /// a few (the manifests of the stores a server opens for every request).
    static let settledDocuments = SettledFileCache<any Sendable>(capacity: 16)

    /// Writes `value` in canonical form, durably (``writeAtomically(_:to:durable:parentsChecked:)``).
    package func save(_ value: some JSONEncodable, to relative: String) throws(LiftLogError) {
        try writeAtomically(value.canonicalBytes, to: relative, durable: true)
    }
}
