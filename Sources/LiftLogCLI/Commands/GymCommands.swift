import LiftLogKit

/// The gym-floor calculators: `plates` and `warmup`.
enum GymCommands {
    /// The bar and plates of the store's preferences (or the defaults of its unit), on the
    /// exercise's own bar where it has one.
    private static func equipment(_ store: Store, bar: Double?, exercise: Exercise? = nil) -> (bar: Double, plates: [Double], unit: WeightUnit) {
        let unit = store.preferences.unit
        let equipment = store.equipment(in: unit, ownBar: exercise?.barWeight)
        return (bar ?? equipment.bar, equipment.plates, unit)
    }

    private static func weight(_ text: String) throws(LiftLogError) -> Double {
        guard let value = Double(text), value.isFinite else { throw .validation("The weight must be a number, such as 142.5, got '\(text)'.") }
        return value
    }

    private static func describe(_ loading: PlateLoading) -> String {
        let side = loading.perSide.isEmpty ? "no plates" : loading.perSide.map(Formatting.number).joined(separator: " + ")
        return "\(Formatting.number(loading.total)) \(loading.unit.rawValue): the \(Formatting.number(loading.bar)) \(loading.unit.rawValue) bar and, on each side, \(side)"
    }

    static let plates = CommandSpec(
        name: "plates",
        abstract: "The plates to put on each side of the bar for a weight.",
        discussion: "Uses the plates of 'liftlog config plates' (default 25, 20, 15, 10, 5, 2.5, 1.25 kg or 45, 35, 25, 10, 5, 2.5 lbs) and the fewest of them. A weight they cannot make exactly gives the closest below and above.",
        arguments: [Argument.loadWeight],
        options: [Option.bar, Option.platesExercise],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let unit = store.preferences.unit
            let target = try weight(arguments[.loadWeight])
            let exercise = try arguments[.platesExercise].map { (name: String) throws(LiftLogError) in try store.exercise(named: name) }
            let options = try store.plateLoadings(for: target, bar: try arguments[.bar], exercise: exercise)
            let text = PlateLoading.exact(options).map(describe) ?? "\(Formatting.number(target)) \(unit.rawValue) cannot be made with these plates; closest:\n" + options.map { "  " + describe($0) }.joined(separator: "\n")
            return CommandResult(data: PlateLoading.json(target: target, options), text: text)
        })

    static let warmup = CommandSpec(
        name: "warmup",
        abstract: "A warm-up ramp to a working weight, every step loadable.",
        discussion: "The empty bar for 10, then steps from about 50% to 85% of the working weight with fewer reps each (5, 3, 2, 1), each rounded down to a weight the plates of 'liftlog config plates' make. With --exercise, on its own bar, or among the weights it is set to (from about 40% for 10).",
        arguments: [Argument.workingWeight],
        options: [DefaultedOption.warmupSets, Option.bar, Option.platesExercise],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let exercise = try arguments[.platesExercise].map { (name: String) throws(LiftLogError) in try store.exercise(named: name) }
            let (bar, plates, unit) = equipment(store, bar: try arguments[.bar], exercise: exercise)
            let working = try weight(arguments[.workingWeight])
            let ramp = try store.warmup(to: working, sets: try arguments[.warmupSets], bar: bar, plates: plates, exercise: exercise)
            let rows = ramp.enumerated().map { index, step in ["\(index + 1)", "\(Formatting.number(step.weight)) \(unit.rawValue) × \(step.reps)"] }
            let text = Formatting.table(rows, header: ["SET", "WARM-UP"], style: context.style) + "\nThen \(Formatting.number(working)) \(unit.rawValue)."
            return CommandResult(data: ["working_weight": .number(JSONNumber(working)), "unit": .string(unit.rawValue),
                                        "sets": .array(ramp.map { ["weight": .number(JSONNumber($0.weight)), "reps": .number(JSONNumber($0.reps))] })],
                                 text: text)
        })
}
