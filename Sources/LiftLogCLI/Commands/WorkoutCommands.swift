import LiftLogKit

/// The workout lifecycle: `start`, `log`, `set`, `drop`, `status`, `finish`, `discard`.
enum WorkoutCommands {
    static func time(_ text: String?, option: String, store: Store) throws(LiftLogError) -> Timestamp? {
        guard let text else { return nil }
        guard let time = try TimeInput.parse(text, now: store.currentTimestamp()) else {
            throw .validation("\(option) must be a time like '2025-01-24 07:30', '07:30' or '2025-01-24T07:30:00+01:00', got '\(text)'.")
        }
        return time
    }

    static func sessionResult(_ stored: StoredSession, store: Store, context: CommandContext, prefix: String? = nil) -> CommandResult {
        let text = SessionText.render(stored, unit: store.preferences.unit, now: store.currentTimestamp(), style: context.style)
        return CommandResult(data: JSONShapes.session(stored, unit: store.preferences.unit), text: (prefix.map { $0 + "\n\n" } ?? "") + text)
    }

    static let start = CommandSpec(
        name: "start",
        abstract: "Begin a session.",
        options: [
            .value("--kind", valueName: "kind", help: "lifting, cardio, stretch or meditation.", default: "lifting"),
            .value("--at", valueName: "time", help: "When it started, to log a past session: '2025-01-24 07:30', '07:30', 'yesterday 18:00'."),
            .value("--plan-day", valueName: "name", help: "A day of the active plan: its exercises are added with their sets waiting to be logged ('next' for the next day of the rotation). Without an active plan, the name is only recorded."),
        ],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let kind = try arguments.choice("--kind", as: Session.Kind.self) ?? .lifting
            let startedAt = try time(arguments.value("--at"), option: "--at", store: store)
            let stored: StoredSession
            if let day = arguments.value("--plan-day"), kind == .lifting, let plan = try store.activePlan()?.plan {
                // 'next' is the rotation's next day, unless the plan has a day of that name.
                stored = try store.startPlannedSession(day: day.lowercased() == "next" && plan.dayIndex(named: day) == nil ? nil : day, startedAt: startedAt)
                let text = "Started \(stored.session.planDay ?? "") of \(stored.session.plan ?? "")" + (stored.session.weekNumber.map { ", week \($0)" } ?? "") + " (\(stored.session.id.short)) at \(stored.session.startedAt.shortDescription).\n"
                return sessionResult(stored, store: store, context: context, prefix: text + "Log the planned sets in order with 'liftlog log EXERCISE 100x5', or 'liftlog log EXERCISE' to do the next one as planned.")
            }
            stored = try store.startSession(kind: kind, startedAt: startedAt, planDay: arguments.value("--plan-day"))
            var text = "Started \(stored.session.kind.rawValue) session \(stored.session.id.short) at \(stored.session.startedAt.shortDescription)"
            if let week = stored.session.weekNumber { text += " (mesocycle week \(week))" }
            switch kind {
            case .lifting: text += ". Log sets with 'liftlog log EXERCISE 100x5'."
            case .cardio: text += ". Finish it with 'liftlog finish' when you are done: its time is what counts."
            case .stretch, .meditation: text += ". Finish it with 'liftlog finish' when you are done."
            }
            return CommandResult(data: JSONShapes.session(stored, unit: store.preferences.unit), text: text)
        })

    static let log = CommandSpec(
        name: "log",
        abstract: "Log completed sets of an exercise into the active session.",
        discussion: "Sets: 100x5 (weight x reps, in the store's unit), 100kgx5, 225lbsx5, 100x5@8.5 (RPE), 100x5x3 (three sets), bwx12 (bodyweight). Quote names with spaces: liftlog log 'Back Squat' 100x5x3.",
        arguments: [
            ArgumentSpec(name: "exercise", help: "The exercise's name (any case)."),
            ArgumentSpec(name: "set", help: "One or more sets in set notation (none: the next planned set, as planned).", isOptional: true, isVariadic: true),
        ],
        options: [
            .flag("--create", help: "Add the exercise to the library if it is not there."),
            .value("--session", valueName: "id", help: "Log into this session instead of the active one (it must be active)."),
        ],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let sets = try SetNotation.parse(Array(arguments.positionals.dropFirst()), defaultUnit: store.preferences.unit)
            var sessionID: Session.ID?
            if let prefix = arguments.value("--session") { sessionID = try store.session(idPrefix: prefix).session.id }
            let result = try store.log(exercise: arguments.positionals[0], sets: sets, createIfMissing: arguments.has("--create"), sessionID: sessionID)
            let entry = result.entry
            let logged = result.setNumbers.compactMap { number in entry.sets.first { $0.setNumber == number } }
            var text = result.createdExercise ? "Added \(entry.exerciseName) to the library.\n" : ""
            text += context.style.bold(entry.exerciseName) + "  " + logged.map { "set \($0.setNumber): \(Formatting.set($0))" }.joined(separator: " · ")
            var data = JSONShapes.session(result.stored, unit: store.preferences.unit)
            if case .object(var object) = data {
                object["logged_sets"] = .array(result.setNumbers.map { .number(JSONNumber($0)) })
                object["created_exercise"] = .bool(result.createdExercise)
                data = .object(object)
            }
            return CommandResult(data: data, text: text)
        })

    static let set = CommandSpec(
        name: "set",
        abstract: "Change one set of the active session.",
        arguments: [
            ArgumentSpec(name: "exercise", help: "The exercise's name."),
            ArgumentSpec(name: "n", help: "The set number, from 1."),
        ],
        options: [
            .value("--weight", valueName: "weight", help: "New weight (a number, optionally with kg or lbs; bw for bodyweight)."),
            .value("--reps", valueName: "reps", help: "New reps."),
            .value("--rpe", valueName: "rpe", help: "New RPE, 1–10 in steps of 0.5."),
            .flag("--done", help: "Mark the set completed."),
            .flag("--skip", help: "Mark the set skipped."),
            .flag("--undo", help: "Mark the set not done yet (un-log it)."),
        ],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            guard let number = Int(arguments.positionals[1]), number >= 1 else {
                throw .validation("The set number must be a whole number of 1 or more, got '\(arguments.positionals[1])'.")
            }
            let actions = ["--done", "--skip", "--undo"].filter(arguments.has)
            guard actions.count <= 1 else { throw .usage("Use only one of --done, --skip and --undo.", command: arguments.commandName) }
            var change = SetChange()
            switch actions.first {
            case "--done": change.action = .complete
            case "--skip": change.action = .skip
            case "--undo": change.action = .undo
            default: break
            }
            if let text = arguments.value("--weight") {
                let parsed = try SetNotation.parse(text + "x1", defaultUnit: store.preferences.unit)
                change.weight = parsed.weight
                change.unit = parsed.unit
            }
            if let reps = try arguments.int("--reps") {
                guard reps >= 0 else { throw .validation("--reps cannot be negative, got \(reps).") }
                change.reps = reps
            }
            if let rpe = try arguments.double("--rpe") {
                guard WorkoutSet.isValidRPE(rpe) else { throw .validation("RPE must be between 1 and 10 in steps of 0.5, got \(Formatting.number(rpe)).") }
                change.rpe = rpe
            }
            guard change.weight != nil || change.reps != nil || change.rpe != nil || change.action != nil else {
                throw .usage("Say what to change: --weight, --reps, --rpe, --done, --skip or --undo.", command: arguments.commandName)
            }
            let stored = try store.editSet(exercise: arguments.positionals[0], number: number, change)
            let key = Exercise.nameKey(arguments.positionals[0])
            let name = stored.session.entries.first { Exercise.nameKey($0.exerciseName) == key }?.exerciseName ?? arguments.positionals[0]
            return sessionResult(stored, store: store, context: context, prefix: "Updated set \(number) of \(name).")
        })

    static let drop = CommandSpec(
        name: "drop",
        abstract: "Remove an exercise and its sets from the active session.",
        arguments: [ArgumentSpec(name: "exercise", help: "The exercise's name.")],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            // The name as the session recorded it, not as typed.
            let key = Exercise.nameKey(arguments.positionals[0])
            let name = (try? store.activeSession())??.session.entries.first { Exercise.nameKey($0.exerciseName) == key }?.exerciseName ?? arguments.positionals[0]
            let stored = try store.dropExercise(arguments.positionals[0])
            return sessionResult(stored, store: store, context: context, prefix: "Removed \(name) from the session.")
        })

    static let status = CommandSpec(
        name: "status",
        abstract: "Show the active session.",
        run: { context, _ throws(LiftLogError) in
            let store = try context.store()
            guard let stored = try store.activeSession() else {
                return CommandResult(data: .null, text: "No active session. Start one with 'liftlog start'.")
            }
            return sessionResult(stored, store: store, context: context)
        })

    static let finish = CommandSpec(
        name: "finish",
        abstract: "Complete the active session.",
        options: [
            .value("--feel", valueName: "1-5", help: "How it felt, from 1 (awful) to 5 (great)."),
            .value("--pain", valueName: "tags", help: "Comma-separated places that hurt, such as knee,lower-back."),
            .value("--notes", valueName: "text", help: "Notes on the session."),
            .value("--at", valueName: "time", help: "When it ended (default: now)."),
        ],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored = try store.finish(
                feel: try arguments.int("--feel"), painTags: arguments.list("--pain") ?? [], notes: arguments.value("--notes"),
                completedAt: try time(arguments.value("--at"), option: "--at", store: store))
            return sessionResult(stored, store: store, context: context, prefix: "Finished. Saved to \(stored.path).")
        })

    static let discard = CommandSpec(
        name: "discard",
        abstract: "Delete the active session (asks on a terminal).",
        options: [.yes],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            guard let active = try store.activeSession() else {
                throw .notFound("No active session to discard.")
            }
            let sets = active.session.metrics(in: store.preferences.unit).setCount
            guard arguments.has("--yes") || context.confirm("Discard the session started \(active.session.startedAt.shortDescription) with \(Formatting.count(sets, "set"))?") else {
                return CommandResult(data: ["discarded": false], text: "Kept the session.")
            }
            let stored = try store.discardActiveSession()
            return CommandResult(data: ["discarded": true, "id": .string(stored.session.id.rawValue), "path": .string(stored.path)],
                                 text: "Discarded session \(stored.session.id.short).")
        })
}
