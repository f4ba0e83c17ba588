/// Sets by their IDs: how the HTTP API and other clients name one set.
///
/// A set's reference is `SESSION.KEY`: the session's ID, a dot, and the set's own `"id"`
/// (kept across rewrites, reorders and merges, and known to a client before the server
/// answers when it logged the set with a `request_id`). A set without an `"id"` (written by
/// hand or imported) is named by its position, `e2s3` (second exercise, third set), until
/// liftlog next changes it and gives it an ID.
extension Store {
    /// The reference of set `setIndex` of entry `entryIndex` of `session`.
    public static func setReference(in session: Session, entry entryIndex: Int, set setIndex: Int) -> String {
        "\(session.id.rawValue).\(setKey(of: session.entries[entryIndex].sets[setIndex], entry: entryIndex, set: setIndex))"
    }

    /// The part of a set's reference after the session's ID.
    public static func setKey(of set: WorkoutSet, entry entryIndex: Int, set setIndex: Int) -> String {
        set.id ?? "e\(entryIndex + 1)s\(setIndex + 1)"
    }

    /// Splits a reference into the session's ID and the set's key.
    ///
    /// - Throws: `VALIDATION_ERROR` for a text that is not `SESSION.KEY`.
    package static func parseSetReference(_ reference: String) throws(LiftLogError) -> (session: Session.ID, key: String) {
        let parts = reference.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let session = Session.ID(rawValue: String(parts[0]).lowercased()), !parts[1].isEmpty else {
            throw .validation("'\(reference)' is not a set ID; set IDs are the session's ID, a dot and the set's key, such as 3f2c9a1e-…-7d41.a1b2c3d4.")
        }
        return (session, String(parts[1]))
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

    /// The session and position of the set `reference` names.
    ///
    /// - Throws: `VALIDATION_ERROR` for a malformed reference, `NOT_FOUND` when the session or
    ///   the set does not exist.
    public func set(_ reference: String) throws(LiftLogError) -> (stored: StoredSession, entry: Int, set: Int) {
        let (sessionID, key) = try Store.parseSetReference(reference)
        let stored = try session(idPrefix: sessionID.rawValue)
        let (entry, set) = try Store.locateSet(key, in: stored.session)
        return (stored, entry, set)
    }

    /// Changes the set `reference` names (its values, or completes, skips or un-logs it), in
    /// an active or a completed session.
    ///
    /// - Throws: as ``set(_:)``; `VALIDATION_ERROR` for a value that breaks a rule.
    @discardableResult
    public func changeSet(_ reference: String, _ change: SetChange) throws(LiftLogError) -> StoredSession {
        let (sessionID, key) = try Store.parseSetReference(reference)
        return try changeSet(sessionID: sessionID, change) { session throws(LiftLogError) in try Store.locateSet(key, in: session) }
    }

    /// Removes the set `reference` names; the sets after it in its exercise are renumbered
    /// (their IDs stay).
    ///
    /// - Throws: as ``set(_:)``.
    @discardableResult
    public func removeSet(_ reference: String) throws(LiftLogError) -> StoredSession {
        let (sessionID, key) = try Store.parseSetReference(reference)
        return try withLockRereadingOnOutsideChange { () throws(LiftLogError) -> StoredSession in
            var stored = try session(idPrefix: sessionID.rawValue)
            guard stored.session.id == sessionID else { throw .notFound("No session with ID '\(sessionID)'.", remedy: .listSessions) }
            let (entryIndex, setIndex) = try Store.locateSet(key, in: stored.session)
            stored.session.entries[entryIndex].sets.remove(at: setIndex)
            for offset in stored.session.entries[entryIndex].sets.indices { stored.session.entries[entryIndex].sets[offset].setNumber = offset + 1 }
            try save(stored)
            return stored
        }
    }
}
