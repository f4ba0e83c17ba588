import LiftLogKit

/// Splits a command line into the command to run and its arguments, the way
/// swift-argument-parser does: `--opt value` and `--opt=value`, `-h`, `--` ends options, and a
/// "did you mean" for unknown commands and options.
enum ArgumentParser {
    /// What the command line asks for.
    enum Request {
        case run(ParsedArguments)
        case help(CommandSpec, path: [String])
        case version
    }

    static func parse(_ arguments: [String], root: CommandSpec) throws(LiftLogError) -> Request {
        var command = root
        var path = [root.name]
        var parsed = ParsedArguments(command: root, commandPath: path)
        var index = 0
        var optionsEnded = false
        var wantsHelp = false

        // `liftlog help [COMMAND…]` is `liftlog COMMAND… --help`.
        if arguments.first == "help" {
            var target = root
            var targetPath = path
            for name in arguments.dropFirst() {
                guard let sub = target.subcommand(named: name) else {
                    throw unknownCommand(name, in: target, path: targetPath)
                }
                target = sub
                targetPath.append(name)
            }
            return .help(target, path: targetPath)
        }

        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if !optionsEnded && token == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded && token.hasPrefix("-") && token.count > 1 && !isNegativeNumber(token) {
                if token == "--version" && path.count == 1 { return .version }
                if try readOption(token, from: arguments, at: &index, of: command, path: path, into: &parsed) { wantsHelp = true }
                continue
            }
            if parsed.positionals.isEmpty && command.hasSubcommands {
                guard let sub = command.subcommand(named: token) else {
                    throw unknownCommand(token, in: command, path: path)
                }
                command = sub
                path.append(token)
                continue
            }
            parsed.positionals.append(token)
        }
        parsed.command = command
        parsed.commandPath = path
        if wantsHelp { return .help(command, path: path) }
        if command.run == nil {
            if path.count == 1 { return .help(command, path: path) }
            let names = command.subcommandNames.joined(separator: ", ")
            throw .usage("Missing subcommand of '\(path.joined(separator: " "))': one of \(names).", command: path.joined(separator: " "))
        }
        try checkPositionals(parsed)
        return .run(parsed)
    }

    /// Reads the option `token` (and its value, the next argument unless written `--opt=value`)
    /// into `parsed`; returns whether it asks for help.
    private static func readOption(_ token: String, from arguments: [String], at index: inout Int, of command: CommandSpec,
                                   path: [String], into parsed: inout ParsedArguments) throws(LiftLogError) -> Bool {
        let (name, inline) = splitInline(token)
        guard let option = command.option(named: name) else {
            throw unknownOption(name, command: command, path: path)
        }
        if option.canonicalName == Flag.help.spec.canonicalName { return true }
        guard option.takesValue else {
            if inline != nil { throw .usage("'\(option.canonicalName)' does not take a value.", command: path.joined(separator: " ")) }
            parsed.flags.insert(option.canonicalName)
            return false
        }
        let value: String
        if let inline {
            value = inline
        } else if index < arguments.count, !isOption(arguments[index], of: command) {
            value = arguments[index]
            index += 1
        } else {
            // `--notes --json` is a missing note, not the note "--json".
            let next = index < arguments.count ? " ('\(arguments[index])' is an option; for a value that starts with '-', write \(option.canonicalName)=VALUE)" : ""
            throw .usage("Missing value for '\(option.canonicalName) <\(option.valueName!)>'\(next).", command: path.joined(separator: " "))
        }
        parsed.values[option.canonicalName, default: []].append(value)
        return false
    }

    private static func checkPositionals(_ parsed: ParsedArguments) throws(LiftLogError) {
        let specs = parsed.command.arguments
        let required = specs.filter { !$0.isOptional }
        if parsed.positionals.count < required.count {
            let missing = required[parsed.positionals.count]
            throw .usage("Missing expected argument '<\(missing.name)>'.", command: parsed.commandName)
        }
        if !(specs.last?.isVariadic ?? false), parsed.positionals.count > specs.count {
            throw .usage("Unexpected argument '\(parsed.positionals[specs.count])'.", command: parsed.commandName)
        }
    }

    /// Whether `token` names an option of `command` (so it is never taken as another's value).
    private static func isOption(_ token: String, of command: CommandSpec) -> Bool {
        guard token.hasPrefix("-"), !isNegativeNumber(token) else { return false }
        return command.option(named: splitInline(token).0) != nil || token == "--"
    }

    private static func splitInline(_ token: String) -> (String, String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    private static func isNegativeNumber(_ token: String) -> Bool {
        token.count > 1 && token.hasPrefix("-") && Double(token) != nil
    }

    private static func unknownOption(_ name: String, command: CommandSpec, path: [String]) -> LiftLogError {
        let names = command.allOptions.flatMap(\.names).filter { $0.hasPrefix("--") } + (path.count == 1 ? ["--version"] : [])
        let suggestion = Suggestions.closest(to: name, among: names, limit: 1).first
        let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
        return .usage("Unknown option '\(name)'.\(hint)", command: path.joined(separator: " "))
    }

    private static func unknownCommand(_ name: String, in command: CommandSpec, path: [String]) -> LiftLogError {
        // A typo is never answered with a command that deletes something.
        let candidates = command.subcommandNames.filter { !CommandSpec.isDestructive($0) }
        let suggestion = Suggestions.closest(to: name, among: candidates, limit: 1).first
        let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
        let what = path.count == 1 ? "command '\(name)'" : "subcommand '\(name)' of '\(path.joined(separator: " "))'"
        return .usage("Unknown \(what).\(hint)", command: path.joined(separator: " "))
    }
}
