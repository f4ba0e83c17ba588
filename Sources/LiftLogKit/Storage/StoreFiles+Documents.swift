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
        versions.record(relative, before)
        return try DocumentDecoder.decode(bytes, path: relative, as: T.self)
    }

    /// ``load(_:as:)`` for a document a long-running process reads for every request (the
    /// manifest, at each ``Store/open(at:environment:)``): a file seen again with the settled
    /// identity it had when it was last decoded (``FileStatus/settledIdentity``) is not read
    /// again; its decoded value is taken (``SettledDocuments``).
    package func loadKeepingSettled<T: JSONDecodable & Sendable>(_ relative: String, as type: T.Type = T.self) throws(LiftLogError) -> T? {
        let before = try status(relative)
        let identity = before?.settledIdentity
        let path = absolute(relative)
        if let identity, let kept = SettledDocuments.shared.value(at: path, identity: identity) as? T {
            versions.record(relative, before)
            return kept
        }
        guard let value = try load(relative, as: type, status: before) else { return nil }
        if let identity { SettledDocuments.shared.keep(value, at: path, identity: identity) }
        return value
    }

    /// Writes `value` in canonical form, durably.
    package func save(_ value: some JSONEncodable, to relative: String) throws(LiftLogError) {
        try writeDurably(value.canonicalBytes, to: relative)
    }
}

/// The documents a process decoded from files with a settled identity, by absolute path: a
/// few (the manifests of the stores a server opens for every request).
final class SettledDocuments: @unchecked Sendable {
    static let shared = SettledDocuments()
    static let capacity = 16

    private let lock = Mutex()
    private var entries: [String: (identity: FileIdentity, value: any Sendable)] = [:]

    /// The value decoded from the file at `path` when it had `identity`.
    func value(at path: String, identity: FileIdentity) -> (any Sendable)? {
        lock.withLock {
            guard let entry = entries[path], entry.identity == identity else { return nil }
            return entry.value
        }
    }

    /// Keeps `value`, decoded from the file at `path` read after it was found with `identity`.
    func keep(_ value: any Sendable, at path: String, identity: FileIdentity) {
        lock.withLock {
            if entries[path] == nil && entries.count >= SettledDocuments.capacity { entries.removeAll() }
            entries[path] = (identity, value)
        }
    }
}
