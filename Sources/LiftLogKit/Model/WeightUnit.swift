/// The unit a weight was lifted in.
public enum WeightUnit: String, Sendable, Hashable, CaseIterable, JSONStringEnum {
    case kg
    case lbs

    /// Kilograms in one pound, exactly.
    public static let kilogramsPerPound = 0.45359237

    /// `value` in this unit converted to `target`.
    public func convert(_ value: Double, to target: WeightUnit) -> Double {
        switch (self, target) {
        case (.kg, .kg), (.lbs, .lbs): value
        case (.lbs, .kg): value * WeightUnit.kilogramsPerPound
        case (.kg, .lbs): value / WeightUnit.kilogramsPerPound
        }
    }
}
