import LiftLogKit

/// `plan …` (training plans) and `today` (the active plan's next day).
enum PlanCommands {
    static let plan = CommandSpec(
        name: "plan",
        abstract: "Create, show and edit training plans.",
        discussion: "A plan is an ordered list of days, each with planned exercises written SETSxREPS (5x5, 3x8-12, 3x5+, 3xAMRAP), optionally with a load and a progression rule (lp, dp, pct, rpe, staged). One plan is active: 'liftlog today' shows its next day and 'liftlog start --plan-day DAY' begins a session with its sets waiting to be logged. Plans are also text: 'plan export' and 'plan import' (docs/plan-text.md).",
        subcommands: [create, list, show, rename, edit, activate, remove, addDay, renameDay, removeDay, moveDay, schedule, addExercise, removeExercise, importText, exportText, simulate])

    // MARK: Whole plans

    static let create = CommandSpec(
        name: "create",
        abstract: "Create a plan, empty or from a public program's template.",
        discussion: "Templates: 5x5 (StrongLifts), starting-strength, 531 (Boring But Big), gzclp, ppl. --max gives what a template starts from, once per lift: 5/3/1's training max, a linear program's first working weight; a weight without a unit is in the store's unit.",
        arguments: [Argument.newPlanName],
        options: [Option.days, Option.daysPerWeek, Option.durationWeeks, Option.notes, Flag.activate, Option.template, Option.templateMax],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored: StoredPlan
            if let template = try arguments[.template] {
                let days = try arguments[.days], daysPerWeek = try arguments[.daysPerWeek], notes = try arguments[.notes], weeks = try arguments[.durationWeeks]
                if days != nil || daysPerWeek != nil || notes != nil || weeks != nil {
                    throw .usage("A template brings its own days; give --from without --days, --days-per-week, --duration-weeks or --notes.", command: arguments.commandName)
                }
                var maxes: [(exercise: String, load: Load)] = []
                for text in try arguments.all(.templateMax) {
                    guard let equals = text.firstIndex(of: "="), !String(text[..<equals]).trimmingWhitespace().isEmpty else {
                        throw .validation("Write --max as EXERCISE=WEIGHT, such as 'Back Squat=100', got '\(text)'.")
                    }
                    let lift = String(text[..<equals]).trimmingWhitespace()
                    maxes.append((lift, try Load.parse(String(text[text.index(after: equals)...]), defaultUnit: store.preferences.unit, what: "The max of \(lift)")))
                }
                stored = try store.createPlan(name: arguments[.newPlanName], from: template, maxes: maxes, activate: arguments[.activate])
                return CommandResult(data: DataShapes.plan(stored), text: "Created plan \(stored.plan.name) from \(template.rawValue) (\(stored.path)).\n\n" + render(stored.plan, today: store.currentTimestamp().localDate, style: context.style)
                                     + "\n\nSee what it prescribes: liftlog plan simulate \(quoted(stored.plan.name)) --weeks 4")
            }
            if try !arguments.all(.templateMax).isEmpty { throw .usage("--max goes with --from TEMPLATE.", command: arguments.commandName) }
            stored = try store.createPlan(name: arguments[.newPlanName], daysPerWeek: try arguments[.daysPerWeek], durationWeeks: try arguments[.durationWeeks],
                                          notes: try arguments[.notes], days: try arguments[.days] ?? [],
                                          activate: arguments[.activate])
            let next = stored.plan.days.isEmpty ? "liftlog plan add-day \(quoted(stored.plan.name)) DAY" : "liftlog plan add-exercise \(quoted(stored.plan.name)) \(quoted(stored.plan.days[0].name)) EXERCISE 3x8-12"
            return CommandResult(data: DataShapes.plan(stored), text: "Created plan \(stored.plan.name) (\(stored.path)). Next: \(next)")
        })

    // MARK: Plans as text

    static let importText = CommandSpec(
        name: "import",
        abstract: "Create a plan from its text form (docs/plan-text.md).",
        discussion: "A plan that exists is only changed with --replace: its days become the file's, its ID, mesocycles and active mark stay. Mistakes are reported as FILE:LINE:COLUMN and change nothing.",
        arguments: [Argument.planFile],
        options: [Flag.replacePlan, Flag.activate],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let file = arguments[.planFile]
            guard let text = String(validating: try OutsideFiles.read(file, what: "Plan file"), as: UTF8.self) else {
                throw .validation("Plan file '\(file)' is not UTF-8 text.")
            }
            let stored = try store.importPlan(text: text, source: file, replace: arguments[.replacePlan], activate: arguments[.activate])
            return CommandResult(data: DataShapes.plan(stored), text: "Imported plan \(stored.plan.name) (\(stored.path)).\n\n" + render(stored.plan, today: store.currentTimestamp().localDate, style: context.style))
        })

    static let exportText = CommandSpec(
        name: "export",
        abstract: "Print a plan as text, for 'plan import' (docs/plan-text.md).",
        arguments: [Argument.planToShow],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored = try shownPlan(arguments, in: store)
            let text = PlanText.export(stored.plan)
            return CommandResult(data: .object(["plan": .string(stored.plan.name), "text": .string(text)]), text: String(text.dropLast()))
        })

    static let simulate = CommandSpec(
        name: "simulate",
        abstract: "Show what a plan will prescribe, week by week.",
        discussion: "Continues the plan's rotation and each rule's history from today; weeks start on the coming Monday and hold the plan's days per week. --assume miss-every-3rd makes every third session of each exercise fall one rep short on its last set, to see the rules' misses, stages and deloads.",
        arguments: [Argument.planToShow],
        options: [DefaultedOption.simulatedWeeks, DefaultedOption.assume],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let simulation = try store.simulate(plan: arguments[.planToShow], weeks: try arguments[.simulatedWeeks], assume: try arguments[.assume])
            return CommandResult(data: DataShapes.simulation(simulation), text: renderSimulation(simulation, style: context.style))
        }).reportingSkippedFiles()

    static let list = CommandSpec(
        name: "list",
        abstract: "List the plans; the active one is marked.",
        run: { context, _ throws(LiftLogError) in
            let store = try context.store()
            let plans = try store.planFiles()
            let rows = plans.map { stored in
                [stored.plan.isActive ? "*" : " ", stored.plan.name, Formatting.count(stored.plan.days.count, "day"),
                 Formatting.count(stored.plan.days.reduce(0) { $0 + $1.exercises.count }, "exercise"),
                 mesocycleLabel(stored.plan, today: store.currentTimestamp().localDate) ?? ""]
            }
            let text = plans.isEmpty ? "No plans yet. Create one with 'liftlog plan create NAME'." : Formatting.table(rows, header: ["", "PLAN", "DAYS", "PLANNED", "MESOCYCLE"], style: context.style)
            return CommandResult(data: .object(["plans": .array(plans.map(DataShapes.plan))]), text: text)
        })

    static let show = CommandSpec(
        name: "show",
        abstract: "Show a plan's days and planned exercises.",
        arguments: [Argument.planToShow],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored = try shownPlan(arguments, in: store)
            return CommandResult(data: DataShapes.plan(stored), text: render(stored.plan, today: store.currentTimestamp().localDate, style: context.style))
        })

    static let rename = CommandSpec(
        name: "rename",
        abstract: "Rename a plan (its file moves to the new name; sessions keep the name they were started under and still count for it).",
        arguments: [Argument.planName, Argument.newPlanNameTo],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let old = try store.plan(named: arguments[.planName])
            let stored = try store.changePlan(named: old.plan.name, PlanChanges(name: arguments[.newPlanNameTo]))
            return changed(stored, store: store, context: context, message: "Renamed plan \(old.plan.name) to \(stored.plan.name) (\(stored.path)).")
        })

    static let edit = CommandSpec(
        name: "edit",
        abstract: "Change a plan's notes, days per week or duration in weeks.",
        discussion: "An empty --notes removes the notes; --days-per-week 0 or --duration-weeks 0 removes that number.",
        arguments: [Argument.planName],
        options: [Option.notes, Option.daysPerWeekOrNone, Option.durationWeeksOrNone],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let changes = PlanChanges(notes: try arguments[.notes], daysPerWeek: try arguments[.daysPerWeekOrNone], durationWeeks: try arguments[.durationWeeksOrNone])
            guard changes != PlanChanges() else {
                throw .usage("Say what changes: --notes, --days-per-week or --duration-weeks.", command: arguments.commandName)
            }
            let stored = try store.changePlan(named: arguments[.planName], changes)
            return changed(stored, store: store, context: context, message: "Changed plan \(stored.plan.name).")
        })

    static let activate = CommandSpec(
        name: "activate",
        abstract: "Make a plan the active one.",
        arguments: [Argument.planName],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored = try store.activatePlan(named: arguments[.planName])
            return CommandResult(data: DataShapes.plan(stored), text: "\(stored.plan.name) is the active plan. See its next day with 'liftlog today'.")
        })

    static let remove = CommandSpec(
        name: "rm",
        abstract: "Delete a plan. Sessions keep the plan's name.",
        arguments: [Argument.planName],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let plan = try store.deletePlan(named: arguments[.planName])
            return CommandResult(data: .object(["deleted": plan.json]), text: "Deleted plan \(plan.name).")
        })

    // MARK: Days

    static let addDay = CommandSpec(
        name: "add-day",
        abstract: "Add a day to a plan.",
        arguments: [Argument.plan, Argument.newDay],
        options: [Option.position, Option.dayLike],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let day = Exercise.normalizedName(arguments[.newDay])
            guard let like = try arguments[.dayLike] else {
                let stored = try store.addPlanDay(plan: arguments[.plan], day: arguments[.newDay], position: try arguments[.position])
                return changed(stored, store: store, context: context, message: "Added \(day) to \(stored.plan.name).")
            }
            let session = try HistoryCommands.session(like, store: store).session
            let added = try store.addPlanDay(plan: arguments[.plan], day: arguments[.newDay], from: session, position: try arguments[.position])
            var message = "Added \(day) to \(added.stored.plan.name), as the session of \(session.startedAt.shortDescription) did it (\(session.id.short))."
            for left in added.leftOut { message += "\nLeft out \(left.exercise): \(left.reason)." }
            var data = DataShapes.plan(added.stored)
            if case .object(var object) = data { object["left_out"] = .array(added.leftOut.map(\.json)); data = .object(object) }
            return CommandResult(data: data, text: changed(added.stored, store: store, context: context, message: message).text)
        })

    static let renameDay = CommandSpec(
        name: "rename-day",
        abstract: "Rename a day of a plan (sessions logged under the old name still count for its rotation).",
        arguments: [Argument.plan, Argument.day, Argument.newDayName],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored = try store.renamePlanDay(plan: arguments[.plan], day: arguments[.day], to: arguments[.newDayName])
            return changed(stored, store: store, context: context, message: "Renamed \(arguments[.day]) to \(Exercise.normalizedName(arguments[.newDayName])) in \(stored.plan.name).")
        })

    static let schedule = CommandSpec(
        name: "schedule",
        abstract: "Put a day of a plan on weekdays: a weekly schedule instead of a rotation.",
        discussion: "With days on weekdays, 'liftlog today' and 'liftlog start' give the day of today's weekday (or, when it is done or today has none, the next one, and today is a rest day); a weekday has one day of the plan. 'none' takes a day off the schedule; with no day on a weekday, the plan rotates again.",
        arguments: [Argument.plan, Argument.day, Argument.weekdays],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let text = arguments[.weekdays]
            let weekdays = text.trimmingWhitespace().lowercased() == "none" ? [] : try Weekday.list(text)
            let stored = try store.schedulePlanDay(plan: arguments[.plan], day: arguments[.day], on: weekdays)
            let day = stored.plan.dayIndex(named: arguments[.day]).map { stored.plan.days[$0].name } ?? arguments[.day]
            let message = weekdays.isEmpty ? "\(day) of \(stored.plan.name) is on no weekday." : "\(day) of \(stored.plan.name) is on \(weekdays.map(\.name).joinedAsAlternatives(conjunction: "and"))."
            return changed(stored, store: store, context: context, message: message)
        })

    static let removeDay = CommandSpec(
        name: "rm-day",
        abstract: "Remove a day (and its planned exercises) from a plan.",
        arguments: [Argument.plan, Argument.day],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored = try store.removePlanDay(plan: arguments[.plan], day: arguments[.day])
            return changed(stored, store: store, context: context, message: "Removed \(arguments[.day]) from \(stored.plan.name).")
        })

    static let moveDay = CommandSpec(
        name: "move-day",
        abstract: "Move a day to another position in the plan's order.",
        arguments: [Argument.plan, Argument.day, Argument.newPosition],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            guard let position = Int(arguments[.newPosition]) else {
                throw .validation("Position must be a whole number, got '\(arguments[.newPosition])'.")
            }
            let stored = try store.movePlanDay(plan: arguments[.plan], day: arguments[.day], to: position)
            return changed(stored, store: store, context: context, message: "Moved \(arguments[.day]) to position \(position) of \(stored.plan.name).")
        })

    // MARK: Planned exercises

    static let addExercise = CommandSpec(
        name: "add-exercise",
        abstract: "Plan an exercise on a day, or change its sets and reps.",
        discussion: "Sets and reps: 5x5, 3x8-12 (a range; the top is the target a mesocycle progresses on), 3x5+ (the last set as many as possible), 3xAMRAP; or each set with its load, for a pyramid or back-off sets: '135x10, 155x8, 175x6+' (in the store's unit unless a set says kg or lb; a single one needs its unit: 140kgx1), with no --load or --progress. A progression rule moves the load from session to session: lp(2.5kg[, weekly][, deload: 10% after 3 misses]), dp(2.5kg, 8, 12), pct(100kg, 531, +5kg), rpe(8), staged(5kg, 5x3+, 6x2+, 10x1+, reset: 85%).",
        arguments: [Argument.plan, Argument.day, Argument.plannedExercise, Argument.plannedSets],
        options: [Option.plannedNotes, Option.plannedLoad, Option.plannedProgress],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let notation = try PlanNotation.parse(arguments[.plannedSets], unit: store.preferences.unit)
            var load: Load??
            if let text = try arguments[.plannedLoad] {
                load = .some(text.isEmpty ? nil : try Load.parse(text, defaultUnit: store.preferences.unit, what: "--load"))
            }
            var progress: ProgressionRule??
            if let text = try arguments[.plannedProgress] { progress = .some(try ProgressionRule.parse(text, field: "--progress")) }
            let change = try store.setPlannedExercise(plan: arguments[.plan], day: arguments[.day], exercise: arguments[.plannedExercise], notation,
                                                      notes: try arguments[.plannedNotes], load: load, progress: progress)
            let message = change.previous.map { "Changed \(change.planned.exerciseName) from \($0.notation) to \(change.planned.notation)." }
                ?? "Planned \(change.planned.exerciseName) \(change.planned.notation)."
            return changed(change.stored, store: store, context: context, message: message)
        })

    static let removeExercise = CommandSpec(
        name: "rm-exercise",
        abstract: "Remove a planned exercise from a day.",
        arguments: [Argument.plan, Argument.day, Argument.existingPlannedExercise],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let stored = try store.removePlannedExercise(plan: arguments[.plan], day: arguments[.day], exercise: arguments[.existingPlannedExercise])
            return changed(stored, store: store, context: context, message: "Removed \(arguments[.existingPlannedExercise]) from \(arguments[.day]).")
        })

    // MARK: Today

    static let today = CommandSpec(
        name: "today",
        abstract: "The active plan's next day, with target weights, and the last session.",
        discussion: "The next day is the one after the plan day of the last completed session of the plan, wrapping around to the first; the first day when the plan has none. Target weights come from the last session that had each exercise or, during a mesocycle, from its progression rule.",
        options: [Flag.plates],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let report = try store.today()
            let plates = arguments[.plates] ? store.plates(for: report) : nil
            let data = DataShapes.today(report, plates: plates)
            return CommandResult(data: data, text: renderToday(report, now: store.currentTimestamp(), style: context.style, plates: plates))
        }).reportingSkippedFiles()

    /// The plan the optional NAME argument names, else the active plan.
    private static func shownPlan(_ arguments: ParsedArguments, in store: Store) throws(LiftLogError) -> StoredPlan {
        if let name = arguments[.planToShow] { return try store.plan(named: name) }
        return try store.requireActivePlan()
    }

    // MARK: Output

    static func quoted(_ name: String) -> String {
        name.contains(where: { $0 == " " || $0 == "'" }) ? "'" + name.replacingOccurrences(of: "'", with: "'\\''") + "'" : name
    }

    private static func changed(_ stored: StoredPlan, store: Store, context: CommandContext, message: String) -> CommandResult {
        CommandResult(data: DataShapes.plan(stored), text: message + "\n\n" + render(stored.plan, today: store.currentTimestamp().localDate, style: context.style))
    }

    /// `week 2 of 6`, `starts 2025-02-03`, or `nil` without an active or pending mesocycle.
    static func mesocycleLabel(_ plan: TrainingPlan, today: LocalDate) -> String? {
        if let meso = plan.mesocycles.first(where: { $0.status == .active }) {
            if let week = meso.week(of: today) { return "week \(week) of \(meso.durationWeeks)" }
            return today < meso.startDate ? "active, starts \(meso.startDate)" : "active, ended \(meso.endDate)"
        }
        if let meso = plan.mesocycles.first(where: { $0.status == .pending }) { return "pending, \(meso.startDate), \(meso.durationWeeks) weeks" }
        return nil
    }

    static func render(_ plan: TrainingPlan, today: LocalDate, style: Style) -> String {
        var header = style.bold(plan.name)
        var facts: [String] = []
        if plan.isActive { facts.append("active") }
        if let days = plan.daysPerWeek { facts.append("\(days) days per week") }
        if let weeks = plan.durationWeeks { facts.append("runs of \(weeks) weeks") }
        if let label = mesocycleLabel(plan, today: today) { facts.append("mesocycle " + label) }
        if !facts.isEmpty { header += "  (" + facts.joined(separator: " · ") + ")" }
        var lines = [header]
        if let notes = plan.notes { lines.append(notes) }
        if plan.days.isEmpty { lines.append("No days yet. Add one with 'liftlog plan add-day \(quoted(plan.name)) DAY'.") }
        for (index, day) in plan.days.enumerated() {
            lines.append("")
            lines.append("\(index + 1). " + style.bold(day.name) + (day.weekdays.isEmpty ? "" : "  (" + day.weekdays.map { $0.name.prefix(3) }.joined(separator: ", ") + ")"))
            if day.exercises.isEmpty { lines.append("   (no exercises yet)") }
            let rows = day.exercises.map { [" ", $0.exerciseName, $0.notation, $0.load?.text ?? "", $0.progress.map { "progress: " + $0.text } ?? "", $0.notes ?? ""] }
            if !rows.isEmpty { lines.append(Formatting.table(rows, style: style)) }
        }
        return lines.joined(separator: "\n")
    }

    static func renderToday(_ report: TodayReport, now: Timestamp, style: Style, plates: [Int: PlateLoading]? = nil) -> String {
        var title = "\(report.plan.name): " + style.bold(report.day.name)
        title += "  (day \(report.dayIndex + 1) of \(report.plan.days.count)"
        if let week = report.week, let meso = report.mesocycle { title += ", week \(week) of \(meso.durationWeeks)" }
        title += ")"
        var lines = [title]
        if report.isRestDay { lines.insert("Rest day today.", at: 0) }
        if let date = report.scheduledOn, date != now.localDate {
            lines[lines.count - 1] += " on \(date.weekdayName) \(date)"
        }
        if report.targets.isEmpty {
            lines.append("No exercises planned on \(report.day.name) yet.")
        } else {
            let ruled = report.targets.contains { $0.prescription != nil }
            let rows = report.targets.enumerated().map { index, target -> [String] in
                let weight: String = target.weight.map { Formatting.weight($0, target.unit) + (target.progressed ? " (+)" : "") } ?? "–"
                var row: [String] = [" ", target.exerciseName, target.planned.notation, target.prescription?.summary ?? weight]
                if plates != nil {
                    row.append(plates?[index].map { loading in
                        (loading.isExact ? "" : "\(Formatting.number(loading.total)): ") + (loading.perSide.isEmpty ? "bar only" : loading.perSide.map(Formatting.number).joined(separator: " + "))
                    } ?? "–")
                }
                if ruled { row.append(target.prescription?.reason ?? "") }
                return row
            }
            lines.append(Formatting.table(rows, header: ["", "EXERCISE", "SETS", "TARGET"] + (plates == nil ? [] : ["PLATES PER SIDE"]) + (ruled ? ["WHY"] : []), style: style))
        }
        lines.append("")
        if let active = report.activeSession {
            lines.append("A session is active (started \(active.startedAt.shortDescription)); log into it, or finish it first.")
        } else {
            lines.append("Start it with: liftlog start --plan-day \(quoted(report.day.name))")
        }
        if let last = report.lastPlanSession ?? report.lastSession {
            lines.append("")
            lines.append("Last session: \(describe(last, unit: report.unit, now: now))" + (report.lastSessionFeel.map { ", felt \($0)/5" } ?? ""))
            if let other = report.lastSession, other.id != last.id {
                lines.append("Since then: \(describe(other, unit: report.unit, now: now))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The sessions ahead, a table a week.
    static func renderSimulation(_ simulation: ProgramSimulation, style: Style) -> String {
        let outcome = simulation.assumption == .hit ? "every rep hit" : "every third session of each exercise one rep short"
        var lines = [style.bold(simulation.plan.name) + ": \(Formatting.count(simulation.weeks, "week")) from \(simulation.sessions.first?.date.description ?? ""), \(outcome)"]
        var week = 0
        var rows: [[String]] = []
        // A plan whose days do not fill a week (a 3-day rotation trained 6 days a week, or 2)
        // shows each session's pass through the days.
        let rotating = simulation.plan.days.count != min(max(simulation.plan.daysPerWeek ?? simulation.plan.days.count, 1), 7)
        func flush() {
            if !rows.isEmpty { lines.append(Formatting.table(rows, header: ["DATE", "DAY", "EXERCISE", "PRESCRIPTION", "WHY"], style: style)) }
            rows = []
        }
        for session in simulation.sessions {
            if session.week != week {
                flush()
                week = session.week
                lines.append("")
                lines.append(style.bold("Week \(week)"))
            }
            for (index, exercise) in session.exercises.enumerated() {
                let first = index == 0
                let prescription = exercise.prescription.map(\.summary) ?? exercise.planned.notation + (exercise.planned.load.map { " @ " + $0.text } ?? "")
                let why = (exercise.prescription?.reason ?? "no rule") + (exercise.missed ? "; simulated miss" : "")
                rows.append([first ? "\(session.date.weekdayName) \(session.date)" : "", first ? session.day + (rotating ? " (cycle \(session.cycle))" : "") : "",
                             exercise.name, prescription, why])
            }
            if session.exercises.isEmpty { rows.append(["\(session.date)", session.day, "(no exercises)", "", ""]) }
        }
        flush()
        return lines.joined(separator: "\n")
    }

    /// `Day B on 2025-01-22 07:00 (2 days ago): 3 exercises, 15 sets, 4,200 kg, 55m`.
    static func describe(_ summary: SessionSummary, unit: WeightUnit, now: Timestamp) -> String {
        var text = summary.planDay ?? summary.kind.rawValue
        text += " on \(summary.startedAt.shortDescription) (\(Formatting.ago(Int(now.millisecondsSince1970 - summary.startedAt.millisecondsSince1970) / 1000)))"
        var parts: [String] = []
        if summary.exerciseCount > 0 {
            parts.append(Formatting.count(summary.exerciseCount, "exercise"))
            parts.append(Formatting.count(summary.setCount, "set"))
            if summary.totalVolume > 0 { parts.append(Formatting.weight(summary.unit.convert(summary.totalVolume, to: unit), unit)) }
        }
        if let duration = summary.durationSeconds { parts.append(Formatting.duration(duration)) }
        return parts.isEmpty ? text : text + ": " + parts.joined(separator: ", ")
    }
}
