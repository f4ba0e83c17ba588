/// A planned exercise with a progression rule, and the prescription its history gives.
public struct ProgramTarget: Sendable {
    /// What the rule prescribes for the next session.
    public var prescription: Prescription
    /// Every attempt the rule replayed to get there, oldest first.
    public var steps: [ProgressionRule.Step]
}

/// What a plan will prescribe, session by session (`plan simulate`).
public struct ProgramSimulation: Sendable {
    /// How the simulated lifter does.
    public enum Assumption: String, Sendable, CaseIterable {
        /// Every prescribed rep, every session.
        case hit
        /// Every third session of each exercise, the last set one rep short.
        case missEveryThird = "miss-every-3rd"
    }

    /// One simulated session: its day of the plan and what each exercise is given.
    public struct Session: Sendable {
        /// The week (from 1, Monday first) and the pass through the plan's days (from 1).
        public var week: Int
        /// The pass through the plan's days, from 1.
        public var cycle: Int
        /// The simulated date.
        public var date: LocalDate
        /// The plan day done.
        public var day: String
        /// Its exercises, in the day's order.
        public var exercises: [Exercise]
    }

    /// One exercise of a simulated session.
    public struct Exercise: Sendable {
        /// The exercise's name.
        public var name: String
        /// How the plan's day plans it.
        public var planned: TrainingPlan.PlannedExercise
        /// What its rule prescribes, or its sets planned one by one as written; `nil` for alike
        /// sets without a rule.
        public var prescription: Prescription?
        /// Whether the simulated lifter missed it.
        public var missed: Bool
    }

    /// The plan simulated.
    public var plan: TrainingPlan
    /// How many weeks were simulated.
    public var weeks: Int
    /// How the simulated lifter did.
    public var assumption: Assumption
    /// The sessions, in order.
    public var sessions: [Session]
}

extension Store {
    /// The most weeks `plan simulate` looks ahead.
    public static let maximumSimulatedWeeks = 104

    /// A rule's track: the exercise and the rule's text. Starting Strength's squat on both
    /// days is one track (it progresses every session); GZCLP's squat at T1 and at T2 are two.
    static func trackKey(_ planned: TrainingPlan.PlannedExercise) -> String {
        plannedKey(planned) + "|" + (planned.progress?.canonicalText ?? "")
    }

    /// What a rule starts from for `planned`: its scheme, its load, the unit (the load's, else
    /// the rule's, else the store's) and the loadable step (a pair of the smallest plates:
    /// 2.5 kg or 5 lb unless `config plates` says otherwise), or the weights `exercise` (the
    /// library's) can be set to when it lists them.
    func plannedStart(_ planned: TrainingPlan.PlannedExercise, exercise: Exercise? = nil) -> PlannedStart {
        let unit = planned.load?.unit ?? planned.progress?.unit ?? preferences.unit
        let range = PlanNotation.repRange(planned.reps) ?? 1...1
        let plates = unit == preferences.unit ? preferences.plates ?? PlateLoading.defaultPlates(unit) : PlateLoading.defaultPlates(unit)
        let step = 2 * (plates.min() ?? (unit == .kg ? 1.25 : 2.5))
        let loads = (exercise?.loads ?? []).map { preferences.unit.convert($0, to: unit) }
        return PlannedStart(sets: planned.sets, reps: range, lastSetAMRAP: planned.lastSetAMRAP, load: planned.load, unit: unit, step: step, loads: loads)
    }

    /// Each track's attempts in the plan's completed sessions, oldest first: the working sets of
    /// the session's entries of the exercise, when the session's plan day plans it with the
    /// track's rule.
    func programAttempts(plan: TrainingPlan) throws(LiftLogError) -> [String: [Attempt]] {
        let ruled = plan.days.map { $0.exercises.filter { $0.progress != nil } }
        guard ruled.contains(where: { !$0.isEmpty }) else { return [:] }
        // The sessions it picks are read from their files below: the index only picks them (a
        // look at every session's file here would cost a `stat` each of a whole log).
        var paths: [(path: String, day: Int)] = []
        try withFreshIndex(holdingLock: false) { (index: SessionIndex) throws(LiftLogError) in
            try index.forEachSummaryNewestFirst { summary in
                if summary.status == .completed, let day = summary.planDay.flatMap(plan.sessionDayIndex(named:)), !ruled[day].isEmpty,
                   plan.owns(sessionPlanName: summary.plan) {
                    paths.append((summary.path, day))
                }
                return true
            }
        }
        var attempts: [String: [Attempt]] = [:]
        for (path, day) in paths.reversed() {
            guard let session = try files.load(path, as: Session.self) else { continue }
            for planned in ruled[day] {
                let unit = plannedStart(planned).unit
                let entries = session.entries.filter { entry in
                    planned.exerciseID.map { $0 == entry.exerciseID } ?? false || Exercise.nameKey(entry.exerciseName) == Exercise.nameKey(planned.exerciseName)
                }
                guard !entries.isEmpty else { continue }
                // A bodyweight set's load is what was added to the body (`bw+10`: 10).
                let sets = entries.flatMap(\.sets).filter { $0.setType != .warmup }.map { set in
                    Attempt.WorkSet(weight: set.weight.map { (set.unit ?? preferences.unit).convert($0, to: unit) },
                                    reps: set.reps ?? 0, rpe: set.rpe, completed: set.status == .completed)
                }
                attempts[Store.trackKey(planned), default: []].append(Attempt(date: session.startedAt.localDate, sets: sets))
            }
        }
        return attempts
    }

    /// The prescriptions of the planned exercises of a day that have a rule, by position in
    /// the day, for a session on `date`.
    func programTargets(plan: TrainingPlan, dayIndex: Int, on date: LocalDate) throws(LiftLogError) -> [Int: ProgramTarget] {
        let planned = plan.days[dayIndex].exercises
        guard planned.contains(where: { $0.progress != nil }) else { return [:] }
        let attempts = try programAttempts(plan: plan)
        let library = libraryExercises(of: planned.filter { $0.progress != nil })
        var result: [Int: ProgramTarget] = [:]
        for (index, item) in planned.enumerated() {
            guard let rule = item.progress else { continue }
            let start = plannedStart(item, exercise: library[Store.plannedKey(item)])
            let replay = rule.replay(from: start, attempts: attempts[Store.trackKey(item)] ?? [], on: date)
            result[index] = ProgramTarget(prescription: replay.next, steps: replay.steps)
        }
        return result
    }

    /// The library's exercise of each planned exercise, by planned key.
    func libraryExercises(of planned: [TrainingPlan.PlannedExercise]) -> [String: Exercise] {
        var library: [String: Exercise] = [:]
        for item in planned {
            if let exercise = try? findExercise(named: item.exerciseName) { library[Store.plannedKey(item)] = exercise }
        }
        return library
    }

    // MARK: Seeing ahead

    /// What the plan will prescribe for `weeks` weeks from the coming Monday, session by
    /// session, continuing its rotation and its rules' history, for a lifter who does as
    /// `assumption` says. A week holds the plan's days per week (all its days when it does not
    /// say), spread over the week.
    ///
    /// - Throws: `NOT_FOUND` (no such plan, no active plan, no days), `VALIDATION_ERROR` for
    ///   weeks outside 1–104.
    public func simulate(plan name: String? = nil, weeks: Int, assume assumption: ProgramSimulation.Assumption = .hit) throws(LiftLogError) -> ProgramSimulation {
        guard (1...Store.maximumSimulatedWeeks).contains(weeks) else {
            throw .validation("The weeks to simulate must be 1–\(Store.maximumSimulatedWeeks), got \(weeks).")
        }
        let plan: TrainingPlan
        if let name { plan = try self.plan(named: name).plan } else { plan = try requireActivePlan().plan }
        guard !plan.days.isEmpty else { throw Store.noDays(plan) }
        var attempts = try programAttempts(plan: plan)
        let library = libraryExercises(of: plan.days.flatMap(\.exercises))
        let today = currentTimestamp().localDate
        let monday = today.adding(days: (8 - today.isoWeekday) % 7)
        // The sessions' days and dates: a weekly schedule's days on their weekdays, else the
        // rotation from the next day, spread evenly over each week.
        var slots: [(date: LocalDate, dayIndex: Int)] = []
        if plan.isScheduled {
            slots = (0..<(weeks * 7)).compactMap { offset in
                let date = monday.adding(days: offset)
                return plan.scheduledDayIndex(on: date).map { (date, $0) }
            }
        } else {
            var dayIndex = try nextDay(of: plan).dayIndex
            let perWeek = min(max(plan.daysPerWeek ?? plan.days.count, 1), 7)
            for number in 0..<(weeks * perWeek) {
                slots.append((monday.adding(days: number / perWeek * 7 + (number % perWeek) * 7 / perWeek), dayIndex))
                dayIndex = (dayIndex + 1) % plan.days.count
            }
        }
        var simulated: [String: Int] = [:]
        var sessions: [ProgramSimulation.Session] = []
        for (number, slot) in slots.enumerated() {
            let date = slot.date, dayIndex = slot.dayIndex
            let week = (date.dayNumber - monday.dayNumber) / 7
            let day = plan.days[dayIndex]
            var exercises: [ProgramSimulation.Exercise] = []
            for item in day.exercises {
                let name = library[Store.plannedKey(item)]?.name ?? item.exerciseName
                guard let rule = item.progress else {
                    exercises.append(.init(name: name, planned: item, prescription: item.writtenPrescription, missed: false))
                    continue
                }
                let key = Store.trackKey(item)
                let prescription = rule.next(from: plannedStart(item, exercise: library[Store.plannedKey(item)]), after: attempts[key] ?? [], on: date)
                simulated[key, default: 0] += 1
                let miss = assumption == .missEveryThird && simulated[key]! % 3 == 0
                attempts[key, default: []].append(Attempt.following(prescription, on: date, miss: miss))
                exercises.append(.init(name: name, planned: item, prescription: prescription, missed: miss))
            }
            sessions.append(.init(week: week + 1, cycle: number / plan.days.count + 1, date: date, day: day.name, exercises: exercises))
        }
        return ProgramSimulation(plan: plan, weeks: weeks, assumption: assumption, sessions: sessions)
    }

    // MARK: Plans as text

    /// The plan as text (SPEC §11).
    ///
    /// - Throws: `NOT_FOUND` with close names.
    public func exportPlan(named name: String) throws(LiftLogError) -> String {
        PlanText.export(try plan(named: name).plan)
    }

    /// Creates a plan from text, or with `replace` replaces the days of the plan of that name
    /// (keeping its ID, mesocycles and whether it is active). Every exercise must be in the
    /// library.
    ///
    /// - Parameter source: how errors name the text (the file's name).
    /// - Throws: `VALIDATION_ERROR` as `FILE:LINE:COLUMN: message`; `NOT_FOUND` for an
    ///   exercise not in the library (with suggestions); `CONFLICT` when a plan of that name
    ///   exists and `replace` is not set.
    @discardableResult
    public func importPlan(text: String, source: String, replace: Bool = false, activate: Bool = false) throws(LiftLogError) -> StoredPlan {
        let document: PlanText.Document
        do {
            document = try PlanText.parse(text)
        } catch {
            throw .validation(error.described(in: source))
        }
        let name = try Store.checkedName(document.name, what: "Plan name")
        guard document.days.count <= Store.maximumPlanDays else {
            throw .validation("\(source):\(document.days[Store.maximumPlanDays].line):1: a plan can have at most \(Store.maximumPlanDays) days")
        }
        var days: [TrainingPlan.Day] = []
        for day in document.days {
            var exercises: [TrainingPlan.PlannedExercise] = []
            for line in day.exercises {
                let exercise: Exercise
                do {
                    exercise = try self.exercise(named: line.exerciseName)
                } catch {
                    guard case .notFound(let message, let suggestions, let remedy) = error else { throw error }
                    throw .notFound("\(source):\(line.line):\(line.column): \(message)", suggestions: suggestions, remedy: remedy)
                }
                exercises.append(TrainingPlan.PlannedExercise(
                    exerciseName: exercise.name, exerciseID: exercise.id, sets: line.notation.sets, reps: line.notation.reps,
                    lastSetAMRAP: line.notation.lastSetAMRAP, load: line.load, progress: line.progress, setTargets: line.notation.setTargets, notes: line.notes))
            }
            days.append(TrainingPlan.Day(name: try Store.checkedName(day.name, what: "Day name"), exercises: exercises, weekdays: day.weekdays))
        }
        return try withLock { () throws(LiftLogError) -> StoredPlan in
            let existing = try planFiles()
            if let clash = existing.first(where: { Exercise.nameKey($0.plan.name) == Exercise.nameKey(name) }) {
                guard replace else {
                    throw .conflict("A plan named '\(clash.plan.name)' already exists.", remedy: .replacePlan(file: source))
                }
                var plan = clash.plan
                plan.name = name
                plan.daysPerWeek = document.daysPerWeek
                plan.notes = document.notes
                // Days and planned exercises keep the keys this version does not know.
                plan.days = days.map { day in
                    var day = day
                    if let old = clash.plan.dayIndex(named: day.name).map({ clash.plan.days[$0] }) {
                        day.unknownFields = old.unknownFields
                        day.formerNames = old.formerNames
                        for index in day.exercises.indices {
                            day.exercises[index].unknownFields = old.exercises.first { $0.exerciseID == day.exercises[index].exerciseID }?.unknownFields ?? [:]
                        }
                    }
                    return day
                }
                let stored = StoredPlan(plan: plan, path: clash.path)
                if activate { return try self.activate(stored, alsoWriting: true) }
                if plan != clash.plan { try files.save(plan, to: clash.path) }
                return stored
            }
            let plan = TrainingPlan(
                id: newPlanID(named: name, taken: existing), name: name,
                daysPerWeek: document.daysPerWeek, isActive: false, notes: document.notes, days: days, createdAt: currentTimestamp())
            let path = Store.freePath(in: Store.plansFolder, name: name, fallback: "plan-\(plan.id.short)", taken: Swift.Set(existing.map(\.path)))
            try files.ensureDirectory(Store.plansFolder)
            let stored = StoredPlan(plan: plan, path: path)
            if activate { return try self.activate(stored, alsoWriting: true) }
            try files.save(plan, to: path)
            return stored
        }
    }

    /// Creates a plan from a built-in template of a public program (SPEC §11).
    ///
    /// - Parameters:
    ///   - maxes: what the template starts from, by exercise name: 5/3/1's training max, a
    ///     linear program's first working weight. Loads without a unit are in the store's.
    /// - Throws: `VALIDATION_ERROR` for a missing or unknown max, `CONFLICT` when the name is
    ///   taken.
    @discardableResult
    public func createPlan(name: String, from template: PlanTemplate, maxes: [(exercise: String, load: Load)], activate: Bool = false) throws(LiftLogError) -> StoredPlan {
        let text = try template.text(name: try Store.checkedName(name, what: "Plan name"), maxes: maxes, unit: preferences.unit)
        do {
            return try importPlan(text: text, source: "template \(template.rawValue)", activate: activate)
        } catch {
            // There is no file to import again: the name is taken, nothing more to say.
            if case .conflict(let message, _) = error { throw .conflict(message) }
            throw error
        }
    }
}
