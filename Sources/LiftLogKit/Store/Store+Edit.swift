extension Store {
    /// Replaces a session with the text a person edited, after checking it.
    ///
    /// The edited text must be a valid session with the same ID. It is written in canonical
    /// form (unknown keys kept), at the path its start time gives; the old file is removed if
    /// that path changed. The replacement happens only if the file still holds
    /// `originalBytes`, so an edit never overwrites a change made meanwhile (by a `log`, a
    /// `git pull`, a sync).
    ///
    /// - Parameters:
    ///   - original: the session as it was when editing began.
    ///   - originalBytes: the file's bytes then.
    ///   - edited: the edited text.
    ///   - editedPath: how to name the edited copy in problems (the temporary file's path).
    /// - Returns: the session as saved.
    /// - Throws: `CORRUPT_FILE` with every problem of the edited text (located in it);
    ///   `VALIDATION_ERROR` when the ID was changed; `CONFLICT` when the file changed meanwhile
    ///   or another session is already at the new path. Nothing is written then.
    @discardableResult
    public func replaceSession(_ original: StoredSession, originalBytes: [UInt8], with edited: [UInt8], editedPath: String) throws(LiftLogError) -> StoredSession {
        let session = try DocumentDecoder.decode(edited, path: editedPath, as: Session.self)
        guard session.id == original.session.id else {
            throw .validation("The session's \"id\" cannot change (it was \(original.session.id)); put it back, or create a new session instead.")
        }
        return try withLock { () throws(LiftLogError) -> StoredSession in
            guard try files.read(original.path) == originalBytes else {
                throw .conflict("\(original.path) changed while you were editing it; nothing was saved. Edit it again.")
            }
            let target = session.relativePath
            if target != original.path, try files.status(target) != nil {
                throw .conflict("The new start time puts the session at \(target), where another file already is; nothing was saved.")
            }
            if session.status == .active, let active = try findActive(holdingLock: true), active.session.id != session.id {
                throw .conflict("Another session (started \(active.session.startedAt.shortDescription)) is active; a second one cannot be. Nothing was saved.")
            }
            let stored = StoredSession(session: session, path: target)
            if target != original.path {
                try files.ensureDirectory(String(target.split(separator: "/").dropLast().joined(separator: "/")))
            }
            if target != original.path {
                try files.move(JSONWriter.canonicalBytes(session.jsonValue), from: original.path, to: target)
            } else {
                try files.save(session, to: target)
            }
            recordAcknowledged(session)
            if session.status == .active {
                try? files.writeAtomically(Array((target + "\n").utf8), to: Store.activePointerPath, durable: false)
            } else if original.session.status == .active {
                try? files.remove(Store.activePointerPath)
            }
            updateIndex()
            return stored
        }
    }
}
