import LiftLogCatalog
import LiftLogKit

/// The workout lifecycle: `start`, `log`, `set`, `drop`, `status`, `finish`, `discard`.
enum WorkoutCommands {
    /// The time an option gives (`--at`), or `nil` when it was not given.
    static func time(_ option: Option<String>, in arguments: ParsedArguments, store: Store) throws(LiftLogError) -> Timestamp? {
        guard let text = try arguments[option] else { return nil }
        guard let time = try TimeInput.parse(text, now: store.currentTimestamp()) else {
            throw .validation("\(option.spec.canonicalName) must be a time like '2025-01-24 07:30', '07:30' or '2025-01-24T07:30:00+01:00', got '\(text)'.")
        }
        return time
    }

    /// The session in detail; an active one with what was done of each exercise the last time
    /// (`previous` in JSON, as `GET /api/today` gives it).
    static func sessionResult(_ stored: StoredSession, store: Store, context: CommandContext, prefix: String? = nil) throws(LiftLogError) -> CommandResult {
        let numbers = try store.derivedNumbers(of: stored.session)
        let previous = stored.session.status == .active ? try store.previousSets(for: stored.session) : []
        let text = SessionText.render(stored, metrics: numbers.metrics, progress: numbers.progress, previous: previous,
                                      distance: store.preferences.distanceUnit, now: store.currentTimestamp(), style: context.style)
        let sessionJSON = try context.jsonData { () throws(LiftLogError) in
            let session = try JSONShapes.session(stored, store: store)
            guard stored.session.status == .active, case .object(var object) = session else { return session }
            object["previous"] = .array(previous.map(\.json))
            return .object(object)
        }
        return CommandResult(data: sessionJSON, text: (prefix.map { $0 + "\n\n" } ?? "") + text)
    }

    static let start = CommandSpec(
        name: "start",
        abstract: "Begin a session.",
        options: [DefaultedOption.kind, Option.startedAt, Option.planDay, Option.like],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let kind = try arguments[.kind]
            let startedAt = try time(.startedAt, in: arguments, store: store)
            if let like = try arguments[.like] {
                guard try arguments[.planDay] == nil, !arguments.isGiven(DefaultedOption.kind) else {
                    throw .usage("--like repeats a session as it was: it goes without --plan-day and --kind.", command: arguments.commandName)
                }
                let past = try HistoryCommands.session(like, store: store).session
                let stored = try store.startRepeating(past, startedAt: startedAt)
                let text = "Started a repeat of the \(past.planDay ?? past.kind.rawValue) session of \(past.startedAt.shortDescription) (\(stored.session.id.short)). "
                    + "Log its sets in order with 'liftlog log EXERCISE 100x5', or 'liftlog log EXERCISE' to do the next one as before."
                return try sessionResult(stored, store: store, context: context, prefix: text)
            }
            let stored = try store.start(kind: kind, startedAt: startedAt, planDay: try arguments[.planDay])
            if stored.session.plan != nil {
                let text = "Started \(stored.session.planDay ?? "") of \(stored.session.plan ?? "")" + (stored.session.weekNumber.map { ", week \($0)" } ?? "") + " (\(stored.session.id.short)) at \(stored.session.startedAt.shortDescription).\n"
                return try sessionResult(stored, store: store, context: context, prefix: text + "Log the planned sets in order with 'liftlog log EXERCISE 100x5', or 'liftlog log EXERCISE' to do the next one as planned.")
            }
            var text = "Started \(stored.session.kind.rawValue) session \(stored.session.id.short) at \(stored.session.startedAt.shortDescription)"
            if let week = stored.session.weekNumber { text += " (mesocycle week \(week))" }
            switch kind {
            case .lifting: text += ". Log sets with 'liftlog log EXERCISE 100x5'."
            case .cardio: text += ". Log what you do with 'liftlog log Run 5km/25:00' (or 30min, 400mx6), then 'liftlog finish'."
            case .stretch, .meditation: text += ". Finish it with 'liftlog finish' when you are done."
            }
            let sessionJSON = try context.jsonData { () throws(LiftLogError) in try JSONShapes.session(stored, store: store) }
            return CommandResult(data: sessionJSON, text: text)
        })

    static let log = CommandSpec(
        name: "log",
        abstract: "Log completed sets of an exercise into the active session.",
        discussion: "Sets: 100x5 (weight x reps, in the store's unit), 100kgx5, 225lbsx5, 100x5@8.5 (RPE), 100x5@rir2, 100x5x3 (three sets), w:60x5 (warm-up), d:80x8 (drop), f:100x3 (to failure), bwx12, bw+20x5 (20 added), bw-25x8 (assisted), 60s, 1:30, 2min, 20x45s (20 held 45 s), 60sx3, 100x20m (100 pushed or carried 20 m), 5km, 400m, 3mi, 5km/25:00, 400mx6. Quote names with spaces: liftlog log 'Back Squat' 100x5x3.",
        arguments: [Argument.exercise, Argument.sets],
        options: [Flag.create, Option.session, Option.setNote, Option.rest, Option.supersetLabel, Option.method, Flag.yes],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let sets = try SetNotation.parse(arguments[.sets], defaultUnit: store.preferences.unit)
            // Numbers that read as swapped: asked about on a terminal, said otherwise; --yes logs them as written.
            let swapped = arguments[.yes] ? [] : try store.swappedSets(sets, exercise: arguments[.exercise])
            let warnings = swapped.map { $0.swappedDescription(defaultUnit: store.preferences.unit) + "." }
            if !warnings.isEmpty {
                if context.io.inputIsTerminal && !context.json {
                    guard context.confirm(warnings.joined(separator: " ") + " Log it as written?") else {
                        return CommandResult(data: ["logged_sets": [], "warnings": .array(warnings.map { .string($0) })], text: "Nothing was logged.")
                    }
                } else if !context.json {
                    for warning in warnings { context.io.writeError("Warning: \(warning) Logged as written; 'liftlog set' changes it.\n") }
                }
            }
            var sessionID: Session.ID?
            if let prefix = try arguments[.session] { sessionID = try store.session(idPrefix: prefix).session.id }
            let label = try arguments[.supersetLabel]
            if try arguments[.method] != nil && label == nil {
                throw .usage("--method goes with --superset LABEL (or use 'liftlog superset').", command: arguments.commandName)
            }
            var details = LogDetails(note: try arguments[.setNote], restSeconds: try arguments[.rest], superset: label,
                                     method: try arguments[.method], intoCompletedSession: sessionID != nil)
            if arguments[.create] { details.newExercisesFrom = ExerciseCatalog.json }
            let result = try store.log(exercise: arguments[.exercise], sets: sets, createIfMissing: arguments[.create], sessionID: sessionID, details: details)
            if let missing = result.missingBefore { CLI.noteSetsChangedOutside(missing, context: context, store: store) }
            let entry = result.entry
            let previous = try lastTime(entry, in: result.stored.session, store: store)
            var text = result.createdExercise ? added(entry.exerciseName, store: store, create: arguments[.create]) : ""
            text += loggedLine(entry, numbers: result.setNumbers, previous: previous, store: store, style: context.style)
            let data = try context.jsonData { () throws(LiftLogError) in
                let session = try JSONShapes.session(result.stored, store: store)
                guard case .object(var object) = session else { return session }
                object["logged_sets"] = .array(result.setNumbers.map { .number(JSONNumber($0)) })
                object["created_exercise"] = .bool(result.createdExercise)
                object["previous"] = previous?.json ?? .null
                if !warnings.isEmpty { object["warnings"] = .array(warnings.map { .string($0) }) }
                return .object(object)
            }
            return CommandResult(data: data, text: text)
        })

    /// What was done of `entry`'s exercise the last time, for an active session (a set logged
    /// into a finished one has no "last time" to compare with).
    static func lastTime(_ entry: Session.Entry, in session: Session, store: Store) throws(LiftLogError) -> PreviousSets? {
        guard session.status == .active else { return nil }
        return try store.previousSets(for: session).first { Exercise.nameKey($0.exerciseName) == Exercise.nameKey(entry.exerciseName) }
    }

    /// The sets just logged of `entry`, each with the same set of last time beside it:
    /// `Bench Press  set 2: 100 kg × 5 (last 97.5 kg × 5)`.
    static func loggedLine(_ entry: Session.Entry, numbers: [Int], previous: PreviousSets?, store: Store, style: Style) -> String {
        let scale = store.preferences.distanceScale(of: entry.exerciseName)
        let parts = numbers.compactMap { number -> String? in
            guard let index = entry.sets.firstIndex(where: { $0.setNumber == number }) else { return nil }
            let set = entry.sets[index]
            let last = previous?.matching(index, of: entry).map { style.dim(" (last \(Formatting.set($0, distance: scale)))") } ?? ""
            return "set \(set.setNumber): \(Formatting.set(set, distance: scale))" + last
        }
        return style.bold(entry.exerciseName) + "  " + parts.joined(separator: " · ")
    }

    /// What `log --create` says of an exercise it added: with the muscle groups the exercise
    /// catalogue gave it, or how to give it some (`muscles` counts none without them).
    /// (A cardio exercise, or one a cardio session added without `--create`, needs none.)
    static func added(_ name: String, store: Store, create: Bool) -> String {
        let exercise = try? store.findExercise(named: name)
        guard create, exercise?.modality != .cardio else { return "Added \(name) to the library.\n" }
        guard let exercise, !exercise.muscleGroups.isEmpty else {
            return "Added \(name) to the library, without muscle groups (none in the exercise catalogue): give them with 'liftlog exercise edit \(PlanCommands.quoted(name)) --muscles a,b'.\n"
        }
        return "Added \(name) to the library, with the muscle groups of the exercise catalogue: \(exercise.muscleGroups.joined(separator: ", ")).\n"
    }

    /// Whether an argument of `superset` is a set rather than an exercise's name: it starts
    /// with a number, a set type (`w:`) or a bodyweight load (`bw+20x5`, `bwx12`).
    static func looksLikeSet(_ text: String) -> Bool {
        let lower = Array(text.lowercased())
        guard let first = lower.first else { return false }
        if first.isNumber || first == "." { return true }
        if lower.count >= 2, "wdf".contains(first), lower[1] == ":" { return true }
        if lower.starts(with: ["b", "w"]) { return lower.count == 2 || "+-x×".contains(lower[2]) }
        return false
    }

    static let superset = CommandSpec(
        name: "superset",
        abstract: "Log sets of several exercises done together in rounds (a superset or a circuit).",
        discussion: "Each exercise's name is followed by its sets: liftlog superset 'Bench Press' 80x8x3 'Barbell Row' 70x8x3. The entries share a superset label (the next free letter, or --superset) and show as one block of rounds; records and volume count each exercise's own sets.",
        arguments: [Argument.supersetItems],
        options: [Option.supersetLabel, Option.method, Flag.create, Option.session, Option.setNote, Option.rest],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            var groups: [ExerciseSets] = []
            for item in arguments[.supersetItems] {
                if looksLikeSet(item) {
                    guard !groups.isEmpty else {
                        throw .usage("Name the exercise before its sets: liftlog superset 'Bench Press' 80x8x3 'Barbell Row' 70x8x3.", command: arguments.commandName)
                    }
                    groups[groups.count - 1].sets.append(try SetNotation.parse(item, defaultUnit: store.preferences.unit))
                } else {
                    groups.append(ExerciseSets(exercise: item, sets: []))
                }
            }
            var sessionID: Session.ID?
            if let prefix = try arguments[.session] { sessionID = try store.session(idPrefix: prefix).session.id }
            var details = LogDetails(note: try arguments[.setNote], restSeconds: try arguments[.rest], superset: try arguments[.supersetLabel],
                                     method: try arguments[.method] ?? .standard, intoCompletedSession: sessionID != nil)
            if arguments[.create] { details.newExercisesFrom = ExerciseCatalog.json }
            let result = try store.logSuperset(groups, createIfMissing: arguments[.create], sessionID: sessionID, details: details)
            if let missing = result.missingBefore { CLI.noteSetsChangedOutside(missing, context: context, store: store) }
            var text = "Superset \(result.superset ?? ""):"
            let session = result.stored.session
            let previous = session.status == .active ? try store.previousSets(for: session) : []
            for logged in result.logged {
                let entry = session.entries[logged.entryIndex]
                if logged.createdExercise { text = added(entry.exerciseName, store: store, create: arguments[.create]) + text }
                let last = previous.first { Exercise.nameKey($0.exerciseName) == Exercise.nameKey(entry.exerciseName) }
                text += "\n  " + loggedLine(entry, numbers: logged.setNumbers, previous: last, store: store, style: context.style)
            }
            let data = try context.jsonData { () throws(LiftLogError) in
                let session = try JSONShapes.session(result.stored, store: store)
                guard case .object(var object) = session else { return session }
                object["superset"] = result.superset.map { .string($0) } ?? .null
                object["previous"] = .array(previous.map(\.json))
                return .object(object)
            }
            return CommandResult(data: data, text: text)
        })

    static let cardio = CommandSpec(
        name: "cardio",
        abstract: "Record a finished cardio session in one line: liftlog cardio Run 5km/25:00.",
        discussion: "It ends now (or started at --at) and lasts the sets' total time. An exercise not in the library is added to it as cardio.",
        arguments: [Argument.exercise, Argument.cardioSets],
        options: [Option.recordedAt, Option.notes],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let sets = try SetNotation.parse(arguments[.cardioSets], defaultUnit: store.preferences.unit)
            let stored = try store.recordCardio(exercise: arguments[.exercise], sets: sets,
                                                startedAt: try time(.recordedAt, in: arguments, store: store), notes: try arguments[.notes])
            let entry = stored.session.entries[0]
            let what = entry.sets.map { Formatting.set($0, distance: store.preferences.distanceScale(of: entry.exerciseName)) }.joined(separator: " · ")
            let sessionJSON = try context.jsonData { () throws(LiftLogError) in try JSONShapes.session(stored, store: store) }
            return CommandResult(data: sessionJSON,
                                 text: "Recorded \(entry.exerciseName) \(what) on \(stored.session.startedAt.shortDescription) (\(stored.session.id.short)).")
        })

    static let set = CommandSpec(
        name: "set",
        abstract: "Change one set of the active session (or of any session with --session).",
        arguments: [Argument.exerciseName, Argument.setNumber],
        options: [Option.weight, Option.reps, Option.seconds, Option.distance, Option.rpe, Option.rir, Option.setType, Option.setNote,
                  Option.removedValues, Option.session, Flag.done, Flag.skip, Flag.undo],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            guard let number = Int(arguments[.setNumber]), number >= 1 else {
                throw .validation("The set number must be a whole number of 1 or more, got '\(arguments[.setNumber])'.")
            }
            let actions: [(Flag, SetChange.Action)] = [(.done, .complete), (.skip, .skip), (.undo, .undo)].filter { arguments[$0.0] }
            guard actions.count <= 1 else { throw .usage("Use only one of --done, --skip and --undo.", command: arguments.commandName) }
            var change = SetChange()
            change.action = actions.first?.1
            if let text = try arguments[.weight] {
                let parsed = try SetNotation.parse(text + "x1", defaultUnit: store.preferences.unit)
                change.weight = parsed.weight
                change.unit = parsed.unit
                change.bodyweight = parsed.bodyweight
            }
            if let text = try arguments[.seconds] { change.durationSeconds = try SetNotation.duration(text, option: "--seconds") }
            if let text = try arguments[.distance] { change.distanceMeters = try SetNotation.distance(text, option: "--distance") }
            // Reps, RIR and RPE follow the rules of every set (WorkoutSet.validateForWriting), applied by the change.
            change.reps = try arguments[.reps]
            change.rir = try arguments[.rir]
            change.setType = try arguments[.setType]
            change.note = try arguments[.setNote]
            change.rpe = try arguments[.rpe]
            for name in try arguments[.removedValues] ?? [] {
                guard let field = SetChange.Removable(rawValue: name.lowercased()) else {
                    throw .validation("--remove takes \(SetChange.Removable.allCases.map(\.rawValue).joinedAsAlternatives()), got '\(name)'.")
                }
                change.removing.insert(field)
            }
            guard !change.isEmpty else {
                throw .usage("Say what to change: --weight, --reps, --seconds, --distance, --rpe, --rir, --type, --note, --remove, --done, --skip or --undo.", command: arguments.commandName)
            }
            var sessionID: Session.ID?
            if let prefix = try arguments[.session] { sessionID = try store.session(idPrefix: prefix).session.id }
            let stored = try store.editSet(exercise: arguments[.exerciseName], number: number, change, sessionID: sessionID)
            let key = Exercise.nameKey(arguments[.exerciseName])
            let name = stored.session.entries.first { Exercise.nameKey($0.exerciseName) == key }?.exerciseName ?? arguments[.exerciseName]
            return try sessionResult(stored, store: store, context: context, prefix: "Updated set \(number) of \(name).")
        })

    static let drop = CommandSpec(
        name: "drop",
        abstract: "Remove an exercise and its sets from the active session.",
        arguments: [Argument.exerciseName],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            // The name as the session recorded it, not as typed.
            let key = Exercise.nameKey(arguments[.exerciseName])
            let name = (try? store.activeSession())??.session.entries.first { Exercise.nameKey($0.exerciseName) == key }?.exerciseName ?? arguments[.exerciseName]
            let stored = try store.dropExercise(arguments[.exerciseName])
            return try sessionResult(stored, store: store, context: context, prefix: "Removed \(name) from the session.")
        })

    static let status = CommandSpec(
        name: "status",
        abstract: "Show the active session.",
        run: { context, _ throws(LiftLogError) in
            let store = try context.store()
            // Shown as the notes before the command just read it, when they did.
            var active = context.activeSessionRead
            if active == nil { active = try store.activeSession() }
            guard let stored = active else {
                return CommandResult(data: .null, text: "No active session. Start one with 'liftlog start'.")
            }
            return try sessionResult(stored, store: store, context: context)
        })

    static let finish = CommandSpec(
        name: "finish",
        abstract: "Complete the active session.",
        options: [Option.feel, Option.pain, Option.sessionNotes, Option.endedAt],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored = try store.finish(
                feel: try arguments[.feel], painTags: try arguments[.pain] ?? [], notes: try arguments[.sessionNotes],
                completedAt: try time(.endedAt, in: arguments, store: store))
            return try sessionResult(stored, store: store, context: context, prefix: "Finished. Saved to \(stored.path).")
        })

    static let skip = CommandSpec(
        name: "skip",
        abstract: "Mark a planned day not trained (skipped).",
        discussion: "The session is kept as skipped: history, show and calendar say so, the plan's rotation moves on, and it never counts as training. Only a session with no logged set can be skipped; one with sets is finished with 'liftlog finish'.",
        options: [Option.sessionNotes],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            guard let active = try store.activeSession() else { throw .notFound("No active session to skip.") }
            let skipped = try store.skipSession(active.session.id, notes: try arguments[.sessionNotes])
            let day = skipped.session.planDay.map { " (\($0))" } ?? ""
            let sessionJSON = try context.jsonData { () throws(LiftLogError) in try JSONShapes.session(skipped, store: store) }
            return CommandResult(data: sessionJSON, text: "Skipped session \(skipped.session.id.short)\(day); it stays in the history as skipped.")
        })

    static let discard = CommandSpec(
        name: "discard",
        abstract: "Delete the active session (asks on a terminal).",
        options: [Flag.yes],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            guard let active = try store.activeSession() else {
                throw .notFound("No active session to discard.")
            }
            let sets = active.session.metrics(in: store.preferences.unit).setCount
            guard arguments[.yes] || context.confirm("Discard the session started \(active.session.startedAt.shortDescription) with \(Formatting.count(sets, "set"))?") else {
                return CommandResult(data: ["discarded": false], text: "Kept the session.")
            }
            let stored = try store.discardActiveSession()
            return CommandResult(data: ["discarded": true, "id": .string(stored.session.id.rawValue), "path": .string(stored.path)],
                                 text: "Discarded session \(stored.session.id.short).")
        })
}
