import LiftLogKit

/// A command of the `liftlog` tool: its name, help text, arguments, options, subcommands, and
/// what it runs.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    var discussion: String?
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    var subcommands: [CommandSpec] = []
    /// Whether the command works on a store (and so takes `--store`).
    var usesStore = true
    var run: (@Sendable (inout CommandContext, ParsedArguments) throws(LiftLogError) -> CommandResult)?

    /// A command: its positional arguments and options are the declarations it reads them
    /// through (`Argument.exercise`, `Option.page`, `Flag.yes`).
    init(name: String, abstract: String, discussion: String? = nil, arguments: [any ArgumentDeclaration] = [],
         options: [any OptionDeclaration] = [], subcommands: [CommandSpec] = [], usesStore: Bool = true,
         run: (@Sendable (inout CommandContext, ParsedArguments) throws(LiftLogError) -> CommandResult)? = nil) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments.map(\.spec)
        self.options = options.map(\.spec)
        self.subcommands = subcommands
        self.usesStore = usesStore
        self.run = run
    }

    /// The options this command accepts, including the global ones.
    var allOptions: [OptionSpec] {
        var all = options
        if usesStore { all.append(Option.store.spec) }
        all.append(Flag.json.spec)
        all.append(Flag.help.spec)
        return all
    }

    func option(named name: String) -> OptionSpec? {
        allOptions.first { $0.names.contains(name) }
    }

    /// Other words that run a subcommand, as people type them: `ls` for `list`, `remove` and
    /// `delete` for `rm`.
    static let aliases: [String: String] = ["ls": "list", "remove": "rm", "delete": "rm", "del": "rm"]

    /// The subcommand called `name` or one of its aliases.
    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name } ?? CommandSpec.aliases[name].flatMap { alias in subcommands.first { $0.name == alias } }
    }

    /// Whether the command deletes something: never offered as the guess for a typo.
    var isDestructive: Bool { name.hasPrefix("rm") || name == "discard" || name == "cancel" }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    var name: String
    var help: String
    var isOptional = false
    var isVariadic = false
}

/// An option: a flag, or one that takes a value.
struct OptionSpec: Sendable {
    /// `["-h", "--help"]`; the last name is the canonical one.
    var names: [String]
    /// The placeholder of the value (`n` in `--page <n>`), or `nil` for a flag.
    var valueName: String?
    var help: String
    var defaultValue: String?

    var canonicalName: String { names.last! }
    var takesValue: Bool { valueName != nil }
}

/// What one command printed: the JSON data for `--json` and the text for people, and the
/// failure that sets the exit status when the command ran but found problems (`check`).
struct CommandResult {
    var data: JSONValue
    var text: String
    var failure: LiftLogError? = nil
}
