/// One weigh-in or set of body measurements, stored as
/// `body/YYYY/YYYY-MM-DD-HHMM-<id8>.json`: a file per entry, so two devices that weigh in on
/// the same day add two files and merge in git without conflicts.
public struct BodyEntry: Identifiable, Hashable, Sendable {
    /// An entry's ID: a UUID, whose first eight digits end its file name.
    public typealias ID = Identifier<BodyEntry>

    /// One measured value with its unit (`82.4 kg`, `84 cm`, `18.5 %`).
    public struct Value: Hashable, Sendable {
        /// The number measured.
        public var value: Double
        /// Its unit as written (`kg`, `lbs`, `cm`, `%`).
        public var unit: String
        /// Keys this version does not know, kept as they were read.
        public var unknownFields: [String: JSONValue]

        /// `value` in `unit`.
        public init(value: Double, unit: String, unknownFields: [String: JSONValue] = [:]) {
            self.value = value
            self.unit = unit
            self.unknownFields = unknownFields
        }
    }

    /// The entry's ID.
    public var id: ID
    /// When it was measured, in its own UTC offset.
    public var measuredAt: Timestamp
    /// By measurement name (`body_weight`, `waist`, `body_fat`: lowercase, digits and `_`).
    public var measurements: [String: Value]
    /// Free text about the entry.
    public var notes: String?
    /// Where an imported entry came from.
    public var source: String?
    /// Keys this version does not know, kept as they were read.
    public var unknownFields: [String: JSONValue]

    /// An entry of the given measurements.
    public init(id: ID, measuredAt: Timestamp, measurements: [String: Value], notes: String? = nil, source: String? = nil,
                unknownFields: [String: JSONValue] = [:]) {
        self.id = id
        self.measuredAt = measuredAt
        self.measurements = measurements
        self.notes = notes
        self.source = source
        self.unknownFields = unknownFields
    }

    /// The measurement name of body weight.
    public static let bodyWeight = "body_weight"
    /// The measurement name of body fat, in percent.
    public static let bodyFat = "body_fat"

    /// The units a measurement may have: lengths, weights, percent, beats per minute.
    public static let units = ["cm", "mm", "in", "kg", "lbs", "%", "bpm"]

    /// The body weight of this entry in kilograms, when it has one.
    public var bodyWeightKilograms: Double? {
        guard let weight = measurements[BodyEntry.bodyWeight], let unit = WeightUnit(rawValue: weight.unit) else { return nil }
        return unit.convert(weight.value, to: .kg)
    }

    /// The file of this entry relative to the store root, from its time in its recorded offset:
    /// `body/2025/2025-01-24-0730-3f2c9a1e.json`.
    public var relativePath: String {
        let date = measuredAt.localDate
        let time = measuredAt.localTime
        return "body/\(CivilCalendar.pad(date.year, 4))/\(date)-\(CivilCalendar.pad(time.hour, 2))\(CivilCalendar.pad(time.minute, 2))-\(id.short).json"
    }

    /// Whether `name` is a valid measurement name: 1–40 of `a-z`, `0-9`, `_`, starting with a letter.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.unicodeScalars.count <= 40 else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The rules a measurement breaks, as `(message, hint)`, or `nil`.
    public static func problem(name: String, value: Value) -> (message: String, hint: String)? {
        if !isValidName(name) {
            return ("the measurement name \"\(name)\" must be lowercase letters, digits and _ (1–40, starting with a letter)", "Write it like waist, body_fat or arm_left.")
        }
        if !value.value.isFinite || value.value < 0 {
            return ("\(name) must be 0 or more, found \(JSONNumber(value.value.isFinite ? value.value : 0))", "Write the value measured.")
        }
        if !units.contains(value.unit) {
            return ("\(name): unknown unit \"\(value.unit)\"", "Use one of \(units.joined(separator: ", ")).")
        }
        if name == bodyWeight {
            guard let unit = WeightUnit(rawValue: value.unit) else {
                return ("body_weight must be in kg or lbs, found \"\(value.unit)\"", "Use kg or lbs.")
            }
            let kilograms = unit.convert(value.value, to: .kg)
            if kilograms < 20 || kilograms > 400 {
                return ("body_weight \(JSONNumber(value.value)) \(value.unit) is outside 20–400 kg", "Write the body weight in kg or lbs.")
            }
        }
        if value.unit == "%" && value.value > 100 {
            return ("\(name) is a percentage and must be at most 100, found \(JSONNumber(value.value))", "Write a percentage from 0 to 100.")
        }
        return nil
    }
}

/// A body entry and where it is stored.
public struct StoredBodyEntry: Hashable, Sendable {
    /// The entry as its file holds it.
    public var entry: BodyEntry
    /// Relative to the store root.
    public var path: String
}
