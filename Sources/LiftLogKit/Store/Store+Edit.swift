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
    package func replaceSession(_ original: StoredSession, originalBytes: [UInt8], with edited: [UInt8], editedPath: String) throws(LiftLogError) -> StoredSession {
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
                try files.move(session.canonicalBytes, from: original.path, to: target)
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

/// Changes to a session's own fields (`PUT /api/workouts/:id`); `nil` leaves a field as it is.
public struct SessionChange: Sendable {
    /// New notes (an empty text removes them).
    public var notes: String?
    /// How it felt, 1–5; 0 removes it.
    public var sessionRPE: Int?
    /// New pain tags (an empty list removes them).
    public var painTags: [String]?
    /// A new start time.
    public var startedAt: Timestamp?
    /// A new end time.
    public var completedAt: Timestamp?
    /// A new length, in seconds.
    public var durationSeconds: Int?
    /// The exercises' new order, by the position each has now (from 1): `[2, 1, 3]` swaps the
    /// first two.
    public var order: [Int]?

    /// Changes of the given fields; those left `nil` stay as they are.
    public init(notes: String? = nil, sessionRPE: Int? = nil, painTags: [String]? = nil, startedAt: Timestamp? = nil,
                completedAt: Timestamp? = nil, durationSeconds: Int? = nil, order: [Int]? = nil) {
        self.notes = notes
        self.sessionRPE = sessionRPE
        self.painTags = painTags
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.durationSeconds = durationSeconds
        self.order = order
    }
}

extension Store {
    /// Changes a session's own fields, checked as a hand edit is (as `liftlog edit` saves one):
    /// a new start time moves the file, a change made meanwhile is never overwritten.
    ///
    /// - Throws: `VALIDATION_ERROR` for a value that breaks a rule (an end before the start, a
    ///   feel outside 1–5, an order that is not a permutation of the exercises); as
    ///   ``session(idPrefix:)``; `CONFLICT` when the file changed meanwhile.
    @discardableResult
    public func updateSession(idPrefix: String, _ change: SessionChange) throws(LiftLogError) -> StoredSession {
        let stored = try session(idPrefix: idPrefix)
        guard let bytes = try files.read(stored.path) else { throw .notFound("No session with ID '\(idPrefix)' (its file is gone).", remedy: .reindex) }
        var session = stored.session
        if let notes = change.notes { session.notes = notes.isEmpty ? nil : notes }
        if let feel = change.sessionRPE {
            guard (0...5).contains(feel) else { throw .validation("session_rpe must be 1–5 (0 removes it), got \(feel).") }
            session.sessionRPE = feel == 0 ? nil : feel
        }
        if let tags = change.painTags { session.painTags = tags.map { $0.lowercased().trimmingWhitespace() }.filter { !$0.isEmpty } }
        if let start = change.startedAt {
            try refuseFuture(start, what: "Start time", now: currentTimestamp())
            session.startedAt = start
        }
        if let end = change.completedAt {
            guard session.status.hasEnded else { throw .validation("An active session has no end yet; complete it instead.") }
            session.completedAt = end
        }
        if let seconds = change.durationSeconds {
            guard session.kind == .stretch || session.kind == .meditation else { throw .validation("Only a stretch or meditation session has a duration of its own; a workout's is its start to its end.") }
            session.durationSeconds = try Session.checkedDuration(seconds)
        }
        if let order = change.order {
            guard order.sorted() == Array(1...max(1, session.entries.count)), order.count == session.entries.count else {
                throw .validation("order must list each of the \(session.entries.count) exercises' positions (1–\(session.entries.count)) once, got \(order.map(String.init).joined(separator: ", ")).")
            }
            session.entries = order.map { session.entries[$0 - 1] }
            for offset in session.entries.indices { session.entries[offset].order = offset + 1 }
        }
        if let end = session.completedAt, end < session.startedAt {
            throw .validation("The session cannot end (\(end.shortDescription)) before it starts (\(session.startedAt.shortDescription)).")
        }
        return try replaceSession(stored, originalBytes: bytes, with: session.canonicalBytes, editedPath: stored.path)
    }
}
