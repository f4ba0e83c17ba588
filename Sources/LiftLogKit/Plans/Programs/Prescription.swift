/// A weight with its unit, as a plan writes it: `100kg`, `225lb`.
public struct Load: Hashable, Sendable {
    /// The weight, in ``unit``.
    public var weight: Double
    /// The unit of ``weight``.
    public var unit: WeightUnit
    /// The heaviest load a plan writes, in its unit.
    public static let maximumWeight = 10_000.0

    /// `weight` in `unit`.
    public init(_ weight: Double, _ unit: WeightUnit) {
        self.weight = weight
        self.unit = unit
    }

    /// `100kg`, `2.5kg`, `225lb`: the plan-text form (no grouping, at most two decimals).
    public var text: String { Load.plain(weight) + (unit == .kg ? "kg" : "lb") }

    /// `102.5`, `100`: at most two decimals, no grouping.
    static func plain(_ value: Double) -> String { NumberText.format(value, grouped: false) }

    /// Reads `100`, `100kg`, `225lb`, `225 lbs` (a number without a unit is in `defaultUnit`).
    ///
    /// - Throws: `VALIDATION_ERROR` naming `what` and the text.
    public static func parse(_ text: String, defaultUnit: WeightUnit, what: String = "The weight") throws(LiftLogError) -> Load {
        var body = text.lowercased().replacingOccurrences(of: " ", with: "")
        var unit = defaultUnit
        if let split = body.firstIndex(where: { $0.isLetter }) {
            guard let named = WeightUnit.parse(String(body[split...])) else {
                throw .validation("\(what) must be a number with an optional kg or lb, such as 100 or 225lb, got '\(text)'.")
            }
            unit = named
            body = String(body[..<split])
        }
        guard let value = Double(body), value.isFinite, value > 0, value <= maximumWeight else {
            throw .validation("\(what) must be a number with an optional kg or lb, such as 100 or 225lb, got '\(text)'.")
        }
        return Load(value, unit)
    }

    /// The weight in `target`.
    public func weight(in target: WeightUnit) -> Double { unit.convert(weight, to: target) }
}

/// One set a rule prescribes.
public struct PrescribedSet: Hashable, Sendable {
    /// The reps to reach (the least, for an AMRAP set).
    public var reps: Int
    /// As many reps as possible, at least ``reps``.
    public var amrap: Bool
    /// In the prescription's unit; `nil` when the lifter picks it (no load and no history yet).
    public var weight: Double?
    /// The share of the training max, for percentage waves (`0.65`).
    public var percent: Double?

    /// A set of `reps` (at least, when `amrap`), at `weight` or at `percent` of the training max.
    public init(reps: Int, amrap: Bool = false, weight: Double? = nil, percent: Double? = nil) {
        self.reps = reps
        self.amrap = amrap
        self.weight = weight
        self.percent = percent
    }
}

/// What a planned exercise asks of the next session, and why.
public struct Prescription: Hashable, Sendable {
    /// The sets to do, in order.
    public var sets: [PrescribedSet]
    /// The unit of the sets' weights.
    public var unit: WeightUnit
    /// Why the load and scheme are what they are: `+2.5 kg: every rep of 3x5 hit`,
    /// `deload 10%: third miss in a row`.
    public var reason: String

    /// `sets` in `unit`, with the `reason` they are what they are.
    public init(sets: [PrescribedSet], unit: WeightUnit, reason: String) {
        self.sets = sets
        self.unit = unit
        self.reason = reason
    }

    /// The heaviest prescribed weight (`nil` when none is).
    public var topWeight: Double? { sets.compactMap(\.weight).max() }

    /// `3x5 @ 100kg`, `5+ @ 85kg`: the sets grouped as a lifter reads them, one group per run
    /// of equal sets.
    public var summary: String {
        var groups: [(count: Int, set: PrescribedSet)] = []
        for set in sets {
            if let last = groups.last, last.set == set { groups[groups.count - 1].count += 1 } else { groups.append((1, set)) }
        }
        return groups.map { group in
            let reps = "\(group.set.reps)" + (group.set.amrap ? "+" : "")
            let scheme = group.count == 1 ? reps : "\(group.count)x\(reps)"
            return scheme + (group.set.weight.map { " @ " + Load($0, unit).text } ?? "")
        }.joined(separator: ", ")
    }
}

/// One session's work on a planned exercise, as the rules see it: the working sets (warm-ups
/// left out) in the order logged.
public struct Attempt: Hashable, Sendable {
    /// A working set: its weight in the rule's unit (`nil` for bodyweight), reps, RPE, and
    /// whether it was completed.
    public struct WorkSet: Hashable, Sendable {
        /// The weight, in the rule's unit; `nil` for a bodyweight set.
        public var weight: Double?
        /// The reps done.
        public var reps: Int
        /// The RPE logged, if any.
        public var rpe: Double?
        /// Whether the set was done (not left pending or skipped).
        public var completed: Bool

        /// A working set of `reps` at `weight`.
        public init(weight: Double?, reps: Int, rpe: Double? = nil, completed: Bool = true) {
            self.weight = weight
            self.reps = reps
            self.rpe = rpe
            self.completed = completed
        }
    }

    /// The day of the session.
    public var date: LocalDate
    /// The working sets, in the order logged.
    public var sets: [WorkSet]

    /// The work of the session on `date`.
    public init(date: LocalDate, sets: [WorkSet]) {
        self.date = date
        self.sets = sets
    }

    /// Whether any set was completed: an attempt without one was not done (left pending or
    /// skipped) and moves no rule.
    public var wasDone: Bool { sets.contains(where: \.completed) }

    /// Whether every prescribed set was done: as many completed sets, each in order with at
    /// least its reps at no less than its weight.
    public func hits(_ prescription: Prescription) -> Bool {
        let done = sets.filter(\.completed)
        guard done.count >= prescription.sets.count else { return false }
        return zip(done, prescription.sets).allSatisfy { set, target in
            guard set.reps >= target.reps else { return false }
            guard let weight = target.weight else { return true }
            return (set.weight ?? 0) >= weight - 1e-6
        }
    }

    /// The heaviest completed weight.
    public var topWeight: Double? { sets.filter(\.completed).compactMap(\.weight).max() }

    /// The session a lifter who does exactly what was prescribed logs (for simulations); with
    /// `miss`, the last set falls one rep short.
    public static func following(_ prescription: Prescription, on date: LocalDate, miss: Bool) -> Attempt {
        var sets = prescription.sets.map { WorkSet(weight: $0.weight, reps: $0.reps) }
        if miss, !sets.isEmpty { sets[sets.count - 1].reps = max(0, sets[sets.count - 1].reps - 1) }
        return Attempt(date: date, sets: sets)
    }
}

/// What a rule starts from: the planned exercise's scheme and load.
public struct PlannedStart: Hashable, Sendable {
    /// How many working sets are planned.
    public var sets: Int
    /// The planned reps (a range's bottom and top are equal for a fixed count).
    public var reps: ClosedRange<Int>
    /// Whether the last set is as many reps as possible (`3x5+`).
    public var lastSetAMRAP: Bool
    /// The load the plan starts from, if it gives one.
    public var load: Load?
    /// The unit prescriptions are in: the load's, else the rule's, else the store's.
    public var unit: WeightUnit
    /// The step loads are rounded to (a pair of the smallest plates), in ``unit``.
    public var step: Double
    /// The weights the exercise can be set to (``Exercise/loads``), in ``unit``: loads are
    /// among them instead of steps of ``step``. Empty for a bar loaded with plates.
    public var loads: [Double]

    /// The start of a planned exercise: its scheme, load, unit and weight step.
    public init(sets: Int, reps: ClosedRange<Int>, lastSetAMRAP: Bool = false, load: Load? = nil, unit: WeightUnit, step: Double, loads: [Double] = []) {
        self.loads = loads
        self.sets = sets
        self.reps = reps
        self.lastSetAMRAP = lastSetAMRAP
        self.load = load
        self.unit = unit
        self.step = step
    }

    /// The load in ``unit``.
    public var weight: Double? { load?.weight(in: unit) }

    /// `sets` sets of `reps` at `weight`, the last AMRAP when the plan says so.
    func uniform(sets count: Int? = nil, reps: Int, weight: Double?, amrapLast: Bool? = nil) -> [PrescribedSet] {
        let count = count ?? sets
        let amrap = amrapLast ?? lastSetAMRAP
        return (0..<count).map { PrescribedSet(reps: reps, amrap: amrap && $0 == count - 1, weight: weight) }
    }

    /// `weight` rounded to the nearest loadable step (the nearest of ``loads``).
    func rounded(_ weight: Double) -> Double {
        loads.isEmpty ? Store.roundedLoad(weight, step: step) : FixedLoads.nearest(weight, in: loads)
    }

    /// A rule's exact load as the bar can be loaded: rounded down to the loadable step, so a
    /// rule that adds less than the smallest pair of plates (`lp(2.5lb)` with 2.5 lb plates)
    /// prescribes 135, 135, 140 lb where it counts 135, 137.5, 140, and never more than it says.
    /// Among ``loads``, the heaviest at most the rule's.
    func loadable(_ weight: Double?) -> Double? {
        if let weight, !loads.isEmpty { return FixedLoads.atMost(weight, in: loads) }
        guard let weight, step >= 0.25, step.isFinite else { return weight }
        return Store.roundedLoad((weight / step + 1e-9).rounded(.down) * step, step: 0)
    }

    /// `reason`, saying so when the rule's exact load (`exact`) is not what the bar takes.
    func reason(_ reason: String, exact: Double?) -> String {
        guard let exact, let loaded = loadable(exact), abs(loaded - exact) > 1e-6 else { return reason }
        return reason + " (\(amount(exact)) counted, \(amount(loaded)) \(loads.isEmpty ? "on the bar" : "of its weights"))"
    }

    /// `2.5 kg`: a change of load as the reasons say it.
    func amount(_ weight: Double) -> String { NumberText.format(weight) + " " + unit.rawValue }
}
