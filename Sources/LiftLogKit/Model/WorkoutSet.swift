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

    /// Position in the entry, from 1.
    public var setNumber: Int
    public var setType: SetType
    /// Absent for bodyweight sets.
    public var weight: Double?
    public var unit: WeightUnit?
    public var reps: Int?
    /// Rate of perceived exertion, 1–10 in steps of 0.5.
    public var rpe: Double?
    /// Reps in reserve, 0–10.
    public var rir: Int?
    public var restSeconds: Int?
    public var distanceMeters: Double?
    public var durationSeconds: Int?
    public var targetReps: Int?
    public var targetWeight: Double?
    public var status: Status
    public var completedAt: Timestamp?
    public var notes: String?
    /// Keys this version does not know, kept as they were read.
    public var unknownFields: [String: JSONValue]

    public init(
        setNumber: Int, setType: SetType = .normal, weight: Double? = nil, unit: WeightUnit? = nil, reps: Int? = nil,
        rpe: Double? = nil, rir: Int? = nil, restSeconds: Int? = nil, distanceMeters: Double? = nil,
        durationSeconds: Int? = nil, targetReps: Int? = nil, targetWeight: Double? = nil, status: Status = .completed,
        completedAt: Timestamp? = nil, notes: String? = nil, unknownFields: [String: JSONValue] = [:]
    ) {
        self.setNumber = setNumber
        self.setType = setType
        self.weight = weight
        self.unit = unit
        self.reps = reps
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

    /// Weight × reps in `unit` (0 for bodyweight or timed sets).
    public func volume(in unit: WeightUnit, defaultUnit: WeightUnit) -> Double {
        guard let weight, let reps else { return 0 }
        return (self.unit ?? defaultUnit).convert(weight, to: unit) * Double(reps)
    }
}
