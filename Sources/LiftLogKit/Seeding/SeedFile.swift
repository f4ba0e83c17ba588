/// A file of exercises to seed the library with, such as DefaultExercises.json.
///
/// Accepts `{"exercises": [...]}` or a bare array. Each exercise needs a `name`; `modality`,
/// `category`, `muscleGroups` (or `muscle_groups`), `secondaryMuscles` (or
/// `secondary_muscles`), `notes` and `weight_increment` (or `weightIncrement`) are optional.
struct SeedFile: JSONDecodable {
    struct Item {
        var name: String
        var modality: Exercise.Modality
        var category: Exercise.Category?
        var muscleGroups: [String]
        var secondaryMuscles: [String] = []
        var notes: String?
        var weightIncrement: Double
    }

    var items: [Item]

    static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> SeedFile? {
        let list: JSONValue
        let listPath: JSONPath
        if case .array = value {
            (list, listPath) = (value, path())
        } else {
            guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "a seed file") else { return nil }
            guard let exercises: JSONValue = reader.required("exercises") else { return nil }
            (list, listPath) = (exercises, path().appending("exercises"))
        }
        guard case .array(let elements) = list else {
            problems.add(listPath, "expected an array of exercises, found \(list.typeDescription)")
            return nil
        }
        var items: [Item] = []
        for (index, element) in elements.enumerated() {
            let itemPath = listPath.appending(index)
            guard var reader = ObjectReader(element, at: itemPath, problems: problems, describing: "an exercise") else { continue }
            let name: String? = reader.required("name")
            let modality = reader.optional("modality", default: Exercise.Modality.other)
            let category: Exercise.Category? = reader.optional("category")
            let muscles = reader.optional("muscleGroups", as: [String].self) ?? reader.optional("muscle_groups", default: [String]())
            let secondary = reader.optional("secondaryMuscles", as: [String].self) ?? reader.optional("secondary_muscles", default: [String]())
            let notes: String? = reader.optional("notes")
            let increment = reader.optional("weight_increment", as: Double.self) ?? reader.optional("weightIncrement", default: Exercise.defaultWeightIncrement)
            guard let name else { continue }
            if let problem = Exercise.nameProblem(Exercise.normalizedName(name)) {
                problems.add(itemPath.appending("name"), problem)
                continue
            }
            if !(increment > 0) {
                problems.add(itemPath.appending(reader.members["weight_increment"] != nil ? "weight_increment" : "weightIncrement"), "weight increment must be positive")
                continue
            }
            items.append(Item(name: Exercise.normalizedName(name), modality: modality, category: category,
                              muscleGroups: muscles.map { $0.lowercased() }, secondaryMuscles: secondary.map { $0.lowercased() },
                              notes: notes, weightIncrement: increment))
        }
        return SeedFile(items: items)
    }
}
