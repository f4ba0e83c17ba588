/// One preference of `liftlog.json` that `liftlog config` reads and changes.
public enum Setting: String, CaseIterable, Sendable {
    case unit
    case weekStart = "week_start"
    case bar
    case rest
    case warmups
    case sex
    case plates
    case distance

    /// What it means, for help and listings.
    public var summary: String {
        switch self {
        case .unit: "the unit of weights typed without one, and of totals: kg or lbs"
        case .weekStart: "the first day of a week: monday or sunday"
        case .bar: "the bar's weight for plate loading, in the store's unit (default \(NumberText.format(PlateLoading.defaultBar(.kg))) kg or \(NumberText.format(PlateLoading.defaultBar(.lbs))) lbs)"
        case .rest: "rest between sets in seconds when an exercise has none (0–3600)"
        case .warmups: "whether a planned session starts with warm-up sets: on or off"
        case .sex: "for relative-strength scores (DOTS, Wilks): female or male"
        case .plates: "the gym's plates in the store's unit, comma-separated (25,20,15,10,5,2.5,1.25)"
        case .distance: "the unit distances and paces are shown in: km or mi (default km)"
        }
    }

    /// The value as shown and typed, or `nil` when it is not set.
    public func value(in preferences: StoreManifest.Preferences) -> String? {
        switch self {
        case .unit: preferences.unit.rawValue
        case .weekStart: preferences.weekStart.rawValue
        case .bar: preferences.barWeight.map { JSONNumber($0).text }
        case .rest: preferences.restSeconds.map(String.init)
        case .warmups: preferences.warmups.map { $0 ? "on" : "off" }
        case .sex: preferences.sex?.rawValue
        case .plates: preferences.plates.map { $0.map { JSONNumber($0).text }.joined(separator: ",") }
        case .distance: preferences.distance?.rawValue
        }
    }

    /// Sets the value from its text; an empty text unsets an optional one.
    ///
    /// - Throws: `VALIDATION_ERROR` naming what the setting accepts.
    public func apply(_ text: String, to preferences: inout StoreManifest.Preferences) throws(LiftLogError) {
        let value = text.trimmingWhitespace()
        func refuse() -> LiftLogError { .validation("'\(text)' is not a value of \(rawValue): \(summary).") }
        func number(_ text: String) -> Double? {
            guard let number = Double(text), PlateLoading.isEquipmentWeight(number) else { return nil }
            return number
        }
        switch self {
        case .unit: guard let unit = WeightUnit(rawValue: value.lowercased()) else { throw refuse() }; preferences.unit = unit
        case .weekStart: guard let start = StoreManifest.WeekStart(rawValue: value.lowercased()) else { throw refuse() }; preferences.weekStart = start
        case .bar:
            if value.isEmpty { preferences.barWeight = nil; return }
            guard let weight = number(value) else { throw refuse() }
            preferences.barWeight = weight
        case .rest:
            if value.isEmpty { preferences.restSeconds = nil; return }
            guard let seconds = Int(value), (0...3600).contains(seconds) else { throw refuse() }
            preferences.restSeconds = seconds
        case .warmups:
            switch value.lowercased() {
            case "on", "true", "yes": preferences.warmups = true
            case "off", "false", "no": preferences.warmups = false
            case "": preferences.warmups = nil
            default: throw refuse()
            }
        case .sex:
            if value.isEmpty { preferences.sex = nil; return }
            guard let sex = StoreManifest.Sex(rawValue: value.lowercased()) else { throw refuse() }
            preferences.sex = sex
        case .distance:
            if value.isEmpty { preferences.distance = nil; return }
            guard let unit = DistanceUnit(rawValue: value.lowercased()) else { throw refuse() }
            preferences.distance = unit
        case .plates:
            if value.isEmpty { preferences.plates = nil; return }
            var plates: [Double] = []
            for part in value.split(separator: ",") {
                guard let plate = number(String(part).trimmingWhitespace()) else { throw refuse() }
                plates.append(plate)
            }
            preferences.plates = plates.sorted(by: >)
        }
    }

    /// The setting called `name` (`week-start` and `week_start` alike).
    ///
    /// - Throws: `VALIDATION_ERROR` with the closest setting and the list of all.
    public static func named(_ name: String) throws(LiftLogError) -> Setting {
        if let setting = Setting(rawValue: name.lowercased().replacingHyphens()) { return setting }
        let names = Setting.allCases.map(\.rawValue)
        let suggestion = Suggestions.closest(to: name, among: names, limit: 1).first.map { " Did you mean '\($0)'?" } ?? ""
        throw .validation("There is no setting '\(name)'.\(suggestion) Settings: \(names.joined(separator: ", ")).")
    }
}


extension Store {
    /// Changes one preference in `liftlog.json` and returns the store with it.
    ///
    /// The manifest is read again under the lock, so a change made meanwhile (by hand, by a
    /// sync) is kept; its unknown keys are kept too.
    /// - Throws: `VALIDATION_ERROR` for a value the setting does not accept.
    public func changing(_ setting: Setting, to text: String) throws(LiftLogError) -> Store {
        try withLock { () throws(LiftLogError) -> Store in
            guard var manifest = try files.load(Store.manifestFileName, as: StoreManifest.self) else {
                throw .notFound("No liftlog store at '\(root)' (no \(Store.manifestFileName)).")
            }
            try setting.apply(text, to: &manifest.preferences)
            try files.save(manifest, to: Store.manifestFileName)
            return Store(files: files, manifest: manifest, environment: environment)
        }
    }
}
