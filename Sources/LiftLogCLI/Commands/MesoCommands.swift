import LiftLogKit

/// `meso …`: mesocycles, a plan run for a number of weeks with progressive targets.
enum MesoCommands {
    static let meso = CommandSpec(
        name: "meso",
        abstract: "Run a plan for a number of weeks with progressing targets.",
        discussion: "A mesocycle runs a plan from a start date for N weeks. Sessions logged during it record their week number. After a week in which every target rep of an exercise was hit, its target weight rises by the exercise's weight increment (liftlog exercise edit NAME --increment 2.5); otherwise it stays.",
        subcommands: [create, start, complete, cancel, show])

    static let create = CommandSpec(
        name: "create",
        abstract: "Plan a mesocycle of a plan (it waits until started).",
        arguments: [Argument.mesocyclePlan],
        options: [Option.mesocycleStart, Option.mesocycleWeeks],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let start = try arguments[.mesocycleStart] ?? store.currentTimestamp().localDate
            let created = try store.createMesocycle(plan: arguments[.mesocyclePlan], startDate: start, weeks: try arguments[.mesocycleWeeks])
            let text = "Planned a \(created.mesocycle.durationWeeks)-week mesocycle of \(created.plan.name) from \(start) to \(created.mesocycle.endDate). Start it with 'liftlog meso start'."
            return CommandResult(data: DataShapes.mesocycle(created), text: text)
        })

    static let start = CommandSpec(
        name: "start",
        abstract: "Start the pending mesocycle (and make its plan the active plan).",
        arguments: [Argument.pendingPlan],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let started = try store.startMesocycle(plan: arguments[.pendingPlan])
            let today = store.currentTimestamp().localDate
            var text = "Started the mesocycle of \(started.plan.name): \(started.mesocycle.startDate) to \(started.mesocycle.endDate)"
            if let week = started.mesocycle.week(of: today) { text += ", week \(week) of \(started.mesocycle.durationWeeks)" }
            text += ". See the next day with 'liftlog today'."
            return CommandResult(data: DataShapes.mesocycle(started), text: text)
        })

    static let complete = CommandSpec(
        name: "complete",
        abstract: "Mark the active mesocycle completed.",
        run: { context, _ throws(LiftLogError) in
            let store = try context.store()
            let done = try store.completeMesocycle()
            return CommandResult(data: DataShapes.mesocycle(done), text: "Completed the mesocycle of \(done.plan.name) (\(done.mesocycle.startDate), \(done.mesocycle.durationWeeks) weeks).")
        })

    static let cancel = CommandSpec(
        name: "cancel",
        abstract: "Cancel the active mesocycle, or a pending one.",
        arguments: [Argument.cancelledPlan],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let cancelled = try store.cancelMesocycle(plan: arguments[.cancelledPlan])
            return CommandResult(data: DataShapes.mesocycle(cancelled), text: "Cancelled the mesocycle of \(cancelled.plan.name) (\(cancelled.mesocycle.startDate), \(cancelled.mesocycle.durationWeeks) weeks).")
        })

    static let show = CommandSpec(
        name: "show",
        abstract: "A mesocycle week by week: sessions, target weights and whether they were hit.",
        arguments: [Argument.shownPlan],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let report = try store.mesocycleReport(plan: arguments[.shownPlan])
            return CommandResult(data: DataShapes.mesocycleReport(report), text: render(report, unicode: context.unicode, style: context.style))
        }).reportingSkippedFiles()

    // MARK: Output

    static func render(_ report: MesocycleReport, unicode: Bool, style: Style) -> String {
        let meso = report.mesocycle
        var title = style.bold("\(report.plan.name) mesocycle") + ": \(meso.startDate) to \(meso.endDate), \(meso.durationWeeks) weeks, \(meso.status.rawValue)"
        if let week = report.currentWeek, meso.status == .active { title += ", week \(week)" }
        let (hit, miss) = unicode ? ("✓", "✗") : ("+", "x")
        // Past weeks show what they aimed for and whether it was hit; the current week what
        // it aims for; later weeks depend on what happens, so they stay blank.
        let lastShown = report.currentWeek ?? (meso.status == .pending ? 0 : meso.durationWeeks)
        let rows = (1...meso.durationWeeks).map { week -> [String] in
            var row = [week == report.currentWeek ? "\(week) \(unicode ? "◀" : "<")" : "\(week)", meso.firstDay(ofWeek: week).description, String(report.sessionsPerWeek[week - 1])]
            for exercise in report.exercises {
                let cell = exercise.weeks[week - 1]
                guard week <= lastShown || cell.hit != nil else { row.append(""); continue }
                var text = (cell.targetWeight ?? cell.performedWeight).map(Formatting.number) ?? (cell.hit == nil ? "–" : "bw")
                if let done = cell.hit { text += " " + (done ? hit : miss) }
                row.append(text)
            }
            return row
        }
        // An exercise loaded in the other unit says so in its heading.
        let header = ["WEEK", "STARTS", "SESSIONS"] + report.exercises.map { "\($0.exerciseName) \($0.planned.notation)" + ($0.unit == report.unit ? "" : " (\($0.unit.rawValue))") }
        var lines = [title, "", Formatting.table(rows, header: header, style: style), ""]
        lines.append("Weights in \(report.unit.rawValue)\(report.exercises.contains { $0.unit != report.unit } ? " unless the heading says otherwise" : ""). \(hit) every target rep hit (the next week adds the exercise's increment), \(miss) missed (the weight stays).")
        if !report.changes.isEmpty {
            lines += ["", style.bold("Why the loads changed")]
            let prescribed = report.changes.contains { $0.prescribed != nil }
            let rows = report.changes.map { change in
                ["\(change.week)", change.date.description, change.exerciseName] + (prescribed ? [change.prescribed ?? ""] : []) + [change.reason]
            }
            lines.append(Formatting.table(rows, header: ["WEEK", "DATE", "EXERCISE"] + (prescribed ? ["PRESCRIBED"] : []) + ["WHY"], style: style))
        }
        return lines.joined(separator: "\n")
    }
}
