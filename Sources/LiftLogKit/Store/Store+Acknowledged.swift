/// One completed set liftlog saved and reported as saved.
public struct AcknowledgedSet: Hashable, Sendable {
    /// The exercise, as the session names it.
    public var exerciseName: String
    /// The set's number within the exercise, from 1.
    public var setNumber: Int
    /// The weight saved, in ``unit``.
    public var weight: Double?
    /// The unit of ``weight``.
    public var unit: WeightUnit?
    /// The reps saved.
    public var reps: Int?
    /// Whether the set was a bodyweight set (its weight the load added).
    public var bodyweight: Bool
    /// The time saved, in seconds.
    public var durationSeconds: Int?
    /// The distance saved, in metres.
    public var distanceMeters: Double?
    /// Read from a record of five fields (no time, distance or bodyweight marker).
    var isLegacy = false

    /// A saved set of the given values.
    public init(exerciseName: String, setNumber: Int, weight: Double?, unit: WeightUnit?, reps: Int?, bodyweight: Bool = false,
                durationSeconds: Int? = nil, distanceMeters: Double? = nil) {
        self.exerciseName = exerciseName
        self.setNumber = setNumber
        self.weight = weight
        self.unit = unit
        self.reps = reps
        self.bodyweight = bodyweight
        self.durationSeconds = durationSeconds
        self.distanceMeters = distanceMeters
    }

    /// The set of `exerciseName` as far as the record keeps it.
    init(exerciseName: String, _ set: WorkoutSet) {
        self.init(exerciseName: exerciseName, setNumber: set.setNumber, weight: set.weight, unit: set.unit, reps: set.reps,
                  bodyweight: set.bodyweight, durationSeconds: set.durationSeconds, distanceMeters: set.distanceMeters)
    }

    /// The set with its exercise's name as ``Exercise/nameKey(_:)`` gives it: how sets are
    /// compared (a name differing only in case or spacing is the same exercise).
    var keyed: AcknowledgedSet {
        var key = self
        key.exerciseName = Exercise.nameKey(exerciseName)
        return key
    }

    /// The fields a five-field record holds.
    var legacyKey: [String] {
        [exerciseName, String(setNumber), weight.map { JSONNumber($0).text } ?? "", unit?.rawValue ?? "", reps.map(String.init) ?? ""]
    }

    /// The set as a completed ``WorkoutSet`` (for showing it).
    public var workoutSet: WorkoutSet {
        WorkoutSet(setNumber: setNumber, weight: weight, unit: unit, reps: reps, bodyweight: bodyweight,
                   distanceMeters: distanceMeters, durationSeconds: durationSeconds)
    }
}

/// Sets liftlog saved into the active session that its file no longer holds as saved: a
/// `git checkout` or a sync brought back an older version, or the file was edited by hand.
public struct MissingSets: Hashable, Sendable {
    /// The session they were saved into.
    public var sessionID: Session.ID
    /// Where that session is, or `nil` when its file is gone.
    public var path: String?
    /// The saved sets the file no longer has at all: no set of that exercise has that number.
    public var sets: [AcknowledgedSet]
    /// The saved sets the file still has (the same exercise, the same number) with other values:
    /// a weight or reps edited by hand, or an older version of a corrected set.
    public var changed: [ChangedSet] = []
}

/// A set liftlog saved, as saved and as the file now has it.
public struct ChangedSet: Hashable, Sendable {
    /// The set as liftlog saved it.
    public var saved: AcknowledgedSet
    /// The set of the same exercise and number in the file now (in any status).
    public var now: WorkoutSet
}

extension Store {
    /// What liftlog last saved into the active session: its ID, then one line per completed set.
    /// Local, like the index; a cache in `.liftlog/` that the next command compares with the file.
    static let acknowledgedPath = ".liftlog/acknowledged"

    /// Records the completed sets of `session` as saved (after liftlog wrote it); a session no
    /// longer active (finished, or `nil`: deleted) is forgotten. A cache: failing to write it
    /// never fails a command.
    func recordAcknowledged(_ session: Session?, deleted: Session.ID? = nil) {
        guard let session, session.status == .active else {
            let id = session?.id ?? deleted
            if let bytes = try? files.read(Store.acknowledgedPath),
               id == nil || String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self) == id?.rawValue {
                try? files.remove(Store.acknowledgedPath)
            }
            return
        }
        // A cache overwritten in place: a write cut short only leaves out sets (never adds any),
        // which at worst costs a note.
        files.overwriteCache(Store.acknowledgedBytes(of: session), to: Store.acknowledgedPath)
    }

    /// The record of `session`'s completed sets: its ID, then a line per set: name, number,
    /// weight, unit, reps, "bw", seconds, metres (tab-separated). Written as bytes (every `log`
    /// makes it twice: to compare with the record, and to write it).
    static func acknowledgedBytes(of session: Session) -> [UInt8] {
        var bytes = Array(session.id.rawValue.utf8)
        bytes.append(0x0A)
        for entry in session.entries {
            let name = entry.exerciseName.escapedForIndex
            for set in entry.sets where set.status == .completed {
                bytes.append(utf8Of: name)
                bytes.append(0x09)
                JSONNumber.appendText(of: set.setNumber, to: &bytes)
                bytes.append(0x09)
                if let weight = set.weight { JSONNumber.appendText(of: weight, to: &bytes) }
                bytes.append(0x09)
                if let unit = set.unit { bytes.append(utf8Of: unit.rawValue) }
                bytes.append(0x09)
                if let reps = set.reps { JSONNumber.appendText(of: reps, to: &bytes) }
                bytes.append(0x09)
                if set.bodyweight { bytes += [0x62, 0x77] } // bw
                bytes.append(0x09)
                if let seconds = set.durationSeconds { JSONNumber.appendText(of: seconds, to: &bytes) }
                bytes.append(0x09)
                if let metres = set.distanceMeters { JSONNumber.appendText(of: metres, to: &bytes) }
                bytes.append(0x0A)
            }
        }
        return bytes
    }

    private static func completedSets(of session: Session) -> [AcknowledgedSet] {
        session.entries.flatMap { entry in
            entry.sets.filter { $0.status == .completed }.map { AcknowledgedSet(exerciseName: entry.exerciseName, $0) }
        }
    }

    /// The sets liftlog saved into the active session (and reported as saved) that the session's
    /// file no longer holds, or `nil` when every one is there.
    ///
    /// liftlog never removes a set without being asked; when a set is gone, something outside
    /// it (a `git checkout` of an older version, a sync, a hand edit) replaced the file. Call
    /// ``acknowledgeActiveSession()`` once the user has been told.
    ///
    /// - Complexity: one small file read, and the active session's.
    public func setsMissingFromActiveSession() throws(LiftLogError) -> MissingSets? {
        guard let (id, recorded) = acknowledgedRecord() else { return nil }
        return try missing(recorded, of: id, active: nil)
    }

    /// ``setsMissingFromActiveSession()`` for a caller that may have read the active session
    /// already: `active` is asked only when there is a record to compare, and used when it is
    /// the session recorded (else the session is looked for as there).
    ///
    /// Asked before every command while a session is active: when the record is the active
    /// session's as liftlog left it, its bytes are compared, not parsed.
    public func setsMissingFromActiveSession(active: () -> StoredSession?) throws(LiftLogError) -> MissingSets? {
        guard let bytes = try? files.read(Store.acknowledgedPath), Store.recordsSets(bytes) else { return nil }
        let stored = active()
        if let stored, Store.isRecord(bytes, of: stored.session) { return nil }
        guard let (id, recorded) = Store.acknowledgedRecord(bytes) else { return nil }
        return try missing(recorded, of: id, active: stored)
    }

    /// Which of `recorded`, the record of session `id`, its file no longer holds: the active
    /// session's (`active` when already read, else read now) when it is that session, else the
    /// file the ID names.
    private func missing(_ recorded: [AcknowledgedSet], of id: Session.ID, active known: StoredSession?) throws(LiftLogError) -> MissingSets? {
        var active = known
        if active == nil { active = try activeSession() }
        let current = active?.session.id == id ? active : try? session(idPrefix: id.rawValue)
        return Store.missing(recorded, of: id, from: current)
    }

    /// Whether `bytes` are the record of exactly `session`'s completed sets, as liftlog left it
    /// (then none of the sets it records is missing from `session`).
    private static func isRecord(_ bytes: [UInt8], of session: Session) -> Bool {
        ByteFields.same(bytes, acknowledgedBytes(of: session))
    }

    /// Whether a record has a line after its first (the session's ID): a set, unless the line
    /// is not one (which ``acknowledgedRecord(_:)`` then finds).
    private static func recordsSets(_ bytes: [UInt8]) -> Bool {
        guard let end = bytes.firstIndex(of: 0x0A) else { return false }
        return bytes[(end + 1)...].contains { $0 != 0x0A }
    }

    /// The sets recorded as saved into the active session that `stored` (that session as just
    /// read, by a command about to change it) no longer holds; `nil` when there are none or
    /// `stored` is another session.
    func setsMissing(from stored: StoredSession) -> MissingSets? {
        guard let bytes = try? files.read(Store.acknowledgedPath) else { return nil }
        // As liftlog left it (the usual case): the record of exactly this session's sets.
        if Store.isRecord(bytes, of: stored.session) { return nil }
        guard let (id, recorded) = Store.acknowledgedRecord(bytes), id == stored.session.id else { return nil }
        return Store.missing(recorded, of: id, from: stored)
    }

    /// The record of ``recordAcknowledged(_:deleted:)``: the session's ID and its sets, or `nil`
    /// when there is none or it records no set.
    private func acknowledgedRecord() -> (id: Session.ID, sets: [AcknowledgedSet])? {
        (try? files.read(Store.acknowledgedPath)).flatMap { $0 }.flatMap(Store.acknowledgedRecord)
    }

    /// The record in `bytes`, as ``acknowledgedRecord()`` gives it.
    private static func acknowledgedRecord(_ bytes: [UInt8]) -> (id: Session.ID, sets: [AcknowledgedSet])? {
        // On the bytes (read before every `log`): lines and tab-separated fields as slices,
        // numbers read in place, strings made only of the name and the unit.
        let lines = ByteFields.lines(bytes).filter { !$0.isEmpty }
        guard let first = lines.first, let id = Session.ID(rawValue: ByteFields.string(first)) else { return nil }
        func int(_ field: ArraySlice<UInt8>) -> Int? { ByteFields.int(field) ?? Int(ByteFields.string(field)) }
        func double(_ field: ArraySlice<UInt8>) -> Double? { field.isEmpty ? nil : Double(ByteFields.string(field)) }
        let recorded: [AcknowledgedSet] = lines.dropFirst().compactMap { line in
            let fields = ByteFields.fields(line)
            // Five fields in a record written before sets had a time, distance or bodyweight marker.
            guard fields.count == 5 || fields.count == 8, let number = int(fields[1]) else { return nil }
            let more = fields.count == 8
            var set = AcknowledgedSet(exerciseName: ByteFields.string(fields[0]).unescapedFromIndex, setNumber: number, weight: double(fields[2]),
                                      unit: WeightUnit(rawValue: ByteFields.string(fields[3])), reps: int(fields[4]),
                                      bodyweight: more && fields[5].elementsEqual("bw".utf8),
                                      durationSeconds: more ? int(fields[6]) : nil, distanceMeters: more ? double(fields[7]) : nil)
            set.isLegacy = !more
            return set
        }
        return recorded.isEmpty ? nil : (id, recorded)
    }

    /// Which of `recorded` the session `current` (`nil`: its file is gone) does not hold.
    private static func missing(_ recorded: [AcknowledgedSet], of id: Session.ID, from current: StoredSession?) -> MissingSets? {
        let completed = current.map { Store.completedSets(of: $0.session) } ?? []
        // As liftlog left it (the usual case): the same sets in the same order.
        if completed.starts(with: recorded) { return nil }
        let present = Swift.Set(completed.map(\.keyed))
        // A record of the five fields written before sets had a time, distance or bodyweight
        // marker is compared on those fields alone.
        let presentLegacy = Swift.Set(present.map(\.legacyKey))
        let missing = recorded.filter { set in
            set.isLegacy ? !presentLegacy.contains(set.keyed.legacyKey) : !present.contains(set.keyed)
        }
        guard !missing.isEmpty else { return nil }
        // A set the file still has under its exercise and number was changed, not lost, unless
        // that set is exactly another one recorded (the exercise done twice, in two entries
        // whose numbers overlap): then it is that one, and this one is gone.
        let recordedKeys = Swift.Set(recorded.filter { !$0.isLegacy }.map(\.keyed))
        let recordedLegacy = Swift.Set(recorded.filter(\.isLegacy).map(\.keyed.legacyKey))
        // Each set of the file stands for one saved set at most (the first, in the record's order).
        let entries = current?.session.entries ?? []
        var claimed = Swift.Set<[Int]>()
        var gone: [AcknowledgedSet] = [], changed: [ChangedSet] = []
        for set in missing {
            let name = Exercise.nameKey(set.exerciseName)
            var now: WorkoutSet?
            search: for (entryIndex, entry) in entries.enumerated() where Exercise.nameKey(entry.exerciseName) == name {
                for (setIndex, candidate) in entry.sets.enumerated() where candidate.setNumber == set.setNumber && !claimed.contains([entryIndex, setIndex]) {
                    if candidate.status == .completed {
                        let key = AcknowledgedSet(exerciseName: name, candidate)
                        if recordedKeys.contains(key) || recordedLegacy.contains(key.legacyKey) { continue }
                    }
                    claimed.insert([entryIndex, setIndex])
                    now = candidate
                    break search
                }
            }
            if let now { changed.append(ChangedSet(saved: set, now: now)) } else { gone.append(set) }
        }
        return MissingSets(sessionID: id, path: current?.path, sets: gone, changed: changed)
    }

    /// Takes the active session's file as it is now as what liftlog saved (after the user was
    /// told of ``setsMissingFromActiveSession()``). Does nothing while another process writes.
    public func acknowledgeActiveSession() {
        try? withLockIfFree { (haveLock: Bool) throws(LiftLogError) in
            guard haveLock else { return }
            recordAcknowledged(try findActive(holdingLock: true)?.session)
        }
    }
}
