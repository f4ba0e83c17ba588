extension Exercise: JSONDecodable, JSONEncodable {
    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> Exercise? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "an exercise") else { return nil }
        let id: ID? = reader.required("id")
        let name: String? = reader.required("name")
        let modality = reader.optional("modality", default: Modality.other)
        let category = reader.optional("category", as: Category.self)
        let muscleGroups = reader.optional("muscle_groups", default: [String]())
        let notes: String? = reader.optional("notes")
        let isCustom = reader.optional("is_custom", default: false)
        let increment = reader.optional("weight_increment", default: Exercise.defaultWeightIncrement)
        let media: String? = reader.optional("media")
        let createdAt: Timestamp? = reader.optional("created_at")
        guard let id, let name else { return nil }
        let exercise = Exercise(
            id: id, name: name, modality: modality, category: category, muscleGroups: muscleGroups, notes: notes,
            isCustom: isCustom, weightIncrement: increment, media: media, createdAt: createdAt,
            unknownFields: reader.unknownMembers)
        exercise.validate(at: path(), into: problems)
        return exercise
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set("category", category)
        object.set("created_at", createdAt)
        object.set("id", id)
        object.set("is_custom", isCustom)
        object.set("media", media)
        object.set("modality", modality)
        object.set("muscle_groups", muscleGroups)
        object.set("name", name)
        object.set("notes", notes)
        object.set("weight_increment", weightIncrement)
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
            problems.add(path.appending("name"), message, hint: "Use 1 to 100 characters on one line, without spaces at either end.")
        }
        if !(weightIncrement > 0) {
            problems.add(path.appending("weight_increment"), "weight_increment must be positive, found \(JSONNumber(weightIncrement))", hint: "Use the step a progression adds, such as 2.5 or 5.")
        }
        for (index, muscle) in muscleGroups.enumerated() where muscle.isEmpty || muscle != muscle.lowercased() {
            problems.add(path.appending("muscle_groups").appending(index), "muscle group \"\(muscle)\" must be non-empty and lowercase",
                         hint: muscle.isEmpty ? nil : "Write \"\(muscle.lowercased())\".")
        }
    }

    /// Why `name` is not a valid exercise name, or `nil` when it is.
    public static func nameProblem(_ name: String) -> String? {
        if name.isEmpty || name.allSatisfy(\.isWhitespace) { return "Exercise name cannot be empty." }
        if name.first!.isWhitespace || name.last!.isWhitespace {
            return "Exercise name \"\(name)\" has leading or trailing spaces."
        }
        if name.count > maximumNameLength {
            return "Exercise name is \(name.count) characters long; the limit is \(maximumNameLength)."
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "Exercise name cannot contain line breaks or control characters."
        }
        return nil
    }
}
