import LiftLogKit

/// The arguments and options given to one command, checked against its spec.
struct ParsedArguments {
    var command: CommandSpec
    /// `["liftlog", "exercise", "add"]`.
    var commandPath: [String]
    var positionals: [String] = []
    /// Values by canonical option name; a repeated option keeps every value.
    var values: [String: [String]] = [:]
    var flags: Swift.Set<String> = []

    var commandName: String { commandPath.joined(separator: " ") }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func value(_ option: String) -> String? { values[option]?.last }

    /// An integer option, or `defaultValue` when absent.
    ///
    /// - Throws: `VALIDATION_ERROR` when the value is not a whole number.
    func int(_ option: String) throws(LiftLogError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text) else { throw .validation("\(option) must be a whole number, got '\(text)'.") }
        return number
    }

    func double(_ option: String) throws(LiftLogError) -> Double? {
        guard let text = value(option) else { return nil }
        guard let number = Double(text), number.isFinite else { throw .validation("\(option) must be a number, got '\(text)'.") }
        return number
    }

    func date(_ option: String) throws(LiftLogError) -> LocalDate? {
        guard let text = value(option) else { return nil }
        guard let date = LocalDate(text) else { throw .validation("\(option) must be a date like 2025-01-24, got '\(text)'.") }
        return date
    }

    /// A value from a fixed set, such as a session kind.
    func choice<T: RawRepresentable & CaseIterable>(_ option: String, as type: T.Type) throws(LiftLogError) -> T? where T.RawValue == String {
        guard let text = value(option) else { return nil }
        guard let choice = T(rawValue: text.lowercased()) else {
            let allowed = T.allCases.map(\.rawValue)
            let suggestion = Suggestions.closest(to: text, among: allowed, limit: 1).first.map { " Did you mean '\($0)'?" } ?? ""
            throw .validation("\(option) must be one of \(allowed.joined(separator: ", ")), got '\(text)'.\(suggestion)")
        }
        return choice
    }

    /// A comma-separated list option.
    func list(_ option: String) -> [String]? {
        guard let text = value(option) else { return nil }
        return text.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
    }
}
