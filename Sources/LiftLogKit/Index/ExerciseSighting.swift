/// The exercise a report (`pr`, `progress`) is about, as index lines name it: by its ID, or by
/// its name in an entry without a link (``Exercise/isRecorded(as:name:)``).
package struct SightingTarget: Sendable {
    let id: Exercise.ID
    private let idBytes: [UInt8]
    private let nameKey: String

    package init(_ exercise: Exercise) {
        id = exercise.id
        idBytes = Array(exercise.id.rawValue.utf8)
        nameKey = Exercise.nameKey(exercise.name)
    }

    /// Whether an entry recorded as `ref` is this exercise.
    func matches(_ ref: SessionSummary.ExerciseRef) -> Bool {
        ref.id == id || (ref.id == nil && Exercise.nameKey(ref.name) == nameKey)
    }

    /// ``matches(_:)`` for an entry of an index line (``IndexRecord/forEachExerciseEntry(in:_:)``):
    /// the ID's bytes compared with the target's, the name made into a string only for an entry
    /// without a link. A field that is not an ID reads as none, as ``IndexRecord`` reads it.
    func matches(entry: IndexRecord.Field) -> Bool {
        let (idField, name) = IndexRecord.parts(ofExerciseEntry: entry)
        if !idField.isEmpty && Identifier<Exercise>.isCanonicalUUID(idField) {
            // Lowercase ASCII: equal as strings exactly when equal as bytes.
            return idField.elementsEqual(idBytes)
        }
        return Exercise.nameKey(name.map(IndexRecord.unescaped) ?? "") == nameKey
    }
}

/// What the report of one exercise takes from a session's index line: when and which session,
/// the working sets of its entries of that exercise, and the file's name and identity (checked
/// against the file before the report is shown). Read from the line's bytes without making
/// the session's summary: a report at 10,000 sessions reads about 1,700 lines, and most of a
/// summary (path, plan, every entry's name and working sets) is not needed for it.
package struct ExerciseSighting: Sendable, Equatable {
    package var sessionID: Session.ID
    package var startedAt: Timestamp
    package var weekNumber: Int?
    package var fileName: String
    package var identity: FileIdentity
    /// The working sets of the session's entries of the exercise, in the entries' order.
    package var sets: [SessionSummary.WorkSets]

    /// What reading one index line gave.
    enum Line {
        /// The line does not read as an index line: its month's shard is not trusted.
        case malformed
        /// A readable line without the exercise (or an unreadable file's line).
        case without
        case with(ExerciseSighting)
    }

    /// Reads an index line (``IndexRecord/line``) for `target`, checking the fields
    /// ``IndexRecord/init(line:folder:)`` checks, so that a line reads here exactly when it
    /// reads there.
    static func read(_ line: ArraySlice<UInt8>, for target: SightingTarget) -> Line {
        guard !line.isEmpty else { return .malformed }
        return line.withUnsafeBufferPointer { buffer in
            IndexLineFields.read(buffer) { fields -> Line? in
                guard let identity = fields.identity else { return nil }
                if fields.isProblemLine { return .without }
                guard let session = fields.session else { return nil }
                // The positions of the exercise's entries (`ID 0x1F name`, 0x1E between them).
                var positions: [Int] = []
                var position = 0
                IndexRecord.forEachExerciseEntry(in: fields[17]) { entry in
                    if target.matches(entry: entry) { positions.append(position) }
                    position += 1
                }
                guard !positions.isEmpty else { return .without }
                var sets: [SessionSummary.WorkSets] = []
                var next = 0
                SessionSummary.forEachEncodedEntry(in: fields[19]) { position, entry in
                    if position == positions[next] {
                        sets += SessionSummary.decodeWorkSets(entry)
                        next += 1
                    }
                    return next < positions.count
                }
                return .with(ExerciseSighting(
                    sessionID: session.id, startedAt: session.startedAt, weekNumber: ByteFields.int(fields[18]),
                    fileName: IndexRecord.unescaped(fields[1]), identity: identity, sets: sets))
            } ?? .malformed
        }
    }

    /// The sighting of `target` in a record already read (a month listed again, or changed by
    /// this process); `nil` when the session does not have the exercise.
    init?(_ record: IndexRecord, for target: SightingTarget) {
        self.init(record, where: target.matches)
    }

    /// The sighting, in a record already read, of the entries `isTheExercise` accepts; `nil`
    /// when it accepts none.
    init?(_ record: IndexRecord, where isTheExercise: (SessionSummary.ExerciseRef) -> Bool) {
        guard let summary = record.summary else { return nil }
        var sets: [SessionSummary.WorkSets] = []
        var matched = false
        for (position, ref) in summary.exercises.enumerated() where isTheExercise(ref) {
            matched = true
            sets += summary.workSets(ofEntryAt: position)
        }
        guard matched else { return nil }
        self.init(sessionID: summary.id, startedAt: summary.startedAt, weekNumber: summary.weekNumber,
                  fileName: record.fileName, identity: record.identity, sets: sets)
    }

    init(sessionID: Session.ID, startedAt: Timestamp, weekNumber: Int?, fileName: String, identity: FileIdentity, sets: [SessionSummary.WorkSets]) {
        self.sessionID = sessionID
        self.startedAt = startedAt
        self.weekNumber = weekNumber
        self.fileName = fileName
        self.identity = identity
        self.sets = sets
    }
}
