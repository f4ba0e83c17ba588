/// A session together with the file it is stored in.
public struct StoredSession: Hashable, Sendable {
    /// The session as its file holds it.
    public var session: Session
    /// Relative to the store root.
    public var path: String

    /// A session read from (or written to) `path`, relative to the store root.
    public init(session: Session, path: String) {
        self.session = session
        self.path = path
    }
}

/// A change to one set of the active session.
public struct SetChange: Sendable {
    /// What to do with the set's status.
    public enum Action: Sendable { case complete, skip, undo }

    /// The new weight (in ``unit``, else the set's unit, else the store's).
    public var weight: Double?
    /// The unit of ``weight``.
    public var unit: WeightUnit?
    /// The new reps.
    public var reps: Int?
    /// `true` makes the set a bodyweight set (its weight then what was added or assisted),
    /// `false` a set of the weight alone.
    public var bodyweight: Bool?
    /// The new time of the set, in seconds.
    public var durationSeconds: Int?
    /// The new distance of the set, in metres.
    public var distanceMeters: Double?
    /// The new RPE, 1–10 in steps of 0.5.
    public var rpe: Double?
    /// Reps in reserve, 0–10.
    public var rir: Int?
    /// The new set type.
    public var setType: WorkoutSet.SetType?
    /// The set's note (an empty text removes it).
    public var note: String?
    /// Log, skip or undo the set (its status).
    public var action: Action?

    /// A change of the given values; those left `nil` stay as they are.
    public init(weight: Double? = nil, unit: WeightUnit? = nil, reps: Int? = nil, rpe: Double? = nil, rir: Int? = nil,
                setType: WorkoutSet.SetType? = nil, note: String? = nil, action: Action? = nil) {
        self.weight = weight
        self.unit = unit
        self.reps = reps
        self.rpe = rpe
        self.rir = rir
        self.setType = setType
        self.note = note
        self.action = action
    }

    /// A value a set may go without, which a change can remove (an RPE given by mistake).
    public enum Removable: String, Sendable, Hashable, CaseIterable {
        case rpe, rir, seconds, distance
    }
    /// The values to remove. One both given and removed is refused.
    public var removing: Swift.Set<Removable> = []

    /// Whether it changes anything.
    public var isEmpty: Bool {
        weight == nil && bodyweight == nil && reps == nil && durationSeconds == nil && distanceMeters == nil && rpe == nil
            && rir == nil && setType == nil && note == nil && action == nil && removing.isEmpty
    }

    /// A value both given and removed, the first of them; `nil` when none is.
    var givenAndRemoved: Removable? {
        Removable.allCases.first { field in
            guard removing.contains(field) else { return false }
            switch field {
            case .rpe: return rpe != nil
            case .rir: return rir != nil
            case .seconds: return durationSeconds != nil
            case .distance: return distanceMeters != nil
            }
        }
    }
}

/// What `log` records with the sets it logs, beyond the set notation.
public struct LogDetails: Sendable {
    /// A note for each set logged.
    public var note: String?
    /// Rest before each set, in seconds; without it, a set logged live records the time since
    /// the previous set of the session.
    public var restSeconds: Int?

    /// The superset label the entries logged get (entries sharing one were done as a
    /// superset, a circuit or an interval block); `nil` leaves an entry's label as it is.
    public var superset: String?
    /// How that superset was performed.
    public var method: Session.Entry.Method?
    /// A client's ID for this change: the sets it logs keep it as `request_id`, and a second
    /// request with it (a retry) changes nothing and answers as the first did.
    public var requestID: String?
    /// Whether the sets may go into a completed session: the caller's explicit choice to
    /// change history (the CLI's `--session`). Without it, logging into a completed session
    /// is `FORBIDDEN`.
    public var intoCompletedSession = false
    /// A seed file (an exercise catalogue such as `LiftLogCatalog`'s `ExerciseCatalog.json`)
    /// whose exercise of the same name gives an exercise this call adds to the library its
    /// name, modality, category, muscle groups, notes and increment; without one (or without
    /// that name in it), the exercise is added with none.
    public var newExercisesFrom: [UInt8]?

    /// Details for ``Store/log(exercise:sets:createIfMissing:sessionID:details:)``.
    public init(note: String? = nil, restSeconds: Int? = nil, superset: String? = nil, method: Session.Entry.Method? = nil,
                intoCompletedSession: Bool = false) {
        self.intoCompletedSession = intoCompletedSession
        self.note = note
        self.restSeconds = restSeconds
        self.superset = superset
        self.method = method
    }
}

/// The sets of one exercise, for logging several exercises at once.
public struct ExerciseSets: Sendable {
    /// The exercise's name (or an alias of it).
    public var exercise: String
    /// Its sets, in the order done.
    public var sets: [SetNotation]

    /// The `sets` of `exercise`.
    public init(exercise: String, sets: [SetNotation]) {
        self.exercise = exercise
        self.sets = sets
    }
}

/// What logging several exercises at once (a superset) did.
public struct GroupLogResult: Sendable {
    /// The session as written.
    public var stored: StoredSession
    /// For each exercise, in the order given: its entry's position, the set numbers written
    /// and whether the exercise was added to the library.
    public var logged: [(entryIndex: Int, setNumbers: [Int], createdExercise: Bool)]
    /// The superset label the entries share.
    public var superset: String?
    /// Whether this was a retry of a change already made (`LogDetails/requestID`): nothing written.
    public var repeated = false
    /// Sets liftlog had saved into the session that its file no longer held when this call read
    /// it (see ``Store/setsMissingFromActiveSession()``); this call's write takes the file as it
    /// is, so they are reported here once.
    public var missingBefore: MissingSets? = nil
}

/// What `log` did.
public struct LogResult: Sendable {
    /// The session as written.
    public var stored: StoredSession
    /// The position of the exercise's entry in the session.
    public var entryIndex: Int
    /// Whether the exercise was added to the library by this call.
    public var createdExercise: Bool
    /// The set numbers written.
    public var setNumbers: [Int]
    /// Whether this was a retry of a change already made (`LogDetails/requestID`): nothing written.
    public var repeated = false
    /// Sets saved before that the session's file no longer held (``GroupLogResult/missingBefore``).
    public var missingBefore: MissingSets? = nil

    /// The entry the sets were logged into.
    public var entry: Session.Entry { stored.session.entries[entryIndex] }
}

extension Store {
    // MARK: Finding the active session

    /// The active session, or `nil` when none is.
    ///
    /// - Complexity: O(1) file reads when the active-session pointer is current; otherwise the
    ///   index is refreshed (O(months) `stat` calls).
    public func activeSession() throws(LiftLogError) -> StoredSession? {
        try findActive(holdingLock: false)
    }

    /// Reads the cached pointer to the active session, checks it, and falls back to the index.
    package func findActive(holdingLock: Bool) throws(LiftLogError) -> StoredSession? {
        if let named = try activeSessionNamedByPointer(holdingLock: holdingLock) { return named }
        let summaries = try withFreshIndex(holdingLock: holdingLock) { index throws(LiftLogError) in try index.activeSummaries() }
        for summary in summaries {
            guard let session = try files.load(summary.path, as: Session.self), session.status == .active else { continue }
            if holdingLock { writeActivePointer(summary.path) }
            return StoredSession(session: session, path: summary.path)
        }
        if holdingLock, (try? files.status(Store.activePointerPath)) != nil { try? files.remove(Store.activePointerPath) }
        return nil
    }

    /// The active session when `.liftlog/active` names it: one small read and one session
    /// file, no look at the index. `nil` when the pointer is missing or stale (after a clone, or
    /// a session started on another device): ``activeSession()`` then searches the index.
    package func activeSessionNamedByPointer(holdingLock: Bool = false) throws(LiftLogError) -> StoredSession? {
        guard let path = activePointerPath(), let session = try files.load(path, as: Session.self), session.status == .active else { return nil }
        // A command holding the lock reads the session to change it, and its write does away
        // with what a killed write of the file left (the temporary file is opened truncated and
        // renamed into place, or removed, and so is the second name); one that
        // then writes nothing leaves them to the next command that reads the session.
        if !holdingLock { removeLeftoverTemporaryFile(of: path) }
        return StoredSession(session: session, path: path)
    }

    /// The session file `.liftlog/active` names, when it names one inside `sessions/`.
    private func activePointerPath() -> String? {
        guard let bytes = try? files.read(Store.activePointerPath) else { return nil }
        // Its line break cut off as bytes, so that the trim below finds ASCII at both ends.
        let line = bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...]
        let path = String(decoding: line, as: UTF8.self).trimmingWhitespace()
        return StoreFiles.isSafeRelativePath(path) && path.hasPrefix("sessions/") ? path : nil
    }

    /// Removes the temporary file a write killed mid-way left next to `path`, only if the lock
    /// is free (a writer holding it may be writing that file now).
    private func removeLeftoverTemporaryFile(of path: String) {
        if files.hasLeftoverTemporaryFile(of: path) {
            try? withLockIfFree(wait: 0.2) { (haveLock: Bool) throws(LiftLogError) in
                if haveLock { files.removeLeftoverTemporaryFile(of: path) }
            }
        }
    }

    /// Records (or clears) the shortcut to the active session. A cache: failing to write it
    /// costs only speed (the index finds the active session), so it never fails a command.
    private func writeActivePointer(_ path: String?) {
        if let path {
            try? files.writeAtomically(Array((path + "\n").utf8), to: Store.activePointerPath, durable: false)
        } else {
            try? files.remove(Store.activePointerPath)
        }
    }

    /// The session a change is for: the one named (active or completed: naming it is the
    /// user's choice to change history), else the active one.
    private func sessionToChange(_ id: Session.ID?) throws(LiftLogError) -> StoredSession {
        guard let id else { return try requireActive() }
        return try storedSession(idPrefix: id.rawValue)
    }

    /// The active session; with `id`, that session, which must be the active one.
    ///
    /// - Throws: `NOT_FOUND` without an active session (or no session `id`), `CONFLICT` when
    ///   the session `id` is not the active one.
    private func requireActive(_ id: Session.ID? = nil) throws(LiftLogError) -> StoredSession {
        if let id {
            let named = try storedSession(idPrefix: id.rawValue)
            guard named.session.status == .active else { throw .conflict("Session \(id.short) is already \(named.session.status.rawValue).") }
        }
        guard let active = try findActive(holdingLock: true) else {
            throw .notFound("No active session.", remedy: .startSession)
        }
        return active
    }

    /// Writes a session, after the rules every writer applies (``Session/validateForWriting()``);
    /// `isNew` creates its folders first (a session read from disk has them). Called holding
    /// the store's lock.
    func save(_ stored: StoredSession, isNew: Bool = false) throws(LiftLogError) {
        try stored.session.validateForWriting()
        if isNew { try files.ensureDirectory(String(stored.path.split(separator: "/").dropLast().joined(separator: "/"))) }
        try files.save(stored.session, to: stored.path)
        recordAcknowledged(stored.session)
    }

    // MARK: Lifecycle

    /// How long after its start a session's sets still get the time they were logged at.
    static let setTimeWindowSeconds = 12 * 3600

    /// The time a set logged `now` records: now, when that lies inside the session (at most
    /// ``setTimeWindowSeconds`` after its start); none for a backdated session, whose sets were
    /// done at some time the clock does not know.
    static func setTime(now: Timestamp, sessionStart: Timestamp) -> Timestamp? {
        let elapsed = sessionStart.seconds(until: now)
        return elapsed >= -60 && elapsed <= setTimeWindowSeconds ? now : nil
    }

    /// Refuses a time more than a minute in the future (clocks of two devices may differ that much).
    func refuseFuture(_ time: Timestamp, what: String, now: Timestamp) throws(LiftLogError) {
        if time.millisecondsSince1970 > now.millisecondsSince1970 + 60_000 {
            throw .validation("\(what) \(time.shortDescription) is in the future.")
        }
    }

    /// Starts a session.
    ///
    /// - Parameters:
    ///   - kind: lifting unless said otherwise.
    ///   - startedAt: when it started; now by default (a past time logs a past session).
    ///   - plan: the plan's name, recorded as a snapshot.
    ///   - planDay: the plan day's name, recorded as a snapshot.
    ///   - entries: planned exercises with pending sets (see ``startPlannedSession(day:startedAt:id:)``).
    ///   - id: the session's ID, chosen by a client that may send the same start twice (a
    ///     retry over a bad network): a session of that ID already in the store is returned
    ///     as it is, and nothing is written.
    ///
    /// During the active mesocycle a lifting or cardio session records its `week_number` and
    /// `mesocycle_id`.
    /// - Throws: `CONFLICT` when a session is already active, `VALIDATION_ERROR` for a start
    ///   time in the future.
    @discardableResult
    public func startSession(kind: Session.Kind = .lifting, startedAt: Timestamp? = nil, plan: String? = nil, planDay: String? = nil, entries: [Session.Entry] = [],
                             id: Session.ID? = nil) throws(LiftLogError) -> StoredSession {
        try withLock { () throws(LiftLogError) -> StoredSession in
            if let id, let existing = try? storedSession(idPrefix: id.rawValue), existing.session.id == id { return existing }
            if let active = try findActive(holdingLock: true) {
                throw .conflict("A session is already active (started \(active.session.startedAt.shortDescription)).", remedy: .finishOrDiscardSession)
            }
            let now = currentTimestamp()
            let start = startedAt ?? now
            try refuseFuture(start, what: "Start time", now: now)
            // A lifting or cardio session during the active mesocycle records its week. A broken
            // plan file must not keep anyone from training: `check` reports it.
            let meso = kind == .lifting || kind == .cardio ? (try? activeMesocycle()) ?? nil : nil
            let week = meso?.mesocycle.week(of: start.localDate)
            var session = Session(id: id ?? environment.makeSessionID(), kind: kind, status: .active, startedAt: start, plan: plan, planDay: planDay, weekNumber: week, entries: entries)
            if week != nil { session.mesocycleID = meso?.mesocycle.id }
            giveSetIDs(in: &session)
            let stored = StoredSession(session: session, path: session.relativePath)
            try save(stored, isNew: true)
            writeActivePointer(stored.path)
            updateIndex()
            return stored
        }
    }

    /// Logs completed sets of an exercise into the active session, or into the session
    /// `sessionID` (active or completed: naming a completed session fixes history, the sets
    /// then have no `completed_at` and no derived rest). Planned (pending) sets of that exercise are completed first,
    /// in order; further sets are appended. With no sets, the next planned set is completed at
    /// its target weight and reps.
    ///
    /// - Parameters:
    ///   - exerciseName: matched case-insensitively against the library.
    ///   - sets: parsed set notation; empty for the next planned set as planned.
    ///   - createIfMissing: add an unknown exercise to the library instead of failing.
    /// - Throws: `NOT_FOUND` without an active session or for an unknown exercise (with
    ///   suggestions), `FORBIDDEN` for a session without sets (stretch, meditation).
    @discardableResult
    public func log(exercise exerciseName: String, sets: [SetNotation], createIfMissing: Bool = false, sessionID: Session.ID? = nil,
                    details: LogDetails = LogDetails()) throws(LiftLogError) -> LogResult {
        let result = try logGroup([ExerciseSets(exercise: exerciseName, sets: sets)], createIfMissing: createIfMissing, sessionID: sessionID, details: details)
        let logged = result.logged[0]
        return LogResult(stored: result.stored, entryIndex: logged.entryIndex, createdExercise: logged.createdExercise, setNumbers: logged.setNumbers,
                         repeated: result.repeated, missingBefore: result.missingBefore)
    }

    /// Logs the sets of several exercises performed together in rounds (a superset or a
    /// circuit) as one change: each exercise's entry gets the superset label of `details`, or
    /// the next free one (`A`, `B`, …), and its `method`. Sets are counted per exercise.
    ///
    /// - Throws: as ``log(exercise:sets:createIfMissing:sessionID:details:)``; `USAGE_ERROR` for
    ///   fewer than two exercises or one given twice.
    @discardableResult
    public func logSuperset(_ groups: [ExerciseSets], createIfMissing: Bool = false, sessionID: Session.ID? = nil,
                            details: LogDetails = LogDetails()) throws(LiftLogError) -> GroupLogResult {
        guard groups.count >= 2 else { throw .usage("A superset needs at least two exercises, each with its sets, such as 'Bench Press' 80x8x3 and 'Barbell Row' 70x8x3.") }
        let keys = groups.map { Exercise.nameKey($0.exercise) }
        if let twice = keys.enumerated().first(where: { keys.firstIndex(of: $0.element)! != $0.offset }) {
            throw .usage("'\(groups[twice.offset].exercise)' is given twice; give each exercise of a superset once, with all its sets.")
        }
        if let empty = groups.first(where: { $0.sets.isEmpty }) { throw .usage("Give the sets of '\(empty.exercise)', such as 80x8x3.") }
        var details = details
        if details.superset == nil { details.superset = "" }
        return try logGroup(groups, createIfMissing: createIfMissing, sessionID: sessionID, details: details)
    }

    /// Logs each group's sets into one session as one change (see ``log(exercise:sets:createIfMissing:sessionID:details:)``).
    /// An empty `details.superset` means the next free label.
    private func logGroup(_ groups: [ExerciseSets], createIfMissing: Bool, sessionID: Session.ID?, details: LogDetails) throws(LiftLogError) -> GroupLogResult {
        if let rest = details.restSeconds, !(0...86_400).contains(rest) { throw .validation("Rest must be 0–86400 seconds, got \(rest).") }
        if let label = details.superset?.trimmingWhitespace(), label.count > 20 || (label.isEmpty && details.superset != "") {
            throw .validation("A superset label must be 1–20 characters, such as A, got '\(details.superset!)'.")
        }
        return try withLockRereadingOnOutsideChange { () throws(LiftLogError) -> GroupLogResult in
            var stored = try sessionToChange(sessionID)
            let missingBefore = setsMissing(from: stored)
            guard stored.session.kind == .lifting || stored.session.kind == .cardio else {
                throw .forbidden("The \(sessionID == nil ? "active " : "")session is a \(stored.session.kind.rawValue) session; sets can only be logged into lifting or cardio sessions.")
            }
            guard stored.session.status == .active || details.intoCompletedSession else {
                throw .forbidden("Session \(stored.session.id.short) is completed; sets are logged into it only when you say you mean to change its history.",
                                 remedy: .logIntoCompletedSession(stored.session.id))
            }
            var session = stored.session
            // A retry of a change already made: nothing to do.
            if let requestID = details.requestID {
                let done = session.entries.enumerated().compactMap { index, entry -> (entryIndex: Int, setNumbers: [Int], createdExercise: Bool)? in
                    let numbers = entry.sets.filter { $0.requestID == requestID }.map(\.setNumber)
                    return numbers.isEmpty ? nil : (index, numbers, false)
                }
                if !done.isEmpty { return GroupLogResult(stored: stored, logged: done, superset: nil, repeated: true, missingBefore: missingBefore) }
            }
            // The change is made to `session` alone, `stored` given it back at the end: letting go
            // of its entries here keeps a new set from copying every entry and set first.
            stored.session.entries = []
            // A set added to a finished session afterwards has no time of its own.
            let live = session.status == .active
            let time = live ? Store.setTime(now: currentTimestamp(), sessionStart: session.startedAt) : nil
            // Rest: as given, else (logged live) the time since the session's previous set.
            let previous = session.entries.flatMap(\.sets).compactMap(\.completedAt).max()
            var rest = details.restSeconds
            if rest == nil, let previous, let time { rest = max(0, previous.seconds(until: time)) }
            let label = details.superset.map { $0.isEmpty ? Store.nextSupersetLabel(in: session) : $0.trimmingWhitespace() }
            // In a cardio session an exercise not in the library is added to it (a run, a row).
            let create = createIfMissing || session.kind == .cardio
            var created: [(exercise: Exercise, path: String)] = []
            var logged: [(entryIndex: Int, setNumbers: [Int], createdExercise: Bool)] = []
            var requestSets = 0
            for (position, group) in groups.enumerated() {
                let sets = try group.sets.isEmpty ? [nextPlannedSet(of: group.exercise, in: session)] : group.sets
                var modality = Store.modality(of: sets)
                if session.kind == .cardio && modality == .other { modality = .cardio }
                let (index, new) = try entryIndex(for: group.exercise, in: &session, createIfMissing: create, modality: modality,
                                                  catalogue: details.newExercisesFrom, reserved: created.map(\.path))
                if let new { created.append(new) }
                if let label {
                    session.entries[index].superset = label
                    if let method = details.method { session.entries[index].method = method }
                }
                let numbers = Store.apply(sets, toEntry: index, of: &session, at: time, note: details.note,
                                          firstRest: position == 0 ? rest : details.restSeconds, rest: details.restSeconds)
                for offset in session.entries[index].sets.indices where numbers.contains(session.entries[index].sets[offset].setNumber) {
                    if let requestID = details.requestID { session.entries[index].sets[offset].requestID = requestID }
                    if session.entries[index].sets[offset].id == nil {
                        // A new set logged for a client's request is known to it by that request's
                        // ID (the next ones by ID-2, ID-3…).
                        let preferred = details.requestID.map { requestSets == 0 ? $0 : "\($0)-\(requestSets + 1)" }
                        session.entries[index].sets[offset].id = newSetID(in: session, preferring: preferred)
                        requestSets += 1
                    }
                }
                for set in session.entries[index].sets where numbers.contains(set.setNumber) { try set.validateForWriting() }
                logged.append((index, numbers, new != nil))
            }
            stored.session = session
            if created.isEmpty {
                try save(stored)
            } else {
                // The new exercises and the sets logged with them are saved as one change.
                try files.apply(created.map { .write($0.path, $0.exercise.canonicalBytes) }
                                + [.write(stored.path, session.canonicalBytes)])
                recordAcknowledged(session)
            }
            return GroupLogResult(stored: stored, logged: logged, superset: label, missingBefore: missingBefore)
        }
    }

    /// A set ID no set of `session` has: `preferred` when it is free and valid, else 8
    /// random hexadecimal digits.
    func newSetID(in session: Session, preferring preferred: String? = nil) -> String {
        // A scan of the session's sets (a few dozen) rather than a set of their IDs: this runs
        // for every logged set.
        func used(_ id: String) -> Bool { session.entries.contains { $0.sets.contains { $0.id == id } } }
        if let preferred, !used(preferred) {
            var probe = WorkoutSet(setNumber: 1)
            probe.id = preferred
            if !probe.ruleViolations().contains(where: { $0.key == "id" }) { return preferred }
        }
        while true {
            // The last 8 hexadecimal digits of a new UUID, lowercased, written from the last
            // as bytes. (A string decoded from a reversed collection asks the runtime whether
            // that type has contiguous bytes: a search of every conformance, 88,000
            // instructions, the first time in a process.)
            let uuid = environment.makeUUID()
            var found = 0
            let candidate = String(unsafeUninitializedCapacity: 8) { digits in
                for byte in uuid.utf8.reversed() where found < 8 {
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): digits[7 - found] = byte
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): digits[7 - found] = byte + 32
                    default: continue
                    }
                    found += 1
                }
                return found == 8 ? 8 : 0
            }
            if found == 8, !used(candidate) { return candidate }
        }
    }

    /// Gives every set of `session` without an ID one.
    func giveSetIDs(in session: inout Session) {
        for entry in session.entries.indices {
            for set in session.entries[entry].sets.indices where session.entries[entry].sets[set].id == nil {
                session.entries[entry].sets[set].id = newSetID(in: session)
            }
        }
    }

    /// The first of `A`…`Z` (then `S27`, …) no entry of the session uses.
    static func nextSupersetLabel(in session: Session) -> String {
        let used = Swift.Set(session.entries.compactMap(\.superset))
        for scalar in UnicodeScalar("A").value...UnicodeScalar("Z").value {
            let label = String(Character(UnicodeScalar(scalar)!))
            if !used.contains(label) { return label }
        }
        var number = 27
        while used.contains("S\(number)") { number += 1 }
        return "S\(number)"
    }

    /// The next planned set of an exercise, as planned (what `log EXERCISE` without sets does).
    ///
    /// - Throws: `USAGE_ERROR` when the exercise has no planned set waiting, or it has no target
    ///   weight yet.
    private func nextPlannedSet(of exerciseName: String, in session: Session) throws(LiftLogError) -> SetNotation {
        let key = Exercise.nameKey(exerciseName)
        let entry = session.entries.first { Exercise.nameKey($0.exerciseName) == key }
        guard let pending = entry?.sets.first(where: { $0.status == .pending }), let reps = pending.targetReps else {
            throw .usage("Give at least one set, such as 100x5 (\(entry == nil ? "'\(exerciseName)' is not planned in this session" : "'\(entry!.exerciseName)' has no planned set waiting")).")
        }
        guard let weight = pending.targetWeight else {
            throw .usage("Give the set, such as 60x\(reps) (or bwx\(reps) for bodyweight): set \(pending.setNumber) of '\(entry!.exerciseName)' has no target weight yet.")
        }
        return SetNotation(weight: weight, unit: pending.unit ?? preferences.unit, reps: reps, setType: pending.setType)
    }

    /// The modality a new exercise gets from the first sets logged for it.
    static func modality(of sets: [SetNotation]) -> Exercise.Modality {
        if sets.contains(where: { $0.distanceMeters != nil }) { return .cardio }
        if sets.allSatisfy({ $0.bodyweight || ($0.weight == nil && $0.durationSeconds != nil) }) { return .bodyweight }
        return .other
    }

    /// The position of an exercise's entry in `session`, adding the entry (and with
    /// `createIfMissing` the exercise, returned to be written with the session) when needed.
    private func entryIndex(for exerciseName: String, in session: inout Session, createIfMissing: Bool, modality: Exercise.Modality,
                            catalogue: [UInt8]? = nil, reserved: [String] = []) throws(LiftLogError) -> (index: Int, created: (exercise: Exercise, path: String)?) {
        let key = Exercise.nameKey(exerciseName)
        // Already in the session: no need to read the library.
        if let existing = session.entries.firstIndex(where: { Exercise.nameKey($0.exerciseName) == key }) { return (existing, nil) }
        let exercise: Exercise
        var created: (exercise: Exercise, path: String)?
        if let known = try findExercise(named: exerciseName) {
            exercise = known
        } else {
            // A name close to none in the library is a new exercise more likely than a typo.
            guard createIfMissing else { throw missingExercise(exerciseName, among: try exercises(), remedyWhenNoneClose: .logCreatingExercise) }
            if let item = try catalogue.flatMap({ (bytes: [UInt8]) throws(LiftLogError) in
                try DocumentDecoder.decode(bytes, path: "the exercise catalogue", as: SeedFile.self).items.first { Exercise.nameKey($0.name) == key }
            }) {
                created = try newExercise(name: item.name, modality: item.modality, category: item.category, muscleGroups: item.muscleGroups,
                                          secondaryMuscles: item.secondaryMuscles, notes: item.notes, weightIncrement: item.weightIncrement, reserved: reserved)
            } else {
                created = try newExercise(name: exerciseName, modality: modality, reserved: reserved)
            }
            exercise = created!.exercise
        }
        if let existing = session.entryIndex(for: exercise) { return (existing, created) }
        session.entries.append(Session.Entry(exerciseID: exercise.id, exerciseName: exercise.name, order: session.entries.count + 1))
        return (session.entries.count - 1, created)
    }

    /// Completes the entry's pending (planned) sets with `sets` in order, appending the rest;
    /// returns the set numbers written. A warm-up (`w:`) completes the next planned warm-up, and
    /// so does a set of no type at that warm-up's very load while it is lighter than the next
    /// planned work set (the empty bar logged as `20x10`); any other set completes the next
    /// planned work set: warm-ups left undone are skipped at the end.
    private static func apply(_ sets: [SetNotation], toEntry index: Int, of session: inout Session, at time: Timestamp?,
                              note: String? = nil, firstRest: Int? = nil, rest: Int? = nil) -> [Int] {
        var numbers: [Int] = []
        for notation in sets {
            for _ in 0..<notation.count {
                // The first set rests as measured (or given); the others of one command, as given.
                let restBefore = numbers.isEmpty ? firstRest : rest
                var set: WorkoutSet
                let wantsWarmup = notation.setType == .warmup || isWaitingWarmup(notation, in: session.entries[index].sets)
                if let pending = session.entries[index].sets.firstIndex(where: { $0.status == .pending && ($0.setType == .warmup) == wantsWarmup }) {
                    set = session.entries[index].sets[pending]
                    set.weight = notation.weight
                    set.changeUnit(to: notation.unit)
                    set.reps = notation.reps
                    set.bodyweight = notation.bodyweight
                    set.durationSeconds = notation.durationSeconds
                    set.distanceMeters = notation.distanceMeters
                    set.rpe = notation.rpe
                    set.rir = notation.rir
                    if notation.setType != .normal { set.setType = notation.setType }
                    if let note, !note.isEmpty { set.notes = note }
                    if let restBefore { set.restSeconds = restBefore }
                    set.status = .completed
                    set.completedAt = time
                    session.entries[index].sets[pending] = set
                } else {
                    set = WorkoutSet(setNumber: session.entries[index].sets.count + 1, setType: notation.setType, weight: notation.weight,
                                     unit: notation.unit, reps: notation.reps, bodyweight: notation.bodyweight, rpe: notation.rpe,
                                     rir: notation.rir, restSeconds: restBefore, distanceMeters: notation.distanceMeters,
                                     durationSeconds: notation.durationSeconds, status: .completed, completedAt: time, notes: note.flatMap { $0.isEmpty ? nil : $0 })
                    session.entries[index].sets.append(set)
                }
                numbers.append(set.setNumber)
            }
        }
        return numbers
    }

    /// Whether `notation`, a set of no type, is the next waiting warm-up of `sets` as the lifter
    /// did it: its load is that warm-up's target, in the same unit, and lighter than the next
    /// waiting work set's.
    private static func isWaitingWarmup(_ notation: SetNotation, in sets: [WorkoutSet]) -> Bool {
        guard notation.setType == .normal, !notation.bodyweight, let weight = notation.weight, let unit = notation.unit,
              let warmup = sets.first(where: { $0.status == .pending && $0.setType == .warmup }),
              let target = warmup.targetWeight, warmup.unit == unit, abs(target - weight) < 0.005 else { return false }
        guard let work = sets.first(where: { $0.status == .pending && $0.setType != .warmup }), let workTarget = work.targetWeight else { return true }
        return weight < (work.unit ?? unit).convert(workTarget, to: unit) - 0.005
    }

    /// Changes set `number` of an exercise in the active session, or in the session
    /// `sessionID` (active or completed).
    ///
    /// - Throws: `NOT_FOUND` when the exercise is not in the session or the set does not
    ///   exist, `VALIDATION_ERROR` for a value that breaks a rule.
    @discardableResult
    public func editSet(exercise exerciseName: String, number: Int, _ change: SetChange, sessionID: Session.ID? = nil) throws(LiftLogError) -> StoredSession {
        try changeSet(sessionID: sessionID, change) { session throws(LiftLogError) in
            let entryIndex = try self.entryIndex(of: exerciseName, in: session)
            let entry = session.entries[entryIndex]
            guard let setIndex = entry.sets.firstIndex(where: { $0.setNumber == number }) else {
                throw .notFound("'\(entry.exerciseName)' has no set \(number); it has \(entry.sets.count) set\(entry.sets.count == 1 ? "" : "s").")
            }
            return (entryIndex, setIndex)
        }
    }

    /// Applies `change` to the set `locate` finds in the session `sessionID` (or the active one).
    func changeSet(sessionID: Session.ID?, _ change: SetChange, locate: (Session) throws(LiftLogError) -> (entry: Int, set: Int)) throws(LiftLogError) -> StoredSession {
        if let field = change.givenAndRemoved {
            throw .validation("The set's \(field.rawValue) is both given and removed; say one of them. Nothing was changed.")
        }
        return try withLockRereadingOnOutsideChange { () throws(LiftLogError) -> StoredSession in
            var stored = try sessionToChange(sessionID)
            let (entryIndex, setIndex) = try locate(stored.session)
            var set = stored.session.entries[entryIndex].sets[setIndex]
            if let weight = change.weight { set.weight = weight; set.changeUnit(to: change.unit ?? set.unit ?? preferences.unit) }
            if let bodyweight = change.bodyweight {
                set.bodyweight = bodyweight
                if bodyweight, change.weight == nil { set.weight = nil }
            }
            if let reps = change.reps { set.reps = reps }
            if let seconds = change.durationSeconds { set.durationSeconds = seconds }
            if let meters = change.distanceMeters { set.distanceMeters = meters }
            if let rpe = change.rpe { set.rpe = rpe }
            if let rir = change.rir { set.rir = rir }
            if let type = change.setType { set.setType = type }
            if let note = change.note { set.notes = note.isEmpty ? nil : note }
            for field in change.removing {
                switch field {
                case .rpe: set.rpe = nil
                case .rir: set.rir = nil
                case .seconds: set.durationSeconds = nil
                case .distance: set.distanceMeters = nil
                }
            }
            switch change.action {
            case .complete?:
                // A planned set completed without numbers was done as planned.
                if set.reps == nil, change.reps == nil, let target = set.targetReps {
                    set.reps = target
                    if set.weight == nil, change.weight == nil { set.weight = set.targetWeight }
                }
                set.status = .completed
                if stored.session.status == .active {
                    set.completedAt = set.completedAt ?? Store.setTime(now: currentTimestamp(), sessionStart: stored.session.startedAt)
                }
            case .skip?: set.status = .skipped; set.completedAt = nil
            case .undo?: set.status = .pending; set.completedAt = nil
            case nil: break
            }
            try set.validateForWriting()
            if set.id == nil { set.id = newSetID(in: stored.session) }
            stored.session.entries[entryIndex].sets[setIndex] = set
            try save(stored)
            return stored
        }
    }

    /// Removes an exercise and its sets from the active session.
    ///
    /// - Throws: `NOT_FOUND` when it is not in the session.
    @discardableResult
    public func dropExercise(_ exerciseName: String) throws(LiftLogError) -> StoredSession {
        try withLockRereadingOnOutsideChange { () throws(LiftLogError) -> StoredSession in
            var stored = try requireActive()
            let index = try entryIndex(of: exerciseName, in: stored.session)
            stored.session.entries.remove(at: index)
            for offset in stored.session.entries.indices { stored.session.entries[offset].order = offset + 1 }
            try save(stored)
            return stored
        }
    }

    private func entryIndex(of exerciseName: String, in session: Session) throws(LiftLogError) -> Int {
        let key = Exercise.nameKey(exerciseName)
        if let index = session.entries.firstIndex(where: { Exercise.nameKey($0.exerciseName) == key }) { return index }
        if let exercise = try? findExercise(named: exerciseName), let index = session.entryIndex(for: exercise) { return index }
        throw .notFound("'\(exerciseName)' is not in the active session.", suggestions: Suggestions.closest(to: exerciseName, among: session.entries.map(\.exerciseName)))
    }

    /// Completes the active session. Sets still pending are marked skipped.
    ///
    /// - Parameters:
    ///   - feel: how it felt, 1–5 (`session_rpe`).
    ///   - painTags: where it hurt, lowercased.
    ///   - notes: free text.
    ///   - completedAt: when it ended; now by default.
    /// - Throws: `NOT_FOUND` without an active session, `VALIDATION_ERROR` for a feel outside
    ///   1–5 or an end before the start.
    ///   - sessionID: the session meant (a client's); it must be the active one, else `CONFLICT`.
    @discardableResult
    public func finish(feel: Int? = nil, painTags: [String] = [], notes: String? = nil, completedAt: Timestamp? = nil,
                       sessionID: Session.ID? = nil) throws(LiftLogError) -> StoredSession {
        if let feel, !(1...5).contains(feel) { throw .validation("Feel must be 1–5, got \(feel).") }
        let tags = painTags.map { $0.trimmingWhitespace().lowercased() }
        if tags.contains(where: \.isEmpty) { throw .validation("Pain tags cannot be empty.") }
        return try withLockRereadingOnOutsideChange { () throws(LiftLogError) -> StoredSession in
            try finish(try requireActive(sessionID), feel: feel, painTags: tags, notes: notes, completedAt: completedAt)
        }
    }

    /// Finishes `stored`, the active session, holding the lock (see ``finish(feel:painTags:notes:completedAt:sessionID:)``).
    private func finish(_ stored: StoredSession, feel: Int?, painTags tags: [String], notes: String?, completedAt: Timestamp?,
                        status: Session.Status = .completed) throws(LiftLogError) -> StoredSession {
        var stored = stored
        let end = completedAt ?? currentTimestamp()
        try refuseFuture(end, what: "End time", now: currentTimestamp())
        guard end >= stored.session.startedAt else {
            throw .validation("The end time \(end.shortDescription) is before the start \(stored.session.startedAt.shortDescription).")
        }
        stored.session.status = status
        stored.session.completedAt = end
        // A set's time lies inside its session: one outside it (a backdated session) has none.
        for entry in stored.session.entries.indices {
            for set in stored.session.entries[entry].sets.indices {
                if let time = stored.session.entries[entry].sets[set].completedAt, time < stored.session.startedAt || time > end {
                    stored.session.entries[entry].sets[set].completedAt = nil
                }
            }
        }
        if let feel { stored.session.sessionRPE = feel }
        if !tags.isEmpty { stored.session.painTags = tags }
        if let notes, !notes.isEmpty { stored.session.notes = notes }
        for entry in stored.session.entries.indices {
            for set in stored.session.entries[entry].sets.indices where stored.session.entries[entry].sets[set].status == .pending {
                stored.session.entries[entry].sets[set].status = .skipped
            }
        }
        try save(stored)
        writeActivePointer(nil)
        updateIndex()
        return stored
    }

    /// Ends the active session `sessionID` as a planned day not trained: its status is
    /// `skipped` and every planned set is skipped (the plan's rotation moves on); it is never
    /// counted as training.
    ///
    /// - Throws: `CONFLICT` when the session is not active or has a logged set (complete it
    ///   instead), and as ``finish(feel:painTags:notes:completedAt:sessionID:)``.
    @discardableResult
    public func skipSession(_ sessionID: Session.ID, notes: String? = nil, completedAt: Timestamp? = nil) throws(LiftLogError) -> StoredSession {
        try withLockRereadingOnOutsideChange { () throws(LiftLogError) -> StoredSession in
            let stored = try requireActive(sessionID)
            let logged = stored.session.entries.reduce(0) { $0 + $1.sets.filter { $0.status == .completed }.count }
            guard logged == 0 else {
                throw .conflict("Session \(sessionID.short) has \(logged) logged set\(logged == 1 ? "" : "s"); complete it instead of skipping it.")
            }
            return try finish(stored, feel: nil, painTags: [], notes: notes, completedAt: completedAt, status: .skipped)
        }
    }

    /// Deletes the active session.
    ///
    /// - Throws: `NOT_FOUND` without an active session.
    @discardableResult
    public func discardActiveSession() throws(LiftLogError) -> StoredSession {
        try withLock { () throws(LiftLogError) -> StoredSession in
            let stored = try requireActive()
            try removeSessionFile(stored.path)
            recordAcknowledged(nil, deleted: stored.session.id)
            writeActivePointer(nil)
            updateIndex()
            return stored
        }
    }

    /// Records a finished session that has no sets (stretch, meditation, or cardio by time).
    ///
    /// - Throws: `VALIDATION_ERROR` for a non-positive duration or a time in the future.
    @discardableResult
    public func recordSession(kind: Session.Kind, minutes: Double, startedAt: Timestamp? = nil, notes: String? = nil, regions: [String] = [], meditationType: String? = nil) throws(LiftLogError) -> StoredSession {
        var record = RecordedSession(kind: kind, durationSeconds: try RecordedSession.seconds(minutes: minutes))
        record.startedAt = startedAt
        record.notes = notes
        record.regions = regions
        record.meditationType = meditationType
        return try self.record(record).stored
    }

    /// Records a finished session that has no sets, as described: it started at `startedAt`,
    /// else `durationSeconds` before `completedAt`, else before now. With a client's `id`, the
    /// same record again (a retry) returns the session already stored, `repeated`, and writes
    /// nothing.
    ///
    /// - Throws: `VALIDATION_ERROR` for a duration outside ``Session/durationSecondsRange``, a time in the
    ///   future, or start and end times that disagree with the duration.
    @discardableResult
    public func record(_ record: RecordedSession) throws(LiftLogError) -> (stored: StoredSession, repeated: Bool) {
        let seconds = try Session.checkedDuration(record.durationSeconds)
        return try withLock { () throws(LiftLogError) -> (stored: StoredSession, repeated: Bool) in
            if let id = record.id, let existing = try? storedSession(idPrefix: id.rawValue), existing.session.id == id {
                guard existing.session.kind == record.kind else {
                    throw .conflict("Session \(id.short) is a \(existing.session.kind.rawValue) session, not a \(record.kind.rawValue) one.")
                }
                return (existing, true)
            }
            let now = currentTimestamp()
            let start = record.startedAt ?? record.completedAt?.adding(seconds: -seconds) ?? now.adding(seconds: -seconds)
            if let end = record.completedAt, record.startedAt != nil, start.adding(seconds: seconds) != end {
                throw .validation("started_at and completed_at are \(start.seconds(until: end)) seconds apart, not the \(seconds) of the duration; give two of the three.")
            }
            try refuseFuture(start, what: "Start time", now: now)
            if let end = record.completedAt { try refuseFuture(end, what: "End time", now: now) }
            var session = Session(id: record.id ?? environment.makeSessionID(), kind: record.kind, status: .completed, startedAt: start,
                                  completedAt: start.adding(seconds: seconds), notes: record.notes.flatMap { $0.isEmpty ? nil : $0 }, durationSeconds: seconds,
                                  regions: record.regions, meditationType: record.meditationType)
            session.skippedRegions = record.skippedRegions
            let stored = StoredSession(session: session, path: session.relativePath)
            try save(stored, isNew: true)
            updateIndex()
            return (stored, false)
        }
    }

    /// Records a finished cardio session of one exercise in one step (`liftlog cardio Run
    /// 5km/25:00`): it started at `startedAt`, else its sets' total time before now, and lasted
    /// that time. An exercise not in the library is added to it as cardio.
    ///
    /// - Throws: `VALIDATION_ERROR` for a time in the future or no sets; as ``log(exercise:sets:createIfMissing:sessionID:details:)``.
    @discardableResult
    public func recordCardio(exercise exerciseName: String, sets: [SetNotation], startedAt: Timestamp? = nil, notes: String? = nil) throws(LiftLogError) -> StoredSession {
        guard !sets.isEmpty else { throw .usage("Give what you did, such as 5km/25:00, 30min or 2000m/7:45.") }
        let seconds = sets.reduce(0) { $0 + ($1.durationSeconds ?? 0) * $1.count }
        return try withLock { () throws(LiftLogError) -> StoredSession in
            let now = currentTimestamp()
            let start = startedAt ?? now.adding(seconds: -seconds)
            try refuseFuture(start, what: "Start time", now: now)
            var session = Session(id: environment.makeSessionID(), kind: .cardio, status: .completed, startedAt: start,
                                  completedAt: start.adding(seconds: seconds), notes: notes.flatMap { $0.isEmpty ? nil : $0 })
            var modality = Store.modality(of: sets)
            if modality == .other { modality = .cardio }
            let (index, created) = try entryIndex(for: exerciseName, in: &session, createIfMissing: true, modality: modality)
            _ = Store.apply(sets, toEntry: index, of: &session, at: nil)
            giveSetIDs(in: &session)
            let stored = StoredSession(session: session, path: session.relativePath)
            var writes: [StoreFiles.Step] = created.map { [.write($0.path, $0.exercise.canonicalBytes)] } ?? []
            writes.append(.write(stored.path, session.canonicalBytes))
            try files.apply(writes)
            updateIndex()
            return stored
        }
    }

    // MARK: Reading and deleting sessions

    /// The session whose ID starts with `idPrefix` (at least 4 characters).
    ///
    /// - Complexity: with 8 characters or more, O(N/256) index lines and one file read when the
    ///   ID shard names one session whose file still holds that ID; otherwise O(months) `stat`
    ///   calls as well.
    /// - Throws: `VALIDATION_ERROR` for a prefix that is too short, not hex, or ambiguous;
    ///   `NOT_FOUND` when no session has it.
    public func session(idPrefix: String) throws(LiftLogError) -> StoredSession {
        try storedSession(idPrefix: idPrefix)
    }

    /// The session `reference` names: an ID or a prefix of one (as ``session(idPrefix:)``), or
    /// `last`, the newest session, as `show last` and `start --like last` read it.
    ///
    /// - Throws: as ``session(idPrefix:)``; `NOT_FOUND` for `last` in a store without sessions.
    public func session(reference: String) throws(LiftLogError) -> StoredSession {
        guard reference.lowercased() == "last" else { return try session(idPrefix: reference) }
        guard let newest = try history(HistoryQuery(page: 1, perPage: 1)).sessions.first else {
            throw .notFound("No sessions yet.", remedy: .startSession)
        }
        return try session(id: newest.id)
    }

    /// The session with ID `id`.
    ///
    /// - Throws: `NOT_FOUND` when no session has it.
    public func session(id: Session.ID) throws(LiftLogError) -> StoredSession {
        try storedSession(idPrefix: id.rawValue)
    }

    /// How many characters of an ID (the 8 every listing shows, or more) let a session be
    /// found through the ID shard alone.
    static let idShardLookupLength = 8

    /// The session whose ID starts with `prefix`, found as the index last saw it: when the ID
    /// shard names exactly one session with that prefix and its file still holds that ID, that
    /// is the session, without comparing the month folders with the index first (390 `stat`
    /// calls over 30 years). A session added since whose ID begins with the same 8 characters
    /// (a one in four billion chance for IDs made at random) is not seen; anything else the
    /// shard cannot vouch for — no match, several, a file moved, deleted, broken or holding
    /// another ID — gives `nil`, and the caller looks the usual way.
    private func sessionNamedByIDShard(_ prefix: String) -> StoredSession? {
        guard let matches = try? SessionIndex.shardPaths(files: files, idPrefix: prefix), matches.count == 1,
              let (id, path) = matches.first, let session = try? files.load(path, as: Session.self), session.id.rawValue == id else { return nil }
        return StoredSession(session: session, path: path)
    }

    private func storedSession(idPrefix: String) throws(LiftLogError) -> StoredSession {
        let prefix = idPrefix.lowercased()
        guard prefix.count >= 4 else {
            throw .validation("Session ID '\(idPrefix)' is too short; give at least 4 characters.")
        }
        guard prefix.count <= 36, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw .validation("'\(idPrefix)' is not a session ID; IDs are hexadecimal, like 3f2c9a1e.")
        }
        // A whole ID is most often the active session's (an app logging sets): its file is
        // named by the active pointer, and one read settles it without the index.
        if prefix.count == 36, let path = activePointerPath(), path.hasSuffix("-" + prefix.prefix(8) + ".json"),
           let session = try? files.load(path, as: Session.self), session.id.rawValue.lowercased() == prefix {
            return StoredSession(session: session, path: path)
        }
        if prefix.count >= Store.idShardLookupLength, let found = sessionNamedByIDShard(prefix) { return found }
        let (matches, unreadable) = try withFreshIndex(holdingLock: false) { index throws(LiftLogError) in
            (try index.paths(forIDPrefix: prefix), try index.corruptFiles().map(\.path))
        }
        switch matches.count {
        case 0:
            // A session file that does not parse is not in the ID index, but its name carries
            // the first 8 characters of its ID: point at its mistakes instead of saying "no such".
            let short = String(prefix.prefix(8))
            if let path = unreadable.first(where: { String($0.dropLast(5).suffix(8)).hasPrefix(short) }) {
                _ = try files.load(path, as: Session.self)
            }
            throw .notFound("No session with ID '\(idPrefix)'.", remedy: .listSessions)
        case 1:
            let (id, path) = matches.first!
            guard let session = try files.load(path, as: Session.self), session.id.rawValue == id else {
                throw .notFound("No session with ID '\(idPrefix)' (its file is gone).", remedy: .reindex)
            }
            return StoredSession(session: session, path: path)
        default:
            let listed = matches.keys.sorted().prefix(5).map { String($0.prefix(prefix.count + 4)) }.joined(separator: ", ")
            throw .validation("Session ID '\(idPrefix)' is ambiguous: it matches \(matches.count) sessions (\(listed)). Give more characters.")
        }
    }

    /// Removes a session's file, holding the lock.
    private func removeSessionFile(_ path: String) throws(LiftLogError) {
        try files.remove(path)
    }

    /// Deletes a session (active or completed) by ID prefix.
    ///
    /// - Throws: as ``session(idPrefix:)``.
    @discardableResult
    public func deleteSession(idPrefix: String) throws(LiftLogError) -> StoredSession {
        try withLock { () throws(LiftLogError) -> StoredSession in
            let stored = try storedSession(idPrefix: idPrefix)
            try removeSessionFile(stored.path)
            if stored.session.status == .active {
                writeActivePointer(nil)
                recordAcknowledged(nil, deleted: stored.session.id)
            }
            updateIndex()
            return stored
        }
    }
}

/// A finished session without sets, to record (``Store/record(_:)``).
public struct RecordedSession: Sendable {
    /// Cardio, stretch or meditation (a lifting session has sets).
    public var kind: Session.Kind
    /// How long it lasted, in seconds (``Session/durationSecondsRange``).
    public var durationSeconds: Int
    /// When it started; by default its end less its length.
    public var startedAt: Timestamp?
    /// When it ended; by default now.
    public var completedAt: Timestamp?
    /// Free text about the session.
    public var notes: String?
    /// Stretched regions.
    public var regions: [String] = []
    /// Regions of a stretch routine left out.
    public var skippedRegions: [String] = []
    /// The kind of meditation, such as breath or body scan.
    public var meditationType: String?
    /// A client's ID for the session, which makes a retry harmless.
    public var id: Session.ID?

    /// A session of `kind` that lasted `durationSeconds`.
    public init(kind: Session.Kind, durationSeconds: Int) {
        self.kind = kind
        self.durationSeconds = durationSeconds
    }

    /// A length given in minutes, in whole seconds.
    ///
    /// - Throws: `VALIDATION_ERROR` unless it is more than 0 and at most 1440 minutes.
    public static func seconds(minutes: Double) throws(LiftLogError) -> Int {
        let most = Session.durationSecondsRange.upperBound / 60
        guard minutes > 0, minutes <= Double(most) else { throw .validation("Minutes must be more than 0 and at most \(most), got \(JSONNumber(minutes.isFinite ? minutes : 0)).") }
        return Int((minutes * 60).rounded())
    }
}
