/// What `seed` did.
public struct SeedReport: Equatable, Sendable {
    /// Names added, in file order.
    public var added: [String]
    /// Names already in the library (compared case-insensitively), left as they were.
    public var skipped: [String]
}

/// Changes to an exercise; `nil` leaves a field as it is.
public struct ExerciseChanges: Sendable {
    /// A new name (`nil`: unchanged).
    public var name: String?
    /// A new modality.
    public var modality: Exercise.Modality?
    /// A new category.
    public var category: Exercise.Category?
    /// New muscle groups, primary first.
    public var muscleGroups: [String]?
    /// The muscles that only assist.
    public var secondaryMuscles: [String]?
    /// New notes (an empty text removes them).
    public var notes: String?
    /// A new weight increment, positive.
    public var weightIncrement: Double?
    /// A new picture or video, path or URL.
    public var media: String?
    /// The rest between its sets in seconds (0 removes it).
    public var restSeconds: Int?
    /// The weight of its own bar in the store's unit (0 removes it: the store's bar again).
    public var barWeight: Double?
    /// Its other names, replacing those it has (empty: none).
    public var aliases: [String]?
    /// The weights it can be set to, in the store's unit (``Exercise/loads``; empty: none).
    public var loads: [Double]?

    /// Changes of the given fields; those left `nil` stay as they are.
    public init(name: String? = nil, modality: Exercise.Modality? = nil, category: Exercise.Category? = nil, muscleGroups: [String]? = nil,
                secondaryMuscles: [String]? = nil, notes: String? = nil, weightIncrement: Double? = nil, media: String? = nil, restSeconds: Int? = nil,
                barWeight: Double? = nil, aliases: [String]? = nil, loads: [Double]? = nil) {
        self.aliases = aliases
        self.loads = loads
        self.restSeconds = restSeconds
        self.barWeight = barWeight
        self.secondaryMuscles = secondaryMuscles
        self.name = name
        self.modality = modality
        self.category = category
        self.muscleGroups = muscleGroups
        self.notes = notes
        self.weightIncrement = weightIncrement
        self.media = media
    }
}

extension Store {
    static let exercisesFolder = "exercises"

    /// Every exercise of the library, sorted by name.
    ///
    /// - Throws: `CORRUPT_FILE` naming the file and position of the first broken exercise.
    public func exercises() throws(LiftLogError) -> [Exercise] {
        // Lowercased once per exercise, not once per comparison.
        try exerciseFiles().map { ($0.exercise.name.lowercased(), $0.exercise) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Every exercise with the file it is stored in.
    package func exerciseFiles() throws(LiftLogError) -> [(exercise: Exercise, path: String)] {
        var found: [(Exercise, String)] = []
        var problems: [FileProblem] = []
        for entry in try files.list(Store.exercisesFolder) where entry.name.hasSuffix(".json") && !entry.name.hasPrefix(".") {
            let path = "\(Store.exercisesFolder)/\(entry.name)"
            do {
                if let exercise = try files.load(path, as: Exercise.self) { found.append((exercise, path)) }
            } catch {
                guard case .corruptFile(let list) = error else { throw error }
                problems += list
            }
        }
        if !problems.isEmpty { throw .corruptFile(problems) }
        return found
    }

    /// The exercise named `name` (case-insensitively, spaces collapsed), with that ID, with
    /// that alias, or, when none is, the one a common abbreviation (`rdl`) stands for.
    ///
    /// - Throws: `NOT_FOUND` with up to three close names as suggestions.
    public func exercise(named name: String) throws(LiftLogError) -> Exercise {
        try exerciseFile(named: name).exercise
    }

    package func exerciseFile(named name: String) throws(LiftLogError) -> (exercise: Exercise, path: String) {
        let looked = try lookUpExercise(named: name)
        if let found = looked.found { return found }
        throw missingExercise(name, among: looked.library.map(\.exercise))
    }

    /// `NOT_FOUND` for an exercise named `name` that `library` does not have, with the close
    /// names as suggestions (``suggestions(for:among:)``); `remedy` when no name is close.
    package func missingExercise(_ name: String, among library: [Exercise], remedyWhenNoneClose remedy: Remedy? = nil) -> LiftLogError {
        let close = suggestions(for: name, among: library)
        return .notFound("No exercise named '\(name)'.", suggestions: close, remedy: close.isEmpty ? remedy : nil)
    }

    /// The exercise ``exercise(named:)`` finds, or `nil` when none is: for a caller that goes
    /// on without one, so that no suggestions are worked out (they read the whole index).
    package func findExercise(named name: String) throws(LiftLogError) -> Exercise? {
        try lookUpExercise(named: name).found?.exercise
    }

    /// The exercise named `name` and its file, if any, with the library when it was read.
    private func lookUpExercise(named name: String) throws(LiftLogError) -> (found: (exercise: Exercise, path: String)?, library: [(exercise: Exercise, path: String)]) {
        if let tooLong = Exercise.lengthProblem(name) { throw .validation(tooLong) }
        let key = Exercise.nameKey(name)
        // Fast path: the file named after the slug.
        let slug = Slug.make(name)
        if !slug.isEmpty, let exercise = try? files.load("\(Store.exercisesFolder)/\(slug).json", as: Exercise.self),
           Exercise.nameKey(exercise.name) == key {
            return ((exercise, "\(Store.exercisesFolder)/\(slug).json"), [])
        }
        let all = try exerciseFiles()
        if let match = all.first(where: { Exercise.nameKey($0.exercise.name) == key || $0.exercise.id.rawValue == name.lowercased() }) {
            return (match, all)
        }
        if let match = all.first(where: { $0.exercise.hasAlias(key) }) { return (match, all) }
        // An abbreviation lifters type (`rdl`, `ohp`), when no exercise has it as its name.
        for full in Exercise.abbreviations[key] ?? [] {
            if let match = all.first(where: { Exercise.nameKey($0.exercise.name) == Exercise.nameKey(full) }) { return (match, all) }
        }
        return (nil, all)
    }

    /// Up to three exercises whose name or alias is close to `name`, those the user logs most
    /// first among equally close ones.
    package func suggestions(for name: String, among exercises: [Exercise]) -> [String] {
        var nameOf: [String: String] = [:]
        for exercise in exercises {
            nameOf[exercise.name] = exercise.name
            for alias in exercise.aliases where nameOf[alias] == nil { nameOf[alias] = exercise.name }
        }
        let usage = (try? exerciseUsage()) ?? [:]
        var seen: Swift.Set<String> = []
        return Suggestions.closest(to: name, among: Array(nameOf.keys), limit: nameOf.count) {
            usage[Exercise.nameKey(nameOf[$0] ?? $0)] ?? 0
        }
        .compactMap { nameOf[$0] }.filter { seen.insert($0).inserted }.prefix(3).map { $0 }
    }

    /// What of the library other than `exercise` already claims its name or one of its
    /// aliases, as a `CONFLICT`: no name or alias belongs to two exercises.
    static func checkClaims(of exercise: Exercise, against others: [Exercise]) throws(LiftLogError) {
        for (index, name) in ([exercise.name] + exercise.aliases).enumerated() {
            let key = Exercise.nameKey(name)
            guard let claim = others.lazy.compactMap({ Exercise.claim(of: key, by: $0) }).first else { continue }
            throw .conflict(index == 0 ? "The name '\(name)' is already \(claim)." : "The alias '\(name)' is already \(claim).")
        }
    }

    /// Adds an exercise to the library.
    ///
    /// - Throws: `VALIDATION_ERROR` for a bad name or increment, `CONFLICT` when the name is
    ///   taken (case-insensitively).
    @discardableResult
    public func addExercise(
        name: String, modality: Exercise.Modality = .other, category: Exercise.Category? = nil, muscleGroups: [String] = [],
        secondaryMuscles: [String] = [], notes: String? = nil, weightIncrement: Double = Exercise.defaultWeightIncrement, media: String? = nil
    ) throws(LiftLogError) -> Exercise {
        try withLock { () throws(LiftLogError) -> Exercise in
            try insertExercise(name: name, modality: modality, category: category, muscleGroups: muscleGroups, secondaryMuscles: secondaryMuscles,
                               notes: notes, weightIncrement: weightIncrement, media: media)
        }
    }

    /// Adds an exercise; the caller holds the lock.
    func insertExercise(
        name: String, modality: Exercise.Modality, category: Exercise.Category? = nil, muscleGroups: [String] = [],
        secondaryMuscles: [String] = [], notes: String? = nil, weightIncrement: Double = Exercise.defaultWeightIncrement, media: String? = nil,
        id: Exercise.ID? = nil
    ) throws(LiftLogError) -> Exercise {
        let (exercise, path) = try newExercise(name: name, modality: modality, category: category, muscleGroups: muscleGroups,
                                               secondaryMuscles: secondaryMuscles, notes: notes, weightIncrement: weightIncrement, media: media, id: id)
        try files.save(exercise, to: path)
        return exercise
    }

    /// A new custom exercise and the file it would go to, checked but not written (for a
    /// caller that writes it together with something else).
    func newExercise(
        name: String, modality: Exercise.Modality, category: Exercise.Category? = nil, muscleGroups: [String] = [],
        secondaryMuscles: [String] = [], notes: String? = nil, weightIncrement: Double = Exercise.defaultWeightIncrement, media: String? = nil,
        reserved: [String] = [], id: Exercise.ID? = nil
    ) throws(LiftLogError) -> (exercise: Exercise, path: String) {
        let existing = try exerciseFiles()
        let exercise = Exercise(
            id: id ?? newExerciseID(named: name, taken: Swift.Set(existing.map(\.exercise.id))), name: Exercise.normalizedName(name),
            modality: modality, category: category, muscleGroups: muscleGroups.map { $0.lowercased() },
            secondaryMuscles: secondaryMuscles.map { $0.lowercased() }, notes: notes,
            isCustom: true, weightIncrement: weightIncrement, media: media, createdAt: currentTimestamp())
        try Store.checkExercise(exercise, rawName: name)
        if let clash = existing.first(where: { Exercise.nameKey($0.exercise.name) == Exercise.nameKey(exercise.name) }) {
            throw .conflict("An exercise named '\(clash.exercise.name)' already exists.")
        }
        try Store.checkClaims(of: exercise, against: existing.map(\.exercise))
        return (exercise, freeExercisePath(for: exercise, taken: Swift.Set(existing.map(\.path) + reserved)))
    }

    /// The ID of a new exercise named `name` (``Identifier/forNew(_:named:taken:random:)``):
    /// a seeded exercise's own when the library has none with that ID.
    func newExerciseID(named name: String, taken: Swift.Set<Exercise.ID>) -> Exercise.ID {
        Exercise.ID.forNew("exercise", named: name, taken: taken.contains) { Exercise.ID(rawValue: environment.makeUUID()) ?? Exercise.ID.random() }
    }

    static func checkExercise(_ exercise: Exercise, rawName: String) throws(LiftLogError) {
        try checkName(rawName)
        if !(exercise.weightIncrement > 0) || !exercise.weightIncrement.isFinite {
            throw .validation("Weight increment must be positive, got \(JSONNumber(exercise.weightIncrement.isFinite ? exercise.weightIncrement : 0)).")
        }
        if let muscle = exercise.muscleGroups.first(where: { $0.trimmingWhitespace().isEmpty }) {
            throw .validation("Muscle group '\(muscle)' cannot be empty.")
        }
    }

    /// Refuses a name (or alias: `what`) as typed that is not one once tidied. Spaces at the
    /// ends and runs of spaces are tidied; line breaks and other control characters are
    /// refused rather than quietly turned into spaces.
    static func checkName(_ rawName: String, what: String = "Exercise name") throws(LiftLogError) {
        if rawName.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .validation("\(what) cannot contain line breaks, tabs or other control characters.")
        }
        if let invisible = rawName.unicodeScalars.first(where: { $0.properties.generalCategory == .format }) {
            let code = String(invisible.value, radix: 16, uppercase: true)
            throw .validation("\(what) cannot contain invisible characters (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)); type the name again without it.")
        }
        if let problem = Exercise.nameProblem(Exercise.normalizedName(rawName), what: what) { throw .validation(problem) }
    }

    /// `exercises/<slug>.json`, or `<slug>-2.json`… when another exercise has that file.
    private func freeExercisePath(for exercise: Exercise, taken: Swift.Set<String>) -> String {
        Store.freePath(in: Store.exercisesFolder, name: exercise.name, fallback: "exercise-\(exercise.id.short)", taken: taken)
    }

    /// `<folder>/<slug of name>.json`, or `<slug>-2.json`… when that path is taken.
    static func freePath(in folder: String, name: String, fallback: String, taken: Swift.Set<String>) -> String {
        let slug = Slug.make(name)
        let base = slug.isEmpty ? fallback : slug
        var candidate = "\(folder)/\(base).json"
        var counter = 2
        while taken.contains(candidate) {
            candidate = "\(folder)/\(base)-\(counter).json"
            counter += 1
        }
        return candidate
    }

    /// Changes an exercise; a new name moves it to the file of that name, and plans that link
    /// to it take the new name.
    ///
    /// - Throws: `NOT_FOUND`, `VALIDATION_ERROR`, or `CONFLICT` when the new name is taken.
    @discardableResult
    public func updateExercise(named name: String, _ changes: ExerciseChanges) throws(LiftLogError) -> Exercise {
        try withLock { () throws(LiftLogError) -> Exercise in
            let (original, path) = try exerciseFile(named: name)
            var exercise = original
            if let newName = changes.name { exercise.name = Exercise.normalizedName(newName) }
            if let modality = changes.modality { exercise.modality = modality }
            if let category = changes.category { exercise.category = category }
            if let muscles = changes.muscleGroups { exercise.muscleGroups = muscles.map { $0.lowercased() } }
            if let muscles = changes.secondaryMuscles { exercise.secondaryMuscles = muscles.map { $0.lowercased() } }
            if let notes = changes.notes { exercise.notes = notes.isEmpty ? nil : notes }
            if let increment = changes.weightIncrement { exercise.weightIncrement = increment }
            if let media = changes.media { exercise.media = media.isEmpty ? nil : media }
            if let rest = changes.restSeconds {
                guard (0...3600).contains(rest) else { throw .validation("Rest must be 0–3600 seconds, got \(rest).") }
                exercise.restSeconds = rest == 0 ? nil : rest
            }
            if let bar = changes.barWeight {
                guard bar == 0 || PlateLoading.isEquipmentWeight(bar) else {
                    throw .validation("The bar must weigh more than 0 and at most 100, got \(JSONNumber(bar.isFinite ? bar : 0)) (0 removes the exercise's own bar).")
                }
                exercise.barWeight = bar == 0 ? nil : bar
            }
            if let aliases = changes.aliases {
                for alias in aliases { try Store.checkName(alias, what: "Alias") }
                exercise.aliases = aliases.map(Exercise.normalizedName)
                if let problem = exercise.aliasesProblem() { throw .validation(problem) }
            }
            if let loads = changes.loads {
                if let problem = FixedLoads.problem(loads) { throw .validation(problem) }
                exercise.loads = loads
            }
            try Store.checkExercise(exercise, rawName: changes.name ?? exercise.name)
            var target = path
            let renamed = Exercise.nameKey(exercise.name) != Exercise.nameKey(original.name) || Slug.make(exercise.name) != Slug.make(original.name)
            if renamed || exercise.aliases != original.aliases {
                let others = try exerciseFiles().filter { $0.path != path }
                if let clash = others.first(where: { Exercise.nameKey($0.exercise.name) == Exercise.nameKey(exercise.name) }) {
                    throw .conflict("An exercise named '\(clash.exercise.name)' already exists.")
                }
                try Store.checkClaims(of: exercise, against: others.map(\.exercise))
                if renamed { target = freeExercisePath(for: exercise, taken: Swift.Set(others.map(\.path))) }
            }
            guard exercise != original || target != path else { return exercise }
            // The exercise's file, its old name and the plans that name it change as one.
            var steps: [StoreFiles.Step] = [.write(target, exercise.canonicalBytes)]
            if target != path { steps.append(.remove(path)) }
            if exercise.name != original.name { steps += renameInPlans(exercise) }
            try files.apply(steps)
            return exercise
        }
    }

    /// The plans that link to an exercise, rewritten with its new name. The link (its ID) is
    /// what counts, so a plan that cannot be read keeps the old name and still works: `check`
    /// reports the broken file, and the rename goes ahead.
    private func renameInPlans(_ exercise: Exercise) -> [StoreFiles.Step] {
        guard let plans = try? planFiles() else { return [] }
        var steps: [StoreFiles.Step] = []
        for stored in plans {
            var plan = stored.plan
            for day in plan.days.indices {
                for index in plan.days[day].exercises.indices where plan.days[day].exercises[index].exerciseID == exercise.id {
                    plan.days[day].exercises[index].exerciseName = exercise.name
                }
            }
            if plan != stored.plan { steps.append(.write(stored.path, plan.canonicalBytes)) }
        }
        return steps
    }

    /// Removes an exercise from the library. Sessions keep their snapshot of its name.
    ///
    /// - Throws: `NOT_FOUND`, or `CONFLICT` when a plan uses it.
    @discardableResult
    public func deleteExercise(named name: String) throws(LiftLogError) -> Exercise {
        try withLock { () throws(LiftLogError) -> Exercise in
            let (exercise, path) = try exerciseFile(named: name)
            for plan in try plans() {
                let uses = plan.days.contains { day in
                    day.exercises.contains { $0.exerciseID == exercise.id || Exercise.nameKey($0.exerciseName) == Exercise.nameKey(exercise.name) }
                }
                if uses { throw .conflict("Cannot delete exercise that is used in a plan ('\(plan.name)').") }
            }
            try files.remove(path)
            return exercise
        }
    }

    /// Adds the exercises of a seed file whose names are not in the library yet.
    ///
    /// Idempotent: running it again adds nothing; a file with new names adds only those.
    ///
    /// - Parameters:
    ///   - bytes: the JSON of the seed file (see DefaultExercises.json).
    ///   - path: the file's name, for error messages.
    /// - Throws: `CORRUPT_FILE` with the position of the first mistake in the file; then
    ///   nothing is added.
    @discardableResult
    public func seed(from bytes: [UInt8], path: String) throws(LiftLogError) -> SeedReport {
        let file = try DocumentDecoder.decode(bytes, path: path, as: SeedFile.self)
        return try withLock { () throws(LiftLogError) -> SeedReport in
            let existing = try exerciseFiles()
            // A name the library has, as a name or an alias, is not seeded again.
            var names = Swift.Set(existing.flatMap { [$0.exercise.name] + $0.exercise.aliases }.map(Exercise.nameKey))
            var paths = Swift.Set(existing.map(\.path))
            var report = SeedReport(added: [], skipped: [])
            // Every exercise this call adds was seeded now (an exercise already there keeps its own).
            let now = currentTimestamp()
            // All or nothing: when a write fails, the exercises this call added go again.
            var written: [String] = []
            for item in file.items {
                let key = Exercise.nameKey(item.name)
                guard !names.contains(key) else { report.skipped.append(item.name); continue }
                let exercise = Exercise(
                    id: Exercise.ID.nameBased("exercise:" + key), name: item.name, modality: item.modality,
                    category: item.category, muscleGroups: item.muscleGroups, secondaryMuscles: item.secondaryMuscles, notes: item.notes, isCustom: false,
                    weightIncrement: item.weightIncrement, createdAt: now)
                let target = freeExercisePath(for: exercise, taken: paths)
                do throws(LiftLogError) {
                    try files.save(exercise, to: target)
                } catch {
                    for path in written { try? files.remove(path) }
                    throw error
                }
                written.append(target)
                names.insert(key)
                paths.insert(target)
                report.added.append(item.name)
            }
            return report
        }
    }
}
