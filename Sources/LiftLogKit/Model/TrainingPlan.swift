/// A training plan, stored as `plans/<slug>.json`: ordered days, each with planned exercises.
public struct TrainingPlan: Identifiable, Hashable, Sendable {
    public typealias ID = Identifier<TrainingPlan>

    /// One day of the plan ("Day A", "Push").
    public struct Day: Hashable, Sendable {
        public var name: String
        public var exercises: [PlannedExercise]
        public var unknownFields: [String: JSONValue]

        public init(name: String, exercises: [PlannedExercise] = [], unknownFields: [String: JSONValue] = [:]) {
            self.name = name
            self.exercises = exercises
            self.unknownFields = unknownFields
        }
    }

    /// An exercise planned on a day: how many sets of how many reps.
    public struct PlannedExercise: Hashable, Sendable {
        public var exerciseName: String
        public var exerciseID: Exercise.ID?
        public var sets: Int
        /// Reps as text: `"5"`, `"8-12"`, `"AMRAP"`.
        public var reps: String
        public var notes: String?
        public var unknownFields: [String: JSONValue]

        public init(exerciseName: String, exerciseID: Exercise.ID? = nil, sets: Int, reps: String, notes: String? = nil, unknownFields: [String: JSONValue] = [:]) {
            self.exerciseName = exerciseName
            self.exerciseID = exerciseID
            self.sets = sets
            self.reps = reps
            self.notes = notes
            self.unknownFields = unknownFields
        }
    }

    public var id: ID
    public var name: String
    public var daysPerWeek: Int?
    /// At most one plan is active.
    public var isActive: Bool
    public var notes: String?
    public var days: [Day]
    /// The runs of this plan, oldest first (at most one active across all plans).
    public var mesocycles: [Mesocycle]
    public var createdAt: Timestamp?
    public var unknownFields: [String: JSONValue]

    public init(id: ID, name: String, daysPerWeek: Int? = nil, isActive: Bool = false, notes: String? = nil, days: [Day] = [], mesocycles: [Mesocycle] = [], createdAt: Timestamp? = nil, unknownFields: [String: JSONValue] = [:]) {
        self.id = id
        self.name = name
        self.daysPerWeek = daysPerWeek
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
}

extension TrainingPlan: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> TrainingPlan? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a plan") else { return nil }
        let id: ID? = reader.required("id")
        let name: String? = reader.required("name")
        let daysPerWeek: Int? = reader.optional("days_per_week")
        let isActive = reader.optional("is_active", default: false)
        let notes: String? = reader.optional("notes")
        let days = reader.optional("days", default: [Day]())
        let mesocycles = reader.optional("mesocycles", default: [Mesocycle]())
        let createdAt: Timestamp? = reader.optional("created_at")
        guard let id, let name else { return nil }
        if let daysPerWeek, !(1...7).contains(daysPerWeek) {
            problems.add(reader.path("days_per_week"), "days_per_week must be 1–7, found \(daysPerWeek)")
        }
        if name.trimmingWhitespace().isEmpty { problems.add(reader.path("name"), "plan name cannot be empty") }
        return TrainingPlan(id: id, name: name, daysPerWeek: daysPerWeek, isActive: isActive, notes: notes, days: days, mesocycles: mesocycles, createdAt: createdAt, unknownFields: reader.unknownMembers)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set("id", id)
        object.set("name", name)
        object.set("days_per_week", daysPerWeek)
        object.set("is_active", isActive)
        object.set("notes", notes)
        object.set("days", days)
        if !mesocycles.isEmpty { object.set("mesocycles", mesocycles) }
        object.set("created_at", createdAt)
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
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> TrainingPlan.Day? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a plan day") else { return nil }
        let name: String? = reader.required("name")
        let exercises = reader.optional("exercises", default: [TrainingPlan.PlannedExercise]())
        guard let name else { return nil }
        return TrainingPlan.Day(name: name, exercises: exercises, unknownFields: reader.unknownMembers)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set("name", name)
        object.set("exercises", exercises)
        return object.value
    }
}

extension TrainingPlan.PlannedExercise: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> TrainingPlan.PlannedExercise? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a planned exercise") else { return nil }
        let name: String? = reader.required("exercise_name")
        let id: Exercise.ID? = reader.optional("exercise_id")
        let sets: Int? = reader.required("sets")
        let reps: String? = reader.required("reps")
        let notes: String? = reader.optional("notes")
        guard let name, let sets, let reps else { return nil }
        if sets < 1 { problems.add(reader.path("sets"), "sets must be 1 or more, found \(sets)") }
        return TrainingPlan.PlannedExercise(exerciseName: name, exerciseID: id, sets: sets, reps: reps, notes: notes, unknownFields: reader.unknownMembers)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set("exercise_name", exerciseName)
        object.set("exercise_id", exerciseID)
        object.set("sets", sets)
        object.set("reps", reps)
        object.set("notes", notes)
        return object.value
    }
}
