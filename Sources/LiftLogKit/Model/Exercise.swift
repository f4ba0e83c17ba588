/// An entry of the exercise library, stored as `exercises/<slug>.json`.
///
/// Names are unique case-insensitively. Sessions keep a snapshot of the name they were logged
/// under, so renaming or deleting an exercise never rewrites history.
public struct Exercise: Identifiable, Hashable, Sendable {
    /// An exercise's ID: a UUID, kept when the exercise is renamed.
    public typealias ID = Identifier<Exercise>

    /// The kind of equipment or movement.
    public enum Modality: String, Sendable, Hashable, CaseIterable, JSONStringEnum {
        case barbell, dumbbell, machine, cable, bodyweight, cardio, climb, other
    }

    /// What the exercise trains.
    public enum Category: String, Sendable, Hashable, CaseIterable, JSONStringEnum {
        case strength, cardio, flexibility, other
    }

    /// The weight step a progression adds when none is set.
    public static let defaultWeightIncrement = 5.0
    /// The longest name accepted, in characters.
    public static let maximumNameLength = 100
    /// The most aliases an exercise has.
    public static let maximumAliasCount = 10

    /// The exercise's ID, also in its file.
    public var id: ID
    /// Trimmed, 1–100 characters, unique case-insensitively in the library.
    public var name: String
    /// The equipment it is done with.
    public var modality: Modality
    /// The kind of exercise it is.
    public var category: Category
    /// Lowercase muscle names such as `"quadriceps"`, the prime movers first.
    public var muscleGroups: [String]
    /// The muscles that only assist (a set counts half a hard set for each); without any, the
    /// first muscle group is the primary one and the others assist.
    public var secondaryMuscles: [String]
    /// Notes on the exercise (cues, setup).
    public var notes: String?
    /// Whether the user added it (as opposed to the seed library).
    public var isCustom: Bool
    /// Positive; the step a progression adds.
    public var weightIncrement: Double
    /// A path or URL of a picture or video.
    public var media: String?
    /// The rest between its sets, 0–3600 seconds (`liftlog rest` counts it down after a set).
    public var restSeconds: Int?
    /// The weight of its own bar (an EZ bar, a trap bar, a safety squat bar) in the store's
    /// unit, more than 0 and at most 100: plates and warm-ups load on it instead of the store's
    /// bar (`config bar`).
    public var barWeight: Double?
    /// Other names the user types for it (`sbd squat`, `hbbs`): every lookup by name finds it
    /// by them. Each follows the name rules, at most ``maximumAliasCount``; none is its own or
    /// another exercise's name or alias (``claim(of:by:)``).
    public var aliases: [String]
    /// The weights it can be set to when no plates go on it, in the store's unit, lightest
    /// first: a rack of fixed dumbbells, a machine's stack (``FixedLoads``). Prescribed loads
    /// and warm-ups of it are among them; empty for a bar loaded with plates.
    public var loads: [Double]
    /// When the user created it; absent for seeded exercises.
    public var createdAt: Timestamp?
    /// Keys this version does not know, kept as they were read.
    public var unknownFields: [String: JSONValue]

    /// An exercise of the given values (checked against the model's rules before any write).
    public init(
        id: ID, name: String, modality: Modality = .other, category: Category? = nil, muscleGroups: [String] = [],
        secondaryMuscles: [String] = [], notes: String? = nil, isCustom: Bool = true, weightIncrement: Double = Exercise.defaultWeightIncrement,
        media: String? = nil, restSeconds: Int? = nil, barWeight: Double? = nil, aliases: [String] = [], loads: [Double] = [], createdAt: Timestamp? = nil,
        unknownFields: [String: JSONValue] = [:]
    ) {
        self.aliases = aliases
        self.loads = loads
        self.restSeconds = restSeconds
        self.barWeight = barWeight
        self.id = id
        self.name = name
        self.modality = modality
        self.category = category ?? Exercise.defaultCategory(for: modality)
        self.muscleGroups = muscleGroups
        self.secondaryMuscles = secondaryMuscles
        self.notes = notes
        self.isCustom = isCustom
        self.weightIncrement = weightIncrement
        self.media = media
        self.createdAt = createdAt
        self.unknownFields = unknownFields
    }

    /// What one completed working set counts for each muscle (SPEC: 1 for a primary muscle,
    /// 0.5 for a secondary one), in the order of the muscle groups.
    public var muscleWeights: [(muscle: String, weight: Double)] {
        var result: [(muscle: String, weight: Double)] = []
        if secondaryMuscles.isEmpty {
            for (index, muscle) in muscleGroups.enumerated() where !result.contains(where: { $0.muscle == muscle }) {
                result.append((muscle, index == 0 ? 1 : 0.5))
            }
            return result
        }
        let secondary = Swift.Set(secondaryMuscles)
        for muscle in muscleGroups where !secondary.contains(muscle) && !result.contains(where: { $0.muscle == muscle }) {
            result.append((muscle, 1))
        }
        for muscle in secondaryMuscles where !result.contains(where: { $0.muscle == muscle }) {
            result.append((muscle, 0.5))
        }
        return result
    }

    /// Cardio equipment trains cardio; everything else strength.
    public static func defaultCategory(for modality: Modality) -> Category {
        modality == .cardio ? .cardio : .strength
    }

    /// An exercise known only by its name (not in the library): its ID links to nothing, so
    /// only entries without a link match it, by name.
    static func unlisted(named name: String) -> Exercise {
        Exercise(id: ID(uncheckedRawValue: "00000000-0000-0000-0000-000000000000"), name: normalizedName(name))
    }

    /// Whether a session's record of an exercise (its library link and snapshot name) is this
    /// exercise: linked to it, or unlinked and under its name (any case, spaces collapsed).
    public func isRecorded(as recordedID: ID?, name recordedName: String) -> Bool {
        recordedID == id || (recordedID == nil && Exercise.nameKey(recordedName) == Exercise.nameKey(name))
    }

    /// Whether one of its aliases has the ``nameKey(_:)`` `key`.
    public func hasAlias(_ key: String) -> Bool {
        aliases.contains { Exercise.nameKey($0) == key }
    }

    /// What of `other` already claims the name `key` (a ``nameKey(_:)``): "the name of Back
    /// Squat" or "an alias of Back Squat", or `nil`. No name or alias is claimed twice in a
    /// library: every writer refuses it and `check` reports it, in these words.
    public static func claim(of key: String, by other: Exercise) -> String? {
        if nameKey(other.name) == key { return "the name of \(other.name)" }
        if other.hasAlias(key) { return "an alias of \(other.name)" }
        return nil
    }

    /// The abbreviations lifters type for common lifts, by ``nameKey(_:)``, each with the
    /// names it stands for, most usual first: `rdl` is Romanian Deadlift, `ohp` Overhead
    /// Press. A name looked up that no exercise has is read as the first of these the library
    /// has; an exercise named like an abbreviation is found by its own name first.
    public static let abbreviations: [String: [String]] = [
        "bp": ["Bench Press"], "cgbp": ["Close-Grip Bench Press", "Close Grip Bench Press"],
        "dl": ["Deadlift"], "rdl": ["Romanian Deadlift"], "sldl": ["Stiff-Leg Deadlift", "Stiff-Legged Deadlift", "Stiff Leg Deadlift"],
        "ohp": ["Overhead Press"], "sq": ["Back Squat"], "bs": ["Back Squat"], "fs": ["Front Squat"],
        "ghr": ["Glute-Ham Raise", "Glute Ham Raise"], "lpd": ["Lat Pulldown"], "bbr": ["Barbell Row"],
        "ht": ["Hip Thrust"],
    ]

    /// The key names are compared by: trimmed, inner spaces collapsed, lowercased, and look-alike
    /// forms folded (full-width letters, ligatures such as "ﬁ", invisible characters such as a
    /// zero-width space), so "ﬁve" and "five" are one name.
    public static func nameKey(_ name: String) -> String {
        if let key = asciiWords(name, lowercased: true) { return key }
        return foldingLookAlikes(name).split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    /// An ASCII name's words joined by single spaces (lowercased when asked), read as bytes;
    /// `nil` for a name with other characters, which take the Unicode-aware way.
    private static func asciiWords(_ name: String, lowercased: Bool) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(name.utf8.count)
        var pendingSpace = false
        for byte in name.utf8 {
            guard byte < 0x80 else { return nil }
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !output.isEmpty
                continue
            }
            if pendingSpace { output.append(0x20); pendingSpace = false }
            output.append(lowercased && (0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` with compatibility forms replaced by the letters they look like, and invisible
    /// format characters removed.
    static func foldingLookAlikes(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xFF01...0xFF5E: scalars.append(Unicode.Scalar(scalar.value - 0xFEE0)!)   // full-width ASCII
            case 0x3000: scalars.append(" ")                                                // ideographic space
            case 0xFB00: scalars.append(contentsOf: "ff".unicodeScalars)
            case 0xFB01: scalars.append(contentsOf: "fi".unicodeScalars)
            case 0xFB02: scalars.append(contentsOf: "fl".unicodeScalars)
            case 0xFB03: scalars.append(contentsOf: "ffi".unicodeScalars)
            case 0xFB04: scalars.append(contentsOf: "ffl".unicodeScalars)
            case 0xFB05, 0xFB06: scalars.append(contentsOf: "st".unicodeScalars)
            default:
                if scalar.properties.generalCategory == .format { continue }                // zero-width and the like
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// `name` trimmed and with inner runs of spaces collapsed, as the library stores it.
    public static func normalizedName(_ name: String) -> String {
        if let words = asciiWords(name, lowercased: false) { return words }
        return name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
