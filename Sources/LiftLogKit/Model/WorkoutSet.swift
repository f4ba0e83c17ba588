/// One set of an exercise: what was planned and what was done.
public struct WorkoutSet: Hashable, Sendable {
    /// The role of the set. Warm-ups never count toward records or volume.
    public enum SetType: String, Sendable, Hashable, CaseIterable, JSONStringEnum {
        case normal, warmup, drop, failure
    }

    /// Whether the set was done.
    public enum Status: String, Sendable, Hashable, CaseIterable, JSONStringEnum {
        case pending, completed, skipped
    }

    /// The set's own ID, stable across rewrites, reorders and merges (`"id"` in the file):
    /// unique within its session. liftlog gives one to every set it writes; a set written by
    /// hand or imported may have none (see ``SetID``).
    public var id: String?
    /// Position in the entry, from 1.
    public var setNumber: Int
    /// Warm-up, normal (working), drop or failure.
    public var setType: SetType
    /// The load lifted; for a ``bodyweight`` set, what was added to the body (positive) or
    /// the assistance (negative). Absent for a set without load.
    public var weight: Double?
    /// The unit of ``weight``; the store's when `nil`.
    public var unit: WeightUnit?
    /// The reps done (or planned, while pending).
    public var reps: Int?
    /// Whether the load is the lifter's body weight plus ``weight`` (`bw`, `bw+20`, `bw-25`).
    /// Volume and e1RM of such a set use the nearest weigh-in (SPEC §8).
    public var bodyweight: Bool
    /// Rate of perceived exertion, 1–10 in steps of 0.5.
    public var rpe: Double?
    /// Reps in reserve, 0–10.
    public var rir: Int?
    /// The rest taken before the set, in seconds.
    public var restSeconds: Int?
    /// The distance covered, in metres.
    public var distanceMeters: Double?
    /// The time of the set (a hold, a run), in seconds.
    public var durationSeconds: Int?
    /// The reps a plan asked for.
    public var targetReps: Int?
    /// The weight a plan asked for, in ``unit``.
    public var targetWeight: Double?
    /// As many reps as possible: the plan asks for at least ``targetReps`` and more when they
    /// come (`5+`; `"amrap": true` in the file).
    public var amrap: Bool
    /// Pending (planned, not done), completed or skipped.
    public var status: Status

    /// The reps done: ``reps`` once the set is completed, else `nil` (a planned or skipped set
    /// has only its targets). The seed API names it `actual_reps`.
    public var actualReps: Int? { status == .completed ? reps : nil }
    /// The weight lifted: ``weight`` once the set is completed, else `nil` (`actual_weight`).
    public var actualWeight: Double? { status == .completed ? weight : nil }
    /// When it was done, for a set logged live.
    public var completedAt: Timestamp?
    /// The set's note.
    public var notes: String?
    /// The ID of the client's request that logged the set (`"request_id"`): a retry of that
    /// request changes nothing, and the client may name the set by it.
    public var requestID: String?
    /// Keys this version does not know, kept as they were read.
    public var unknownFields: [String: JSONValue]

    /// A set of the given values (``validateForWriting()`` checks them before any write).
    public init(
        setNumber: Int, setType: SetType = .normal, weight: Double? = nil, unit: WeightUnit? = nil, reps: Int? = nil,
        bodyweight: Bool = false, rpe: Double? = nil, rir: Int? = nil, restSeconds: Int? = nil, distanceMeters: Double? = nil,
        durationSeconds: Int? = nil, targetReps: Int? = nil, targetWeight: Double? = nil, status: Status = .completed,
        completedAt: Timestamp? = nil, notes: String? = nil, unknownFields: [String: JSONValue] = [:], id: String? = nil,
        requestID: String? = nil, amrap: Bool = false
    ) {
        self.amrap = amrap
        self.requestID = requestID
        self.id = id
        self.setNumber = setNumber
        self.setType = setType
        self.weight = weight
        self.unit = unit
        self.reps = reps
        self.bodyweight = bodyweight
        self.rpe = rpe
        self.rir = rir
        self.restSeconds = restSeconds
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.targetReps = targetReps
        self.targetWeight = targetWeight
        self.status = status
        self.completedAt = completedAt
        self.notes = notes
        self.unknownFields = unknownFields
    }

    /// Sets the unit the set's weights are in; a target weight is converted so that it keeps
    /// meaning the same load (60 kg planned, logged in pounds: 132.28 lb).
    public mutating func changeUnit(to newUnit: WeightUnit?) {
        if let target = targetWeight, let old = unit, let newUnit, old != newUnit {
            targetWeight = (old.convert(target, to: newUnit) * 100).rounded() / 100
        }
        unit = newUnit
    }

    /// Whether the set counts toward volume and records: completed and not a warm-up.
    public var countsAsWork: Bool { status == .completed && setType != .warmup }

    /// Weight × reps in `unit`. A bodyweight set counts `bodyWeight` (in `unit`) plus its
    /// load, and 0 when the body weight is unknown; a set without reps counts 0.
    public func volume(in unit: WeightUnit, defaultUnit: WeightUnit, bodyWeight: Double? = nil) -> Double {
        guard let load = load(in: unit, defaultUnit: defaultUnit, bodyWeight: bodyWeight), let reps else { return 0 }
        return load * Double(reps)
    }

    /// The load lifted in `unit`: the weight, or for a bodyweight set `bodyWeight` (in `unit`)
    /// plus the weight; `nil` when there is none or the body weight is unknown.
    public func load(in unit: WeightUnit, defaultUnit: WeightUnit, bodyWeight: Double? = nil) -> Double? {
        let added = weight.map { (self.unit ?? defaultUnit).convert($0, to: unit) }
        guard isBodyweightLoad else { return added }
        guard let bodyWeight else { return nil }
        return max(0, bodyWeight + (added ?? 0))
    }

    /// Whether the load of the set is the lifter's body weight (plus ``weight``): a ``bodyweight``
    /// set, or reps without a weight (`bwx8` written as `{"reps": 8}`). The one rule every
    /// volume, e1RM and record follows (SPEC §8).
    public var isBodyweightLoad: Bool { WorkoutSet.isBodyweightLoad(bodyweight: bodyweight, weight: weight, reps: reps) }

    /// ``isBodyweightLoad`` of a set with these fields (for summaries that keep only them).
    public static func isBodyweightLoad(bodyweight: Bool, weight: Double?, reps: Int?) -> Bool {
        bodyweight || (weight == nil && reps != nil)
    }

    /// What kind of measure the set records, from the fields it has.
    public var measure: Measure {
        if distanceMeters != nil { return .distance }
        if durationSeconds != nil && reps == nil { return .time }
        if isBodyweightLoad { return .bodyweight }
        return .load
    }

    /// What a set measures: load and reps, bodyweight reps, a time held, or a distance.
    public enum Measure: String, Sendable, Hashable, CaseIterable {
        case load, bodyweight, time, distance
    }
}
