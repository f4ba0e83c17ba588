/// One workout, stretch or meditation, stored as
/// `sessions/YYYY/MM/YYYY-MM-DD-HHMM-<id8>.json`.
///
/// A session is `active` while it is being logged, `completed` once finished, and `skipped`
/// when it was planned and not done (``Store/skipSession(_:notes:completedAt:)``). Derived
/// numbers (duration, volume, set counts) are computed by ``Session/metrics(in:bodyWeight:)``, never
/// stored, so a hand edit cannot leave them stale.
public struct Session: Identifiable, Hashable, Sendable {
    /// A session's ID: a lowercase UUID, also the last part of its file name.
    public typealias ID = Identifier<Session>

    /// What was done.
    public enum Kind: String, Sendable, Hashable, CaseIterable, JSONStringEnum {
        case lifting, cardio, stretch, meditation

        /// The kinds as a sentence lists them: "lifting, cardio, stretch or meditation".
        public static var choices: String { allCases.map(\.rawValue).joinedAsAlternatives() }

        /// The kind named `text` (any case).
        ///
        /// - Throws: `VALIDATION_ERROR` naming `what` (the field) and the kinds there are.
        public static func named(_ text: String, what: String = "kind") throws(LiftLogError) -> Kind {
            guard let kind = Kind(rawValue: text.lowercased()) else { throw .validation("\(what) must be \(choices), got '\(text)'.") }
            return kind
        }
    }

    /// Whether the session is still being logged, was done, or was planned and not done.
    ///
    /// A skipped session ends as a completed one does (it has `completed_at`) but is never
    /// counted as training: not in the days, streaks or totals of `stats`, `calendar` and
    /// `trends`.
    public enum Status: String, Sendable, Hashable, CaseIterable, JSONStringEnum {
        case active, completed, skipped

        /// Whether the session has ended (completed or skipped).
        public var hasEnded: Bool { self != .active }
    }

    /// The session's ID (``Session/ID``).
    public var id: ID
    /// What kind of session it is.
    public var kind: Kind
    /// Whether it is active or completed.
    public var status: Status
    /// When it started, with the UTC offset it was logged in.
    public var startedAt: Timestamp
    /// When it ended; `nil` while it is active.
    public var completedAt: Timestamp?
    /// The plan's name when the session was started from one (a snapshot).
    public var plan: String?
    /// The plan day's name (a snapshot).
    public var planDay: String?
    /// The week of the mesocycle the session belongs to.
    public var weekNumber: Int?
    /// The mesocycle the session was started in (with ``weekNumber``).
    public var mesocycleID: Mesocycle.ID?
    /// How it felt, 1–5.
    public var sessionRPE: Int?
    /// Where it hurt, as lowercase tags.
    public var painTags: [String]
    /// Free text about the session.
    public var notes: String?
    /// Where an imported session came from (`"strong"`, `"hevy"`).
    public var source: String?
    /// For an imported session, a digest of the session as the import wrote it: a later import
    /// replaces the session with the app's newer version only while the file still matches it
    /// (nobody changed the session in liftlog since).
    public var sourceDigest: String?
    /// The exercises performed, in order (lifting and cardio).
    public var entries: [Entry]
    /// The length of a stretch or meditation session, which has no entries.
    public var durationSeconds: Int?
    /// Stretched regions of a stretch session.
    public var regions: [String]
    /// Regions of a stretch routine left out (`regions_skipped`).
    public var skippedRegions: [String]
    /// The type of a meditation session ("breath", "body scan").
    public var meditationType: String?
    /// Keys this version does not know, kept as they were read.
    public var unknownFields: [String: JSONValue]

    /// A session of the given values (checked against the model's rules before any write).
    public init(
        id: ID, kind: Kind = .lifting, status: Status = .active, startedAt: Timestamp, completedAt: Timestamp? = nil,
        plan: String? = nil, planDay: String? = nil, weekNumber: Int? = nil, sessionRPE: Int? = nil,
        painTags: [String] = [], notes: String? = nil, source: String? = nil, entries: [Entry] = [],
        durationSeconds: Int? = nil, regions: [String] = [], meditationType: String? = nil,
        unknownFields: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.kind = kind
        self.status = status
        self.startedAt = startedAt
        self.completedAt = completedAt
        self.plan = plan
        self.planDay = planDay
        self.weekNumber = weekNumber
        self.mesocycleID = nil
        self.sessionRPE = sessionRPE
        self.painTags = painTags
        self.notes = notes
        self.source = source
        self.sourceDigest = nil
        self.entries = entries
        self.durationSeconds = durationSeconds
        self.regions = regions
        self.skippedRegions = []
        self.meditationType = meditationType
        self.unknownFields = unknownFields
    }

    /// The lengths a stretch or meditation session may have, in seconds: up to a day.
    public static let durationSecondsRange = 1...86_400

    /// `seconds` when it is a length a stretch or meditation session may have.
    ///
    /// - Throws: `VALIDATION_ERROR` outside ``durationSecondsRange``.
    public static func checkedDuration(_ seconds: Int) throws(LiftLogError) -> Int {
        guard durationSecondsRange.contains(seconds) else {
            throw .validation("duration_seconds must be 1–\(durationSecondsRange.upperBound) (24 hours), got \(seconds).")
        }
        return seconds
    }

    /// The file of this session relative to the store root, derived from its start time in
    /// its recorded offset: `sessions/2025/01/2025-01-24-0730-3f2c9a1e.json`.
    public var relativePath: String {
        let date = startedAt.localDate
        let time = startedAt.localTime
        let year = CivilCalendar.pad(date.year, 4)
        let month = CivilCalendar.pad(date.month, 2)
        return "sessions/\(year)/\(month)/\(date)-\(CivilCalendar.pad(time.hour, 2))\(CivilCalendar.pad(time.minute, 2))-\(id.short).json"
    }

    /// The entry of an exercise, matched by ID, else by name case-insensitively.
    public func entryIndex(for exercise: Exercise) -> Int? {
        entries.firstIndex { $0.exerciseID == exercise.id }
            ?? entries.firstIndex { $0.exerciseID == nil && exercise.isRecorded(as: nil, name: $0.exerciseName) }
    }
}
