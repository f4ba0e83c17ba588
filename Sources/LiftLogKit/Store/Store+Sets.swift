/// A set's ID, how the HTTP API, an app and other clients name one set: the session's ID, a
/// dot, and the set's key in it (`SESSION.KEY`).
///
/// The key is the set's own `"id"` (kept across rewrites, reorders and merges, and known to a
/// client before the server answers when it logged the set with a `request_id`). A set without
/// an `"id"` (written by hand or imported) is named by its position, `e2s3` (second exercise,
/// third set), until liftlog next changes it and gives it an ID.
public struct SetID: Hashable, Sendable, CustomStringConvertible, LosslessStringConvertible {
    /// The session the set is in.
    public let session: Session.ID
    /// The set's key in the session: its `"id"`, or its position (`e2s3`).
    public let key: String

    /// The set `key` of `session`.
    public init(session: Session.ID, key: String) {
        self.session = session
        self.key = key
    }

    /// Reads `SESSION.KEY`; `nil` for any other text.
    public init?(_ description: String) {
        guard let id = try? SetID.parse(description) else { return nil }
        self = id
    }

    /// `SESSION.KEY`.
    public var description: String { session.rawValue + "." + key }

    /// Reads `SESSION.KEY`.
    ///
    /// - Throws: `VALIDATION_ERROR` for a text that is not `SESSION.KEY`.
    package static func parse(_ text: String) throws(LiftLogError) -> SetID {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let session = Session.ID(rawValue: String(parts[0]).lowercased()), !parts[1].isEmpty else {
            throw .validation("'\(text)' is not a set ID; set IDs are the session's ID, a dot and the set's key, such as 3f2c9a1e-…-7d41.a1b2c3d4.")
        }
        return SetID(session: session, key: String(parts[1]))
    }
}

/// Sets by their IDs (``SetID``).
extension Store {
    /// The ID of set `setIndex` of entry `entryIndex` of `session`.
    public static func setID(in session: Session, entry entryIndex: Int, set setIndex: Int) -> SetID {
        SetID(session: session.id, key: setKey(of: session.entries[entryIndex].sets[setIndex], entry: entryIndex, set: setIndex))
    }

    /// The part of a set's ID after the session's ID.
    public static func setKey(of set: WorkoutSet, entry entryIndex: Int, set setIndex: Int) -> String {
        set.id ?? "e\(entryIndex + 1)s\(setIndex + 1)"
    }

    /// Where the set with `key` is in `session`: its own ID, the ID of the request that logged
    /// it, or its position (`e2s3`).
    package static func locateSet(_ key: String, in session: Session) throws(LiftLogError) -> (entry: Int, set: Int) {
        for (entryIndex, entry) in session.entries.enumerated() {
            if let setIndex = entry.sets.firstIndex(where: { $0.id == key }) { return (entryIndex, setIndex) }
        }
        for (entryIndex, entry) in session.entries.enumerated() {
            if let setIndex = entry.sets.firstIndex(where: { $0.requestID == key }) { return (entryIndex, setIndex) }
        }
        if key.first == "e", let s = key.firstIndex(of: "s"), let entry = Int(key[key.index(after: key.startIndex)..<s]),
           let set = Int(key[key.index(after: s)...]), session.entries.indices.contains(entry - 1),
           session.entries[entry - 1].sets.indices.contains(set - 1), session.entries[entry - 1].sets[set - 1].id == nil {
            return (entry - 1, set - 1)
        }
        throw .notFound("Session \(session.id.short) has no set '\(key)'.")
    }

    /// The session and position of the set `id` names.
    ///
    /// - Throws: `NOT_FOUND` when the session or the set does not exist.
    public func set(_ id: SetID) throws(LiftLogError) -> (stored: StoredSession, entry: Int, set: Int) {
        let stored = try session(id: id.session)
        let (entry, set) = try Store.locateSet(id.key, in: stored.session)
        return (stored, entry, set)
    }

    /// Changes the set `id` names (its values, or completes, skips or un-logs it), in an active
    /// or a completed session.
    ///
    /// - Throws: as ``set(_:)``; `VALIDATION_ERROR` for a value that breaks a rule.
    @discardableResult
    public func changeSet(_ id: SetID, _ change: SetChange) throws(LiftLogError) -> StoredSession {
        try changeSet(sessionID: id.session, change) { session throws(LiftLogError) in try Store.locateSet(id.key, in: session) }
    }

    /// Removes the set `id` names; the sets after it in its exercise are renumbered (their IDs
    /// stay).
    ///
    /// - Throws: as ``set(_:)``.
    @discardableResult
    public func removeSet(_ id: SetID) throws(LiftLogError) -> StoredSession {
        try withLockRereadingOnOutsideChange { () throws(LiftLogError) -> StoredSession in
            var stored = try session(id: id.session)
            let (entryIndex, setIndex) = try Store.locateSet(id.key, in: stored.session)
            stored.session.entries[entryIndex].sets.remove(at: setIndex)
            for offset in stored.session.entries[entryIndex].sets.indices { stored.session.entries[entryIndex].sets[offset].setNumber = offset + 1 }
            try save(stored)
            return stored
        }
    }
}
