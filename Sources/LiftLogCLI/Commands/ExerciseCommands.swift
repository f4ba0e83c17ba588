import LiftLogKit

/// `exercises` and `exercise add|show|edit|rm`.
enum ExerciseCommands {
    static let list = CommandSpec(
        name: "exercises",
        abstract: "List or search the exercise library, grouped by modality.",
        options: [
            .value("--search", valueName: "text", help: "Match names (best first) and muscle groups."),
            .value("--category", valueName: "category", help: "strength, cardio, flexibility or other."),
            .value("--modality", valueName: "modality", help: "barbell, dumbbell, machine, cable, bodyweight, cardio, climb or other."),
            .value("--muscle", valueName: "muscle", help: "Only exercises that train this muscle group."),
            .flag("--recent", help: "The last 10 exercises used, newest first, with the day each was last done."),
        ],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            if arguments.has("--recent") {
                for option in ["--search", "--category", "--modality", "--muscle"] where arguments.value(option) != nil {
                    throw .usage("'--recent' cannot be combined with '\(option)'.", command: arguments.commandName)
                }
                let recent = try store.recentExercises(limit: 10)
                let data: JSONValue = ["exercises": .array(recent.map {
                    ["exercise_id": $0.exerciseID.map { .string($0.rawValue) } ?? .null, "exercise_name": .string($0.name), "last_used": .string($0.lastUsed.description)]
                })]
                guard !recent.isEmpty else { return CommandResult(data: data, text: "No exercises used yet.") }
                return CommandResult(data: data, text: Formatting.table(recent.map { [$0.lastUsed.description, $0.name] }, header: ["LAST USED", "EXERCISE"], style: context.style))
            }
            let search = ExerciseSearch(
                text: arguments.value("--search"), category: try arguments.choice("--category", as: Exercise.Category.self),
                modality: try arguments.choice("--modality", as: Exercise.Modality.self), muscle: arguments.value("--muscle"))
            let found = search.apply(to: try store.exercises())
            let data: JSONValue = ["exercises": .array(found.map(JSONShapes.exercise))]
            guard !found.isEmpty else { return CommandResult(data: data, text: "No exercises match.") }
            var sections: [String] = []
            if search.text != nil {
                sections.append(found.map { line(for: $0) }.joined(separator: "\n"))
            } else {
                for modality in Exercise.Modality.allCases {
                    let group = found.filter { $0.modality == modality }
                    guard !group.isEmpty else { continue }
                    sections.append(context.style.bold(modality.rawValue.capitalizedFirst) + "\n" + group.map { "  " + line(for: $0) }.joined(separator: "\n"))
                }
            }
            return CommandResult(data: data, text: sections.joined(separator: "\n\n") + "\n\n\(Formatting.count(found.count, "exercise"))")
        })

    private static func line(for exercise: Exercise) -> String {
        let muscles = exercise.muscleGroups.isEmpty ? "" : "  (\(exercise.muscleGroups.joined(separator: ", ")))"
        return exercise.name + muscles
    }

    static let exercise = CommandSpec(
        name: "exercise",
        abstract: "Add, show, edit or remove one exercise.",
        subcommands: [add, show, edit, rename, remove])

    private static let changeOptions: [OptionSpec] = [
        .value("--modality", valueName: "modality", help: "barbell, dumbbell, machine, cable, bodyweight, cardio, climb or other."),
        .value("--category", valueName: "category", help: "strength, cardio, flexibility or other (default: from the modality)."),
        .value("--muscles", valueName: "list", help: "Comma-separated muscle groups, such as quadriceps,glutes."),
        .value("--increment", valueName: "weight", help: "The weight a progression adds (positive; default 5)."),
        .value("--notes", valueName: "text", help: "Notes."),
        .value("--media", valueName: "path-or-url", help: "A picture or video."),
    ]

    static let add = CommandSpec(
        name: "add",
        abstract: "Add an exercise to the library.",
        arguments: [ArgumentSpec(name: "name", help: "1–100 characters, unique regardless of case.")],
        options: changeOptions,
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let exercise = try store.addExercise(
                name: arguments.positionals[0], modality: try arguments.choice("--modality", as: Exercise.Modality.self) ?? .other,
                category: try arguments.choice("--category", as: Exercise.Category.self), muscleGroups: arguments.list("--muscles") ?? [],
                notes: arguments.value("--notes"), weightIncrement: try arguments.double("--increment") ?? Exercise.defaultWeightIncrement,
                media: arguments.value("--media"))
            return CommandResult(data: exercise.json, text: "Added \(exercise.name) (\(exercise.modality.rawValue)).")
        })

    static let show = CommandSpec(
        name: "show",
        abstract: "Show one exercise.",
        arguments: [ArgumentSpec(name: "name", help: "The exercise's name (any case).")],
        run: { context, arguments throws(LiftLogError) in
            let exercise = try context.store().exercise(named: arguments.positionals[0])
            var rows = [
                ["Modality", exercise.modality.rawValue], ["Category", exercise.category.rawValue],
                ["Muscles", exercise.muscleGroups.joined(separator: ", ")], ["Increment", Formatting.number(exercise.weightIncrement)],
                ["Custom", exercise.isCustom ? "yes" : "no"], ["ID", exercise.id.rawValue],
            ]
            // Notes of several lines (such as step-by-step instructions) go below the table, indented.
            let notesLines = exercise.notes.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
            if notesLines.count == 1 { rows.append(["Notes", notesLines[0]]) }
            if let media = exercise.media { rows.append(["Media", media]) }
            var text = context.style.bold(exercise.name) + "\n" + Formatting.table(rows.map { ["  " + $0[0] + ":", $0[1]] }, style: context.style)
            if notesLines.count > 1 { text += "\n  Notes:\n" + notesLines.map { "    " + $0 }.joined(separator: "\n") }
            return CommandResult(data: exercise.json, text: text)
        })

    static let edit = CommandSpec(
        name: "edit",
        abstract: "Change an exercise; sessions keep the name they were logged under.",
        arguments: [ArgumentSpec(name: "name", help: "The exercise's current name.")],
        options: [.value("--name", valueName: "new-name", help: "Rename it.")] + changeOptions,
        run: { context, arguments throws(LiftLogError) in
            let changes = ExerciseChanges(
                name: arguments.value("--name"), modality: try arguments.choice("--modality", as: Exercise.Modality.self),
                category: try arguments.choice("--category", as: Exercise.Category.self), muscleGroups: arguments.list("--muscles"),
                notes: arguments.value("--notes"), weightIncrement: try arguments.double("--increment"), media: arguments.value("--media"))
            let exercise = try context.store().updateExercise(named: arguments.positionals[0], changes)
            return CommandResult(data: exercise.json, text: "Updated \(exercise.name).")
        })

    static let rename = CommandSpec(
        name: "rename",
        abstract: "Rename an exercise (the same as 'exercise edit NAME --name NEW').",
        arguments: [ArgumentSpec(name: "name", help: "The exercise's current name."), ArgumentSpec(name: "new-name", help: "Its new name.")],
        run: { context, arguments throws(LiftLogError) in
            let old = try context.store().exercise(named: arguments.positionals[0])
            let exercise = try context.store().updateExercise(named: old.name, ExerciseChanges(name: arguments.positionals[1]))
            return CommandResult(data: exercise.json, text: "Renamed \(old.name) to \(exercise.name).")
        })

    static let remove = CommandSpec(
        name: "rm",
        abstract: "Remove an exercise from the library (sessions keep their sets).",
        arguments: [ArgumentSpec(name: "name", help: "The exercise's name.")],
        options: [.yes],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let exercise = try store.exercise(named: arguments.positionals[0])
            guard arguments.has("--yes") || context.confirm("Remove '\(exercise.name)' from the library?") else {
                return CommandResult(data: ["removed": false], text: "Nothing removed.")
            }
            try store.deleteExercise(named: exercise.name)
            return CommandResult(data: ["removed": true, "exercise": exercise.json], text: "Removed \(exercise.name).")
        })
}
