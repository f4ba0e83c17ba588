extension Session: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Session? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a session") else { return nil }
        let id: ID? = reader.required("id")
        let kind = reader.optional("kind", default: Kind.lifting)
        let status: Status? = reader.required("status")
        let startedAt: Timestamp? = reader.required("started_at")
        let completedAt: Timestamp? = reader.optional("completed_at")
        let plan: String? = reader.optional("plan")
        let planDay: String? = reader.optional("plan_day")
        let weekNumber: Int? = reader.optional("week_number")
        let sessionRPE: Int? = reader.optional("session_rpe")
        let painTags = reader.optional("pain_tags", default: [String]())
        let notes: String? = reader.optional("notes")
        let source: String? = reader.optional("source")
        let entries = reader.optional("entries", default: [Entry]())
        let durationSeconds: Int? = reader.optional("duration_seconds")
        let regions = reader.optional("regions", default: [String]())
        let meditationType: String? = reader.optional("meditation_type")
        guard let id, let status, let startedAt else { return nil }
        let session = Session(
            id: id, kind: kind, status: status, startedAt: startedAt, completedAt: completedAt, plan: plan,
            planDay: planDay, weekNumber: weekNumber, sessionRPE: sessionRPE, painTags: painTags, notes: notes,
            source: source, entries: entries, durationSeconds: durationSeconds, regions: regions,
            meditationType: meditationType, unknownFields: reader.unknownMembers)
        session.validate(at: path(), into: problems)
        return session
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        // Keys in sorted order, so the writer need not sort them.
        object.set("completed_at", completedAt)
        object.set("duration_seconds", durationSeconds)
        if kind == .lifting || kind == .cardio || !entries.isEmpty { object.set("entries", entries) }
        object.set("id", id)
        object.set("kind", kind)
        object.set("meditation_type", meditationType)
        object.set("notes", notes)
        object.setNonEmpty("pain_tags", painTags)
        object.set("plan", plan)
        object.set("plan_day", planDay)
        object.setNonEmpty("regions", regions)
        object.set("session_rpe", sessionRPE)
        object.set("source", source)
        object.set("started_at", startedAt)
        object.set("status", status)
        object.set("week_number", weekNumber)
        return object.value
    }

    /// The session as the JSON object stored in its file.
    public var json: JSONValue { jsonValue }

    /// Reads a session from its JSON object.
    ///
    /// - Throws: ``DocumentError`` listing every problem.
    public init(json: JSONValue) throws {
        self = try Session.decodeDocument(json)
    }

    /// Records every rule of SPEC §4 and §5 this session breaks.
    package func validate(at path: JSONPath, into problems: ProblemList) {
        switch (status, completedAt) {
        case (.completed, nil):
            problems.add(path.appending("status"), "a completed session needs \"completed_at\"", hint: "Add \"completed_at\" or set \"status\" to \"active\".")
        case (.active, .some):
            problems.add(path.appending("completed_at"), "an active session cannot have \"completed_at\"", hint: "Remove \"completed_at\" or set \"status\" to \"completed\".")
        case (_, .some(let end)) where end < startedAt:
            problems.add(path.appending("completed_at"), "completed_at \(end) is before started_at \(startedAt)", hint: "Correct one of the two times.")
        default: break
        }
        if let sessionRPE, !(1...5).contains(sessionRPE) {
            problems.add(path.appending("session_rpe"), "session_rpe must be 1–5, found \(sessionRPE)", hint: "Rate how the session felt from 1 (awful) to 5 (great).")
        }
        if let weekNumber, weekNumber < 1 {
            problems.add(path.appending("week_number"), "week_number must be 1 or more, found \(weekNumber)", hint: "Number weeks from 1.")
        }
        if let durationSeconds, durationSeconds < 0 {
            problems.add(path.appending("duration_seconds"), "duration_seconds cannot be negative, found \(durationSeconds)", hint: "Use 0 or more.")
        }
        for (index, entry) in entries.enumerated() {
            entry.validate(at: path.appending("entries").appending(index), into: problems)
        }
    }
}

extension Session.Entry: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Session.Entry? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "an entry") else { return nil }
        let exerciseID: Exercise.ID? = reader.optional("exercise_id")
        let exerciseName: String? = reader.required("exercise_name")
        let order = reader.optional("order", default: 0)
        let notes: String? = reader.optional("notes")
        let superset: String? = reader.optional("superset")
        let method: Method? = reader.optional("method")
        let sets = reader.optional("sets", default: [WorkoutSet]())
        guard let exerciseName else { return nil }
        return Session.Entry(
            exerciseID: exerciseID, exerciseName: exerciseName, order: order, notes: notes, superset: superset,
            method: method, sets: sets, unknownFields: reader.unknownMembers)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set("exercise_id", exerciseID)
        object.set("exercise_name", exerciseName)
        object.set("method", method)
        object.set("notes", notes)
        object.set("order", order)
        object.set("sets", sets)
        object.set("superset", superset)
        return object.value
    }

    package func validate(at path: @autoclosure () -> JSONPath, into problems: ProblemList) {
        if exerciseName.trimmingWhitespace().isEmpty {
            problems.add(path().appending("exercise_name"), "exercise_name cannot be empty", hint: "Write the exercise's name.")
        }
        if order < 0 { problems.add(path().appending("order"), "order cannot be negative, found \(order)", hint: "Number entries from 1.") }
        for (index, set) in sets.enumerated() {
            set.validate(at: path().appending("sets").appending(index), into: problems)
        }
    }
}

extension WorkoutSet: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> WorkoutSet? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a set") else { return nil }
        let setNumber = reader.optional("set_number", default: 1)
        let setType = reader.optional("set_type", default: SetType.normal)
        let weight: Double? = reader.optional("weight")
        let unit: WeightUnit? = reader.optional("unit")
        let reps: Int? = reader.optional("reps")
        let rpe: Double? = reader.optional("rpe")
        let rir: Int? = reader.optional("rir")
        let rest: Int? = reader.optional("rest_seconds")
        let distance: Double? = reader.optional("distance_m")
        let duration: Int? = reader.optional("duration_seconds")
        let targetReps: Int? = reader.optional("target_reps")
        let targetWeight: Double? = reader.optional("target_weight")
        let status = reader.optional("status", default: Status.completed)
        let completedAt: Timestamp? = reader.optional("completed_at")
        let notes: String? = reader.optional("notes")
        return WorkoutSet(
            setNumber: setNumber, setType: setType, weight: weight, unit: unit, reps: reps, rpe: rpe, rir: rir,
            restSeconds: rest, distanceMeters: distance, durationSeconds: duration, targetReps: targetReps,
            targetWeight: targetWeight, status: status, completedAt: completedAt, notes: notes,
            unknownFields: reader.unknownMembers)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set("completed_at", completedAt)
        object.set("distance_m", distanceMeters)
        object.set("duration_seconds", durationSeconds)
        object.set("notes", notes)
        object.set("reps", reps)
        object.set("rest_seconds", restSeconds)
        object.set("rir", rir)
        object.set("rpe", rpe)
        object.set("set_number", setNumber)
        object.set("set_type", setType)
        object.set("status", status)
        object.set("target_reps", targetReps)
        object.set("target_weight", targetWeight)
        object.set("unit", unit)
        object.set("weight", weight)
        return object.value
    }

    /// Records every rule of SPEC §4 this set breaks.
    package func validate(at path: @autoclosure () -> JSONPath, into problems: ProblemList) {
        for violation in ruleViolations() {
            problems.add(path().appending(violation.key), violation.text, hint: violation.hint)
        }
    }

    /// The rules this set breaks, each with the key at fault, a message and how to fix it.
    public func ruleViolations() -> [(key: String, text: String, hint: String)] {
        var found: [(key: String, text: String, hint: String)] = []
        let notNegative = "Use 0 or more."
        if setNumber < 1 { found.append(("set_number", "set_number must be 1 or more, found \(setNumber)", "Number sets from 1.")) }
        if let weight, weight < 0 { found.append(("weight", "weight cannot be negative, found \(JSONNumber(weight))", "Use 0 or more; for an assisted exercise write the assistance as a positive weight.")) }
        if let weight, weight > WorkoutSet.maximumWeight {
            found.append(("weight", "weight must be at most \(JSONNumber(WorkoutSet.maximumWeight)), found \(JSONNumber(weight))", "Write the weight of one set, in kg or lbs."))
        }
        if let reps, reps < 0 { found.append(("reps", "reps cannot be negative, found \(reps)", notNegative)) }
        if let reps, reps > WorkoutSet.maximumReps {
            found.append(("reps", "reps must be at most \(WorkoutSet.maximumReps), found \(reps)", "Write the reps of one set; several sets are several entries of \"sets\"."))
        }
        if let rpe, !WorkoutSet.isValidRPE(rpe) {
            found.append(("rpe", "RPE must be between 1 and 10 in steps of 0.5, found \(JSONNumber(rpe))", "Use a value such as 7, 8.5 or 10."))
        }
        if let rir, !(0...10).contains(rir) { found.append(("rir", "RIR must be 0–10, found \(rir)", "Use the reps you had left, from 0 to 10.")) }
        if let restSeconds, restSeconds < 0 { found.append(("rest_seconds", "rest_seconds cannot be negative, found \(restSeconds)", notNegative)) }
        if let distanceMeters, distanceMeters < 0 { found.append(("distance_m", "distance_m cannot be negative, found \(JSONNumber(distanceMeters))", notNegative)) }
        if let durationSeconds, durationSeconds < 0 { found.append(("duration_seconds", "duration_seconds cannot be negative, found \(durationSeconds)", notNegative)) }
        if let targetReps, targetReps < 0 { found.append(("target_reps", "target_reps cannot be negative, found \(targetReps)", notNegative)) }
        if let targetWeight, targetWeight < 0 { found.append(("target_weight", "target_weight cannot be negative, found \(JSONNumber(targetWeight))", notNegative)) }
        return found
    }

    /// The most reps one set may have: beyond, a number is a typo, not a set (the CLI and
    /// `check` use the same bound).
    public static let maximumReps = 1_000
    /// The heaviest weight one set may have, in its unit.
    public static let maximumWeight = 5_000.0

    /// 1–10 in steps of 0.5.
    public static func isValidRPE(_ value: Double) -> Bool {
        value >= 1 && value <= 10 && (value * 2).rounded() == value * 2
    }
}
