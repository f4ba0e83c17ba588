import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Option declarations")
struct OptionDeclarationTests {
    /// Every command of the tree, with its path.
    private func allCommands(_ command: CommandSpec = Commands.root, path: [String] = ["liftlog"]) -> [([String], CommandSpec)] {
        [(path, command)] + command.subcommands.flatMap { allCommands($0, path: path + [$0.name]) }
    }

    @Test("each subcommand is listed under the name it gives itself, and is built only when asked for")
    func namesOfSubcommands() {
        for (path, command) in allCommands() {
            for entry in command.subcommandEntries {
                #expect(entry.make().name == entry.name, "\(path.joined(separator: " ")): '\(entry.name)'")
            }
            #expect(command.subcommandNames == command.subcommands.map(\.name))
        }
        #expect(Commands.root.subcommand(named: "history")?.name == "history")
        #expect(Commands.root.subcommand(named: "delete")?.name == "rm")
        #expect(Commands.root.subcommand(named: "nope") == nil)
    }

    @Test("no command declares an option name or an argument name twice")
    func unique() {
        for (path, command) in allCommands() {
            let names = command.allOptions.flatMap(\.names)
            #expect(Set(names).count == names.count, "\(path.joined(separator: " ")): \(names)")
            let arguments = command.arguments.map(\.name)
            #expect(Set(arguments).count == arguments.count, "\(path.joined(separator: " ")): \(arguments)")
        }
    }

    @Test("value lists in help come from the types")
    func valuesFromTypes() {
        #expect(DefaultedOption.kind.spec.help == "lifting, cardio, stretch or meditation.")
        #expect(Option.modality.spec.help == Exercise.Modality.allCases.map(\.rawValue).joinedAsAlternatives() + ".")
        #expect(Option.keep.spec.help == "original, copy, merged, ours or theirs.")
        #expect(DefaultedOption.formula.spec.help == "How one-rep maximums are estimated: epley or brzycki.")
    }

    @Test("an option's default is what its help says and what a command uses when it is not given")
    func defaultsStatedOnce() throws {
        try withTemporaryDirectory { root throws in
            #expect(run(["init", root + "/s", "--no-seed"]).status == 0)
            let help = run(["history", "--help"]).output
            #expect(help.contains("Sessions per page, 1–1000. (default: \(HistoryQuery.defaultPerPage))"), "\(help)")
            let page = try #require(run(["history", "--store", root + "/s", "--json"]).json?["data"])
            #expect(page["per_page"] == .number(JSONNumber(HistoryQuery.defaultPerPage)), "\(page)")
            #expect(page["page"] == 1)
            #expect(run(["trends", "--help"]).output.contains("(default: \(TrendsReport.defaultWeeks))"))
            let trends = try #require(run(["trends", "--store", root + "/s", "--json"]).json?["data"]?["weeks"]?.arrayValue)
            #expect(trends.count == TrendsReport.defaultWeeks)
            #expect(run(["pr", "--help"]).output.contains("(default: \(E1RMFormula.standard.rawValue))"))
            #expect(run(["init", "--help"]).output.contains("(default: \(Store.defaultUnit.rawValue))"))
            // A store made without --units has the default unit.
            #expect(run(["config", "unit", "--store", root + "/s", "--json"]).json?["data"]?["unit"] == .string(Store.defaultUnit.rawValue))
        }
    }

    @Test("each kind of option reads its type, and refuses other text with the option's name", arguments: [
        (["history", "--page", "x"], "--page must be a whole number, got 'x'."),
        (["history", "--from", "2025-13-01"], "--from must be a date like 2025-01-24, got '2025-13-01'."),
        (["history", "--kind", "liftng"], "--kind must be one of lifting, cardio, stretch, meditation, got 'liftng'. Did you mean 'lifting'?"),
        (["stretch", "--minutes", "ten"], "--minutes must be a number, got 'ten'."),
    ])
    func conversions(arguments: [String], message: String) throws {
        try withTemporaryDirectory { root throws in
            #expect(run(["init", root + "/s"]).status == 0)
            let outcome = run(arguments + ["--store", root + "/s", "--json"])
            #expect(outcome.status == 4)
            #expect(outcome.errorMessage == message, "\(outcome.output)")
        }
    }
}
