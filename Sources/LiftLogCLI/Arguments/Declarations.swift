import LiftLogKit

/// An option or flag a command accepts, declared once: its spec (names, help) and, for an
/// option, the type its value is read as. Commands list declarations (`DefaultedOption.page`,
/// `Flag.yes`) and read them back through the same declaration (`try arguments[.page]`), the
/// way swift-argument-parser's `@Option var page: Int` makes declaration and storage one thing.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// A positional argument a command accepts.
protocol ArgumentDeclaration: Sendable {
    var spec: ArgumentSpec { get }
}

/// An option that takes a value of type `Value`.
struct Option<Value: Sendable>: OptionDeclaration {
    let spec: OptionSpec
    /// Reads the value from its text; the error names the option.
    let convert: @Sendable (_ text: String, _ name: String) throws(LiftLogError) -> Value
}

/// An option with a value when it is not given: its default is stated once, here, and both the
/// help ("(default: 25)") and the reading (`try arguments[.perPage]` is an `Int`) take it.
struct DefaultedOption<Value: Sendable>: OptionDeclaration {
    let option: Option<Value>
    let value: Value
    var spec: OptionSpec { option.spec }
}

extension Option {
    /// This option, read as `value` when it is not given; help shows it as `shown`.
    func defaulting(to value: Value, shown: String) -> DefaultedOption<Value> {
        var spec = self.spec
        spec.defaultValue = shown
        return DefaultedOption(option: Option(spec: spec, convert: convert), value: value)
    }

    func defaulting(to value: Value) -> DefaultedOption<Value> where Value == Int { defaulting(to: value, shown: String(value)) }
    func defaulting(to value: Value) -> DefaultedOption<Value> where Value == String { defaulting(to: value, shown: value) }
    func defaulting(to value: Value) -> DefaultedOption<Value> where Value: RawRepresentable, Value.RawValue == String {
        defaulting(to: value, shown: value.rawValue)
    }
}

/// An option without a value.
struct Flag: OptionDeclaration {
    let spec: OptionSpec

    init(_ names: String..., help: String) {
        spec = OptionSpec(names: names, valueName: nil, help: help)
    }
}

/// A positional argument read as `Value`: `String` when required, `String?` when optional,
/// `[String]` for the rest of the command line.
struct Argument<Value: Sendable>: ArgumentDeclaration {
    let spec: ArgumentSpec
    let read: @Sendable (_ values: ArraySlice<String>) -> Value
}

extension Argument where Value == String {
    static func required(_ name: String, help: String) -> Argument<String> {
        Argument(spec: ArgumentSpec(name: name, help: help)) { $0.first ?? "" }
    }
}

extension Argument where Value == String? {
    static func optional(_ name: String, help: String) -> Argument<String?> {
        Argument(spec: ArgumentSpec(name: name, help: help, isOptional: true)) { $0.first }
    }
}

extension Argument where Value == [String] {
    static func variadic(_ name: String, help: String, isOptional: Bool = false) -> Argument<[String]> {
        Argument(spec: ArgumentSpec(name: name, help: help, isOptional: isOptional, isVariadic: true)) { Array($0) }
    }
}

// MARK: Option types

extension Option where Value == String {
    static func text(_ name: String, valueName: String, help: String) -> Option<String> {
        Option(spec: OptionSpec(names: [name], valueName: valueName, help: help)) { text, _ in text }
    }
}

extension Option where Value == Int {
    static func integer(_ name: String, valueName: String, help: String) -> Option<Int> {
        Option(spec: OptionSpec(names: [name], valueName: valueName, help: help)) { text, name throws(LiftLogError) in
            guard let number = Int(text) else { throw .validation("\(name) must be a whole number, got '\(text)'.") }
            return number
        }
    }
}

extension Option where Value == Double {
    static func number(_ name: String, valueName: String, help: String) -> Option<Double> {
        Option(spec: OptionSpec(names: [name], valueName: valueName, help: help)) { text, name throws(LiftLogError) in
            guard let number = Double(text), number.isFinite else { throw .validation("\(name) must be a number, got '\(text)'.") }
            return number
        }
    }
}

extension Option where Value == LocalDate {
    static func date(_ name: String, help: String) -> Option<LocalDate> {
        Option(spec: OptionSpec(names: [name], valueName: "date", help: help)) { text, name throws(LiftLogError) in
            guard let date = LocalDate(text) else { throw .validation("\(name) must be a date like 2025-01-24, got '\(text)'.") }
            return date
        }
    }
}

extension Option where Value == [String] {
    /// A comma-separated list (empty items dropped).
    static func list(_ name: String, valueName: String, help: String) -> Option<[String]> {
        Option(spec: OptionSpec(names: [name], valueName: valueName, help: help)) { text, _ in
            text.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        }
    }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of a fixed set of values. `{values}` in `help` becomes the list of values, taken from
    /// the type itself ("lifting, cardio, stretch or meditation"), so help never goes stale.
    static func choice(_ name: String, valueName: String, help: String) -> Option<Value> {
        let allowed = Value.allCases.map(\.rawValue)
        let described = help.replacingOccurrences(of: "{values}", with: allowed.joinedAsAlternatives())
        return Option(spec: OptionSpec(names: [name], valueName: valueName, help: described)) { text, name throws(LiftLogError) in
            guard let choice = Value(rawValue: text.lowercased()) else {
                let suggestion = Suggestions.closest(to: text, among: allowed, limit: 1).first.map { " Did you mean '\($0)'?" } ?? ""
                throw .validation("\(name) must be one of \(allowed.joined(separator: ", ")), got '\(text)'.\(suggestion)")
            }
            return choice
        }
    }
}

// MARK: Reading

extension ParsedArguments {
    /// The value of `option`, or `nil` when it was not given (the last one when repeated).
    ///
    /// - Throws: `VALIDATION_ERROR` when the text is not a value of the option's type.
    subscript<Value>(_ option: Option<Value>) -> Value? {
        get throws(LiftLogError) {
            guard let text = values[option.spec.canonicalName]?.last else { return nil }
            return try option.convert(text, option.spec.canonicalName)
        }
    }

    /// The value of `option`, or its default when it was not given.
    ///
    /// - Throws: `VALIDATION_ERROR` when the text is not a value of the option's type.
    subscript<Value>(_ option: DefaultedOption<Value>) -> Value {
        get throws(LiftLogError) { try self[option.option] ?? option.value }
    }

    /// Whether `option` was given (for a choice that only applies in some cases).
    func isGiven(_ option: some OptionDeclaration) -> Bool {
        values[option.spec.canonicalName] != nil
    }

    /// Every value of a repeatable `option`, in the order given.
    ///
    /// - Throws: `VALIDATION_ERROR` when a text is not a value of the option's type.
    func all<Value>(_ option: Option<Value>) throws(LiftLogError) -> [Value] {
        var result: [Value] = []
        for text in values[option.spec.canonicalName] ?? [] { result.append(try option.convert(text, option.spec.canonicalName)) }
        return result
    }

    /// Whether `flag` was given.
    subscript(_ flag: Flag) -> Bool {
        flags.contains(flag.spec.canonicalName)
    }

    /// The value of a positional argument (the parser has checked that required ones are there).
    subscript<Value>(_ argument: Argument<Value>) -> Value {
        guard let index = command.arguments.firstIndex(where: { $0.name == argument.spec.name }), index < positionals.count else {
            return argument.read([])
        }
        return argument.read(argument.spec.isVariadic ? positionals[index...] : positionals[index...index])
    }
}
