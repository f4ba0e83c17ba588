extension Exercise: JSONDecodable, JSONEncodable {
    /// The keys of its JSON object.
    enum Key: String, JSONKey {
        case aliases
        case barWeight = "bar_weight"
        case category
        case createdAt = "created_at"
        case id
        case isCustom = "is_custom"
        case loads
        case media
        case modality
        case muscleGroups = "muscle_groups"
        case name
        case notes
        case restSeconds = "rest_seconds"
        case secondaryMuscles = "secondary_muscles"
        case weightIncrement = "weight_increment"
    }

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Exercise? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "an exercise") else { return nil }
        let id: ID? = reader.required(Key.id)
        let name: String? = reader.required(Key.name)
        let modality = reader.optional(Key.modality, default: Modality.other)
        let category = reader.optional(Key.category, as: Category.self)
        let muscleGroups = reader.optional(Key.muscleGroups, default: [String]())
        let secondaryMuscles = reader.optional(Key.secondaryMuscles, default: [String]())
        let notes: String? = reader.optional(Key.notes)
        let isCustom = reader.optional(Key.isCustom, default: false)
        let increment = reader.optional(Key.weightIncrement, default: Exercise.defaultWeightIncrement)
        let media: String? = reader.optional(Key.media)
        let rest: Int? = reader.optional(Key.restSeconds)
        let bar: Double? = reader.optional(Key.barWeight)
        let aliases = reader.optional(Key.aliases, default: [String]())
        let loads = reader.optional(Key.loads, default: [Double]())
        let createdAt: Timestamp? = reader.optional(Key.createdAt)
        guard let id, let name else { return nil }
        let exercise = Exercise(
            id: id, name: name, modality: modality, category: category, muscleGroups: muscleGroups, secondaryMuscles: secondaryMuscles, notes: notes,
            isCustom: isCustom, weightIncrement: increment, media: media, restSeconds: rest, barWeight: bar, aliases: aliases, loads: loads, createdAt: createdAt,
            unknownFields: reader.unknownMembers)
        exercise.validate(at: path(), into: problems)
        return exercise
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.setNonEmpty(Key.aliases, aliases)
        object.set(Key.barWeight, barWeight)
        object.set(Key.category, category)
        object.set(Key.createdAt, createdAt)
        object.setNonEmpty(Key.loads, loads)
        object.set(Key.id, id)
        object.set(Key.isCustom, isCustom)
        object.set(Key.media, media)
        object.set(Key.modality, modality)
        object.set(Key.muscleGroups, muscleGroups)
        object.set(Key.name, name)
        object.set(Key.notes, notes)
        object.set(Key.restSeconds, restSeconds)
        object.setNonEmpty(Key.secondaryMuscles, secondaryMuscles)
        object.set(Key.weightIncrement, weightIncrement)
        return object.value
    }

    /// The exercise as the JSON object stored in its file.
    public var json: JSONValue { jsonValue }

    /// Reads an exercise from its JSON object.
    ///
    /// - Throws: ``DocumentError`` listing every problem.
    public init(json: JSONValue) throws {
        self = try Exercise.decodeDocument(json)
    }
}

extension Exercise {
    /// Records every rule this exercise breaks.
    package func validate(at path: JSONPath, into problems: ProblemList) {
        if let message = Exercise.nameProblem(name) {
            problems.add(path.appending(Key.name), message, hint: "Use 1 to 100 characters on one line, without spaces at either end.")
        }
        if !(weightIncrement > 0) {
            problems.add(path.appending(Key.weightIncrement), "weight_increment must be positive, found \(JSONNumber(weightIncrement))", hint: "Use the step a progression adds, such as 2.5 or 5.")
        }
        if let barWeight, !PlateLoading.isEquipmentWeight(barWeight) {
            problems.add(path.appending(Key.barWeight), "bar_weight must be more than 0 and at most 100, found \(JSONNumber(barWeight.isFinite ? barWeight : 0))",
                         hint: "Write the bar's weight in the store's unit, such as 10 for an EZ bar, or remove the key to use the store's bar.")
        }
        if let message = aliasesProblem() {
            problems.add(path.appending(Key.aliases), message, hint: "Give each alias once, at most \(Exercise.maximumAliasCount), and not the exercise's own name.")
        }
        if let message = FixedLoads.problem(loads) {
            problems.add(path.appending(Key.loads), message, hint: "List the weights it can be set to in the store's unit, lightest first, such as [2, 4, 6, 8].")
        }
        if let restSeconds, !(0...3600).contains(restSeconds) {
            problems.add(path.appending(Key.restSeconds), "rest_seconds must be 0–3600, found \(restSeconds)", hint: "Write the rest between sets in seconds, such as 120.")
        }
        for (key, list) in [(Key.muscleGroups, muscleGroups), (Key.secondaryMuscles, secondaryMuscles)] {
            for (index, muscle) in list.enumerated() where muscle.isEmpty || muscle != muscle.lowercased() {
                problems.add(path.appending(key).appending(index), "muscle group \"\(muscle)\" must be non-empty and lowercase",
                             hint: muscle.isEmpty ? nil : "Write \"\(muscle.lowercased())\".")
            }
        }
    }

    /// Why the exercise's aliases break the rules, or `nil`: each follows the name rules, at
    /// most ``maximumAliasCount``, none repeated or the exercise's own name.
    public func aliasesProblem() -> String? {
        if aliases.count > Exercise.maximumAliasCount {
            return "An exercise has at most \(Exercise.maximumAliasCount) aliases, found \(aliases.count)."
        }
        var seen: Swift.Set<String> = [Exercise.nameKey(name)]
        for alias in aliases {
            if let problem = Exercise.nameProblem(alias, what: "Alias") { return problem }
            guard seen.insert(Exercise.nameKey(alias)).inserted else {
                return Exercise.nameKey(alias) == Exercise.nameKey(name)
                    ? "The alias \"\(alias)\" is the exercise's own name." : "The alias \"\(alias)\" is given twice."
            }
        }
        return nil
    }

    /// Why `name` is too long to be an exercise's name, or `nil`: checked before any search by
    /// name, so that matching stays bounded however long a name is sent.
    public static func lengthProblem(_ name: String, what: String = "Exercise name") -> String? {
        let count = name.count
        return count > maximumNameLength ? "\(what) is \(count) characters long; the limit is \(maximumNameLength)." : nil
    }

    /// Why `name` is not a valid exercise name (or alias: `what`), or `nil` when it is.
    public static func nameProblem(_ name: String, what: String = "Exercise name") -> String? {
        if name.isEmpty || name.allSatisfy(\.isWhitespace) { return "\(what) cannot be empty." }
        if name.first!.isWhitespace || name.last!.isWhitespace {
            return "\(what) \"\(name)\" has leading or trailing spaces."
        }
        if let tooLong = lengthProblem(name, what: what) { return tooLong }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "\(what) cannot contain line breaks or control characters."
        }
        return nil
    }
}
