import LiftLogKit

/// A command of the `liftlog` tool: its name, help text, arguments, options, subcommands, and
/// what it runs.
struct CommandSpec: Sendable {
    var name: String
    var abstract: String
    var discussion: String?
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    /// The subcommands by name; each is built when it is asked for (a command line builds only
    /// the commands it names, not the whole tree).
    var subcommandEntries: [Subcommand] = []
    /// Whether the command works on a store (and so takes `--store`).
    var usesStore = true
    /// Whether the command's answer rests on many sessions (a report, statistics, the
    /// history), so that the session files it left out because they do not read are named after
    /// it (``reportingSkippedFiles()``).
    var reportsSkippedFiles = false
    var run: (@Sendable (inout CommandContext, ParsedArguments) throws(LiftLogError) -> CommandResult)?

    /// A command: its positional arguments and options are the declarations it reads them
    /// through (`Argument.exercise`, `DefaultedOption.page`, `Flag.yes`).
    init(name: String, abstract: String, discussion: String? = nil, arguments: [any ArgumentDeclaration] = [],
         options: [any OptionDeclaration] = [], subcommands: [CommandSpec] = [], usesStore: Bool = true,
         run: (@Sendable (inout CommandContext, ParsedArguments) throws(LiftLogError) -> CommandResult)? = nil) {
        self.init(name: name, abstract: abstract, discussion: discussion, arguments: arguments, options: options,
                  lazySubcommands: subcommands.map { spec in Subcommand(spec.name) { spec } }, usesStore: usesStore, run: run)
    }

    /// A command whose subcommands are built only when one is asked for (the tool's root).
    init(name: String, abstract: String, discussion: String? = nil, arguments: [any ArgumentDeclaration] = [],
         options: [any OptionDeclaration] = [], lazySubcommands: [Subcommand], usesStore: Bool = true,
         run: (@Sendable (inout CommandContext, ParsedArguments) throws(LiftLogError) -> CommandResult)? = nil) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments.map(\.spec)
        self.options = options.map(\.spec)
        self.subcommandEntries = lazySubcommands
        self.usesStore = usesStore
        self.run = run
    }

    /// This command, naming on standard error each session file its answer left out because
    /// it does not read (`Warning: PATH:LINE:COLUMN: MESSAGE (left out).`), so that a broken
    /// file is never left out of a report silently.
    func reportingSkippedFiles() -> CommandSpec {
        var command = self
        command.reportsSkippedFiles = true
        return command
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

    /// Every subcommand, built (for help and for listing).
    var subcommands: [CommandSpec] { subcommandEntries.map { $0.make() } }

    /// The names of the subcommands, without building them.
    var subcommandNames: [String] { subcommandEntries.map(\.name) }

    /// Whether the command has subcommands.
    var hasSubcommands: Bool { !subcommandEntries.isEmpty }

    /// The subcommand called `name` or one of its aliases (only that one is built).
    func subcommand(named name: String) -> CommandSpec? {
        let entry = subcommandEntries.first { $0.name == name } ?? CommandSpec.aliases[name].flatMap { alias in subcommandEntries.first { $0.name == alias } }
        return entry?.make()
    }

    /// Whether the command deletes something: never offered as the guess for a typo.
    var isDestructive: Bool { CommandSpec.isDestructive(name) }

    /// Whether the command called `name` deletes something.
    static func isDestructive(_ name: String) -> Bool { name.hasPrefix("rm") || name == "discard" || name == "cancel" }
}

/// A subcommand known by its name before it is built. The tool's commands are `static let`s, so
/// `make` builds a command (its options' help texts, its closures) the first time it is run.
struct Subcommand: Sendable {
    let name: String
    let make: @Sendable () -> CommandSpec

    init(_ name: String, _ make: @escaping @Sendable () -> CommandSpec) {
        self.name = name
        self.make = make
    }
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
/// The data is made only when it is printed: a command run for people does not build it.
struct CommandResult {
    private let makeData: () -> JSONValue
    var data: JSONValue { makeData() }
    var text: String
    var failure: LiftLogError?

    init(data: @autoclosure @escaping () -> JSONValue, text: String, failure: LiftLogError? = nil) {
        makeData = data
        self.text = text
        self.failure = failure
    }
}
