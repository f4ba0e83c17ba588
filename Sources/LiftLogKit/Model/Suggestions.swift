/// "Did you mean" suggestions: the candidates closest to a misspelled word.
package enum Suggestions {
    /// Up to `limit` candidates, closest first: those containing the query, then those within
    /// an edit distance of a third of the query's length; among equally close ones, those of
    /// highest `weight` (how often the user logs it), then the shortest.
    package static func closest(to query: String, among candidates: [String], limit: Int = 3, weight: (String) -> Int = { _ in 0 }) -> [String] {
        let needle = query.lowercased()
        // Nothing is suggested for a query longer than any name liftlog keeps: the search stays
        // linear in the query's length.
        guard !needle.isEmpty, needle.count <= Suggestions.longestQuery else { return [] }
        var scored: [(score: Int, name: String)] = []
        for candidate in candidates {
            let lower = candidate.lowercased()
            if lower.contains(needle) || (needle.count >= 4 && needle.contains(lower)) {
                scored.append((0, candidate))
                continue
            }
            // The whole name, or one of its words ("squaat" is close to "Front Squat").
            let words = lower.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            let allowed = max(2, needle.count / 3)
            // A distance is at least the difference of the lengths: only the close ones are worked out.
            let distance = ([lower] + words).filter { abs($0.count - needle.count) <= allowed }.map { editDistance(needle, $0) }.min() ?? Int.max
            if distance <= allowed { scored.append((distance, candidate)) }
        }
        return scored.map { ($0.score, -weight($0.name), $0.name) }
            .sorted { ($0.0, $0.1, $0.2.count, $0.2) < ($1.0, $1.1, $1.2.count, $1.2) }.prefix(limit).map(\.2)
    }

    /// The longest query anything is suggested for: twice the longest name.
    static let longestQuery = 2 * Exercise.maximumNameLength

    /// Levenshtein distance over characters.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a), Array(b))
    }

    /// Levenshtein distance between two sequences (characters, or UTF-8 bytes of ASCII text).
    package static func editDistance<Element: Equatable>(_ left: [Element], _ right: [Element]) -> Int {
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
