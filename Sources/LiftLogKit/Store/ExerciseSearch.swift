/// Filters and ranks the exercise library.
public struct ExerciseSearch: Sendable {
    /// Matched against names and aliases (exact > prefix > word prefix > substring > close
    /// spelling) and muscle groups.
    public var text: String?
    /// Only exercises of this category.
    public var category: Exercise.Category?
    /// Only exercises of this modality.
    public var modality: Exercise.Modality?
    /// Only exercises that train this muscle group.
    public var muscle: String?

    /// A search; every criterion `nil` finds the whole library.
    public init(text: String? = nil, category: Exercise.Category? = nil, modality: Exercise.Modality? = nil, muscle: String? = nil) {
        self.text = text
        self.category = category
        self.modality = modality
        self.muscle = muscle
    }

    /// The matching exercises, best match first (by name when there is no text).
    ///
    /// - Complexity: O(n) in the size of the library. Names are compared as UTF-8 bytes, so a
    ///   search of 1,500 exercises allocates little more than its result.
    public func apply(to exercises: [Exercise]) -> [Exercise] {
        let query = text.map(SearchKey.init).flatMap { $0.bytes.isEmpty ? nil : $0 }
        let muscleKey = muscle.map { Array($0.lowercased().utf8) }
        var ranked: [(rank: Int, key: [UInt8], exercise: Exercise)] = []
        for exercise in exercises {
            if let category, exercise.category != category { continue }
            if let modality, exercise.modality != modality { continue }
            if let muscleKey, !exercise.muscleGroups.contains(where: { SearchKey.contains(Array($0.utf8), muscleKey) }) { continue }
            let name = SearchKey(exercise.name)
            guard let query else { ranked.append((0, name.bytes, exercise)); continue }
            // An alias matches as the name does.
            var best = rank(of: exercise, named: name, for: query)
            for alias in exercise.aliases {
                if let rank = rank(of: exercise, named: SearchKey(alias), for: query), rank < best ?? Int.max { best = rank }
            }
            guard let rank = best else { continue }
            ranked.append((rank, name.bytes, exercise))
        }
        ranked.sort { $0.rank != $1.rank ? $0.rank < $1.rank : $0.key.lexicographicallyPrecedes($1.key) }
        return ranked.map(\.exercise)
    }

    /// 0 exact, 1 prefix, 2 a word's prefix, 3 substring, 4 a muscle group, 5 close spelling.
    private func rank(of exercise: Exercise, named name: SearchKey, for query: SearchKey) -> Int? {
        let bytes = name.bytes, wanted = query.bytes
        if bytes == wanted { return 0 }
        if bytes.starts(with: wanted) { return 1 }
        var wordStart = false
        for index in bytes.indices where bytes[index] == 0x20 {
            if bytes[(index + 1)...].starts(with: wanted) { wordStart = true; break }
        }
        if wordStart { return 2 }
        if SearchKey.contains(bytes, wanted) { return 3 }
        if exercise.muscleGroups.contains(where: { SearchKey.contains(Array($0.utf8), wanted) }) { return 4 }
        guard query.characterCount >= 4 else { return nil }
        let limit = max(1, query.characterCount / 4)
        let distance = name.isASCII && query.isASCII
            ? Suggestions.editDistance(wanted, Array(bytes.prefix(wanted.count + 1)))
            : Suggestions.editDistance(query.text, String(name.text.prefix(query.characterCount + 1)))
        return distance <= limit ? 5 : nil
    }
}

/// A name as search compares it: lowercased, runs of white space as one space, in UTF-8.
struct SearchKey {
    var bytes: [UInt8]
    var isASCII: Bool

    var text: String { String(decoding: bytes, as: UTF8.self) }
    var characterCount: Int { isASCII ? bytes.count : text.count }

    init(_ name: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var ascii = true
        var pendingSpace = false
        for byte in name.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                pendingSpace = !bytes.isEmpty
                continue
            }
            if pendingSpace { bytes.append(0x20); pendingSpace = false }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        if ascii {
            self.bytes = bytes
            self.isASCII = true
        } else {
            self.bytes = Array(Exercise.nameKey(name).utf8)
            self.isASCII = false
        }
    }

    /// Whether `haystack` contains `needle` (bytes).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        ByteFields.contains(needle, in: haystack[...])
    }
}
