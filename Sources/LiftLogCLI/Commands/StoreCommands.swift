import LiftLogCatalog
import LiftLogKit

/// `init`, `seed`, `reindex`.
enum StoreCommands {
    static let initialize = CommandSpec(
        name: "init",
        abstract: "Create a store and seed the exercise library.",
        discussion: "Creates the folder (if needed) with liftlog.json, exercises/, plans/, sessions/, a .gitignore that keeps the local index out of git, and a .gitattributes. Without PATH, uses --store, $LIFTLOG_STORE, or ~/.local/share/liftlog.",
        arguments: [Argument.storeFolder],
        options: [Flag.noSeed, DefaultedOption.units, Flag.git, Flag.schemas],
        run: { context, arguments throws(LiftLogError) in
            let path = CommandContext.absolute(arguments[.storeFolder] ?? context.storeOption ?? context.environment["LIFTLOG_STORE"] ?? context.defaultStorePath)
            let unit = try arguments[.units]
            let store: Store
            var created = true
            do throws(LiftLogError) {
                store = try Store.create(at: path, unit: unit, seed: !arguments[.noSeed], environment: context.storeEnvironment)
            } catch {
                guard arguments[.git] || arguments[.schemas], case .conflict = error else { throw error }
                store = try Store.open(at: path, environment: context.storeEnvironment)
                created = false
            }
            if !created {
                // An existing store keeps its library and preferences: say so rather than
                // ignore what was asked.
                if arguments.isGiven(DefaultedOption.units) {
                    throw .usage("The store at \(store.root) exists; --units applies only to a new store. Change its unit with 'liftlog config unit \(unit.rawValue)'.", command: "liftlog init")
                }
                if arguments[.noSeed] {
                    throw .usage("The store at \(store.root) exists; --no-seed applies only to a new store.", command: "liftlog init")
                }
            }
            if !created && arguments[.schemas] {
                try store.installSchemas()
            }
            var text = created
                ? "Created a liftlog store at \(store.root) (\(Formatting.count(try store.exercises().count, "exercise")), weights in \(unit.rawValue))."
                : "The store at \(store.root) exists."
            var data: JSONObject = ["path": .string(store.root), "unit": .string(store.preferences.unit.rawValue), "exercises": .number(JSONNumber(try store.exercises().count))]
            if !created && arguments[.schemas] {
                text += "\nWrote the JSON Schemas to schemas/ and mapped them in .vscode/settings.json."
            }
            if arguments[.git] {
                text += "\n" + (try GitSetup.install(in: store, environment: context.environment))
                data["git"] = true
            }
            return CommandResult(data: .object(data), text: text)
        })

    static let config = CommandSpec(
        name: "config",
        abstract: "Show or change the store's preferences.",
        discussion: "Without KEY, lists every setting with its value. With KEY, prints its value; with KEY VALUE, changes it in liftlog.json (an empty VALUE unsets an optional one).\n\nSettings:\n" + Setting.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n"),
        arguments: [Argument.settingKey, Argument.settingValue],
        run: { context, arguments throws(LiftLogError) in
            var store = try context.store()
            func listing(_ settings: [Setting]) -> CommandResult {
                let values = settings.map { ($0, $0.value(in: store.preferences)) }
                let data = JSONValue.object(JSONObject(Dictionary(uniqueKeysWithValues: values.map { ($0.0.rawValue, $0.1.map { JSONValue.string($0) } ?? .null) })))
                let text = values.map { "\($0.0.rawValue) = \($0.1 ?? "(not set)")" }.joined(separator: "\n")
                return CommandResult(data: data, text: text)
            }
            guard let key = arguments[.settingKey] else { return listing(Setting.allCases) }
            let setting = try Setting.named(key)
            if let value = arguments[.settingValue] {
                store = try store.changing(setting, to: value)
            }
            return listing([setting])
        })

    static let seed = CommandSpec(
        name: "seed",
        abstract: "Add the default exercises (or those of FILE) that are not in the library yet.",
        discussion: "Idempotent: names already in the library (compared case-insensitively) are left alone, so running it again adds nothing. '--library full' adds the 873 exercises of free-exercise-db (public domain), with their muscles and instructions.",
        arguments: [Argument.seedFile],
        options: [Option.library],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let report: SeedReport
            let library = try arguments[.library]
            if let library, !["default", "full"].contains(library) {
                throw .validation("Unknown library '\(library)'; choose default or full.")
            }
            if let file = arguments[.seedFile] {
                if library != nil { throw .usage("Give a FILE or '--library', not both.", command: arguments.commandName) }
                let bytes = try OutsideFiles.read(file, what: "Seed file")
                report = try store.seed(from: bytes, path: file)
            } else if library == "full" {
                report = try store.seed(from: ExerciseCatalog.json, path: "FullExercises.json")
            } else {
                report = try store.seed(from: DefaultExercises.json, path: "DefaultExercises.json")
            }
            let data: JSONValue = ["added": .array(report.added.map { .string($0) }), "skipped": .number(JSONNumber(report.skipped.count))]
            let names = report.added.count <= 20 ? ": " + report.added.joined(separator: ", ") : " (liftlog exercises lists them)"
            var text = report.added.isEmpty ? "Nothing to add: all \(Formatting.count(report.skipped.count, "exercise")) are already in the library." : "Added \(Formatting.count(report.added.count, "exercise"))\(names)."
            if !report.added.isEmpty && !report.skipped.isEmpty { text += " \(report.skipped.count) already present." }
            return CommandResult(data: data, text: text)
        })

    static let reindex = CommandSpec(
        name: "reindex",
        abstract: "Rebuild the index of sessions from the files.",
        discussion: "The index under .liftlog/ is a cache that liftlog keeps current by itself; rebuilding it is never needed for correctness, and deleting it loses nothing.",
        run: { context, _ throws(LiftLogError) in
            let store = try context.store()
            let report = try store.reindex()
            let data: JSONValue = ["sessions": .number(JSONNumber(report.sessions)), "unreadable_files": .array(report.unreadableFiles.map { .string($0) })]
            var text = "Indexed \(Formatting.count(report.sessions, "session"))."
            for file in report.unreadableFiles { text += "\nSkipped \(file)" }
            return CommandResult(data: data, text: text)
        })
}
