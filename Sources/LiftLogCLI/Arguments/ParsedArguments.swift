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
}
