/// A training plan together with the file it is stored in.
public struct StoredPlan: Hashable, Sendable {
    /// The plan as its file holds it.
    public var plan: TrainingPlan
    /// Relative to the store root: `plans/<slug>.json`.
    public var path: String
}

/// What changed when a planned exercise was set.
public struct PlannedExerciseChange: Sendable {
    /// The plan as written.
    public var stored: StoredPlan
    /// The exercise as it is planned now.
    public var planned: TrainingPlan.PlannedExercise
    /// What it was before, when the day already had it.
    public var previous: TrainingPlan.PlannedExercise?
}

extension Store {
    static let plansFolder = "plans"

    /// The most days a plan may have.
    public static let maximumPlanDays = 14

    // MARK: Reading

    /// Every training plan, sorted by name.
    ///
    /// - Throws: `CORRUPT_FILE` naming every broken plan file.
    public func plans() throws(LiftLogError) -> [TrainingPlan] {
        try planFiles().map(\.plan)
    }

    /// Every plan with its file, sorted by name.
    public func planFiles() throws(LiftLogError) -> [StoredPlan] {
        var found: [StoredPlan] = []
        var problems: [FileProblem] = []
        for entry in try files.list(Store.plansFolder) where entry.name.hasSuffix(".json") && !entry.name.hasPrefix(".") {
            let path = "\(Store.plansFolder)/\(entry.name)"
            do {
                if let plan = try files.load(path, as: TrainingPlan.self) { found.append(StoredPlan(plan: plan, path: path)) }
            } catch {
                guard case .corruptFile(let list) = error else { throw error }
                problems += list
            }
        }
        if !problems.isEmpty { throw .corruptFile(problems) }
        return found.sorted { ($0.plan.name.lowercased(), $0.path) < ($1.plan.name.lowercased(), $1.path) }
    }

    /// The plan named `name` (any case, spaces collapsed) or whose ID starts with `name`.
    ///
    /// - Throws: `NOT_FOUND` with close names as suggestions.
    public func plan(named name: String) throws(LiftLogError) -> StoredPlan {
        let all = try planFiles()
        let key = Exercise.nameKey(name)
        if let match = all.first(where: { Exercise.nameKey($0.plan.name) == key }) { return match }
        let lower = name.lowercased()
        if lower.count >= 4 {
            let byID = all.filter { $0.plan.id.rawValue.hasPrefix(lower) }
            if byID.count == 1 { return byID[0] }
        }
        throw .notFound("No plan named '\(name)'.", suggestions: Suggestions.closest(to: name, among: all.map(\.plan.name)))
    }

    /// The active plan, or `nil` when none is.
    public func activePlan() throws(LiftLogError) -> StoredPlan? {
        try planFiles().first { $0.plan.isActive }
    }

    /// The active plan.
    ///
    /// - Throws: `NOT_FOUND` saying how to activate one.
    public func requireActivePlan() throws(LiftLogError) -> StoredPlan {
        guard let active = try activePlan() else {
            let names = (try? plans().map(\.name)) ?? []
            throw names.isEmpty ? .notFound("No training plan yet.", remedy: .createPlan)
                : .notFound("No plan is active.", remedy: .activatePlan(among: names))
        }
        return active
    }

    // MARK: Changing plans

    /// Creates a plan.
    ///
    /// - Parameters:
    ///   - days: the names of its days, in order (days can be added later).
    /// - Throws: `VALIDATION_ERROR` for a bad name or number, `CONFLICT` when the name is taken.
    @discardableResult
    public func createPlan(name: String, daysPerWeek: Int? = nil, durationWeeks: Int? = nil, notes: String? = nil, days: [String] = [],
                           activate: Bool = false) throws(LiftLogError) -> StoredPlan {
        let planName = try Store.checkedName(name, what: "Plan name")
        try Store.checkPlanNumbers(daysPerWeek: daysPerWeek, durationWeeks: durationWeeks)
        var planDays: [TrainingPlan.Day] = []
        for day in days {
            let dayName = try Store.checkedName(day, what: "Day name")
            if planDays.contains(where: { Exercise.nameKey($0.name) == Exercise.nameKey(dayName) }) {
                throw .conflict("The plan would have two days named '\(dayName)'.")
            }
            planDays.append(TrainingPlan.Day(name: dayName))
        }
        if planDays.count > Store.maximumPlanDays { throw .validation("A plan can have at most \(Store.maximumPlanDays) days, got \(planDays.count).") }
        return try withLock { () throws(LiftLogError) -> StoredPlan in
            let existing = try planFiles()
            if let clash = existing.first(where: { Exercise.nameKey($0.plan.name) == Exercise.nameKey(planName) }) {
                throw .conflict("A plan named '\(clash.plan.name)' already exists.")
            }
            let plan = TrainingPlan(
                id: newPlanID(named: planName, taken: existing), name: planName,
                daysPerWeek: daysPerWeek, durationWeeks: durationWeeks, isActive: false, notes: notes.flatMap { $0.isEmpty ? nil : $0 }, days: planDays,
                createdAt: currentTimestamp())
            let path = Store.freePath(in: Store.plansFolder, name: planName, fallback: "plan-\(plan.id.short)", taken: Swift.Set(existing.map(\.path)))
            var created = StoredPlan(plan: plan, path: path)
            if activate {
                // The new plan and the one it replaces as active are written as one change.
                created.plan.isActive = true
                try files.apply([.write(path, created.plan.canonicalBytes)] + deactivationSteps(except: path, among: existing))
            } else {
                try files.ensureDirectory(Store.plansFolder)
                try files.save(plan, to: path)
            }
            return created
        }
    }

    /// Deletes a plan file (with its mesocycles). Sessions keep their snapshot of its name.
    ///
    /// - Throws: `NOT_FOUND`; `CONFLICT` while one of its mesocycles is active.
    @discardableResult
    public func deletePlan(named name: String) throws(LiftLogError) -> TrainingPlan {
        try withLock { () throws(LiftLogError) -> TrainingPlan in
            let stored = try plan(named: name)
            if let active = stored.plan.mesocycles.first(where: { $0.status == .active }) {
                throw .conflict("Plan '\(stored.plan.name)' has an active mesocycle (started \(active.startDate)).", remedy: .completeOrCancelMesocycle)
            }
            try files.remove(stored.path)
            return stored.plan
        }
    }

    /// Makes a plan the active one; any other active plan stops being active, in the same
    /// change (all files or none, across a crash).
    @discardableResult
    public func activatePlan(named name: String) throws(LiftLogError) -> StoredPlan {
        try withLock { () throws(LiftLogError) -> StoredPlan in
            try activate(try plan(named: name))
        }
    }

    /// Activates `target`; the caller holds the lock.
    func activate(_ target: StoredPlan, alsoWriting: Bool = false) throws(LiftLogError) -> StoredPlan {
        var plan = target.plan
        var steps = try deactivationSteps(except: target.path, among: planFiles())
        if !plan.isActive || alsoWriting {
            plan.isActive = true
            steps.insert(.write(target.path, plan.canonicalBytes), at: 0)
        }
        try files.apply(steps)
        return StoredPlan(plan: plan, path: target.path)
    }

    /// The writes that switch off every active plan but the one at `path`.
    private func deactivationSteps(except path: String, among plans: [StoredPlan]) -> [StoreFiles.Step] {
        plans.filter { $0.plan.isActive && $0.path != path }.map { other in
            var plan = other.plan
            plan.isActive = false
            return .write(other.path, plan.canonicalBytes)
        }
    }

    /// Changes a plan's name, notes, days per week or duration; `nil` leaves one as it is (an
    /// empty `notes` removes them, 0 removes `daysPerWeek` or `durationWeeks`). A new name
    /// moves the plan to the file of that name in one change (the new file written, the old
    /// one removed, all or nothing across a crash); the old name is kept in `former_names`, so
    /// the sessions started under it still count for its rotation and mesocycles.
    ///
    /// - Throws: `NOT_FOUND`, `VALIDATION_ERROR` for a bad name or number, `CONFLICT` when
    ///   another plan has the name.
    @discardableResult
    public func changePlan(named name: String, _ changes: PlanChanges) throws(LiftLogError) -> StoredPlan {
        let newName = try changes.name.map { (text: String) throws(LiftLogError) in try Store.checkedName(text, what: "Plan name") }
        try Store.checkPlanNumbers(daysPerWeek: changes.daysPerWeek.flatMap { $0 == 0 ? nil : $0 }, durationWeeks: changes.durationWeeks.flatMap { $0 == 0 ? nil : $0 })
        return try withLock { () throws(LiftLogError) -> StoredPlan in
            let stored = try plan(named: name)
            var plan = stored.plan
            if let days = changes.daysPerWeek { plan.daysPerWeek = days == 0 ? nil : days }
            if let weeks = changes.durationWeeks { plan.durationWeeks = weeks == 0 ? nil : weeks }
            if let notes = changes.notes { plan.notes = notes.isEmpty ? nil : notes }
            var target = stored.path
            if let newName, newName != plan.name {
                let others = try planFiles().filter { $0.path != stored.path }
                if let clash = others.first(where: { Exercise.nameKey($0.plan.name) == Exercise.nameKey(newName) }) {
                    throw .conflict("A plan named '\(clash.plan.name)' already exists.")
                }
                let old = plan.name
                plan.formerNames.removeAll { Exercise.nameKey($0) == Exercise.nameKey(newName) || Exercise.nameKey($0) == Exercise.nameKey(old) }
                if Exercise.nameKey(old) != Exercise.nameKey(newName) { plan.formerNames.insert(old, at: 0) }
                plan.name = newName
                if Slug.make(newName) != Slug.make(old) {
                    target = Store.freePath(in: Store.plansFolder, name: newName, fallback: "plan-\(plan.id.short)", taken: Swift.Set(others.map(\.path)))
                }
            }
            guard plan != stored.plan else { return stored }
            var steps: [StoreFiles.Step] = [.write(target, plan.canonicalBytes)]
            if target != stored.path { steps.append(.remove(stored.path)) }
            try files.apply(steps)
            return StoredPlan(plan: plan, path: target)
        }
    }

    /// Renames a day of a plan; the old name is kept in the day's `former_names`, so the
    /// sessions logged under it still count for the rotation.
    ///
    /// - Throws: `NOT_FOUND` for the plan or day, `CONFLICT` when the plan has another day of
    ///   that name, `VALIDATION_ERROR` for a bad name.
    @discardableResult
    public func renamePlanDay(plan planName: String, day: String, to newName: String) throws(LiftLogError) -> StoredPlan {
        let dayName = try Store.checkedName(newName, what: "Day name")
        return try updatePlan(named: planName) { (plan: inout TrainingPlan) throws(LiftLogError) in
            let index = try Store.dayIndex(day, in: plan)
            if let other = plan.dayIndex(named: dayName), other != index {
                throw .conflict("Plan '\(plan.name)' already has a day named '\(plan.days[other].name)'.")
            }
            let old = plan.days[index].name
            guard old != dayName else { return }
            plan.days[index].formerNames.removeAll { Exercise.nameKey($0) == Exercise.nameKey(dayName) || Exercise.nameKey($0) == Exercise.nameKey(old) }
            if Exercise.nameKey(old) != Exercise.nameKey(dayName) { plan.days[index].formerNames.insert(old, at: 0) }
            plan.days[index].name = dayName
        }
    }

    /// Puts a day of a plan on weekdays (a weekly schedule: `today` gives the day of today's
    /// weekday, and a weekday with none is a rest day); no weekdays takes the day off the
    /// schedule. A plan with no day on a weekday rotates again.
    ///
    /// - Throws: `NOT_FOUND` for the plan or day, `CONFLICT` when another day of the plan has
    ///   one of the weekdays.
    @discardableResult
    public func schedulePlanDay(plan planName: String, day: String, on weekdays: [Weekday]) throws(LiftLogError) -> StoredPlan {
        try updatePlan(named: planName) { (plan: inout TrainingPlan) throws(LiftLogError) in
            let index = try Store.dayIndex(day, in: plan)
            plan.days[index].weekdays = Swift.Set(weekdays).sorted()
            if let double = plan.doubleBookedWeekday {
                let other = double.first == index ? double.second : double.first
                throw .conflict("\(double.weekday.name) is already the day of '\(plan.days[other].name)' in plan '\(plan.name)': a weekday has one day of the plan.")
            }
        }
    }

    /// Refuses days per week outside 1–7 and a duration outside 1–52 weeks.
    static func checkPlanNumbers(daysPerWeek: Int?, durationWeeks: Int?) throws(LiftLogError) {
        if let daysPerWeek, !(1...7).contains(daysPerWeek) {
            throw .validation("Days per week must be 1–7, got \(daysPerWeek).")
        }
        if let durationWeeks, !TrainingPlan.durationWeeksRange.contains(durationWeeks) {
            throw .validation("Duration must be 1–52 weeks, got \(durationWeeks).")
        }
    }

    /// Adds a day to a plan, at the end or at `position` (from 1).
    ///
    /// - Throws: `NOT_FOUND` for the plan, `CONFLICT` when it has a day of that name,
    ///   `VALIDATION_ERROR` for a bad name or position.
    @discardableResult
    public func addPlanDay(plan planName: String, day: String, position: Int? = nil) throws(LiftLogError) -> StoredPlan {
        try addPlanDay(plan: planName, day: day, exercises: [], position: position).stored
    }

    /// Adds a day that plans what `session` did ("save this workout as a plan day"): each of its
    /// exercises with working sets done, in order, as that many sets of their reps (`5`, or
    /// `8-10` when they differed) from the heaviest load lifted in them (none for bodyweight
    /// sets), under the rules every planned exercise follows (``PlanNotation/parse(_:unit:)``).
    ///
    /// - Returns: the plan and the exercises left out, each with why (no working set with reps,
    ///   not in the library, planned once already, or a scheme no plan takes).
    /// - Throws: as ``addPlanDay(plan:day:position:)``; `VALIDATION_ERROR` when nothing of the
    ///   session can be planned.
    public func addPlanDay(plan planName: String, day: String, from session: Session, position: Int? = nil) throws(LiftLogError) -> PlanDayFromSession {
        var planned: [TrainingPlan.PlannedExercise] = []
        var leftOut: [PlanDayFromSession.LeftOut] = []
        for entry in session.entries {
            let work = entry.sets.filter { $0.countsAsWork && ($0.reps ?? 0) > 0 }
            let reps = work.compactMap(\.reps)
            guard let low = reps.min(), let high = reps.max() else {
                leftOut.append(.init(exercise: entry.exerciseName, reason: "no working set with reps"))
                continue
            }
            // By the link when it resolves (the exercise renamed since), else by the name.
            let linked = entry.exerciseID.flatMap { id in try? findExercise(named: id.rawValue) }
            guard let exercise = linked ?? (try? findExercise(named: entry.exerciseName)) else {
                leftOut.append(.init(exercise: entry.exerciseName, reason: "not in the library"))
                continue
            }
            if planned.contains(where: { $0.exerciseID == exercise.id }) {
                leftOut.append(.init(exercise: entry.exerciseName, reason: "planned once already"))
                continue
            }
            let notation: PlanNotation
            do {
                notation = try PlanNotation.parse("\(reps.count)x\(low == high ? "\(low)" : "\(low)-\(high)")")
            } catch {
                leftOut.append(.init(exercise: entry.exerciseName, reason: error.message))
                continue
            }
            let loaded = work.filter { $0.weight != nil && !$0.isBodyweightLoad }
            let kilograms = { (set: WorkoutSet) in (set.unit ?? self.preferences.unit).convert(set.weight!, to: .kg) }
            let heaviest = loaded.max { kilograms($0) < kilograms($1) }
            planned.append(TrainingPlan.PlannedExercise(exerciseName: exercise.name, exerciseID: exercise.id, sets: notation.sets, reps: notation.reps,
                                                        load: heaviest.map { Load($0.weight!, $0.unit ?? preferences.unit) }))
        }
        guard !planned.isEmpty else {
            throw .validation("Session \(session.id.short) has no exercise with working sets of reps done to plan.")
        }
        let added = try addPlanDay(plan: planName, day: day, exercises: planned, position: position)
        return PlanDayFromSession(stored: added.stored, dayIndex: added.dayIndex, leftOut: leftOut)
    }

    /// The plan with the day added, and where (from 0).
    private func addPlanDay(plan planName: String, day: String, exercises: [TrainingPlan.PlannedExercise], position: Int?) throws(LiftLogError) -> (stored: StoredPlan, dayIndex: Int) {
        let dayName = try Store.checkedName(day, what: "Day name")
        var dayIndex = 0
        let stored = try updatePlan(named: planName) { (plan: inout TrainingPlan) throws(LiftLogError) in
            if let existing = plan.dayIndex(named: dayName) {
                throw .conflict("Plan '\(plan.name)' already has a day named '\(plan.days[existing].name)'.")
            }
            guard plan.days.count < Store.maximumPlanDays else {
                throw .validation("Plan '\(plan.name)' already has \(Store.maximumPlanDays) days, the most a plan can have.")
            }
            let index = try Store.checkedPosition(position, count: plan.days.count + 1) - 1
            plan.days.insert(TrainingPlan.Day(name: dayName, exercises: exercises), at: index)
            dayIndex = index
        }
        return (stored, dayIndex)
    }

    /// Removes a day (and its planned exercises) from a plan.
    @discardableResult
    public func removePlanDay(plan planName: String, day: String) throws(LiftLogError) -> StoredPlan {
        try updatePlan(named: planName) { (plan: inout TrainingPlan) throws(LiftLogError) in
            plan.days.remove(at: try Store.dayIndex(day, in: plan))
        }
    }

    /// Moves a day to `position` (from 1), shifting the others.
    @discardableResult
    public func movePlanDay(plan planName: String, day: String, to position: Int) throws(LiftLogError) -> StoredPlan {
        try updatePlan(named: planName) { (plan: inout TrainingPlan) throws(LiftLogError) in
            let index = try Store.dayIndex(day, in: plan)
            let target = try Store.checkedPosition(position, count: plan.days.count) - 1
            let moved = plan.days.remove(at: index)
            plan.days.insert(moved, at: target)
        }
    }

    /// Plans an exercise on a day (`3x8-12`), or changes its sets and reps when the day has it.
    ///
    /// - Throws: `NOT_FOUND` for the plan, the day or an exercise not in the library (with
    ///   suggestions).
    @discardableResult
    ///
    /// - Parameters:
    ///   - load: the load the plan starts from (`.some(nil)` removes it; `nil` keeps it).
    ///   - progress: the progression rule (`.some(nil)` removes it; `nil` keeps it).
    public func setPlannedExercise(plan planName: String, day: String, exercise exerciseName: String, _ notation: PlanNotation, notes: String? = nil,
                                   load: Load?? = nil, progress: ProgressionRule?? = nil) throws(LiftLogError) -> PlannedExerciseChange {
        let exercise = try self.exercise(named: exerciseName)
        var previous: TrainingPlan.PlannedExercise?
        var planned = TrainingPlan.PlannedExercise(exerciseName: exercise.name, exerciseID: exercise.id, sets: notation.sets, reps: notation.reps,
                                                   lastSetAMRAP: notation.lastSetAMRAP, load: load ?? nil, progress: progress ?? nil,
                                                   setTargets: notation.setTargets, notes: notes.flatMap { $0.isEmpty ? nil : $0 })
        if let problem = planned.setTargetsProblem { throw .validation(problem.prefix(1).uppercased() + problem.dropFirst() + ".") }
        let stored = try updatePlan(named: planName) { (plan: inout TrainingPlan) throws(LiftLogError) in
            let dayIndex = try Store.dayIndex(day, in: plan)
            if let index = Store.plannedIndex(of: exercise, in: plan.days[dayIndex]) {
                previous = plan.days[dayIndex].exercises[index]
                planned.notes = notes == nil ? previous?.notes : planned.notes
                // Sets of their own loads take neither the load nor the rule planned before.
                planned.load = load == nil && planned.setTargets.isEmpty ? previous?.load : planned.load
                planned.progress = progress == nil && planned.setTargets.isEmpty ? previous?.progress : planned.progress
                planned.unknownFields = previous?.unknownFields ?? [:]
                plan.days[dayIndex].exercises[index] = planned
            } else {
                plan.days[dayIndex].exercises.append(planned)
            }
        }
        return PlannedExerciseChange(stored: stored, planned: planned, previous: previous)
    }

    /// Removes a planned exercise from a day.
    ///
    /// - Throws: `NOT_FOUND` for the plan, the day, or an exercise the day does not have.
    @discardableResult
    public func removePlannedExercise(plan planName: String, day: String, exercise exerciseName: String) throws(LiftLogError) -> StoredPlan {
        try updatePlan(named: planName) { (plan: inout TrainingPlan) throws(LiftLogError) in
            let dayIndex = try Store.dayIndex(day, in: plan)
            let key = Exercise.nameKey(exerciseName)
            let exercises = plan.days[dayIndex].exercises
            guard let index = exercises.firstIndex(where: { Exercise.nameKey($0.exerciseName) == key || $0.exerciseID?.rawValue == exerciseName.lowercased() }) else {
                throw .notFound("'\(plan.days[dayIndex].name)' of plan '\(plan.name)' has no exercise named '\(exerciseName)'.",
                                suggestions: Suggestions.closest(to: exerciseName, among: exercises.map(\.exerciseName)))
            }
            plan.days[dayIndex].exercises.remove(at: index)
        }
    }

    /// Reads a plan under the lock, applies `change` and saves it when it changed.
    func updatePlan(named name: String, _ change: (inout TrainingPlan) throws(LiftLogError) -> Void) throws(LiftLogError) -> StoredPlan {
        try withLock { () throws(LiftLogError) -> StoredPlan in
            let stored = try plan(named: name)
            var plan = stored.plan
            try change(&plan)
            if plan != stored.plan { try files.save(plan, to: stored.path) }
            return StoredPlan(plan: plan, path: stored.path)
        }
    }

    // MARK: Rules

    /// The index of the day named `name` in `plan`.
    ///
    /// - Throws: `NOT_FOUND` with the plan's day names as suggestions.
    static func dayIndex(_ name: String, in plan: TrainingPlan) throws(LiftLogError) -> Int {
        if let index = plan.dayIndex(named: name) { return index }
        guard !plan.days.isEmpty else { throw noDays(plan) }
        let names = plan.days.map(\.name)
        throw .notFound("Plan '\(plan.name)' has no day named '\(name)' (days: \(names.joined(separator: ", "))).",
                        suggestions: Suggestions.closest(to: name, among: names))
    }

    /// `NOT_FOUND` for a plan without days, saying how to add one.
    static func noDays(_ plan: TrainingPlan) -> LiftLogError {
        .notFound("Plan '\(plan.name)' has no days yet.", remedy: .addPlanDay(plan: plan.name))
    }

    /// The planned exercise of `day` that is `exercise` (by ID, else by name).
    static func plannedIndex(of exercise: Exercise, in day: TrainingPlan.Day) -> Int? {
        day.exercises.firstIndex { $0.exerciseID == exercise.id }
            ?? day.exercises.firstIndex { Exercise.nameKey($0.exerciseName) == Exercise.nameKey(exercise.name) }
    }

    /// A position from 1 to `count`, or `count` when `nil`.
    static func checkedPosition(_ position: Int?, count: Int) throws(LiftLogError) -> Int {
        guard let position else { return count }
        guard (1...max(count, 1)).contains(position) else {
            throw .validation("Position must be 1–\(max(count, 1)), got \(position).")
        }
        return position
    }

    /// A plan or day name tidied as exercise names are, or `VALIDATION_ERROR`.
    static func checkedName(_ raw: String, what: String) throws(LiftLogError) -> String {
        if raw.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .validation("\(what) cannot contain line breaks, tabs or other control characters.")
        }
        let name = Exercise.normalizedName(raw)
        if name.isEmpty { throw .validation("\(what) cannot be empty.") }
        if name.count > Exercise.maximumNameLength {
            throw .validation("\(what) is \(name.count) characters long; the limit is \(Exercise.maximumNameLength).")
        }
        return name
    }
}

/// Changes to a plan (``Store/changePlan(named:_:)``); `nil` leaves a field as it is.
public struct PlanChanges: Sendable, Equatable {
    /// A new name (`nil`: unchanged).
    public var name: String?
    /// New notes (an empty text removes them).
    public var notes: String?
    /// 1–7, or 0 to remove it.
    public var daysPerWeek: Int?
    /// 1–52, or 0 to remove it.
    public var durationWeeks: Int?

    /// Changes of the given fields; those left `nil` stay as they are.
    public init(name: String? = nil, notes: String? = nil, daysPerWeek: Int? = nil, durationWeeks: Int? = nil) {
        self.name = name
        self.notes = notes
        self.daysPerWeek = daysPerWeek
        self.durationWeeks = durationWeeks
    }
}

extension Store {
    /// The ID of a new plan named `name` (``Identifier/forNew(_:named:taken:random:)``), so the
    /// same plan made on two devices merges into one.
    func newPlanID(named name: String, taken existing: [StoredPlan]) -> TrainingPlan.ID {
        let ids = Swift.Set(existing.map(\.plan.id))
        return TrainingPlan.ID.forNew("plan", named: name, taken: ids.contains) { TrainingPlan.ID(rawValue: environment.makeUUID()) ?? TrainingPlan.ID.random() }
    }
}

/// What ``Store/addPlanDay(plan:day:from:position:)`` did: the plan with its new day, and the
/// exercises of the session it left out.
public struct PlanDayFromSession: Sendable {
    /// An exercise of the session the day does not plan, and why.
    public struct LeftOut: Hashable, Sendable {
        /// The exercise's name in the session.
        public var exercise: String
        /// Why it is not planned.
        public var reason: String
        /// As `--json` and the API give it: `{"exercise_name", "reason"}`.
        public var json: JSONValue { ["exercise_name": .string(exercise), "reason": .string(reason)] }
    }

    /// The plan as saved.
    public var stored: StoredPlan
    /// Where the new day is in the plan's days, from 0.
    public var dayIndex: Int
    /// The exercises left out, in the session's order.
    public var leftOut: [LeftOut]
}
