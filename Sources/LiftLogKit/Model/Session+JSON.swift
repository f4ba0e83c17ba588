extension Session: JSONDecodable, JSONEncodable {
    /// The keys of its JSON object.
    enum Key: String, JSONKey, CaseIterable {
        case completedAt = "completed_at"
        case durationSeconds = "duration_seconds"
        case entries
        case id
        case kind
        case meditationType = "meditation_type"
        case mesocycleId = "mesocycle_id"
        case notes
        case painTags = "pain_tags"
        case plan
        case planDay = "plan_day"
        case regions
        case regionsSkipped = "regions_skipped"
        case sessionRpe = "session_rpe"
        case source
        case sourceDigest = "source_digest"
        case startedAt = "started_at"
        case status
        case weekNumber = "week_number"
    }

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Session? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a session") else { return nil }
        let id: ID? = reader.required(Key.id)
        let kind = reader.optional(Key.kind, default: Kind.lifting)
        let status: Status? = reader.required(Key.status)
        let startedAt: Timestamp? = reader.required(Key.startedAt)
        let completedAt: Timestamp? = reader.optional(Key.completedAt)
        let plan: String? = reader.optional(Key.plan)
        let planDay: String? = reader.optional(Key.planDay)
        let weekNumber: Int? = reader.optional(Key.weekNumber)
        let mesocycleID: Mesocycle.ID? = reader.optional(Key.mesocycleId)
        let sessionRPE: Int? = reader.optional(Key.sessionRpe)
        let painTags = reader.optional(Key.painTags, default: [String]())
        let notes: String? = reader.optional(Key.notes)
        let source: String? = reader.optional(Key.source)
        let sourceDigest: String? = reader.optional(Key.sourceDigest)
        let entries = reader.optional(Key.entries, default: [Entry]())
        let durationSeconds: Int? = reader.optional(Key.durationSeconds)
        let regions = reader.optional(Key.regions, default: [String]())
        let skippedRegions = reader.optional(Key.regionsSkipped, default: [String]())
        let meditationType: String? = reader.optional(Key.meditationType)
        guard let id, let status, let startedAt else { return nil }
        var session = Session(
            id: id, kind: kind, status: status, startedAt: startedAt, completedAt: completedAt, plan: plan,
            planDay: planDay, weekNumber: weekNumber, sessionRPE: sessionRPE, painTags: painTags, notes: notes,
            source: source, entries: entries, durationSeconds: durationSeconds, regions: regions,
            meditationType: meditationType, unknownFields: reader.unknownMembers)
        session.sourceDigest = sourceDigest
        session.mesocycleID = mesocycleID
        session.skippedRegions = skippedRegions
        session.validate(at: path(), into: problems)
        return session
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        // Keys in sorted order, so the writer need not sort them.
        object.set(Key.completedAt, completedAt)
        object.set(Key.durationSeconds, durationSeconds)
        if kind == .lifting || kind == .cardio || !entries.isEmpty { object.set(Key.entries, entries) }
        object.set(Key.id, id)
        object.set(Key.kind, kind)
        object.set(Key.meditationType, meditationType)
        object.set(Key.mesocycleId, mesocycleID)
        object.set(Key.notes, notes)
        object.setNonEmpty(Key.painTags, painTags)
        object.set(Key.plan, plan)
        object.set(Key.planDay, planDay)
        object.setNonEmpty(Key.regions, regions)
        object.setNonEmpty(Key.regionsSkipped, skippedRegions)
        object.set(Key.sessionRpe, sessionRPE)
        object.set(Key.source, source)
        object.set(Key.sourceDigest, sourceDigest)
        object.set(Key.startedAt, startedAt)
        object.set(Key.status, status)
        object.set(Key.weekNumber, weekNumber)
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

    /// Throws the first rule of SPEC §4 and §5 the session breaks (its entries' and sets' too):
    /// what every writer calls before a session is written, so that nothing liftlog writes is
    /// refused by `check`, which applies the same ``validate(at:into:)`` when it reads.
    ///
    /// - Throws: `VALIDATION_ERROR` with the rule and where in the session it is broken.
    package func validateForWriting() throws(LiftLogError) {
        let problems = ProblemList()
        validate(at: .root, into: problems)
        guard let first = problems.problems.first else { return }
        let message = WorkoutSet.sentence(first.message)
        throw .validation(first.path.components.isEmpty ? "\(message)." : "\(message) (at \(first.path)).")
    }

    /// Records every rule of SPEC §4 and §5 this session breaks.
    package func validate(at path: JSONPath, into problems: ProblemList) {
        switch (status, completedAt) {
        case (.completed, nil), (.skipped, nil):
            problems.add(path.appending(Key.status), "a \(status.rawValue) session needs \"completed_at\"", hint: "Add \"completed_at\" or set \"status\" to \"active\".")
        case (.active, .some):
            problems.add(path.appending(Key.completedAt), "an active session cannot have \"completed_at\"", hint: "Remove \"completed_at\" or set \"status\" to \"completed\".")
        case (_, .some(let end)) where end < startedAt:
            problems.add(path.appending(Key.completedAt), "completed_at \(end) is before started_at \(startedAt)", hint: "Correct one of the two times.")
        default: break
        }
        if let sessionRPE, !(1...5).contains(sessionRPE) {
            problems.add(path.appending(Key.sessionRpe), "session_rpe must be 1–5, found \(sessionRPE)", hint: "Rate how the session felt from 1 (awful) to 5 (great).")
        }
        if let weekNumber, weekNumber < 1 {
            problems.add(path.appending(Key.weekNumber), "week_number must be 1 or more, found \(weekNumber)", hint: "Number weeks from 1.")
        }
        if let durationSeconds, durationSeconds < 0 {
            problems.add(path.appending(Key.durationSeconds), "duration_seconds cannot be negative, found \(durationSeconds)", hint: "Use 0 or more.")
        }
        for (index, entry) in entries.enumerated() {
            entry.validate(at: path.appending(Key.entries).appending(index), into: problems)
        }
    }
}

extension Session.Entry: JSONDecodable, JSONEncodable {
    /// The keys of its JSON object.
    enum Key: String, JSONKey, CaseIterable {
        case exerciseId = "exercise_id"
        case exerciseName = "exercise_name"
        case method
        case notes
        case order
        case sets
        case superset
    }

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Session.Entry? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "an entry") else { return nil }
        let exerciseID: Exercise.ID? = reader.optional(Key.exerciseId)
        let exerciseName: String? = reader.required(Key.exerciseName)
        let order = reader.optional(Key.order, default: 0)
        let notes: String? = reader.optional(Key.notes)
        let superset: String? = reader.optional(Key.superset)
        let method: Method? = reader.optional(Key.method)
        let sets = reader.optional(Key.sets, default: [WorkoutSet]())
        guard let exerciseName else { return nil }
        return Session.Entry(
            exerciseID: exerciseID, exerciseName: exerciseName, order: order, notes: notes, superset: superset,
            method: method, sets: sets, unknownFields: reader.unknownMembers)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set(Key.exerciseId, exerciseID)
        object.set(Key.exerciseName, exerciseName)
        object.set(Key.method, method)
        object.set(Key.notes, notes)
        object.set(Key.order, order)
        object.set(Key.sets, sets)
        object.set(Key.superset, superset)
        return object.value
    }

    package func validate(at path: @autoclosure () -> JSONPath, into problems: ProblemList) {
        if exerciseName.trimmingWhitespace().isEmpty {
            problems.add(path().appending(Key.exerciseName), "exercise_name cannot be empty", hint: "Write the exercise's name.")
        }
        if order < 0 { problems.add(path().appending(Key.order), "order cannot be negative, found \(order)", hint: "Number entries from 1.") }
        for (index, set) in sets.enumerated() {
            set.validate(at: path().appending(Key.sets).appending(index), into: problems)
        }
    }
}

extension WorkoutSet: JSONDecodable, JSONEncodable {
    /// The keys of its JSON object.
    enum Key: String, JSONKey, CaseIterable {
        case amrap
        case bodyweight
        case completedAt = "completed_at"
        case distanceM = "distance_m"
        case durationSeconds = "duration_seconds"
        case id
        case notes
        case reps
        case requestId = "request_id"
        case restSeconds = "rest_seconds"
        case rir
        case rpe
        case setNumber = "set_number"
        case setType = "set_type"
        case status
        case targetReps = "target_reps"
        case targetWeight = "target_weight"
        case unit
        case weight
    }

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> WorkoutSet? {
        // A session holds dozens of sets: the common one, every key known and every value of
        // its type, is read in one pass over its members; anything else the general way.
        if case .object(let object) = value, let plain = decodePlain(object) { return plain }
        return decodeWithReader(value, at: path(), problems: problems)
    }

    /// The set read in one pass over `object`'s members, or `nil` when a key is not one of the
    /// set's or a value is not of its type, where ``decodeWithReader(_:at:problems:)`` gives
    /// the problem (or keeps the unknown key). Gives what that gives when it finds nothing wrong.
    static func decodePlain(_ object: JSONObject) -> WorkoutSet? {
        var set = WorkoutSet(setNumber: 1)
        func int(_ value: JSONValue) -> Int? {
            guard case .number(let number) = value else { return nil }
            return number.intValue
        }
        func double(_ value: JSONValue) -> Double? {
            guard case .number(let number) = value else { return nil }
            let double = number.doubleValue
            return double.isPlausibleInDocument ? double : nil
        }
        func string(_ value: JSONValue) -> String? {
            guard case .string(let text) = value else { return nil }
            return text
        }
        for member in object.members {
            let value = member.value
            // `null` reads as absent.
            if case .null = value { continue }
            switch member.key {
            case Key.id.rawValue: guard let text = string(value) else { return nil }; set.id = text
            case Key.setNumber.rawValue: guard let number = int(value) else { return nil }; set.setNumber = number
            case Key.setType.rawValue: guard let type = string(value).flatMap(SetType.init(rawValue:)) else { return nil }; set.setType = type
            case Key.weight.rawValue: guard let weight = double(value) else { return nil }; set.weight = weight
            case Key.unit.rawValue: guard let unit = string(value).flatMap(WeightUnit.init(rawValue:)) else { return nil }; set.unit = unit
            case Key.reps.rawValue: guard let reps = int(value) else { return nil }; set.reps = reps
            case Key.bodyweight.rawValue: guard case .bool(let flag) = value else { return nil }; set.bodyweight = flag
            case Key.amrap.rawValue: guard case .bool(let flag) = value else { return nil }; set.amrap = flag
            case Key.rpe.rawValue: guard let rpe = double(value) else { return nil }; set.rpe = rpe
            case Key.rir.rawValue: guard let rir = int(value) else { return nil }; set.rir = rir
            case Key.restSeconds.rawValue: guard let rest = int(value) else { return nil }; set.restSeconds = rest
            case Key.distanceM.rawValue: guard let distance = double(value) else { return nil }; set.distanceMeters = distance
            case Key.durationSeconds.rawValue: guard let duration = int(value) else { return nil }; set.durationSeconds = duration
            case Key.targetReps.rawValue: guard let reps = int(value) else { return nil }; set.targetReps = reps
            case Key.targetWeight.rawValue: guard let weight = double(value) else { return nil }; set.targetWeight = weight
            case Key.status.rawValue: guard let status = string(value).flatMap(Status.init(rawValue:)) else { return nil }; set.status = status
            case Key.completedAt.rawValue: guard let time = string(value).flatMap(Timestamp.init) else { return nil }; set.completedAt = time
            case Key.notes.rawValue: guard let notes = string(value) else { return nil }; set.notes = notes
            case Key.requestId.rawValue: guard let request = string(value) else { return nil }; set.requestID = request
            default: return nil
            }
        }
        return set
    }

    /// The set read key by key, every problem recorded and unknown keys kept.
    static func decodeWithReader(_ value: JSONValue, at path: JSONPath, problems: ProblemList) -> WorkoutSet? {
        guard var reader = ObjectReader(value, at: path, problems: problems, describing: "a set") else { return nil }
        let id: String? = reader.optional(Key.id)
        let setNumber = reader.optional(Key.setNumber, default: 1)
        let setType = reader.optional(Key.setType, default: SetType.normal)
        let weight: Double? = reader.optional(Key.weight)
        let unit: WeightUnit? = reader.optional(Key.unit)
        let reps: Int? = reader.optional(Key.reps)
        let bodyweight = reader.optional(Key.bodyweight, default: false)
        let amrap = reader.optional(Key.amrap, default: false)
        let rpe: Double? = reader.optional(Key.rpe)
        let rir: Int? = reader.optional(Key.rir)
        let rest: Int? = reader.optional(Key.restSeconds)
        let distance: Double? = reader.optional(Key.distanceM)
        let duration: Int? = reader.optional(Key.durationSeconds)
        let targetReps: Int? = reader.optional(Key.targetReps)
        let targetWeight: Double? = reader.optional(Key.targetWeight)
        let status = reader.optional(Key.status, default: Status.completed)
        let completedAt: Timestamp? = reader.optional(Key.completedAt)
        let notes: String? = reader.optional(Key.notes)
        let requestID: String? = reader.optional(Key.requestId)
        return WorkoutSet(
            setNumber: setNumber, setType: setType, weight: weight, unit: unit, reps: reps, bodyweight: bodyweight, rpe: rpe, rir: rir,
            restSeconds: rest, distanceMeters: distance, durationSeconds: duration, targetReps: targetReps,
            targetWeight: targetWeight, status: status, completedAt: completedAt, notes: notes,
            unknownFields: reader.unknownMembers, id: id, requestID: requestID, amrap: amrap)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set(Key.id, id)
        if amrap { object.set(Key.amrap, true) }
        if bodyweight { object.set(Key.bodyweight, true) }
        object.set(Key.completedAt, completedAt)
        object.set(Key.distanceM, distanceMeters)
        object.set(Key.durationSeconds, durationSeconds)
        object.set(Key.notes, notes)
        object.set(Key.reps, reps)
        object.set(Key.requestId, requestID)
        object.set(Key.restSeconds, restSeconds)
        object.set(Key.rir, rir)
        object.set(Key.rpe, rpe)
        object.set(Key.setNumber, setNumber)
        object.set(Key.setType, setType)
        object.set(Key.status, status)
        object.set(Key.targetReps, targetReps)
        object.set(Key.targetWeight, targetWeight)
        object.set(Key.unit, unit)
        object.set(Key.weight, weight)
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
        if let id, !WorkoutSet.isUsableID(id) {
            found.append(("id", "a set's id must be 1–64 characters without spaces, '/' or '.', found '\(id)'", "Remove the \"id\"; liftlog gives the set a new one when it next writes it."))
        }
        if setNumber < 1 { found.append(("set_number", "set_number must be 1 or more, found \(setNumber)", "Number sets from 1.")) }
        if let weight, weight < 0, !bodyweight {
            found.append(("weight", "weight cannot be negative, found \(JSONNumber(weight))", "Use 0 or more; for an assisted bodyweight exercise add \"bodyweight\": true and write the assistance as a negative weight."))
        }
        if let weight, abs(weight) > WorkoutSet.maximumWeight {
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
        if let durationSeconds, durationSeconds > SetNotation.maximumDurationSeconds {
            found.append(("duration_seconds", "duration_seconds must be at most \(SetNotation.maximumDurationSeconds) (a day), found \(durationSeconds)", "Write the time of one set in seconds."))
        }
        if let distanceMeters, distanceMeters > SetNotation.maximumDistanceMeters {
            found.append(("distance_m", "distance_m must be at most \(JSONNumber(SetNotation.maximumDistanceMeters)), found \(JSONNumber(distanceMeters))", "Write the distance of one set in metres."))
        }
        if let requestID, requestID.isEmpty || requestID.utf8.count > 128 {
            found.append(("request_id", "request_id must be 1–128 characters, found \(requestID.utf8.count)", "Remove the \"request_id\" or give a shorter one."))
        }
        if let targetReps, targetReps < 0 { found.append(("target_reps", "target_reps cannot be negative, found \(targetReps)", notNegative)) }
        if let targetWeight, targetWeight < 0 { found.append(("target_weight", "target_weight cannot be negative, found \(JSONNumber(targetWeight))", notNegative)) }
        return found
    }

    /// Throws the first rule of SPEC §4 the set breaks, as a sentence: what every writer (the
    /// CLI, the HTTP API, the importers, `edit`) calls before it writes a set, so that nothing
    /// liftlog writes is refused by `check`, which reads the same ``ruleViolations()``.
    ///
    /// - Throws: `VALIDATION_ERROR` naming the value and the rule.
    public func validateForWriting() throws(LiftLogError) {
        guard let problem = ruleViolations().first else { return }
        throw .validation(WorkoutSet.sentence(problem.text) + ".")
    }

    /// A rule's text as the start of a sentence: its first letter capitalised, unless it
    /// begins with a key (`duration_seconds …`), which stays as it is written in a file.
    static func sentence(_ text: String) -> String {
        let first = text.prefix { $0 != " " }
        return first.contains("_") ? text : text.prefix(1).uppercased() + text.dropFirst()
    }

    /// Whether `id` may be a set's ID: 1–64 characters without whitespace, '/' or '.'.
    public static func isUsableID(_ id: String) -> Bool {
        // ASCII, as every ID liftlog gives: its bytes are its characters, read in one pass
        // over the string's storage (checked for every set of every session read: walking the
        // characters cost a tenth of a `log`, walking `utf8` about 570 instructions an ID).
        var id = id
        let ascii = id.withUTF8 { bytes -> Bool? in
            var usable = !bytes.isEmpty && bytes.count <= 64
            for byte in bytes {
                if byte >= 0x80 { return nil }
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") { usable = false }
            }
            return usable
        }
        if let ascii { return ascii }
        return id.count <= 64 && !id.contains { $0.isWhitespace || $0 == "/" || $0 == "." }
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
