/// File-name slugs made from names: lowercase ASCII letters, digits and hyphens only.
///
/// A slug can never contain `/`, `.` or anything else with meaning to a file system, so a name
/// such as `../../etc/x` stays a name (`etc-x`) and never becomes a path.
package enum Slug {
    /// The longest slug produced, in characters.
    package static let maximumLength = 64

    /// The slug of `name`; empty when the name has no letters or digits that fold to ASCII.
    package static func make(_ name: String) -> String {
        var output = ""
        var pendingHyphen = false
        for scalar in name.lowercased().unicodeScalars {
            let folded = fold(scalar)
            if folded.isEmpty {
                pendingHyphen = !output.isEmpty
                continue
            }
            if pendingHyphen { output += "-"; pendingHyphen = false }
            output += folded
        }
        if output.count > maximumLength {
            output = String(output.prefix(maximumLength))
            while output.hasSuffix("-") { output.removeLast() }
        }
        return output
    }

    /// The ASCII letters or digits a scalar folds to, or "" for a separator.
    static func foldScalar(_ scalar: Unicode.Scalar) -> String { fold(scalar) }

    private static func fold(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x30...0x39, 0x61...0x7A: return String(scalar)
        // Any other ASCII (a space, punctuation) separates words; only a name with letters
        // beyond ASCII builds the table below.
        case 0x00...0x7F: return ""
        default: return latinFolding[scalar] ?? ""
        }
    }

    private static let latinFolding: [Unicode.Scalar: String] = {
        let groups: [(String, String)] = [
            ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"), ("ĥħ", "h"),
            ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"),
            ("ŕŗř", "r"), ("śŝşš", "s"), ("ţťŧ", "t"), ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"), ("źżž", "z"),
        ]
        var table: [Unicode.Scalar: String] = ["ß": "ss", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d"]
        for (letters, ascii) in groups {
            for scalar in letters.unicodeScalars { table[scalar] = ascii }
        }
        return table
    }()
}
