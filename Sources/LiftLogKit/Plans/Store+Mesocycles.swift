/// A mesocycle and the plan it runs.
public struct PlannedMesocycle: Hashable, Sendable {
    /// The plan the mesocycle runs.
    public var plan: TrainingPlan
    /// The mesocycle: its start, weeks and status.
    public var mesocycle: Mesocycle

    /// `mesocycle` of `plan`.
    public init(plan: TrainingPlan, mesocycle: Mesocycle) {
        self.plan = plan
        self.mesocycle = mesocycle
    }
}

/// A mesocycle week by week: sessions and, per exercise, targets and what was done.
public struct MesocycleReport: Sendable {
    /// One exercise of the plan across the weeks.
    public struct ExerciseWeeks: Sendable {
        /// The library exercise, when the plan names one.
        public var exerciseID: Exercise.ID?
        /// The exercise's name as the plan spells it.
        public var exerciseName: String
        /// As first planned in the plan's days (`3x8-12`).
        public var planned: TrainingPlan.PlannedExercise
        /// The exercise's weight increment.
        public var increment: Double
        /// The unit the exercise is loaded in (of its heaviest set before the mesocycle, else
        /// the store's): every weight of ``weeks`` is in it, a 230 lb squat in a kg store 230.
        public var unit: WeightUnit
        /// Each week's targets and what was done, week 1 first.
        public var weeks: [Progression.Week]
    }

    /// The plan the mesocycle runs.
    public var plan: TrainingPlan
    /// The mesocycle reported on.
    public var mesocycle: Mesocycle
    /// The week today falls in; `nil` before the start or after the end.
    public var currentWeek: Int?
    /// Completed sessions of the plan per week (index 0 is week 1).
    public var sessionsPerWeek: [Int]
    /// Each exercise of the plan, in the order of its days.
    public var exercises: [ExerciseWeeks]
    /// The store's unit, of the report's totals.
    public var unit: WeightUnit
    /// Why each load changed, in order: an exercise with a progression rule session by session
    /// (`Back Squat 3x5 @ 100kg: +2.5 kg: every rep of 3x5 @ 100kg hit`), one without week by
    /// week (`+2.5 kg: every target rep of week 3 hit`).
    public var changes: [Change] = []

    /// One change of load, and its reason.
    public struct Change: Hashable, Sendable {
        /// The week the change happened in (the next prescription follows it).
        public var week: Int
        /// The day of the session the change follows.
        public var date: LocalDate
        /// The exercise whose load changed.
        public var exerciseName: String
        /// What was prescribed (`3x5 @ 100kg`), for an exercise with a rule.
        public var prescribed: String?
        /// Why it changed (`+2.5 kg: every rep of 3x5 hit`).
        public var reason: String
    }
}

extension Store {
    // MARK: Finding mesocycles

    /// The active mesocycle and its plan, or `nil` when none is.
    public func activeMesocycle() throws(LiftLogError) -> PlannedMesocycle? {
        for stored in try planFiles() {
            if let meso = stored.plan.mesocycles.first(where: { $0.status == .active }) { return PlannedMesocycle(plan: stored.plan, mesocycle: meso) }
        }
        return nil
    }

    // MARK: Lifecycle

    /// Plans a mesocycle of `plan` (pending until started), lasting `weeks`, or the plan's
    /// ``TrainingPlan/durationWeeks`` when left out (6 when the plan has none).
    ///
    /// - Throws: `VALIDATION_ERROR` for weeks outside 1–52 or a plan without planned
    ///   exercises, `CONFLICT` when the plan already has a pending mesocycle.
    @discardableResult
    public func createMesocycle(plan planName: String, startDate: LocalDate, weeks: Int? = nil) throws(LiftLogError) -> PlannedMesocycle {
        if let weeks, !(1...Mesocycle.maximumWeeks).contains(weeks) {
            throw .validation("A mesocycle lasts 1–\(Mesocycle.maximumWeeks) weeks, got \(weeks).")
        }
        var created: Mesocycle?
        let plan = try updatePlan(named: planName) { (plan: inout TrainingPlan) throws(LiftLogError) in
            guard plan.days.contains(where: { !$0.exercises.isEmpty }) else {
                throw .validation("Plan '\(plan.name)' has no planned exercises yet.", remedy: .addPlannedExercise(plan: plan.name))
            }
            if let pending = plan.mesocycles.first(where: { $0.status == .pending }) {
                throw .conflict("Plan '\(plan.name)' already has a mesocycle waiting to start (\(pending.startDate), \(pending.durationWeeks) weeks).", remedy: .startMesocycle(plan: plan.name))
            }
            let meso = Mesocycle(id: Mesocycle.ID(rawValue: environment.makeUUID()) ?? Mesocycle.ID.random(), startDate: startDate, durationWeeks: weeks ?? plan.mesocycleWeeks, createdAt: currentTimestamp())
            plan.mesocycles.append(meso)
            created = meso
        }
        return PlannedMesocycle(plan: plan.plan, mesocycle: created!)
    }

    /// Starts the pending mesocycle of `plan` (or the only pending one) and makes its plan the
    /// active plan.
    ///
    /// - Throws: `CONFLICT` while another mesocycle is active, `NOT_FOUND` when nothing is
    ///   pending, `USAGE_ERROR` when several plans have one and no plan is named.
    @discardableResult
    public func startMesocycle(plan planName: String? = nil) throws(LiftLogError) -> PlannedMesocycle {
        try withLock { () throws(LiftLogError) -> PlannedMesocycle in
            if let active = try activeMesocycle() {
                throw .conflict("A mesocycle is already active ('\(active.plan.name)' from \(active.mesocycle.startDate), \(active.mesocycle.durationWeeks) weeks).", remedy: .completeOrCancelMesocycle)
            }
            var stored = try pendingMesocyclePlan(named: planName)
            let index = stored.plan.mesocycles.firstIndex { $0.status == .pending }!
            stored.plan.mesocycles[index].status = .active
            // The mesocycle and its plan's activation are one change.
            let plan = try activate(stored, alsoWriting: true).plan
            return PlannedMesocycle(plan: plan, mesocycle: plan.mesocycles[index])
        }
    }

    /// Marks the active mesocycle completed.
    ///
    /// - Throws: `NOT_FOUND` when none is active.
    @discardableResult
    public func completeMesocycle() throws(LiftLogError) -> PlannedMesocycle {
        try finishMesocycle(as: .completed, plan: nil)
    }

    /// Cancels the active mesocycle, or the pending one of `plan` (or the only pending one).
    ///
    /// - Throws: `NOT_FOUND` when there is nothing to cancel.
    @discardableResult
    public func cancelMesocycle(plan planName: String? = nil) throws(LiftLogError) -> PlannedMesocycle {
        try finishMesocycle(as: .cancelled, plan: planName)
    }

    private func finishMesocycle(as status: Mesocycle.Status, plan planName: String?) throws(LiftLogError) -> PlannedMesocycle {
        try withLock { () throws(LiftLogError) -> PlannedMesocycle in
            // The named plan's (cancel only), else the active one, else the only pending one.
            var stored: StoredPlan
            if let planName {
                stored = try plan(named: planName)
            } else if let active = try planFiles().first(where: { $0.plan.mesocycles.contains { $0.status == .active } }) {
                stored = active
            } else if status == .cancelled {
                stored = try pendingMesocyclePlan(named: nil)
            } else {
                throw .notFound("No mesocycle is active.", remedy: .startPendingMesocycle)
            }
            guard let index = stored.plan.mesocycles.firstIndex(where: { $0.status == .active })
                    ?? stored.plan.mesocycles.firstIndex(where: { $0.status == .pending }) else {
                throw .notFound("Plan '\(stored.plan.name)' has no active or pending mesocycle.")
            }
            stored.plan.mesocycles[index].status = status
            try files.save(stored.plan, to: stored.path)
            return PlannedMesocycle(plan: stored.plan, mesocycle: stored.plan.mesocycles[index])
        }
    }

    /// The plan with a pending mesocycle: `name`'s, or the only one.
    private func pendingMesocyclePlan(named name: String?) throws(LiftLogError) -> StoredPlan {
        if let name {
            let stored = try plan(named: name)
            guard stored.plan.mesocycles.contains(where: { $0.status == .pending }) else {
                throw .notFound("Plan '\(stored.plan.name)' has no mesocycle waiting to start.", remedy: .createMesocycle(plan: stored.plan.name))
            }
            return stored
        }
        let pending = try planFiles().filter { $0.plan.mesocycles.contains { $0.status == .pending } }
        switch pending.count {
        case 0: throw .notFound("No mesocycle is waiting to start.", remedy: .createMesocycle(plan: nil))
        case 1: return pending[0]
        default: throw .usage("Several plans have a mesocycle waiting to start (\(pending.map(\.plan.name).joined(separator: ", "))); name the plan.")
        }
    }

    // MARK: Report

    /// The active mesocycle week by week; or, with `plan`, that plan's active or latest one.
    ///
    /// - Throws: `NOT_FOUND` when there is no such mesocycle.
    public func mesocycleReport(plan planName: String? = nil) throws(LiftLogError) -> MesocycleReport {
        let chosen: PlannedMesocycle
        if let planName {
            let stored = try plan(named: planName)
            guard let meso = stored.plan.mesocycles.first(where: { $0.status == .active }) ?? stored.plan.mesocycles.last else {
                throw .notFound("Plan '\(stored.plan.name)' has no mesocycle.", remedy: .createMesocycle(plan: stored.plan.name))
            }
            chosen = PlannedMesocycle(plan: stored.plan, mesocycle: meso)
        } else if let active = try activeMesocycle() {
            chosen = active
        } else {
            let latest = try planFiles().flatMap { stored in stored.plan.mesocycles.map { PlannedMesocycle(plan: stored.plan, mesocycle: $0) } }
                .max { ($0.mesocycle.createdAt?.millisecondsSince1970 ?? 0, $0.mesocycle.startDate) < ($1.mesocycle.createdAt?.millisecondsSince1970 ?? 0, $1.mesocycle.startDate) }
            guard let latest else {
                throw .notFound("No mesocycle yet.", remedy: .createMesocycle(plan: nil))
            }
            chosen = latest
        }
        let meso = chosen.mesocycle
        let planned = Store.distinctPlannedExercises(chosen.plan)
        let inputs = try progressionInputs(plan: chosen.plan, planned: planned, mesocycle: meso, before: meso.startDate)
        let unit = preferences.unit
        var report = MesocycleReport(
            plan: chosen.plan, mesocycle: meso, currentWeek: meso.week(of: currentTimestamp().localDate),
            sessionsPerWeek: (1...meso.durationWeeks).map { inputs.sessionsPerWeek[$0] ?? 0 }, exercises: [], unit: unit)
        for item in planned {
            let key = Store.plannedKey(item)
            let exercise = inputs.library[key]
            let increment = exercise?.weightIncrement ?? Exercise.defaultWeightIncrement
            let loadUnit = inputs.lastUnit[key] ?? unit
            var weeks = Progression.weeks(meso.durationWeeks, planned: item, entries: inputs.weekly[key] ?? [:], startWeight: inputs.lastWeight[key],
                                          increment: increment, unit: unit)
            for index in weeks.indices where loadUnit != unit {
                weeks[index].targetWeight = weeks[index].targetWeight.map { Store.loadedWeight($0, from: unit, to: loadUnit, increment: increment) }
                weeks[index].performedWeight = weeks[index].performedWeight.map { Store.loadedWeight($0, from: unit, to: loadUnit, increment: increment) }
            }
            report.exercises.append(MesocycleReport.ExerciseWeeks(
                exerciseID: exercise?.id ?? item.exerciseID, exerciseName: exercise?.name ?? item.exerciseName, planned: item, increment: increment,
                unit: loadUnit, weeks: weeks))
        }
        report.changes = try mesocycleChanges(report)
        return report
    }

    /// Why the loads changed during the mesocycle: for each exercise with a rule, every session
    /// its rule judged; for the others, each week whose target differs from the week before.
    private func mesocycleChanges(_ report: MesocycleReport) throws(LiftLogError) -> [MesocycleReport.Change] {
        let meso = report.mesocycle
        var changes: [MesocycleReport.Change] = []
        let attempts = try programAttempts(plan: report.plan)
        var seen: Swift.Set<String> = []
        let library = libraryExercises(of: report.plan.days.flatMap(\.exercises).filter { $0.progress != nil })
        for planned in report.plan.days.flatMap(\.exercises) where planned.progress != nil && seen.insert(Store.trackKey(planned)).inserted {
            let replay = planned.progress!.replay(from: plannedStart(planned, exercise: library[Store.plannedKey(planned)]), attempts: attempts[Store.trackKey(planned)] ?? [], on: meso.endDate)
            for step in replay.steps {
                guard let week = meso.week(of: step.attempt.date) else { continue }
                changes.append(.init(week: week, date: step.attempt.date, exerciseName: planned.exerciseName, prescribed: step.prescription.summary, reason: step.outcome))
            }
        }
        for exercise in report.exercises where exercise.planned.progress == nil {
            for (index, week) in exercise.weeks.enumerated().dropFirst() {
                let before = exercise.weeks[index - 1]
                guard let now = week.targetWeight, let then = before.targetWeight, abs(now - then) > 1e-9 else { continue }
                let amount = NumberText.format(abs(now - then)) + " " + report.unit.rawValue
                let reason: String
                if now > then {
                    // The weekly rule's own step, or what the sessions themselves aimed for.
                    let byRule = before.hit == true && abs(now - then - exercise.increment) < 1e-6
                    reason = "+\(amount): " + (byRule ? "every target rep of week \(before.number) hit" : "as week \(week.number)'s sessions aimed")
                } else {
                    reason = "−\(amount) (\(NumberText.format((1 - now / then) * 100))%): as week \(week.number)'s sessions aimed"
                }
                changes.append(.init(week: week.number, date: meso.firstDay(ofWeek: week.number), exerciseName: exercise.exerciseName, prescribed: nil, reason: reason))
            }
        }
        return changes.sorted { ($0.date, $0.week) < ($1.date, $1.week) }
    }

    // MARK: Inputs of the progression rule

    /// Every exercise a plan uses, once, in the order of first appearance.
    static func distinctPlannedExercises(_ plan: TrainingPlan) -> [TrainingPlan.PlannedExercise] {
        var seen: Swift.Set<String> = []
        return plan.days.flatMap(\.exercises).filter { seen.insert(plannedKey($0)).inserted }
    }

    /// How planned exercises are told apart: the library link, else the name.
    static func plannedKey(_ planned: TrainingPlan.PlannedExercise) -> String {
        planned.exerciseID?.rawValue ?? Exercise.nameKey(planned.exerciseName)
    }

    /// What the progression rule reads.
    struct ProgressionInputs {
        /// By planned key: the exercise in the library (for its current name and increment).
        var library: [String: Exercise] = [:]
        /// By planned key: the heaviest working weight of the newest completed session before
        /// the cut-off date that has the exercise.
        var lastWeight: [String: Double] = [:]
        /// By planned key: the unit of that heaviest set (the unit the lifter loads it in).
        var lastUnit: [String: WeightUnit] = [:]
        /// By planned key, then week: the exercise's entries in the plan's sessions.
        var weekly: [String: [Int: [Session.Entry]]] = [:]
        /// Completed sessions of the plan per week.
        var sessionsPerWeek: [Int: Int] = [:]
    }

    /// Reads the index newest first: the heaviest weight of each exercise's newest completed
    /// session before `before` comes from the working sets the index keeps; the plan's sessions
    /// within `mesocycle` are read from their files (their sets' targets and statuses decide
    /// whether a week was hit).
    func progressionInputs(plan: TrainingPlan, planned: [TrainingPlan.PlannedExercise], mesocycle: Mesocycle?, before cutoff: LocalDate) throws(LiftLogError) -> ProgressionInputs {
        var inputs = ProgressionInputs()
        var allExercises: [Exercise]?
        for item in planned {
            var exercise = try? findExercise(named: item.exerciseName)
            if let id = item.exerciseID, exercise?.id != id {
                if allExercises == nil { allExercises = (try? exercises()) ?? [] }
                exercise = allExercises?.first { $0.id == id } ?? exercise
            }
            if let exercise { inputs.library[Store.plannedKey(item)] = exercise }
        }
        let targets = planned.map { item in
            (key: Store.plannedKey(item), exercise: inputs.library[Store.plannedKey(item)] ?? Exercise(id: item.exerciseID ?? Exercise.unlisted(named: item.exerciseName).id, name: item.exerciseName))
        }
        let unit = preferences.unit
        var mesoPaths: [(path: String, week: Int?)] = []
        var settled: Swift.Set<String> = []   // the exercises whose newest earlier session was found
        try forEachSummaryNewestFirst { summary in
            guard summary.status == .completed else { return true }
            let date = summary.startedAt.localDate
            if let mesocycle, date >= mesocycle.startDate, date <= mesocycle.endDate, summary.plan != nil, plan.owns(sessionPlanName: summary.plan) {
                mesoPaths.append((summary.path, mesocycle.week(of: date)))
            } else if date < cutoff {
                for target in targets where !settled.contains(target.key) {
                    let positions = summary.exercises.indices.filter { target.exercise.isRecorded(as: summary.exercises[$0].id, name: summary.exercises[$0].name) }
                    guard !positions.isEmpty else { continue }
                    settled.insert(target.key)
                    let weights = positions.flatMap { summary.workSets(ofEntryAt: $0) }.compactMap { sets in sets.weight.map { (sets.unit.convert($0, to: unit), sets.unit) } }
                    if let heaviest = weights.max(by: { $0.0 < $1.0 }) {
                        inputs.lastWeight[target.key] = (heaviest.0 * 100).rounded() / 100
                        inputs.lastUnit[target.key] = heaviest.1
                    }
                }
                if settled.count == targets.count { return false }
            }
            return true
        }
        for (path, dateWeek) in mesoPaths {
            guard let session = try files.load(path, as: Session.self), let week = session.weekNumber ?? dateWeek else { continue }
            inputs.sessionsPerWeek[week, default: 0] += 1
            for target in targets {
                let entries = session.entries.filter { target.exercise.isRecorded(as: $0.exerciseID, name: $0.exerciseName) }
                if !entries.isEmpty { inputs.weekly[target.key, default: [:]][week, default: []] += entries }
            }
        }
        return inputs
    }
}
