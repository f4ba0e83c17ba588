/// How a bar is loaded for a weight, from the plates a gym has.
public struct PlateLoading: Hashable, Sendable {
    /// The weight asked for.
    public var target: Double
    /// The bar's weight.
    public var bar: Double
    /// The unit of the weights.
    public var unit: WeightUnit
    /// The plates on each side, heaviest first.
    public var perSide: [Double]
    /// The weight so loaded: the target when it can be loaded exactly.
    public var total: Double { bar + 2 * perSide.reduce(0, +) }
    /// Whether the plates make the target exactly.
    public var isExact: Bool { abs(total - target) < 1e-6 }

    /// `{"total", "bar", "unit", "per_side"}`, as `plates --json` and `GET /api/plates` give it.
    package var json: JSONValue {
        ["total": .number(JSONNumber(total)), "bar": .number(JSONNumber(bar)), "unit": .string(unit.rawValue),
         "per_side": .array(perSide.map { .number(JSONNumber($0)) })]
    }

    /// The loading of `loadings` (as ``closest(to:bar:plates:unit:)`` gives them) that makes the
    /// weight exactly, if one does.
    public static func exact(_ loadings: [PlateLoading]) -> PlateLoading? {
        loadings.count == 1 && loadings[0].isExact ? loadings[0] : nil
    }

    /// The answer to a weight asked for: `{"target", "exact", "loadings"}` (`loadings` as
    /// ``closest(to:bar:plates:unit:)`` gives them).
    package static func json(target: Double, _ loadings: [PlateLoading]) -> JSONValue {
        ["target": .number(JSONNumber(target)), "exact": .bool(exact(loadings) != nil), "loadings": .array(loadings.map(\.json))]
    }

    /// Whether `value` can be a bar's or a plate's weight: more than 0 and at most 100 (in
    /// either unit), as `config bar`, `config plates` and `plates --bar` take it.
    public static func isEquipmentWeight(_ value: Double) -> Bool { value.isFinite && value > 0 && value <= 100 }

    /// The plates of a gym when `config plates` does not say: 25–1.25 kg, or 45–2.5 lb.
    public static func defaultPlates(_ unit: WeightUnit) -> [Double] {
        unit == .kg ? [25, 20, 15, 10, 5, 2.5, 1.25] : [45, 35, 25, 10, 5, 2.5]
    }

    /// The bar when `config bar` does not say: 20 kg, or 45 lb.
    public static func defaultBar(_ unit: WeightUnit) -> Double { unit == .kg ? 20 : 45 }

    /// The loadings closest to `target`: the exact one, or the nearest below and above it
    /// (either may be missing: nothing is lighter than the bar). Each uses the fewest plates.
    ///
    /// - Parameter plates: the plate sizes, each available in as many pairs as needed.
    /// - Throws: `VALIDATION_ERROR` for a target lighter than the bar or not a weight.
    public static func closest(to target: Double, bar: Double, plates: [Double], unit: WeightUnit) throws(LiftLogError) -> [PlateLoading] {
        guard target.isFinite, target > 0, target <= WorkoutSet.maximumWeight else {
            throw .validation("The weight must be more than 0 and at most \(JSONNumber(WorkoutSet.maximumWeight)), got \(JSONNumber(target.isFinite ? target : 0)).")
        }
        guard isEquipmentWeight(bar) else {
            throw .validation("The bar must weigh more than 0 and at most 100, got \(JSONNumber(bar.isFinite ? bar : 0)).")
        }
        guard target >= bar - 1e-9 else {
            throw .validation("\(JSONNumber(target)) \(unit.rawValue) is lighter than the bar (\(JSONNumber(bar)) \(unit.rawValue)).")
        }
        // In steps of 0.05 so that sums are exact; the lightest combination of each per-side
        // amount up to one heaviest plate beyond the target.
        let step = 0.05
        let sizes = plates.filter { $0 > 0 }.map { Int(($0 / step).rounded()) }.filter { $0 > 0 }.sorted(by: >)
        let wanted = Int(((target - bar) / 2 / step).rounded())
        let limit = wanted + (sizes.first ?? 0)
        var fewest = [Int](repeating: Int.max, count: limit + 1)
        var last = [Int](repeating: 0, count: limit + 1)
        fewest[0] = 0
        if limit > 0 {
            for amount in 1...limit {
                for size in sizes where size <= amount && fewest[amount - size] != Int.max && fewest[amount - size] + 1 < fewest[amount] {
                    fewest[amount] = fewest[amount - size] + 1
                    last[amount] = size
                }
            }
        }
        func loading(_ amount: Int) -> PlateLoading {
            var side: [Double] = []
            var rest = amount
            while rest > 0 { side.append(Double(last[rest]) * step); rest -= last[rest] }
            return PlateLoading(target: target, bar: bar, unit: unit, perSide: side.sorted(by: >).map { ($0 * 100).rounded() / 100 })
        }
        if wanted <= limit, fewest[wanted] != Int.max { return [loading(wanted)] }
        var result: [PlateLoading] = []
        if let below = (0..<min(wanted, limit + 1)).reversed().first(where: { fewest[$0] != Int.max }) { result.append(loading(below)) }
        if wanted < limit, let above = ((wanted + 1)...limit).first(where: { fewest[$0] != Int.max }) { result.append(loading(above)) }
        return result
    }

    /// Refuses a warm-up of other than 1–8 sets.
    static func checkWarmupSets(_ sets: Int) throws(LiftLogError) {
        guard (1...8).contains(sets) else { throw .validation("Warm-up sets must be 1–8, got \(sets).") }
    }

    /// A warm-up ramp to a working weight: the empty bar for 10, then `sets - 1` steps from
    /// about 50% to 85% of it with fewer reps each (5, 3, 2, 1…), every step rounded down to a
    /// weight the plates make.
    ///
    /// - Throws: `VALIDATION_ERROR` for 1–8 sets outside, or a weight lighter than the bar.
    public static func warmup(to working: Double, sets: Int, bar: Double, plates: [Double], unit: WeightUnit) throws(LiftLogError) -> [(weight: Double, reps: Int)] {
        try checkWarmupSets(sets)
        _ = try closest(to: working, bar: bar, plates: plates, unit: unit)
        var ramp: [(weight: Double, reps: Int)] = [(bar, 10)]
        let reps = [5, 3, 2, 1, 1, 1, 1]
        for index in 0..<(sets - 1) {
            let fraction = sets == 2 ? 0.6 : 0.5 + 0.35 * Double(index) / Double(sets - 2)
            let aimed = max(bar, working * fraction)
            let options = try closest(to: aimed, bar: bar, plates: plates, unit: unit)
            let weight = options.first.map(\.total) ?? bar
            if weight > ramp.last!.weight + 1e-9 && weight < working - 1e-9 { ramp.append((weight, reps[index])) }
        }
        return ramp
    }
}

extension Store {
    /// The bar and plates loads are made with in `unit`: the store's (`config bar`, `config
    /// plates`) in its own unit, the usual ones of the other unit (20 kg or 45 lb bar); on
    /// `ownBar`, an exercise's own (``Exercise/barWeight``, in the store's unit), when given.
    public func equipment(in unit: WeightUnit, ownBar: Double? = nil) -> (bar: Double, plates: [Double]) {
        let own = unit == preferences.unit
        let bar = own ? ownBar ?? preferences.barWeight ?? PlateLoading.defaultBar(unit)
                      : ownBar.map { preferences.unit.convert($0, to: unit) } ?? PlateLoading.defaultBar(unit)
        return (bar, own ? preferences.plates ?? PlateLoading.defaultPlates(unit) : PlateLoading.defaultPlates(unit))
    }

    /// How to load `weight` (in `unit`, the store's without one) with the store's equipment
    /// (``equipment(in:ownBar:)``: the bar of `exercise` when it has one), on `bar` when given:
    /// ``PlateLoading/closest(to:bar:plates:unit:)``.
    ///
    /// - Throws: `VALIDATION_ERROR` for an exercise set to fixed weights (``Exercise/loads``),
    ///   naming the nearest of them.
    public func plateLoadings(for weight: Double, unit: WeightUnit? = nil, bar: Double? = nil, exercise: Exercise? = nil) throws(LiftLogError) -> [PlateLoading] {
        let unit = unit ?? preferences.unit
        if let exercise, !exercise.loads.isEmpty {
            let loads = exercise.loads.map { preferences.unit.convert($0, to: unit) }
            let below = FixedLoads.atMost(weight, in: loads), above = loads.first { $0 >= weight - 1e-9 } ?? below
            let nearest = below == above ? "\(JSONNumber(below)) \(unit.rawValue)" : "\(JSONNumber(below)) and \(JSONNumber(above)) \(unit.rawValue)"
            throw .validation("\(exercise.name) takes no plates: it is set to its own weights (\(FixedLoads.text(exercise.loads)) \(preferences.unit.rawValue)); the nearest to \(JSONNumber(weight)) \(unit.rawValue) \(below == above ? "is" : "are") \(nearest).")
        }
        let equipment = equipment(in: unit, ownBar: exercise?.barWeight)
        return try PlateLoading.closest(to: weight, bar: bar ?? equipment.bar, plates: equipment.plates, unit: unit)
    }

    /// The plates per side for each target of `report` that has a weight, by the target's
    /// position (``plateLoadings(for:unit:bar:exercise:)`` in the target's unit, on the
    /// exercise's own bar where it has one).
    public func plates(for report: TodayReport) -> [Int: PlateLoading] {
        var plates: [Int: PlateLoading] = [:]
        for (index, target) in report.targets.enumerated() where target.loads.isEmpty {
            guard let weight = target.weight else { continue }
            let equipment = equipment(in: target.unit, ownBar: target.barWeight)
            plates[index] = (try? PlateLoading.closest(to: weight, bar: equipment.bar, plates: equipment.plates, unit: target.unit))?.first
        }
        return plates
    }
}
