/// A training plan, stored as `plans/<slug>.json`: ordered days, each with planned exercises.
public struct TrainingPlan: Identifiable, Hashable, Sendable {
    /// A plan's ID: a UUID, kept when the plan is renamed.
    public typealias ID = Identifier<TrainingPlan>

    /// One day of the plan ("Day A", "Push").
    public struct Day: Hashable, Sendable {
        /// The day's name, unique within the plan.
        public var name: String
        /// Its exercises, in the order they are done.
        public var exercises: [PlannedExercise]
        /// The names the day had before it was renamed, newest first: sessions keep the name
        /// they were logged under, and the rotation still finds them.
        public var formerNames: [String]
        /// The weekdays the day falls on in a weekly schedule (`mon`, `thu`), in week order;
        /// empty for a day that comes by rotation. No weekday has two days of a plan.
        public var weekdays: [Weekday]
        /// Keys of the day that liftlog does not know, kept as they were.
        public var unknownFields: [String: JSONValue]

        /// A day of the given exercises.
        public init(name: String, exercises: [PlannedExercise] = [], formerNames: [String] = [], weekdays: [Weekday] = [], unknownFields: [String: JSONValue] = [:]) {
            self.name = name
            self.exercises = exercises
            self.formerNames = formerNames
            self.weekdays = weekdays
            self.unknownFields = unknownFields
        }
    }

    /// One set a plan asks for by itself: its reps (at least, when `amrap`) at its load.
    public struct PlannedSet: Hashable, Sendable {
        /// The reps to reach (the least, for an AMRAP set).
        public var reps: Int
        /// As many reps as possible, at least ``reps``.
        public var amrap: Bool
        /// The weight, with its unit.
        public var load: Load

        /// `reps` (at least, when `amrap`) at `load`.
        public init(reps: Int, amrap: Bool = false, load: Load) {
            self.reps = reps
            self.amrap = amrap
            self.load = load
        }

        /// `135lbx10`, `175lbx6+`: as a plan writes it.
        public var text: String { load.text + "x\(reps)" + (amrap ? "+" : "") }
    }

    /// An exercise planned on a day: how many sets of how many reps, optionally at a load and
    /// with a progression rule.
    public struct PlannedExercise: Hashable, Sendable {
        /// The exercise's name as the plan spells it.
        public var exerciseName: String
        /// The library exercise, when the plan names one.
        public var exerciseID: Exercise.ID?
        /// How many working sets.
        public var sets: Int
        /// Reps as text: `"5"`, `"8-12"`, `"AMRAP"`.
        public var reps: String
        /// The last set is as many reps as possible, at least ``reps`` (`3x5+`).
        public var lastSetAMRAP: Bool
        /// The load the plan starts from (stored as `weight` and `unit`).
        public var load: Load?
        /// How the load and scheme move from session to session (stored as its text).
        public var progress: ProgressionRule?
        /// Each set with its own reps and load, for a pyramid or back-off sets (`135lbx10,
        /// 155lbx8, 175lbx6+`); empty for ``sets`` alike sets. With them, ``sets``, ``reps``
        /// and ``lastSetAMRAP`` follow from them, and there is no ``load`` or ``progress``.
        public var setTargets: [PlannedSet]
        /// Notes for this exercise on this day.
        public var notes: String?
        /// Keys of the exercise that liftlog does not know, kept as they were.
        public var unknownFields: [String: JSONValue]

        /// A planned exercise of the given scheme.
        public init(exerciseName: String, exerciseID: Exercise.ID? = nil, sets: Int, reps: String, lastSetAMRAP: Bool = false, load: Load? = nil,
                    progress: ProgressionRule? = nil, setTargets: [PlannedSet] = [], notes: String? = nil, unknownFields: [String: JSONValue] = [:]) {
            self.setTargets = setTargets
            self.exerciseName = exerciseName
            self.exerciseID = exerciseID
            self.sets = sets
            self.reps = reps
            self.lastSetAMRAP = lastSetAMRAP
            self.load = load
            self.progress = progress
            self.notes = notes
            self.unknownFields = unknownFields
        }
    }

    /// The plan's ID, also in its file.
    public var id: ID
    /// The plan's name, unique in the store.
    public var name: String
    /// The names the plan had before it was renamed, newest first (sessions keep the name they
    /// were started under; the rotation and the mesocycles still count them).
    public var formerNames: [String]
    /// How many days a week the plan is trained (1–7).
    public var daysPerWeek: Int?
    /// How many weeks a run of the plan lasts (1–52): a mesocycle created without its weeks
    /// lasts this long, else ``defaultDurationWeeks``.
    public var durationWeeks: Int?
    /// At most one plan is active.
    public var isActive: Bool
    /// Notes on the plan.
    public var notes: String?
    /// Its days, in rotation order.
    public var days: [Day]
    /// The runs of this plan, oldest first (at most one active across all plans).
    public var mesocycles: [Mesocycle]
    /// When the plan was created.
    public var createdAt: Timestamp?
    /// Keys of the plan that liftlog does not know, kept as they were.
    public var unknownFields: [String: JSONValue]

    /// The weeks of a mesocycle of a plan with no ``durationWeeks``.
    public static let defaultDurationWeeks = 6
    /// The weeks a plan's run may last.
    public static let durationWeeksRange = 1...52

    /// A plan of the given days (checked against the model's rules before any write).
    public init(id: ID, name: String, daysPerWeek: Int? = nil, durationWeeks: Int? = nil, isActive: Bool = false, notes: String? = nil, days: [Day] = [],
                mesocycles: [Mesocycle] = [], createdAt: Timestamp? = nil, formerNames: [String] = [], unknownFields: [String: JSONValue] = [:]) {
        self.id = id
        self.name = name
        self.formerNames = formerNames
        self.daysPerWeek = daysPerWeek
        self.durationWeeks = durationWeeks
        self.isActive = isActive
        self.notes = notes
        self.days = days
        self.mesocycles = mesocycles
        self.createdAt = createdAt
        self.unknownFields = unknownFields
    }

    /// The day named `name`, compared as exercise names are (any case, spaces collapsed).
    public func dayIndex(named name: String) -> Int? {
        let key = Exercise.nameKey(name)
        return days.firstIndex { Exercise.nameKey($0.name) == key }
    }

    /// The day a session logged as `name` belongs to: the day of that name, else the day that
    /// had it before a rename.
    public func sessionDayIndex(named name: String) -> Int? {
        if let index = dayIndex(named: name) { return index }
        let key = Exercise.nameKey(name)
        return days.firstIndex { $0.formerNames.contains { Exercise.nameKey($0) == key } }
    }

    /// Whether a session started under the plan name `name` (or none, `nil`, which the plan's
    /// own days stand for) belongs to this plan: its name or one it had before a rename.
    public func owns(sessionPlanName name: String?) -> Bool {
        guard let name else { return true }
        let key = Exercise.nameKey(name)
        return Exercise.nameKey(self.name) == key || formerNames.contains { Exercise.nameKey($0) == key }
    }

    /// The weeks a new mesocycle of this plan lasts when none are given.
    public var mesocycleWeeks: Int { durationWeeks ?? TrainingPlan.defaultDurationWeeks }

    /// Whether the plan's days fall on weekdays (a weekly schedule) rather than by rotation:
    /// some day has weekdays.
    public var isScheduled: Bool { days.contains { !$0.weekdays.isEmpty } }

    /// The day that falls on `date`'s weekday in the schedule, if one does.
    public func scheduledDayIndex(on date: LocalDate) -> Int? {
        let weekday = Weekday(of: date)
        return days.firstIndex { $0.weekdays.contains(weekday) }
    }

    /// The first date from `date` on (itself included) that has a day in the schedule, with
    /// that day; `nil` for a plan without a schedule.
    public func nextScheduledDay(from date: LocalDate) -> (date: LocalDate, dayIndex: Int)? {
        for offset in 0..<7 {
            let day = date.adding(days: offset)
            if let index = scheduledDayIndex(on: day) { return (day, index) }
        }
        return nil
    }

    /// The first weekday that two days of the plan both fall on, with the two days' positions:
    /// a schedule has one day a weekday.
    public var doubleBookedWeekday: (weekday: Weekday, first: Int, second: Int)? {
        var owner: [Weekday: Int] = [:]
        for (index, day) in days.enumerated() {
            for weekday in day.weekdays {
                if let first = owner[weekday] { return (weekday, first, index) }
                owner[weekday] = index
            }
        }
        return nil
    }
}

extension TrainingPlan: JSONDecodable, JSONEncodable {
    /// The keys of its JSON object.
    enum Key: String, JSONKey {
        case createdAt = "created_at"
        case days
        case daysPerWeek = "days_per_week"
        case durationWeeks = "duration_weeks"
        case formerNames = "former_names"
        case id
        case isActive = "is_active"
        case mesocycles
        case name
        case notes
    }

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> TrainingPlan? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a plan") else { return nil }
        let id: ID? = reader.required(Key.id)
        let name: String? = reader.required(Key.name)
        let daysPerWeek: Int? = reader.optional(Key.daysPerWeek)
        let durationWeeks: Int? = reader.optional(Key.durationWeeks)
        let formerNames = reader.optional(Key.formerNames, default: [String]())
        let isActive = reader.optional(Key.isActive, default: false)
        let notes: String? = reader.optional(Key.notes)
        let days = reader.optional(Key.days, default: [Day]())
        let mesocycles = reader.optional(Key.mesocycles, default: [Mesocycle]())
        let createdAt: Timestamp? = reader.optional(Key.createdAt)
        guard let id, let name else { return nil }
        if let daysPerWeek, !(1...7).contains(daysPerWeek) {
            problems.add(reader.path(Key.daysPerWeek), "days_per_week must be 1–7, found \(daysPerWeek)")
        }
        if let durationWeeks, !TrainingPlan.durationWeeksRange.contains(durationWeeks) {
            problems.add(reader.path(Key.durationWeeks), "duration_weeks must be 1–52, found \(durationWeeks)")
        }
        if name.trimmingWhitespace().isEmpty { problems.add(reader.path(Key.name), "plan name cannot be empty") }
        let plan = TrainingPlan(id: id, name: name, days: days)
        if let double = plan.doubleBookedWeekday {
            problems.add(reader.path(Key.days).appending(double.second).appending(TrainingPlan.Day.Key.weekdays.rawValue),
                         "\(double.weekday.name) is already the day of '\(days[double.first].name)': a weekday has one day of the plan",
                         hint: "Take \"\(double.weekday.rawValue)\" out of one of the two days' weekdays.")
        }
        return TrainingPlan(id: id, name: name, daysPerWeek: daysPerWeek, durationWeeks: durationWeeks, isActive: isActive, notes: notes, days: days,
                            mesocycles: mesocycles, createdAt: createdAt, formerNames: formerNames, unknownFields: reader.unknownMembers)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set(Key.id, id)
        object.set(Key.name, name)
        if !formerNames.isEmpty { object.set(Key.formerNames, formerNames) }
        object.set(Key.daysPerWeek, daysPerWeek)
        object.set(Key.durationWeeks, durationWeeks)
        object.set(Key.isActive, isActive)
        object.set(Key.notes, notes)
        object.set(Key.days, days)
        if !mesocycles.isEmpty { object.set(Key.mesocycles, mesocycles) }
        object.set(Key.createdAt, createdAt)
        return object.value
    }

    /// The plan as the JSON object stored in its file.
    public var json: JSONValue { jsonValue }

    /// Reads a plan from its JSON object.
    ///
    /// - Throws: ``DocumentError`` listing every problem.
    public init(json: JSONValue) throws {
        self = try TrainingPlan.decodeDocument(json)
    }
}

extension TrainingPlan.Day: JSONDecodable, JSONEncodable {
    /// The keys of its JSON object.
    enum Key: String, JSONKey {
        case exercises
        case formerNames = "former_names"
        case name
        case weekdays
    }

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> TrainingPlan.Day? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a plan day") else { return nil }
        let name: String? = reader.required(Key.name)
        let exercises = reader.optional(Key.exercises, default: [TrainingPlan.PlannedExercise]())
        let formerNames = reader.optional(Key.formerNames, default: [String]())
        let weekdays = reader.optional(Key.weekdays, default: [Weekday]())
        guard let name else { return nil }
        if Swift.Set(weekdays).count != weekdays.count || weekdays != weekdays.sorted() {
            problems.add(reader.path(Key.weekdays), "weekdays must be in week order, each once, found \(weekdays.map(\.rawValue))",
                         hint: "Write them as [\(Swift.Set(weekdays).sorted().map { "\"\($0.rawValue)\"" }.joined(separator: ", "))].")
        }
        return TrainingPlan.Day(name: name, exercises: exercises, formerNames: formerNames, weekdays: weekdays, unknownFields: reader.unknownMembers)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set(Key.name, name)
        if !formerNames.isEmpty { object.set(Key.formerNames, formerNames) }
        object.set(Key.exercises, exercises)
        if !weekdays.isEmpty { object.set(Key.weekdays, weekdays) }
        return object.value
    }
}

extension TrainingPlan.PlannedExercise: JSONDecodable, JSONEncodable {
    /// The keys of its JSON object.
    enum Key: String, JSONKey {
        case exerciseId = "exercise_id"
        case exerciseName = "exercise_name"
        case lastSetAMRAP = "last_set_amrap"
        case notes
        case progress
        case reps
        case setTargets = "set_targets"
        case sets
        case unit
        case weight
    }

    enum SetKey: String, JSONKey {
        case amrap
        case reps
        case unit
        case weight
    }

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> TrainingPlan.PlannedExercise? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a planned exercise") else { return nil }
        let name: String? = reader.required(Key.exerciseName)
        let id: Exercise.ID? = reader.optional(Key.exerciseId)
        let sets: Int? = reader.required(Key.sets)
        let reps: String? = reader.required(Key.reps)
        let notes: String? = reader.optional(Key.notes)
        let amrap = reader.optional(Key.lastSetAMRAP, default: false)
        let weight: Double? = reader.optional(Key.weight)
        let unit: WeightUnit? = reader.optional(Key.unit)
        let progressText: String? = reader.optional(Key.progress)
        var setTargets: [TrainingPlan.PlannedSet] = []
        if let list: [JSONValue] = reader.optional(Key.setTargets) {
            for (index, item) in list.enumerated() {
                guard var set = ObjectReader(item, at: reader.path(Key.setTargets).appending(index), problems: problems, describing: "a planned set") else { continue }
                let setReps: Int? = set.required(SetKey.reps)
                let setWeight: Double? = set.required(SetKey.weight)
                let setUnit: WeightUnit? = set.required(SetKey.unit)
                let setAMRAP = set.optional(SetKey.amrap, default: false)
                guard let setReps, let setWeight, let setUnit else { continue }
                setTargets.append(TrainingPlan.PlannedSet(reps: setReps, amrap: setAMRAP, load: Load(setWeight, setUnit)))
            }
        }
        guard let name, let sets, let reps else { return nil }
        if sets < 1 { problems.add(reader.path(Key.sets), "sets must be 1 or more, found \(sets)") }
        if let weight, !(weight >= 0 && weight <= Load.maximumWeight) {
            problems.add(reader.path(Key.weight), "weight must be 0–\(JSONNumber(Load.maximumWeight)), found \(weight)")
        }
        if weight != nil, unit == nil { problems.add(reader.path(Key.weight), "a weight needs its unit: add \"unit\": \"kg\" or \"lbs\"") }
        var progress: ProgressionRule?
        if let progressText {
            do {
                progress = try ProgressionRule.parse(progressText)
            } catch {
                problems.add(reader.path(Key.progress), "progress '\(progressText)' at column \(error.column): \(error.message)")
            }
        }
        let planned = TrainingPlan.PlannedExercise(exerciseName: name, exerciseID: id, sets: sets, reps: reps, lastSetAMRAP: amrap,
                                                   load: weight.flatMap { weight in unit.map { Load(weight, $0) } }, progress: progress,
                                                   setTargets: setTargets, notes: notes, unknownFields: reader.unknownMembers)
        if let problem = planned.setTargetsProblem {
            problems.add(reader.path(Key.setTargets), problem, hint: "Write the sets in plan text, such as 'Bench Press / 135lbx10, 155lbx8, 175lbx6+', or give sets, reps and a load instead.")
        }
        return planned
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set(Key.exerciseName, exerciseName)
        object.set(Key.exerciseId, exerciseID)
        object.set(Key.sets, sets)
        object.set(Key.reps, reps)
        if lastSetAMRAP { object.set(Key.lastSetAMRAP, true) }
        object.set(Key.weight, load?.weight)
        object.set(Key.unit, load?.unit)
        object.set(Key.progress, progress?.text)
        if !setTargets.isEmpty {
            object.set(Key.setTargets.rawValue, JSONValue.array(setTargets.map { set in
                var item = ObjectBuilder(unknown: [:])
                item.set(SetKey.reps, set.reps)
                if set.amrap { item.set(SetKey.amrap, true) }
                item.set(SetKey.weight, set.load.weight)
                item.set(SetKey.unit, set.load.unit)
                return item.value
            }))
        }
        object.set(Key.notes, notes)
        return object.value
    }
}

extension TrainingPlan.PlannedExercise {
    /// Why the planned sets of their own break the rules, or `nil`: 1–``PlanNotation/maximumSets``
    /// of 1–``PlanNotation/maximumReps`` reps at more than 0 and at most 10,000, as many as
    /// ``sets``, and then no ``load`` or ``progress`` (the sets say the loads).
    public var setTargetsProblem: String? {
        guard !setTargets.isEmpty else { return nil }
        if setTargets.count > PlanNotation.maximumSets { return "a plan has at most \(PlanNotation.maximumSets) sets of an exercise, found \(setTargets.count)" }
        if let bad = setTargets.first(where: { !(1...PlanNotation.maximumReps).contains($0.reps) }) {
            return "the reps of a planned set must be 1–\(PlanNotation.maximumReps), found \(bad.reps)"
        }
        if let bad = setTargets.first(where: { !($0.load.weight > 0 && $0.load.weight <= Load.maximumWeight) }) {
            return "the weight of a planned set must be more than 0 and at most \(JSONNumber(Load.maximumWeight)), found \(JSONNumber(bad.load.weight.isFinite ? bad.load.weight : 0))"
        }
        if sets != setTargets.count { return "sets is \(sets) but \(setTargets.count) sets are planned one by one" }
        if load != nil { return "sets planned one by one carry their own loads: a load beside them says another" }
        if progress != nil { return "sets planned one by one are done as written: a progression rule beside them would change them" }
        return nil
    }
}
