/// Help and usage text in the layout of swift-argument-parser: OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS and SUBCOMMANDS, help wrapped at 80 columns.
enum HelpGenerator {
    static let labelWidth = 26
    static let lineWidth = 80

    static func help(for command: CommandSpec, path: [String]) -> String {
        var sections: [String] = []
        var overview = "OVERVIEW: \(command.abstract)"
        if let discussion = command.discussion {
            overview += "\n\n" + discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { wrap(String($0), width: lineWidth).joined(separator: "\n") }.joined(separator: "\n")
        }
        sections.append(overview)
        sections.append("USAGE: \(usage(for: command, path: path))")
        if !command.arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + command.arguments.map { row("<\($0.name)>", $0.help) }.joined(separator: "\n"))
        }
        let options = command.allOptions.map { option -> String in
            let label = option.names.joined(separator: ", ") + (option.valueName.map { " <\($0)>" } ?? "")
            let help = option.help + (option.defaultValue.map { " (default: \($0))" } ?? "")
            return row(label, help)
        }
        var optionRows = options
        if path.count == 1 { optionRows.insert(row("--version", "Show the version."), at: optionRows.count - 1) }
        sections.append("OPTIONS:\n" + optionRows.joined(separator: "\n"))
        if command.hasSubcommands {
            sections.append("SUBCOMMANDS:\n" + command.subcommands.map { row($0.name, $0.abstract) }.joined(separator: "\n")
                            + "\n\n  See '\(path.first!) help <subcommand>' for detailed help.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    static func usage(for command: CommandSpec, path: [String]) -> String {
        var parts = [path.joined(separator: " ")]
        if command.hasSubcommands && command.run == nil {
            parts.append("<subcommand>")
            return parts.joined(separator: " ")
        }
        for option in command.options {
            parts.append("[\(option.canonicalName)\(option.valueName.map { " <\($0)>" } ?? "")]")
        }
        for argument in command.arguments {
            var text = "<\(argument.name)>"
            if argument.isVariadic { text += " ..." }
            if argument.isOptional { text = "[\(text)]" }
            parts.append(text)
        }
        return parts.joined(separator: " ")
    }

    /// `  label                   help…`, wrapped.
    private static func row(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: labelWidth)
        let wrapped = wrap(help, width: lineWidth - labelWidth)
        var lines: [String] = []
        let first = "  " + label
        if first.count + 1 < labelWidth {
            lines.append(first + String(repeating: " ", count: labelWidth - first.count) + (wrapped.first ?? ""))
        } else {
            lines.append(first)
            if let line = wrapped.first { lines.append(indent + line) }
        }
        for line in wrapped.dropFirst() { lines.append(indent + line) }
        return lines.joined(separator: "\n")
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
