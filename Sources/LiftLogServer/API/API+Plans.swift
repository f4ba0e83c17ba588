import LiftLogKit

/// Plans, their days (named by position from 1, or by name) and each day's exercises (by
/// exercise ID or name); mesocycles.
extension API {
    static let planRoutes: [Route] = [
        Route("plans", [
            "GET": { call throws(LiftLogError) in APIResponse.ok(["plans": .array(try call.store().planFiles().map(DataShapes.plan))]) },
            "POST": { call throws(LiftLogError) in
                let store = try call.store()
                let created = try store.createPlan(name: try call.requiredString("name", what: "Plan name", example: "{\"name\": \"Upper Lower\", \"days\": [\"Upper\", \"Lower\"]}"),
                                                   daysPerWeek: try call.integer("days_per_week"), durationWeeks: try call.integer("duration_weeks"), notes: try call.string("notes"),
                                                   days: try call.strings("days") ?? [], activate: try call.bool("active") ?? false)
                return APIResponse.ok(DataShapes.plan(created), status: 201)
            },
        ]),
        Route("plans/:plan", [
            "GET": { call throws(LiftLogError) in APIResponse.ok(DataShapes.plan(try plan(call[0], in: try call.store()))) },
            "PUT": { call throws(LiftLogError) in
                try call.refuseUnknownKeys(["name", "notes", "days_per_week", "duration_weeks", "active"])
                let store = try call.store()
                var stored = try plan(call[0], in: store)
                let changes = PlanChanges(name: try call.string("name"), notes: try call.string("notes"), daysPerWeek: try call.integer("days_per_week"),
                                          durationWeeks: try call.integer("duration_weeks"))
                let active = try call.bool("active")
                guard changes != PlanChanges() || active != nil else {
                    throw .validation("Give what changes: name, notes, days_per_week, duration_weeks, or {\"active\": true} to make it the active plan.")
                }
                if active == false { throw .validation("A plan stops being active when another is activated; activate that one instead.") }
                if changes != PlanChanges() { stored = try store.changePlan(named: stored.plan.name, changes) }
                if active == true { stored = try store.activatePlan(named: stored.plan.name) }
                return APIResponse.ok(DataShapes.plan(stored))
            },
            "DELETE": { call throws(LiftLogError) in
                let store = try call.store()
                let removed = try store.deletePlan(named: try plan(call[0], in: store).plan.name)
                return APIResponse.ok(removed.json)
            },
        ]),
        Route("plans/:plan/days", [
            "GET": { call throws(LiftLogError) in
                let stored = try plan(call[0], in: try call.store())
                return APIResponse.ok(["days": .array(stored.plan.days.enumerated().map { dayJSON($1, position: $0 + 1) })])
            },
            "POST": { call throws(LiftLogError) in
                let store = try call.store()
                let stored = try plan(call[0], in: store)
                try call.refuseUnknownKeys(["name", "position", "from_session"])
                let name = try call.requiredString("name", what: "Day name", example: "{\"name\": \"Day C\"}")
                // `from_session`: the day plans what that session did (``Store/addPlanDay(plan:day:from:position:)``).
                if let id = try call.string("from_session") {
                    let session = try store.session(idPrefix: id).session
                    let added = try store.addPlanDay(plan: stored.plan.name, day: name, from: session, position: try call.integer("position"))
                    var day = dayJSON(added.stored.plan.days[added.dayIndex], position: added.dayIndex + 1)
                    if case .object(var object) = day { object["left_out"] = .array(added.leftOut.map(\.json)); day = .object(object) }
                    return APIResponse.ok(day, status: 201)
                }
                let changed = try store.addPlanDay(plan: stored.plan.name, day: name, position: try call.integer("position"))
                guard let index = changed.plan.dayIndex(named: name) else { return APIResponse.ok(DataShapes.plan(changed), status: 201) }
                return APIResponse.ok(dayJSON(changed.plan.days[index], position: index + 1), status: 201)
            },
        ]),
        Route("plans/:plan/days/:day", [
            "GET": { call throws(LiftLogError) in
                let stored = try plan(call[0], in: try call.store())
                let index = try dayIndex(call[1], in: stored.plan)
                return APIResponse.ok(dayJSON(stored.plan.days[index], position: index + 1))
            },
            "PUT": { call throws(LiftLogError) in
                let store = try call.store()
                let stored = try plan(call[0], in: store)
                let index = try dayIndex(call[1], in: stored.plan)
                try call.refuseUnknownKeys(["name", "position", "weekdays"])
                let name = try call.string("name"), position = try call.integer("position")
                // `weekdays`: the day's weekly schedule (``Store/schedulePlanDay(plan:day:on:)``); [] takes it off.
                let weekdays = try call.strings("weekdays").map { (names: [String]) throws(LiftLogError) in try Weekday.list(names.joined(separator: ",")) }
                guard name != nil || position != nil || weekdays != nil else {
                    throw .validation("Give what changes: {\"name\": \"Push\"} renames the day, {\"position\": 1} moves it first, {\"weekdays\": [\"mon\", \"thu\"]} puts it on those days.")
                }
                var changed = stored
                var dayName = stored.plan.days[index].name
                // The schedule first: a weekday another day has refuses the request before anything is written.
                if let weekdays { changed = try store.schedulePlanDay(plan: stored.plan.name, day: dayName, on: weekdays) }
                if let name {
                    changed = try store.renamePlanDay(plan: stored.plan.name, day: dayName, to: name)
                    dayName = changed.plan.days[index].name
                }
                if let position { changed = try store.movePlanDay(plan: stored.plan.name, day: dayName, to: position) }
                return APIResponse.ok(DataShapes.plan(changed))
            },
            "DELETE": { call throws(LiftLogError) in
                let store = try call.store()
                let stored = try plan(call[0], in: store)
                let index = try dayIndex(call[1], in: stored.plan)
                return APIResponse.ok(DataShapes.plan(try store.removePlanDay(plan: stored.plan.name, day: stored.plan.days[index].name)))
            },
        ]),
        Route("plans/:plan/days/:day/exercises", [
            "GET": { call throws(LiftLogError) in
                let stored = try plan(call[0], in: try call.store())
                let index = try dayIndex(call[1], in: stored.plan)
                return APIResponse.ok(["exercises": .array(stored.plan.days[index].exercises.map(plannedJSON))])
            },
            "POST": { call throws(LiftLogError) in
                try setPlanned(call, exercise: try call.requiredString("exercise", what: "Exercise", example: "{\"exercise\": \"Back Squat\", \"scheme\": \"5x5\"}"))
            },
        ]),
        Route("plans/:plan/days/:day/exercises/:exercise", [
            "PUT": { call throws(LiftLogError) in try setPlanned(call, exercise: call[2]) },
            "DELETE": { call throws(LiftLogError) in
                let store = try call.store()
                let stored = try plan(call[0], in: store)
                let index = try dayIndex(call[1], in: stored.plan)
                let changed = try store.removePlannedExercise(plan: stored.plan.name, day: stored.plan.days[index].name, exercise: try plannedName(call[2], in: stored.plan.days[index], store: store))
                return APIResponse.ok(DataShapes.plan(changed))
            },
        ]),
    ]

    static let mesocycleRoutes: [Route] = [
        Route("mesocycles", [
            "GET": { call throws(LiftLogError) in
                let plans = try call.store().plans()
                let all = plans.flatMap { plan in plan.mesocycles.map { PlannedMesocycle(plan: plan, mesocycle: $0) } }
                return APIResponse.ok(["mesocycles": .array(all.sorted { $0.mesocycle.startDate > $1.mesocycle.startDate }.map(DataShapes.mesocycle))])
            },
            "POST": { call throws(LiftLogError) in
                let store = try call.store()
                guard let start = try call.date("start_date") else { throw .validation("Start date is required, as in {\"plan_id\": \"…\", \"start_date\": \"2025-02-03\"}.") }
                let planKey = try call.alias("plan", "plan_id", { (key: String) throws(LiftLogError) in try call.string(key) })
                let named: StoredPlan
                if let planKey { named = try plan(planKey, in: store) } else { named = try store.requireActivePlan() }
                let created = try store.createMesocycle(plan: named.plan.name, startDate: start, weeks: try call.alias("weeks", "duration_weeks", { (key: String) throws(LiftLogError) in try call.integer(key) }))
                return APIResponse.ok(DataShapes.mesocycle(created), status: 201)
            },
        ]),
        Route("mesocycles/active", ["GET": { call throws(LiftLogError) in
            let store = try call.store()
            guard let active = try store.activeMesocycle() else { return APIResponse.ok(.null) }
            return APIResponse.ok(DataShapes.mesocycleReport(try store.mesocycleReport(plan: active.plan.name)))
        }]),
        Route("mesocycles/:id", ["GET": { call throws(LiftLogError) in
            let store = try call.store()
            let found = try mesocycle(call[0], in: store)
            return APIResponse.ok(DataShapes.mesocycle(found))
        }]),
        Route("mesocycles/:id/start", ["PUT": { call throws(LiftLogError) in
            let store = try call.store()
            let found = try mesocycle(call[0], in: store)
            if found.mesocycle.status == .active { return APIResponse.ok(DataShapes.mesocycle(found)) }
            guard found.mesocycle.status == .pending else { throw .conflict("That mesocycle is \(found.mesocycle.status.rawValue); start a new one instead.") }
            return APIResponse.ok(DataShapes.mesocycle(try store.startMesocycle(plan: found.plan.name)))
        }]),
        Route("mesocycles/:id/complete", ["PUT": { call throws(LiftLogError) in
            let store = try call.store()
            let found = try mesocycle(call[0], in: store)
            guard found.mesocycle.status == .active else { throw .conflict("Only the active mesocycle can be completed; this one is \(found.mesocycle.status.rawValue).") }
            return APIResponse.ok(DataShapes.mesocycle(try store.completeMesocycle()))
        }]),
        Route("mesocycles/:id/cancel", ["PUT": { call throws(LiftLogError) in
            let store = try call.store()
            let found = try mesocycle(call[0], in: store)
            guard found.mesocycle.status == .active || found.mesocycle.status == .pending else {
                throw .conflict("That mesocycle is already \(found.mesocycle.status.rawValue).")
            }
            return APIResponse.ok(DataShapes.mesocycle(try store.cancelMesocycle(plan: found.plan.name)))
        }]),
    ]

    /// A plan by its ID or its name.
    static func plan(_ key: String, in store: Store) throws(LiftLogError) -> StoredPlan {
        if let id = TrainingPlan.ID(rawValue: key.lowercased()), let found = try store.planFiles().first(where: { $0.plan.id == id }) { return found }
        return try store.plan(named: key)
    }

    /// A day by its position (from 1) or its name.
    static func dayIndex(_ key: String, in plan: TrainingPlan) throws(LiftLogError) -> Int {
        if let position = Int(key) {
            guard plan.days.indices.contains(position - 1) else { throw .notFound("Plan '\(plan.name)' has no day \(position); it has \(plan.days.count).") }
            return position - 1
        }
        if let index = plan.dayIndex(named: key) { return index }
        throw .notFound("Plan '\(plan.name)' has no day named '\(key)' (days: \(plan.days.map(\.name).joined(separator: ", "))).")
    }

    /// The planned name of an exercise of `day` given by exercise ID or name.
    static func plannedName(_ key: String, in day: TrainingPlan.Day, store: Store) throws(LiftLogError) -> String {
        if let id = Exercise.ID(rawValue: key.lowercased()), let planned = day.exercises.first(where: { $0.exerciseID == id }) { return planned.exerciseName }
        return key
    }

    /// `POST …/exercises {"exercise", "scheme": "3x8-12", "notes"?, "load"?: "100kg", "progress"?: "lp(2.5kg)"}` or
    /// `PUT …/exercises/:exercise {"scheme", "notes"?, "load"?, "progress"?}`: plans the exercise on the day, or changes
    /// how (201 when added, 200 when changed). An empty `load` or `progress` removes it.
    static func setPlanned(_ call: Call, exercise key: String) throws(LiftLogError) -> HTTPResponse {
        let store = try call.store()
        let stored = try plan(call[0], in: store)
        let index = try dayIndex(call[1], in: stored.plan)
        let day = stored.plan.days[index]
        let name = try plannedName(key, in: day, store: store)
        var notation: PlanNotation
        if let scheme = try call.string("scheme") {
            notation = try PlanNotation.parse(scheme, unit: store.preferences.unit)
        } else if let planned = day.exercises.first(where: { Exercise.nameKey($0.exerciseName) == Exercise.nameKey(name) }) {
            notation = planned.setTargets.isEmpty ? PlanNotation(sets: planned.sets, reps: planned.reps, lastSetAMRAP: planned.lastSetAMRAP)
                : PlanNotation(setTargets: planned.setTargets)
        } else {
            throw .validation("Give the scheme, such as {\"scheme\": \"3x8-12\"} (also 5x5, 3xAMRAP).")
        }
        if let sets = try call.integer("sets") { notation.sets = sets }
        var load: Load??
        if let text = try call.string("load") { load = .some(text.isEmpty ? nil : try Load.parse(text, defaultUnit: store.preferences.unit, what: "load")) }
        var progress: ProgressionRule??
        if let text = try call.string("progress") { progress = .some(try ProgressionRule.parse(text, field: "progress")) }
        let change = try store.setPlannedExercise(plan: stored.plan.name, day: day.name, exercise: name, notation, notes: try call.string("notes"),
                                                  load: load, progress: progress)
        return APIResponse.ok(plannedJSON(change.planned), status: change.previous == nil ? 201 : 200)
    }

    static func dayJSON(_ day: TrainingPlan.Day, position: Int) -> JSONValue {
        .object(["position": .number(JSONNumber(position)), "name": .string(day.name), "exercises": .array(day.exercises.map(plannedJSON)),
                 "weekdays": .array(day.weekdays.map { .string($0.rawValue) })])
    }

    static func plannedJSON(_ planned: TrainingPlan.PlannedExercise) -> JSONValue {
        var object: JSONObject = ["exercise_name": .string(planned.exerciseName), "sets": .number(JSONNumber(planned.sets)), "reps": .string(planned.reps),
                                  "scheme": .string(planned.notation)]
        object["exercise_id"] = planned.exerciseID.map { .string($0.rawValue) } ?? .null
        object["notes"] = planned.notes.map { .string($0) } ?? .null
        object["load"] = planned.load.map { .string($0.text) } ?? .null
        object["progress"] = planned.progress.map { .string($0.text) } ?? .null
        return .object(object)
    }

    /// A mesocycle by its ID, with its plan.
    static func mesocycle(_ key: String, in store: Store) throws(LiftLogError) -> PlannedMesocycle {
        for plan in try store.plans() {
            if let found = plan.mesocycles.first(where: { $0.id.rawValue == key.lowercased() }) { return PlannedMesocycle(plan: plan, mesocycle: found) }
        }
        throw .notFound("No mesocycle with ID '\(key)'.")
    }
}
