/// One line of history: a session's identity, timing and derived totals.
public struct SessionSummary: Identifiable, Hashable, Sendable {
    /// An exercise a session contains: its library link and its snapshot name.
    public struct ExerciseRef: Hashable, Sendable {
        /// The library exercise's ID, when the entry has one.
        public var id: Exercise.ID?
        /// The exercise's name as the session spells it.
        public var name: String
    }

    /// A run of identical working sets of an exercise, as the index keeps them: enough for
    /// records, e1RM, volume, holds and paces without opening the session file.
    public struct WorkSets: Hashable, Sendable {
        /// The load; for a ``bodyweight`` set what was added (negative: assisted). `nil` without one.
        public var weight: Double?
        /// The unit of ``weight``.
        public var unit: WeightUnit
        /// The reps of each set of the run; `nil` for timed or distance sets.
        public var reps: Int?
        /// How many such sets in a row.
        public var count: Int
        /// Whether the load is body weight plus ``weight``.
        public var bodyweight: Bool
        /// The time of each set, in seconds, when it is timed.
        public var durationSeconds: Int?
        /// The distance of each set, in metres, when it has one.
        public var distanceMeters: Double?

        /// A run of `count` equal working sets.
        public init(weight: Double?, unit: WeightUnit, reps: Int?, count: Int, bodyweight: Bool = false,
                    durationSeconds: Int? = nil, distanceMeters: Double? = nil) {
            self.weight = weight
            self.unit = unit
            self.reps = reps
            self.count = count
            self.bodyweight = bodyweight
            self.durationSeconds = durationSeconds
            self.distanceMeters = distanceMeters
        }

        /// Whether the load is the lifter's body weight (``WorkoutSet/isBodyweightLoad``).
        public var isBodyweightLoad: Bool { WorkoutSet.isBodyweightLoad(bodyweight: bodyweight, weight: weight, reps: reps) }

        /// The same set, one of them.
        func sameSet(as other: WorkSets) -> Bool {
            weight == other.weight && unit == other.unit && reps == other.reps && bodyweight == other.bodyweight
                && durationSeconds == other.durationSeconds && distanceMeters == other.distanceMeters
        }
    }

    /// The session's ID.
    public var id: Session.ID
    /// What kind of session it is.
    public var kind: Session.Kind
    /// Whether it is active or completed.
    public var status: Session.Status
    /// When it started, in its own UTC offset.
    public var startedAt: Timestamp
    /// When it ended; `nil` while it is active.
    public var completedAt: Timestamp?
    /// The plan it followed, if any.
    public var plan: String?
    /// The day of that plan, or a name given to the session.
    public var planDay: String?
    /// Its length in seconds, when it has ended.
    public var durationSeconds: Int?
    /// How many exercises it has (entries with at least one set).
    public var exerciseCount: Int
    /// Its completed sets, warm-ups included.
    public var setCount: Int
    /// In ``unit``.
    public var totalVolume: Double
    /// The unit of the summary's volume (the store's).
    public var unit: WeightUnit
    /// The session file, relative to the store root.
    public var path: String
    /// Its exercises, in the order done.
    public var exercises: [ExerciseRef]
    /// The mesocycle week the session recorded.
    public var weekNumber: Int?
    /// The working sets of each entry in ``exercises`` (same order), encoded as the index line
    /// stores them; decoded on demand by ``workSets(ofEntryAt:)``.
    package var encodedWorkSets: String {
        didSet { knownTraits = Derived() }
    }
    /// What a scan of ``encodedWorkSets`` found, once made (``noteWorkSetTraits()``): the
    /// summaries a long-running process keeps parsed are scanned once, not for every page.
    private var knownTraits = Derived<WorkSetTraits>()

    /// The summary of `session`, stored at `path`, with volume in `unit`.
    public init(_ session: Session, path: String, unit: WeightUnit) {
        let metrics = session.metrics(in: unit)
        self.init(
            id: session.id, kind: session.kind, status: session.status, startedAt: session.startedAt,
            completedAt: session.completedAt, plan: session.plan, planDay: session.planDay,
            durationSeconds: metrics.durationSeconds, exerciseCount: metrics.exerciseCount, setCount: metrics.setCount,
            totalVolume: metrics.totalVolume, unit: unit, path: path,
            exercises: session.entries.map { ExerciseRef(id: $0.exerciseID, name: $0.exerciseName) },
            weekNumber: session.weekNumber, encodedWorkSets: SessionSummary.encodeWorkSets(session.entries, unit: unit))
    }

    init(id: Session.ID, kind: Session.Kind, status: Session.Status, startedAt: Timestamp, completedAt: Timestamp?, plan: String?, planDay: String?, durationSeconds: Int?, exerciseCount: Int, setCount: Int, totalVolume: Double, unit: WeightUnit, path: String, exercises: [ExerciseRef], weekNumber: Int?, encodedWorkSets: String) {
        self.id = id
        self.kind = kind
        self.status = status
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.plan = plan
        self.planDay = planDay
        self.durationSeconds = durationSeconds
        self.exerciseCount = exerciseCount
        self.setCount = setCount
        self.totalVolume = totalVolume
        self.unit = unit
        self.path = path
        self.exercises = exercises
        self.weekNumber = weekNumber
        self.encodedWorkSets = encodedWorkSets
    }

    // MARK: Working sets in the index

    /// `weight,unit,reps,count` per run of identical working sets, `;` between runs, `|`
    /// between entries: `100,kg,5,3;105,kg,3,1|,kg,12,3`. A set without a unit is in `unit`.
    /// A bodyweight, timed or distance set adds `,bw,seconds,metres` (`bw` or empty):
    /// `20,kg,5,3,bw,,` or `,kg,,1,,1500,5000`.
    static func encodeWorkSets(_ entries: [Session.Entry], unit: WeightUnit) -> String {
        // Written as bytes: every session's line has it (a reindex writes thousands).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        func append(_ text: String) { bytes.append(utf8Of: text) }
        var runs: [WorkSets] = []
        for (position, entry) in entries.enumerated() {
            if position > 0 { bytes.append(0x7C) } // |
            runs.removeAll(keepingCapacity: true)
            for set in entry.sets where set.countsAsWork {
                let item = WorkSets(weight: set.weight, unit: set.unit ?? unit, reps: set.reps, count: 1, bodyweight: set.bodyweight,
                                    durationSeconds: set.durationSeconds, distanceMeters: set.distanceMeters)
                if let last = runs.last, last.sameSet(as: item) {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append(item)
                }
            }
            for (index, run) in runs.enumerated() {
                if index > 0 { bytes.append(0x3B) } // ;
                if let weight = run.weight { append(JSONNumber(weight).text) }
                bytes.append(0x2C)
                append(run.unit.rawValue)
                bytes.append(0x2C)
                if let reps = run.reps { append(String(reps)) }
                bytes.append(0x2C)
                append(String(run.count))
                if run.bodyweight || run.durationSeconds != nil || run.distanceMeters != nil {
                    bytes.append(0x2C)
                    if run.bodyweight { append("bw") }
                    bytes.append(0x2C)
                    if let seconds = run.durationSeconds { append(String(seconds)) }
                    bytes.append(0x2C)
                    if let meters = run.distanceMeters { append(JSONNumber(meters).text) }
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The working sets of entry `index` of ``exercises`` (only that entry is decoded).
    public func workSets(ofEntryAt index: Int) -> [WorkSets] {
        var found: [WorkSets] = []
        forEachEncodedEntry { position, entry in
            guard position == index else { return true }
            found = SessionSummary.decodeWorkSets(entry)
            return false
        }
        return found
    }

    /// The working sets of every entry of ``exercises``, in order: one decoding of the line for
    /// all of them.
    public var workSetsOfEveryEntry: [[WorkSets]] {
        guard !encodedWorkSets.isEmpty else { return Array(repeating: [], count: exercises.count) }
        var decoded: [[WorkSets]] = []
        forEachEncodedEntry { _, entry in
            decoded.append(SessionSummary.decodeWorkSets(entry))
            return true
        }
        if decoded.count < exercises.count { decoded += Array(repeating: [], count: exercises.count - decoded.count) }
        return decoded
    }

    /// Calls `body` with each entry's bytes of ``encodedWorkSets`` (`|` between entries) and
    /// its position, in place, until it returns `false`.
    private func forEachEncodedEntry(_ body: (Int, Slice<UnsafeBufferPointer<UInt8>>) -> Bool) {
        var text = encodedWorkSets
        text.withUTF8 { SessionSummary.forEachEncodedEntry(in: $0[...], body) }
    }

    /// Calls `body` with each entry's bytes of `encoded` (an index line's working sets, `|`
    /// between entries) and its position, in place, until it returns `false`.
    static func forEachEncodedEntry(in encoded: Slice<UnsafeBufferPointer<UInt8>>, _ body: (Int, Slice<UnsafeBufferPointer<UInt8>>) -> Bool) {
        // Entries are found with `memchr` (`pr` and `progress` skip to one entry of each
        // session line).
        let bytes = encoded.base
        var start = encoded.startIndex, entry = 0
        while true {
            let end = ByteFields.find(0x7C, in: bytes, from: start, to: encoded.endIndex) // |
            guard body(entry, bytes[start..<end]), end < encoded.endIndex else { return }
            entry += 1
            start = end + 1
        }
    }

    /// The runs of one entry, `;` between runs and `,` between a run's 4 or 7 fields; a run
    /// that does not read is left out. Read in place.
    static func decodeWorkSets(_ entry: Slice<UnsafeBufferPointer<UInt8>>) -> [WorkSets] {
        guard !entry.isEmpty else { return [] }
        var runs: [WorkSets] = []
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 8) { bounds in
            // bounds[i]: where field i starts; bounds[i + 1] - 1: where it ends.
            var fields = 0
            bounds[0] = entry.startIndex
            for position in entry.startIndex...entry.endIndex {
                let byte = position < entry.endIndex ? entry.base[position] : 0x3B
                guard byte == 0x2C || byte == 0x3B else { continue } // , ;
                if fields < 7 {
                    fields += 1
                    bounds[fields] = position + 1
                } else {
                    fields = 8 // too many: the run does not read
                }
                guard byte == 0x3B else { continue }
                if fields == 4 || fields == 7 {
                    func field(_ index: Int) -> Slice<UnsafeBufferPointer<UInt8>> { entry.base[bounds[index]..<(bounds[index + 1] - 1)] }
                    if let unit = ByteFields.value(field(1), among: WeightUnit.inOrder), let count = ByteFields.int(field(3)), count > 0 {
                        var sets = WorkSets(weight: JSONNumber.double(field(0)), unit: unit, reps: ByteFields.int(field(2)), count: count)
                        if fields == 7 {
                            sets.bodyweight = !field(4).isEmpty
                            sets.durationSeconds = ByteFields.int(field(5))
                            sets.distanceMeters = JSONNumber.double(field(6))
                        }
                        runs.append(sets)
                    }
                }
                fields = 0
                bounds[0] = position + 1
            }
        }
        return runs
    }

    /// Whether any working set was done with the lifter's body weight (marked so, or reps
    /// without a weight): a scan of the encoded line that decodes no number. It may say yes
    /// for a run that decodes to none; never no for one that does.
    public var mayHaveBodyweightSets: Bool {
        if let known = knownTraits.value { return known.contains(.bodyweight) }
        return anyRun(SessionSummary.isBodyweightRun)
    }

    /// Whether a run (its number of fields, and which are not empty) may be of body weight:
    /// reps without a weight, or marked so.
    private static func isBodyweightRun(_ fields: Int, _ filled: UInt8) -> Bool {
        (filled & 0b1 == 0 && filled & 0b100 != 0) || (fields == 7 && filled & 0b1_0000 != 0)
    }

    /// Whether a run has a distance.
    private static func isDistanceRun(_ fields: Int, _ filled: UInt8) -> Bool {
        fields == 7 && filled & 0b100_0000 != 0
    }

    /// Which kinds of run ``encodedWorkSets`` holds, found in one scan.
    package struct WorkSetTraits: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A run ``mayHaveBodyweightSets`` counts.
        package static let bodyweight = WorkSetTraits(rawValue: 1)
        /// A run with a distance.
        package static let distance = WorkSetTraits(rawValue: 2)
    }

    /// Scans ``encodedWorkSets`` once for every trait and keeps what it found, for a summary
    /// asked again and again (a month kept parsed by the server).
    package mutating func noteWorkSetTraits() {
        var traits: WorkSetTraits = []
        _ = anyRun { fields, filled in
            if SessionSummary.isBodyweightRun(fields, filled) { traits.insert(.bodyweight) }
            if SessionSummary.isDistanceRun(fields, filled) { traits.insert(.distance) }
            return traits.contains([.bodyweight, .distance])
        }
        knownTraits = Derived(traits)
    }

    /// Whether `matches` holds for any run of the encoded line (4 or 7 fields), given its
    /// number of fields and which of them are not empty (bit `i` for field `i`). Read in place:
    /// history asks it of every session it shows.
    private func anyRun(_ matches: (_ fields: Int, _ filled: UInt8) -> Bool) -> Bool {
        var text = encodedWorkSets
        return text.withUTF8 { bytes in
            var fields = 0, filled: UInt8 = 0, fieldStart = 0
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : 0x7C
                guard byte == 0x2C || byte == 0x3B || byte == 0x7C else { continue } // , ; |
                if index > fieldStart && fields < 8 { filled |= 1 << UInt8(fields) }
                fields += 1
                fieldStart = index + 1
                if byte != 0x2C {
                    if (fields == 4 || fields == 7) && matches(fields, filled) { return true }
                    fields = 0
                    filled = 0
                }
            }
            return false
        }
    }

    /// Σ distance of the session's working sets, in metres (0 without distance sets).
    public var totalDistanceMeters: Double {
        guard knownTraits.value?.contains(.distance) ?? anyRun(SessionSummary.isDistanceRun) else { return 0 }
        var total = 0.0
        for runs in workSetsOfEveryEntry {
            for run in runs { total += (run.distanceMeters ?? 0) * Double(run.count) }
        }
        return (total * 100).rounded() / 100
    }

    /// Whether the session contains `exercise` (by ID, or by name for unlinked entries).
    public func contains(_ exercise: Exercise) -> Bool {
        exercises.contains { exercise.isRecorded(as: $0.id, name: $0.name) }
    }

    /// Newest first: by wall-clock start time in the recorded offset, then instant, then ID.
    static func newestFirst(_ lhs: SessionSummary, _ rhs: SessionSummary) -> Bool {
        let left = lhs.startedAt.localSeconds, right = rhs.startedAt.localSeconds
        if left != right { return left > right }
        if lhs.startedAt != rhs.startedAt { return lhs.startedAt > rhs.startedAt }
        return lhs.id > rhs.id
    }
}

/// A value worked out from the other properties of the value that holds it, kept so as not to
/// work it out again: never part of that value's equality or hash.
struct Derived<Value: Sendable>: Hashable, Sendable {
    var value: Value?

    init(_ value: Value? = nil) { self.value = value }

    static func == (lhs: Derived, rhs: Derived) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
