import LiftLogKit

/// `exercises` and `exercise add|show|edit|rm`.
enum ExerciseCommands {
    static let list = CommandSpec(
        name: "exercises",
        abstract: "List or search the exercise library, grouped by modality.",
        options: [Option.search, Option.category, Option.modality, Option.muscle, Flag.recent],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            if arguments[.recent] {
                let filters: [(String, Bool)] = [("--search", try arguments[.search] != nil), ("--category", try arguments[.category] != nil),
                                                 ("--modality", try arguments[.modality] != nil), ("--muscle", try arguments[.muscle] != nil)]
                for (option, given) in filters where given {
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
                text: try arguments[.search], category: try arguments[.category],
                modality: try arguments[.modality], muscle: try arguments[.muscle])
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
        }).reportingSkippedFiles()

    private static func line(for exercise: Exercise) -> String {
        let muscles = exercise.muscleGroups.isEmpty ? "" : "  (\(exercise.muscleGroups.joined(separator: ", ")))"
        return exercise.name + muscles
    }

    static let exercise = CommandSpec(
        name: "exercise",
        abstract: "Add, show, edit or remove one exercise.",
        subcommands: [add, show, edit, rename, remove])

    private static let changeOptions: [any OptionDeclaration] = [
        Option.modality, Option.newCategory, Option.muscles, Option.secondaryMuscles, Option.increment, Option.notes, Option.media,
    ]

    static let add = CommandSpec(
        name: "add",
        abstract: "Add an exercise to the library.",
        arguments: [Argument.newExerciseName],
        options: changeOptions,
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let exercise = try store.addExercise(
                name: arguments[.newExerciseName], modality: try arguments[.modality] ?? .other,
                category: try arguments[.newCategory], muscleGroups: try arguments[.muscles] ?? [],
                secondaryMuscles: try arguments[.secondaryMuscles] ?? [], notes: try arguments[.notes], weightIncrement: try arguments[.increment] ?? Exercise.defaultWeightIncrement,
                media: try arguments[.media])
            return CommandResult(data: exercise.json, text: "Added \(exercise.name) (\(exercise.modality.rawValue)).")
        })

    static let show = CommandSpec(
        name: "show",
        abstract: "Show one exercise.",
        arguments: [Argument.libraryExercise],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let exercise = try store.exercise(named: arguments[.libraryExercise])
            var rows = [
                ["Modality", exercise.modality.rawValue], ["Category", exercise.category.rawValue],
            ]
            if !exercise.aliases.isEmpty { rows.append(["Aliases", exercise.aliases.joined(separator: ", ")]) }
            rows += [
                ["Muscles", exercise.muscleWeights.map { $0.weight < 1 ? "\($0.muscle) (secondary)" : $0.muscle }.joined(separator: ", ")], ["Increment", Formatting.number(exercise.weightIncrement)],
                ["Custom", exercise.isCustom ? "yes" : "no"], ["ID", exercise.id.rawValue],
            ]
            // Notes of several lines (such as step-by-step instructions) go below the table, indented.
            let notesLines = exercise.notes.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
            if notesLines.count == 1 { rows.append(["Notes", notesLines[0]]) }
            if let media = exercise.media { rows.append(["Media", media]) }
            if let rest = exercise.restSeconds { rows.append(["Rest", Formatting.duration(rest)]) }
            if let bar = exercise.barWeight { rows.append(["Bar", "\(Formatting.number(bar)) \(store.preferences.unit.rawValue)"]) }
            if !exercise.loads.isEmpty { rows.append(["Loads", "\(FixedLoads.text(exercise.loads)) \(store.preferences.unit.rawValue)"]) }
            var text = context.style.bold(exercise.name) + "\n" + Formatting.table(rows.map { ["  " + $0[0] + ":", $0[1]] }, style: context.style)
            if notesLines.count > 1 { text += "\n  Notes:\n" + notesLines.map { "    " + $0 }.joined(separator: "\n") }
            return CommandResult(data: exercise.json, text: text)
        })

    static let edit = CommandSpec(
        name: "edit",
        abstract: "Change an exercise; sessions keep the name they were logged under.",
        arguments: [Argument.currentName],
        options: [Option.newName] + changeOptions + [Option.exerciseRest, Option.exerciseBar, Option.loads, Option.aliases],
        run: { context, arguments throws(LiftLogError) in
            let changes = ExerciseChanges(
                name: try arguments[.newName], modality: try arguments[.modality],
                category: try arguments[.newCategory], muscleGroups: try arguments[.muscles],
                secondaryMuscles: try arguments[.secondaryMuscles], notes: try arguments[.notes], weightIncrement: try arguments[.increment], media: try arguments[.media],
                restSeconds: try arguments[.exerciseRest], barWeight: try arguments[.exerciseBar], aliases: try arguments[.aliases],
                loads: try arguments[.loads])
            let exercise = try context.store().updateExercise(named: arguments[.currentName], changes)
            return CommandResult(data: exercise.json, text: "Updated \(exercise.name).")
        })

    static let rename = CommandSpec(
        name: "rename",
        abstract: "Rename an exercise (the same as 'exercise edit NAME --name NEW').",
        arguments: [Argument.currentName, Argument.renamedTo],
        run: { context, arguments throws(LiftLogError) in
            let old = try context.store().exercise(named: arguments[.currentName])
            let exercise = try context.store().updateExercise(named: old.name, ExerciseChanges(name: arguments[.renamedTo]))
            return CommandResult(data: exercise.json, text: "Renamed \(old.name) to \(exercise.name).")
        })

    static let remove = CommandSpec(
        name: "rm",
        abstract: "Remove an exercise from the library (sessions keep their sets).",
        arguments: [Argument.removedExercise],
        options: [Flag.yes],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let exercise = try store.exercise(named: arguments[.removedExercise])
            guard arguments[.yes] || context.confirm("Remove '\(exercise.name)' from the library?") else {
                return CommandResult(data: ["removed": false], text: "Nothing removed.")
            }
            try store.deleteExercise(named: exercise.name)
            return CommandResult(data: ["removed": true, "exercise": exercise.json], text: "Removed \(exercise.name).")
        })
}
