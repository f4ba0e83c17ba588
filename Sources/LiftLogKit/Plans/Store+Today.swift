/// What a planned exercise aims for today.
public struct PlannedTarget: Sendable {
    /// The exercise as the plan's day plans it.
    public var planned: TrainingPlan.PlannedExercise
    /// The library's current name when the link resolves, else the planned name.
    public var exerciseName: String
    /// The library exercise, when the plan names one.
    public var exerciseID: Exercise.ID?
    /// In ``unit``, a multiple of the exercise's increment; `nil` without history (or for
    /// bodyweight work).
    public var weight: Double?
    /// The unit the lifter last loaded the exercise in (else the store's).
    public var unit: WeightUnit = .kg
    /// The exercise's own bar (``Exercise/barWeight``, in the store's unit), where it has one.
    public var barWeight: Double?
    /// The weights the exercise can be set to (``Exercise/loads``, in the store's unit):
    /// ``weight`` is one of them, and no plates go on it.
    public var loads: [Double] = []
    /// Whether the weight went up by the increment since last week (mesocycles only).
    public var progressed: Bool
    /// For an exercise with a progression rule: each set's reps and load, and why.
    public var prescription: Prescription?
}

/// The active plan's next day.
public struct TodayReport: Sendable {
    /// The active plan.
    public var plan: TrainingPlan
    /// The position of the day in the plan, from 0.
    public var dayIndex: Int
    /// The plan day that is next.
    public var day: TrainingPlan.Day { plan.days[dayIndex] }
    /// What each exercise of the day asks today, in the day's order.
    public var targets: [PlannedTarget]
    /// The newest completed session of the plan (the one the rotation follows).
    public var lastPlanSession: SessionSummary?
    /// The newest completed session of any kind.
    public var lastSession: SessionSummary?
    /// The session being logged, if one is.
    public var activeSession: SessionSummary?
    /// How the last session (``lastPlanSession``, else ``lastSession``) felt, 1–5, when it says.
    public var lastSessionFeel: Int?
    /// The plan's active mesocycle and the week today falls in.
    public var mesocycle: Mesocycle?
    /// The week of the active mesocycle today falls in, if there is one.
    public var week: Int?
    /// The store's unit, of the targets' weights.
    public var unit: WeightUnit
    /// For a plan with a weekly schedule, the date ``day`` falls on (today, or the next day
    /// it has when today's is done or today has none); `nil` for a plan that rotates.
    public var scheduledOn: LocalDate?
    /// Whether today is a rest day of the plan's schedule (no day falls on its weekday).
    public var isRestDay: Bool
}

extension Store {
    /// The active plan's next day (the day after the last completed session's plan day,
    /// wrapping around; the first day when there is none), its targets and the last sessions.
    ///
    /// - Throws: `NOT_FOUND` when no plan is active or the plan has no days.
    public func today() throws(LiftLogError) -> TodayReport {
        let plan = try requireActivePlan().plan
        let rotation = try nextDay(of: plan)
        let today = currentTimestamp().localDate
        let meso = plan.mesocycles.first { $0.status == .active }
        // Its feel is in its file (a file that does not read leaves it out).
        let feel = (rotation.lastPlanSession ?? rotation.lastSession).flatMap { try? session(id: $0.id).session.sessionRPE }
        let scheduled = Store.scheduledDay(of: plan, on: today, lastPlanSession: rotation.lastPlanSession)
        let dayIndex = scheduled?.dayIndex ?? rotation.dayIndex
        return TodayReport(
            plan: plan, dayIndex: dayIndex, targets: try targets(plan: plan, dayIndex: dayIndex, on: scheduled?.date ?? today),
            lastPlanSession: rotation.lastPlanSession, lastSession: rotation.lastSession, activeSession: rotation.activeSession,
            lastSessionFeel: feel, mesocycle: meso, week: meso?.week(of: today), unit: preferences.unit,
            scheduledOn: scheduled?.date, isRestDay: plan.isScheduled && plan.scheduledDayIndex(on: today) == nil)
    }

    /// The day a plan with a weekly schedule asks for on `date`: the day of its weekday, unless
    /// the newest session of the plan did that day on that date already; else the next day the
    /// schedule has, with its date. `nil` for a plan that rotates.
    static func scheduledDay(of plan: TrainingPlan, on date: LocalDate, lastPlanSession: SessionSummary?) -> (date: LocalDate, dayIndex: Int)? {
        guard plan.isScheduled else { return nil }
        var from = date
        if let last = lastPlanSession, last.startedAt.localDate == date, let day = last.planDay,
           let done = plan.sessionDayIndex(named: day), done == plan.scheduledDayIndex(on: date) {
            from = date.adding(days: 1)
        }
        return plan.nextScheduledDay(from: from)
    }

    /// The plan's next day by rotation, with the sessions it was found from (one index walk,
    /// newest first, that stops at the plan's newest completed session; the files of each month
    /// it goes through are looked at, and one edited in place is read again).
    ///
    /// - Throws: `NOT_FOUND` when the plan has no days.
    func nextDay(of plan: TrainingPlan) throws(LiftLogError) -> (dayIndex: Int, lastPlanSession: SessionSummary?, lastSession: SessionSummary?, activeSession: SessionSummary?) {
        guard !plan.days.isEmpty else { throw Store.noDays(plan) }
        var lastPlan: SessionSummary?
        var last: SessionSummary?
        var active: SessionSummary?
        try forEachSummaryNewestFirst { summary in
            if summary.status == .active {
                if active == nil { active = summary }
                return true
            }
            if last == nil { last = summary }
            if let day = summary.planDay, plan.sessionDayIndex(named: day) != nil, plan.owns(sessionPlanName: summary.plan) {
                lastPlan = summary
                return false
            }
            return true
        }
        return (Store.nextDayIndex(in: plan, after: lastPlan?.planDay), lastPlan, last, active)
    }

    /// The position of the day after `day` in `plan`, wrapping around; 0 without one.
    public static func nextDayIndex(in plan: TrainingPlan, after day: String?) -> Int {
        guard let day, let index = plan.sessionDayIndex(named: day), !plan.days.isEmpty else { return 0 }
        return (index + 1) % plan.days.count
    }

    /// The weight each exercise of a plan day aims for on `date`: in the plan's active
    /// mesocycle by the progression rule, else the heaviest working weight of the last session
    /// that had it.
    public func targets(plan: TrainingPlan, dayIndex: Int, on date: LocalDate) throws(LiftLogError) -> [PlannedTarget] {
        let planned = plan.days[dayIndex].exercises
        guard !planned.isEmpty else { return [] }
        let meso = plan.mesocycles.first { $0.status == .active }
        let week = meso?.week(of: date)
        let dayAfter = date.adding(days: 1)
        let inputs = try progressionInputs(plan: plan, planned: planned, mesocycle: week == nil ? nil : meso, before: week == nil ? dayAfter : meso!.startDate)
        let unit = preferences.unit
        var targets = planned.map { item in
            let key = Store.plannedKey(item)
            let exercise = inputs.library[key]
            var target = PlannedTarget(planned: item, exerciseName: exercise?.name ?? item.exerciseName, exerciseID: exercise?.id ?? item.exerciseID,
                                       weight: inputs.lastWeight[key], barWeight: exercise?.barWeight, loads: exercise?.loads ?? [], progressed: false)
            if let week {
                let weeks = Progression.weeks(week, planned: item, entries: inputs.weekly[key] ?? [:], startWeight: inputs.lastWeight[key],
                                              increment: exercise?.weightIncrement ?? Exercise.defaultWeightIncrement, unit: unit)
                target.weight = weeks[week - 1].targetWeight
                if week >= 2, let previous = weeks[week - 2].targetWeight ?? weeks[week - 2].performedWeight, let now = target.weight {
                    target.progressed = now > previous + 1e-9
                }
            }
            return target
        }
        // A mesocycle with no history before it and none yet for an exercise: the last weight
        // used, as outside a mesocycle.
        var lastUnit = inputs.lastUnit
        if week != nil, targets.contains(where: { $0.weight == nil }) {
            let latest = try progressionInputs(plan: plan, planned: planned, mesocycle: nil, before: dayAfter)
            for index in targets.indices where targets[index].weight == nil {
                let key = Store.plannedKey(planned[index])
                targets[index].weight = latest.lastWeight[key]
                lastUnit[key] = lastUnit[key] ?? latest.lastUnit[key]
            }
        }
        // Without any history, the load the plan starts from.
        for index in targets.indices where targets[index].weight == nil {
            guard let load = planned[index].load else { continue }
            targets[index].weight = load.weight(in: unit)
            lastUnit[Store.plannedKey(planned[index])] = lastUnit[Store.plannedKey(planned[index])] ?? load.unit
        }
        // In the unit the lifter loads the bar in: a 315 lb squat aims for 315 lb, not 142.88 kg.
        // A converted weight is rounded to a step of the exercise's increment in that unit; on
        // an exercise set to fixed weights, to the nearest of them.
        for index in targets.indices {
            let key = Store.plannedKey(planned[index])
            let loadUnit = lastUnit[key] ?? unit
            targets[index].unit = loadUnit
            guard let weight = targets[index].weight else { continue }
            if !targets[index].loads.isEmpty {
                targets[index].weight = FixedLoads.nearest(unit.convert(weight, to: loadUnit), in: targets[index].loads.map { unit.convert($0, to: loadUnit) })
            } else if loadUnit != unit {
                targets[index].weight = Store.loadedWeight(weight, from: unit, to: loadUnit, increment: inputs.library[key]?.weightIncrement ?? Exercise.defaultWeightIncrement)
            }
        }
        // Sets planned one by one (a pyramid, back-off sets): as the plan writes them.
        for (index, item) in planned.enumerated() {
            guard let prescription = item.writtenPrescription else { continue }
            targets[index].prescription = prescription
            targets[index].weight = prescription.topWeight
            targets[index].unit = prescription.unit
            targets[index].progressed = false
        }
        // An exercise with a progression rule: what its history prescribes.
        for (index, program) in try programTargets(plan: plan, dayIndex: dayIndex, on: date) {
            targets[index].prescription = program.prescription
            targets[index].weight = program.prescription.topWeight
            targets[index].unit = program.prescription.unit
            targets[index].progressed = false
        }
        return targets
    }

    /// The warm-up ramp to a target's first work set (none without a weight): the plates and
    /// bar of the store's preferences in its unit, the usual ones of the other unit. A
    /// prescription that climbs (5/3/1's 65%, 75%, 85%) warms up to its first set, not its top
    /// one, so no warm-up is heavier than the work that follows it.
    private func warmupRamp(to target: PlannedTarget) -> [(weight: Double, reps: Int)] {
        guard let weight = target.prescription?.sets.first?.weight ?? target.weight else { return [] }
        if !target.loads.isEmpty {
            return FixedLoads.warmup(to: weight, sets: 4, loads: target.loads.map { preferences.unit.convert($0, to: target.unit) })
        }
        let (bar, plates) = equipment(in: target.unit, ownBar: target.barWeight)
        return (try? PlateLoading.warmup(to: weight, sets: 4, bar: bar, plates: plates, unit: target.unit)) ?? []
    }

    /// `liftlog warmup`'s ramp to `working` in the store's unit: on `bar` with `plates`
    /// (``PlateLoading/warmup(to:sets:bar:plates:unit:)``), or among the weights `exercise` is
    /// set to when it lists them (``FixedLoads/warmup(to:sets:loads:)``).
    ///
    /// - Throws: `VALIDATION_ERROR` for 1–8 sets outside, or a weight lighter than the bar.
    public func warmup(to working: Double, sets: Int, bar: Double, plates: [Double], exercise: Exercise? = nil) throws(LiftLogError) -> [(weight: Double, reps: Int)] {
        guard let loads = exercise?.loads, !loads.isEmpty else {
            return try PlateLoading.warmup(to: working, sets: sets, bar: bar, plates: plates, unit: preferences.unit)
        }
        try PlateLoading.checkWarmupSets(sets)
        return FixedLoads.warmup(to: working, sets: sets, loads: loads)
    }

    /// A weight in `unit` as the lifter who loads the exercise in `loadUnit` aims for it: converted
    /// and rounded to a step of the exercise's increment, so a 230 lb squat read back from a kg
    /// store is 230, not 230.01.
    static func loadedWeight(_ weight: Double, from unit: WeightUnit, to loadUnit: WeightUnit, increment: Double) -> Double {
        unit == loadUnit ? weight : roundedLoad(unit.convert(weight, to: loadUnit), step: increment)
    }

    /// `weight` to the nearest multiple of `step` (to 0.01 for a step too small to mean a plate).
    static func roundedLoad(_ weight: Double, step: Double) -> Double {
        guard step >= 0.25, step.isFinite else { return (weight * 100).rounded() / 100 }
        return ((weight / step).rounded() * step * 100).rounded() / 100
    }

    /// Starts a lifting session following a day of the active plan: each planned exercise gets
    /// its planned sets as pending sets with target reps (the top of the range) and target
    /// weight, which `log` then completes in order.
    ///
    /// - Parameters:
    ///   - day: the day's name, or `nil` for the day ``today()`` shows: by the weekly schedule
    ///     (the day of today's weekday, or the next one it has), else the next of the rotation.
    ///   - id: the session's ID (a client's UUID makes starting idempotent: the same ID again
    ///     answers with that session).
    /// - Throws: `NOT_FOUND` without an active plan or for an unknown day (with suggestions),
    ///   `CONFLICT` when a session is already active.
    @discardableResult
    public func startPlannedSession(day: String?, startedAt: Timestamp? = nil, id: Session.ID? = nil) throws(LiftLogError) -> StoredSession {
        if let id, let existing = try? session(idPrefix: id.rawValue), existing.session.id == id { return existing }
        let plan = try requireActivePlan().plan
        let dayIndex: Int
        let date = (startedAt ?? currentTimestamp()).localDate
        if let day {
            dayIndex = try Store.dayIndex(day, in: plan)
        } else {
            let rotation = try nextDay(of: plan)
            dayIndex = Store.scheduledDay(of: plan, on: date, lastPlanSession: rotation.lastPlanSession)?.dayIndex ?? rotation.dayIndex
        }
        let entries = try targets(plan: plan, dayIndex: dayIndex, on: date).enumerated().map { offset, target in
            // With `config warmups on`, a loadable ramp to the target first, as pending warm-ups.
            let ramp = preferences.warmups == true ? warmupRamp(to: target) : []
            var sets = ramp.enumerated().map { index, step in
                WorkoutSet(setNumber: index + 1, setType: .warmup, unit: target.unit, targetReps: step.reps, targetWeight: step.weight, status: .pending)
            }
            if let prescription = target.prescription {
                sets += prescription.sets.enumerated().map { number, planned in
                    WorkoutSet(setNumber: ramp.count + number + 1, unit: planned.weight == nil ? nil : prescription.unit, targetReps: planned.reps,
                               targetWeight: planned.weight, status: .pending, amrap: planned.amrap)
                }
            } else {
                sets += (1...target.planned.sets).map { number in
                    WorkoutSet(setNumber: ramp.count + number, unit: target.weight == nil ? nil : target.unit, targetReps: target.planned.targetReps,
                               targetWeight: target.weight, status: .pending, amrap: target.planned.lastSetAMRAP && number == target.planned.sets)
                }
            }
            return Session.Entry(exerciseID: target.exerciseID, exerciseName: target.exerciseName, order: offset + 1, notes: target.planned.notes, sets: sets)
        }
        return try startSession(kind: .lifting, startedAt: startedAt, plan: plan.name, planDay: plan.days[dayIndex].name, entries: entries, id: id)
    }

    /// Starts a session that repeats `past`: its kind, plan day and exercises in order, each set
    /// done with reps (warm-ups as warm-ups) as a pending set whose targets are those reps and
    /// that weight, which `log` then completes in order as it completes a plan day's.
    ///
    /// - Throws: `CONFLICT` when a session is already active.
    @discardableResult
    public func startRepeating(_ past: Session, startedAt: Timestamp? = nil, id: Session.ID? = nil) throws(LiftLogError) -> StoredSession {
        let entries = past.entries.enumerated().map { offset, entry in
            let done = entry.sets.filter { $0.status == .completed && $0.reps != nil }
            let sets = done.enumerated().map { number, set in
                WorkoutSet(setNumber: number + 1, setType: set.setType, unit: set.weight == nil ? nil : set.unit, bodyweight: set.bodyweight,
                           targetReps: set.reps, targetWeight: set.weight, status: .pending)
            }
            return Session.Entry(exerciseID: entry.exerciseID, exerciseName: entry.exerciseName, order: offset + 1, notes: entry.notes, sets: sets)
        }
        return try startSession(kind: past.kind, startedAt: startedAt, plan: past.plan, planDay: past.planDay, entries: entries, id: id)
    }

    /// Starts a session as `liftlog start` and `POST /api/workouts` do: a lifting session with
    /// `planDay` while a plan is active follows that day of the plan (`next`: the rotation's
    /// next day, unless the plan has a day of that name); otherwise the day's name is only
    /// recorded.
    ///
    /// - Throws: as ``startPlannedSession(day:startedAt:id:)`` and ``startSession(kind:startedAt:plan:planDay:entries:id:)``.
    @discardableResult
    public func start(kind: Session.Kind = .lifting, startedAt: Timestamp? = nil, planDay: String? = nil, id: Session.ID? = nil) throws(LiftLogError) -> StoredSession {
        if let day = planDay, kind == .lifting, let plan = try activePlan()?.plan {
            return try startPlannedSession(day: day.lowercased() == "next" && plan.dayIndex(named: day) == nil ? nil : day, startedAt: startedAt, id: id)
        }
        return try startSession(kind: kind, startedAt: startedAt, planDay: planDay, id: id)
    }

    /// ``start(kind:startedAt:planDay:id:)`` that a client may send again (a retry after a lost
    /// answer): when a session with `id` is in the store already, it is answered as it is,
    /// whatever its status, with `repeated` set, and nothing is written.
    ///
    /// - Throws: as ``start(kind:startedAt:planDay:id:)``.
    public func start(kind: Session.Kind = .lifting, startedAt: Timestamp? = nil, planDay: String? = nil,
                      retryableID id: Session.ID) throws(LiftLogError) -> (stored: StoredSession, repeated: Bool) {
        if let existing = existingSession(id) { return (existing, true) }
        return (try start(kind: kind, startedAt: startedAt, planDay: planDay, id: id), false)
    }

    /// ``startRepeating(_:startedAt:id:)`` that a client may send again, as
    /// ``start(kind:startedAt:planDay:retryableID:)``: the session `reference` names (an ID or
    /// `last`, ``session(reference:)``) is only looked up when no session has `id` yet.
    public func startRepeating(_ reference: String, startedAt: Timestamp? = nil,
                               retryableID id: Session.ID?) throws(LiftLogError) -> (stored: StoredSession, repeated: Bool) {
        if let id, let existing = existingSession(id) { return (existing, true) }
        return (try startRepeating(try session(reference: reference).session, startedAt: startedAt, id: id), false)
    }

    /// The session with exactly `id`, when the store has it.
    private func existingSession(_ id: Session.ID) -> StoredSession? {
        guard let existing = try? session(idPrefix: id.rawValue), existing.session.id == id else { return nil }
        return existing
    }
}
