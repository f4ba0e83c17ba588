/// The files `fmt` last found canonical, each with the identity it had (inode, size,
/// modification and status-change time), in `.liftlog/index/canonical.tsv`: a file whose
/// identity has not changed since is still canonical, so `fmt` and `fmt --check` look at it
/// with one `stat` instead of reading and decoding it — as `git status` does with files whose
/// `stat` is unchanged.
///
/// Layout: a format line `liftlog-canonical 1 <form>`, then `path TAB inode TAB size TAB
/// modification time TAB status-change time` per file. `<form>` is the hash of the canonical
/// bytes of a sample session with every kind of field (``formFingerprint``): a version of
/// liftlog that writes the canonical form differently has another, and ignores the file. A
/// file changed less than two seconds before it was read is not recorded (file-system times
/// are coarse: a change within the same tick could keep its identity). Anything unexpected in
/// the file and it is ignored, and written again.
struct CanonicalFiles: Equatable {
    static let path = "\(SessionIndex.directory)/canonical.tsv"
    static let formatLine = "liftlog-canonical 1"

    var entries: [String: FileIdentity] = [:]

    init() {}

    /// The hash of the canonical form of a session with every kind of field, sets of every
    /// kind, notes with escapes and keys liftlog does not know.
    static let formFingerprint: UInt64 = {
        let start = Timestamp("2025-01-24T07:30:00.250+01:00")!
        let sets = [
            WorkoutSet(setNumber: 1, setType: .warmup, weight: 60, unit: .kg, reps: 5, rpe: 6.5, restSeconds: 90, completedAt: start, notes: "a \"quoted\" note\n"),
            WorkoutSet(setNumber: 2, weight: 102.5, unit: .lbs, reps: 3, rir: 2, targetReps: 3, targetWeight: 100, status: .pending),
            WorkoutSet(setNumber: 3, weight: 10, reps: 8, bodyweight: true, unknownFields: ["tempo": .string("3-1-1")]),
            WorkoutSet(setNumber: 4, distanceMeters: 5_000.5, durationSeconds: 1_500, status: .skipped),
        ]
        let session = Session(
            id: Session.ID(rawValue: "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f")!, status: .completed, startedAt: start,
            completedAt: start.adding(seconds: 3_600), plan: "Plan", planDay: "Day 1", weekNumber: 2, sessionRPE: 8,
            painTags: ["knee"], notes: "ünïcode ✓", source: "strong",
            entries: [Session.Entry(exerciseID: Exercise.ID(rawValue: "e1d75f0b-39ac-5515-8787-775481db6aab"), exerciseName: "Back Squat", order: 1,
                                    notes: "n", superset: "A", sets: sets, unknownFields: ["x": .number(JSONNumber(1.5))])],
            unknownFields: ["custom": .array([.bool(true), .string("é")])])
        return ContentHash.of(session.canonicalBytes)
    }()

    private static var header: String { "\(formatLine) \(String(formFingerprint, radix: 16))" }

    /// The record in `files`; empty when there is none, or it is of another form or shape.
    static func load(from files: StoreFiles) -> CanonicalFiles {
        guard let bytes = (try? files.read(path)) ?? nil else { return CanonicalFiles() }
        return CanonicalFiles(bytes: bytes) ?? CanonicalFiles()
    }

    init?(bytes: [UInt8]) {
        var text = ShardText(bytes)
        let lines = text.allLines()
        guard let first = lines.first, first.elementsEqual(CanonicalFiles.header.utf8), bytes.last == 0x0A else { return nil }
        for line in lines.dropFirst() {
            let fields = ByteFields.fields(line)
            guard fields.count == 5, !fields[0].isEmpty, let inode = ByteFields.int64(fields[1]), let size = ByteFields.int64(fields[2]),
                  let modified = ByteFields.int64(fields[3]), let changed = ByteFields.int64(fields[4]) else { return nil }
            entries[ByteFields.string(fields[0])] = FileIdentity(inode: UInt64(bitPattern: inode), size: size, modificationNanoseconds: modified, changeNanoseconds: changed)
        }
    }

    var bytes: [UInt8] {
        var text = CanonicalFiles.header + "\n"
        for (path, identity) in entries.sorted(by: { $0.key < $1.key }) {
            text += "\(path)\t\(Int64(bitPattern: identity.inode))\t\(identity.size)\t\(identity.modificationNanoseconds)\t\(identity.changeNanoseconds)\n"
        }
        return Array(text.utf8)
    }
}
