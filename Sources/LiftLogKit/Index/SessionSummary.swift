/// One line of history: a session's identity, timing and derived totals.
public struct SessionSummary: Hashable, Sendable {
    /// An exercise a session contains: its library link and its snapshot name.
    public struct ExerciseRef: Hashable, Sendable {
        public var id: Exercise.ID?
        public var name: String
    }

    public var id: Session.ID
    public var kind: Session.Kind
    public var status: Session.Status
    public var startedAt: Timestamp
    public var completedAt: Timestamp?
    public var plan: String?
    public var planDay: String?
    public var durationSeconds: Int?
    public var exerciseCount: Int
    public var setCount: Int
    /// In ``unit``.
    public var totalVolume: Double
    public var unit: WeightUnit
    /// The session file, relative to the store root.
    public var path: String
    public var exercises: [ExerciseRef]

    /// The summary of `session`, stored at `path`, with volume in `unit`.
    public init(_ session: Session, path: String, unit: WeightUnit) {
        let metrics = session.metrics(in: unit)
        self.init(
            id: session.id, kind: session.kind, status: session.status, startedAt: session.startedAt,
            completedAt: session.completedAt, plan: session.plan, planDay: session.planDay,
            durationSeconds: metrics.durationSeconds, exerciseCount: metrics.exerciseCount, setCount: metrics.setCount,
            totalVolume: metrics.totalVolume, unit: unit, path: path,
            exercises: session.entries.map { ExerciseRef(id: $0.exerciseID, name: $0.exerciseName) })
    }

    init(id: Session.ID, kind: Session.Kind, status: Session.Status, startedAt: Timestamp, completedAt: Timestamp?, plan: String?, planDay: String?, durationSeconds: Int?, exerciseCount: Int, setCount: Int, totalVolume: Double, unit: WeightUnit, path: String, exercises: [ExerciseRef]) {
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
    }

    /// Whether the session contains `exercise` (by ID, or by name for unlinked entries).
    public func contains(_ exercise: Exercise) -> Bool {
        let key = Exercise.nameKey(exercise.name)
        return exercises.contains { $0.id == exercise.id || ($0.id == nil && Exercise.nameKey($0.name) == key) }
    }

    /// Newest first: by wall-clock start time in the recorded offset, then instant, then ID.
    static func newestFirst(_ lhs: SessionSummary, _ rhs: SessionSummary) -> Bool {
        let left = lhs.startedAt.localSeconds, right = rhs.startedAt.localSeconds
        if left != right { return left > right }
        if lhs.startedAt != rhs.startedAt { return lhs.startedAt > rhs.startedAt }
        return lhs.id > rhs.id
    }
}
