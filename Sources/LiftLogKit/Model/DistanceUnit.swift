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

    /// The seconds a unit of distance took, at `seconds` over `meters` (`nil` without either).
    public func pace(seconds: Int, meters: Double) -> Double? {
        guard meters > 0, seconds > 0 else { return nil }
        return Double(seconds) * self.meters / meters
    }
}
