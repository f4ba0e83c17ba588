/// The store manifest, `liftlog.json`: the format name and version, and the user's preferences.
///
/// A store whose `format_version` is newer than this library understands is refused rather
/// than misread.
public struct StoreManifest: Hashable, Sendable {
    /// The value of `format` in every liftlog store.
    public static let formatName = "liftlog"
    /// The newest format version this library reads and writes.
    public static let currentFormatVersion = 1

    /// The first day of a week for weekly analytics.
    public enum WeekStart: String, Sendable, Hashable, CaseIterable, JSONStringEnum {
        case monday, sunday
    }

    /// The lifter's sex, for relative-strength scores (DOTS, Wilks).
    public enum Sex: String, Sendable, Hashable, CaseIterable, JSONStringEnum {
        case female, male
    }

    /// Choices that shape how data is entered and shown (`liftlog config`).
    public struct Preferences: Hashable, Sendable {
        /// The unit of weights entered without one, and of totals shown.
        public var unit: WeightUnit
        /// The first day of a week, for weekly totals and streaks.
        public var weekStart: WeekStart
        /// The bar's weight in ``unit`` for plate loading; absent: 20 kg or 45 lbs.
        public var barWeight: Double?
        /// Rest between sets in seconds when an exercise has none of its own.
        public var restSeconds: Int?
        /// Whether a planned session starts with warm-up sets.
        public var warmups: Bool?
        /// For relative-strength scores (DOTS, Wilks).
        public var sex: Sex?
        /// The plates of the lifter's gym, in ``unit``, heaviest first.
        public var plates: [Double]?
        /// The unit distances and paces are shown in; absent: kilometres.
        public var distance: DistanceUnit?
        /// ``distance``, or kilometres when it is not set.
        public var distanceUnit: DistanceUnit { distance ?? .km }
        /// How the exercise named `name` shows distances and paces (an erg per 500 m).
        public func distanceScale(of name: String) -> DistanceScale { DistanceScale(exerciseNamed: name, preference: distanceUnit) }
        /// Preference keys this version does not know, kept as they were read.
        public var unknownFields: [String: JSONValue]

        /// Preferences of the given values; those left `nil` take their defaults.
        public init(unit: WeightUnit = .kg, weekStart: WeekStart = .monday, barWeight: Double? = nil, restSeconds: Int? = nil,
                    warmups: Bool? = nil, sex: Sex? = nil, plates: [Double]? = nil, unknownFields: [String: JSONValue] = [:]) {
            self.unit = unit
            self.weekStart = weekStart
            self.barWeight = barWeight
            self.restSeconds = restSeconds
            self.warmups = warmups
            self.sex = sex
            self.plates = plates
            self.unknownFields = unknownFields
        }
    }

    /// The version of the on-disk format the store is in.
    public var formatVersion: Int
    /// The store's choices.
    public var preferences: Preferences
    /// Keys of `liftlog.json` this version does not know, kept as they were read.
    public var unknownFields: [String: JSONValue]

    /// A manifest of the given preferences.
    public init(formatVersion: Int = StoreManifest.currentFormatVersion, preferences: Preferences = Preferences(), unknownFields: [String: JSONValue] = [:]) {
        self.formatVersion = formatVersion
        self.preferences = preferences
        self.unknownFields = unknownFields
    }
}

extension StoreManifest: JSONDecodable, JSONEncodable {
    /// The keys of its JSON object.
    enum Key: String, JSONKey, CaseIterable {
        case format
        case formatVersion = "format_version"
        case preferences
    }

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> StoreManifest? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "the store manifest") else { return nil }
        let format: String? = reader.required(Key.format)
        let version: Int? = reader.required(Key.formatVersion)
        let preferences = reader.optional(Key.preferences, default: Preferences())
        guard let format, let version else { return nil }
        if format != formatName {
            problems.add(reader.path(Key.format), "\"format\" must be \"\(formatName)\", found \"\(format)\"")
        }
        if version > currentFormatVersion {
            problems.add(reader.path(Key.formatVersion), "this store has format version \(version); this liftlog reads up to version \(currentFormatVersion)",
                         hint: "Upgrade liftlog to open it.")
        } else if version < 1 {
            problems.add(reader.path(Key.formatVersion), "format_version must be 1 or more, found \(version)")
        }
        return StoreManifest(formatVersion: version, preferences: preferences, unknownFields: reader.unknownMembers)
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set(Key.format, StoreManifest.formatName)
        object.set(Key.formatVersion, formatVersion)
        object.set(Key.preferences, preferences)
        return object.value
    }

    /// The manifest as stored in `liftlog.json`.
    public var json: JSONValue { jsonValue }

    /// Reads a manifest.
    ///
    /// - Throws: ``DocumentError`` listing every problem, including a too-new format version.
    public init(json: JSONValue) throws {
        self = try StoreManifest.decodeDocument(json)
    }
}

extension StoreManifest.Preferences: JSONDecodable, JSONEncodable {
    /// The keys of its JSON object.
    enum Key: String, JSONKey, CaseIterable {
        case bar
        case distance
        case plates
        case restSeconds = "rest_seconds"
        case sex
        case unit
        case warmups
        case weekStart = "week_start"
    }

    package static func decode(_ value: JSONValue, at path: @autoclosure () -> JSONPath, problems: ProblemList) -> StoreManifest.Preferences? {
        guard var reader = ObjectReader(value, at: path(), problems: problems, describing: "preferences") else { return nil }
        let unit = reader.optional(Key.unit, default: WeightUnit.kg)
        let weekStart = reader.optional(Key.weekStart, default: StoreManifest.WeekStart.monday)
        let bar: Double? = reader.optional(Key.bar)
        let rest: Int? = reader.optional(Key.restSeconds)
        let warmups: Bool? = reader.optional(Key.warmups)
        let sex: StoreManifest.Sex? = reader.optional(Key.sex)
        let plates: [Double]? = reader.optional(Key.plates)
        let distance: DistanceUnit? = reader.optional(Key.distance)
        var preferences = StoreManifest.Preferences(unit: unit, weekStart: weekStart, barWeight: bar, restSeconds: rest, warmups: warmups,
                                                    sex: sex, plates: plates, unknownFields: reader.unknownMembers)
        preferences.distance = distance
        return preferences
    }

    package var jsonValue: JSONValue {
        var object = ObjectBuilder(unknown: unknownFields)
        object.set(Key.unit, unit)
        object.set(Key.weekStart, weekStart)
        object.set(Key.bar, barWeight)
        object.set(Key.restSeconds, restSeconds)
        object.set(Key.warmups, warmups)
        object.set(Key.sex, sex)
        if let plates { object.set(Key.plates, plates) }
        object.set(Key.distance, distance)
        return object.value
    }
}

/// `liftlog.json` read straight from its bytes, as sessions are (``Session/decodeDirect(_:)``):
/// every command reads it first, and building its JSON tree cost as much as the rest of a short
/// command's reading (the tree's types made for it alone). Only a manifest the tree's decoder
/// reads without a problem, every key known, takes this way; anything else (an unknown key,
/// kept by the tree's decoder; a `null`; a value of another type; another format or a version
/// this liftlog does not read) goes the tree's way, which says what and where.
extension StoreManifest {
    private static let directKeys = JSONKeyTable(Key.allCases.map(\.rawValue))

    package static func decodeDirect(_ bytes: [UInt8]) -> StoreManifest? {
        JSONStreamReader.read(bytes) { reader -> StoreManifest? in
            var format: String?, version: Int?, preferences = Preferences()
            let read = reader.readObject(keys: directKeys) { reader, position in
                switch Key.allCases[position] {
                case .format: format = reader.readString(); return format != nil
                case .formatVersion: version = reader.readInt(); return version != nil
                case .preferences: guard let value = Preferences.decodeDirect(&reader) else { return false }; preferences = value
                }
                return true
            }
            guard read, format == formatName, let version, (1...currentFormatVersion).contains(version) else { return nil }
            return StoreManifest(formatVersion: version, preferences: preferences)
        }
    }
}

extension StoreManifest.Preferences {
    private static let directKeys = JSONKeyTable(Key.allCases.map(\.rawValue))

    /// Preferences read as ``StoreManifest/decodeDirect(_:)`` reads the manifest.
    static func decodeDirect(_ reader: inout JSONStreamReader) -> StoreManifest.Preferences? {
        var preferences = StoreManifest.Preferences()
        let read = reader.readObject(keys: directKeys) { reader, position in
            switch Key.allCases[position] {
            case .bar:
                guard let value = reader.readDouble(), value.isPlausibleInDocument else { return false }
                preferences.barWeight = value
            case .plates:
                var plates: [Double] = []
                let read = reader.readArray { reader in
                    guard let value = reader.readDouble(), value.isPlausibleInDocument else { return false }
                    plates.append(value)
                    return true
                }
                guard read else { return false }
                preferences.plates = plates
            case .distance: preferences.distance = reader.readString().flatMap(DistanceUnit.init(rawValue:)); return preferences.distance != nil
            case .restSeconds: preferences.restSeconds = reader.readInt(); return preferences.restSeconds != nil
            case .sex: preferences.sex = reader.readString().flatMap(StoreManifest.Sex.init(rawValue:)); return preferences.sex != nil
            case .unit: guard let value = reader.readString().flatMap(WeightUnit.init(rawValue:)) else { return false }; preferences.unit = value
            case .warmups: preferences.warmups = reader.readBool(); return preferences.warmups != nil
            case .weekStart:
                guard let value = reader.readString().flatMap(StoreManifest.WeekStart.init(rawValue:)) else { return false }
                preferences.weekStart = value
            }
            return true
        }
        return read ? preferences : nil
    }
}
