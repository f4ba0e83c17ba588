/// The unit distances and paces are shown in (`config distance`): kilometres or miles.
public enum DistanceUnit: String, Sendable, Hashable, CaseIterable, JSONStringEnum {
    case km
    case mi

    /// Metres in one of the unit (a mile is 1,609.344 m exactly).
    public var meters: Double {
        switch self {
        case .km: 1000
        case .mi: 1609.344
        }
    }

    /// `meters` in this unit.
    public func value(ofMeters meters: Double) -> Double { meters / self.meters }
}

/// How one exercise's distances and paces are told: in the lifter's unit (a run: `5.00 km`,
/// `5:00/km`), or on a rowing machine or ski erg as their monitors tell them, in metres with
/// the time per 500 m (`2,000 m`, `2:00/500m`), whatever the unit.
public enum DistanceScale: Hashable, Sendable {
    /// Kilometres or miles, paces per one of them.
    case unit(DistanceUnit)
    /// Metres, paces per 500 m.
    case erg

    /// The scale of the exercise named `name` for a lifter whose unit is `preference`.
    public init(exerciseNamed name: String, preference: DistanceUnit) {
        self = DistanceScale.isErg(named: name) ? .erg : .unit(preference)
    }

    /// Whether `name` is a rowing machine or a ski erg (`Rowing (Machine)`, `Rower`,
    /// `Indoor Row`, `SkiErg`, `Ski Erg`); a bike erg is paced per kilometre like a ride.
    public static func isErg(named name: String) -> Bool {
        let words = Exercise.nameKey(name).split { !$0.isLetter && !$0.isNumber }.map(String.init)
        if words.contains(where: { $0.hasPrefix("bike") }) { return false }
        if words.contains(where: { ["rowing", "rower", "rowerg", "erg", "ergometer", "skierg"].contains($0) }) { return true }
        return words.contains("row") && words.contains { ["indoor", "machine", "concept2"].contains($0) }
    }

    /// The distance a pace is the time of, in metres.
    public var paceMeters: Double {
        switch self {
        case .unit(let unit): unit.meters
        case .erg: 500
        }
    }

    /// What a pace is per: `km`, `mi` or `500m`.
    public var paceLabel: String {
        switch self {
        case .unit(let unit): unit.rawValue
        case .erg: "500m"
        }
    }

    /// The seconds ``paceMeters`` took, at `seconds` over `meters` (`nil` without either).
    public func pace(seconds: Int, meters: Double) -> Double? {
        guard meters > 0, seconds > 0 else { return nil }
        return Double(seconds) * paceMeters / meters
    }

    /// A pace in seconds per kilometre as seconds per ``paceMeters``.
    public func pace(secondsPerKilometre: Double) -> Double { secondsPerKilometre * paceMeters / 1000 }

    /// `meters` as a chart's value: kilometres or miles, or metres on an erg.
    public func chartValue(ofMeters meters: Double) -> Double {
        switch self {
        case .unit(let unit): unit.value(ofMeters: meters)
        case .erg: meters
        }
    }

    /// What ``chartValue(ofMeters:)`` is in: `km`, `mi` or `m`.
    public var distanceLabel: String {
        switch self {
        case .unit(let unit): unit.rawValue
        case .erg: "m"
        }
    }

    /// The standard distances the fastest pace is kept for, shortest first: a runner's
    /// (1 km, 1 mi, 2,000 m, 5 km, 10 km), or a rower's (500 m to 10,000 m, 2,000 m the test).
    public var standardDistances: [(label: String, meters: Double)] {
        switch self {
        case .unit: [("1 km", 1000), ("1 mi", DistanceUnit.mi.meters), ("2,000 m", 2000), ("5 km", 5000), ("10 km", 10_000)]
        case .erg: [("500 m", 500), ("1,000 m", 1000), ("2,000 m", 2000), ("5,000 m", 5000), ("6,000 m", 6000), ("10,000 m", 10_000)]
        }
    }
}
