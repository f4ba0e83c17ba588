/// Filters and ranks the exercise library.
public struct ExerciseSearch: Sendable {
    /// Matched against names (exact > prefix > word prefix > substring > close spelling) and
    /// muscle groups.
    public var text: String?
    public var category: Exercise.Category?
    public var modality: Exercise.Modality?
    public var muscle: String?

    public init(text: String? = nil, category: Exercise.Category? = nil, modality: Exercise.Modality? = nil, muscle: String? = nil) {
        self.text = text
        self.category = category
        self.modality = modality
        self.muscle = muscle
    }

    /// The matching exercises, best match first (by name when there is no text).
    ///
    /// - Complexity: O(n) in the size of the library.
    public func apply(to exercises: [Exercise]) -> [Exercise] {
        let query = text.map { Exercise.nameKey($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let muscleKey = muscle?.lowercased()
        var ranked: [(rank: Int, exercise: Exercise)] = []
        for exercise in exercises {
            if let category, exercise.category != category { continue }
            if let modality, exercise.modality != modality { continue }
            if let muscleKey, !exercise.muscleGroups.contains(where: { $0.contains(muscleKey) }) { continue }
            guard let query else { ranked.append((0, exercise)); continue }
            let name = Exercise.nameKey(exercise.name)
            let rank: Int
            if name == query { rank = 0 }
            else if name.hasPrefix(query) { rank = 1 }
            else if name.split(separator: " ").contains(where: { $0.hasPrefix(query) }) { rank = 2 }
            else if name.contains(query) { rank = 3 }
            else if exercise.muscleGroups.contains(where: { $0.contains(query) }) { rank = 4 }
            else if query.count >= 4, Suggestions.editDistance(query, String(name.prefix(query.count + 1))) <= max(1, query.count / 4) { rank = 5 }
            else { continue }
            ranked.append((rank, exercise))
        }
        return ranked.sorted { ($0.rank, $0.exercise.name.lowercased()) < ($1.rank, $1.exercise.name.lowercased()) }.map(\.exercise)
    }
}
