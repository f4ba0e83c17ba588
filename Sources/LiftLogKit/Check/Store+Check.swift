/// What `check` found: how many files it read and every problem, in path order.
public struct CheckReport: Sendable {
    /// How many files were read.
    public var filesChecked: Int
    /// Every problem found, file by file, at its line and column.
    public var problems: [FileProblem]
    /// What may be a mistake but does not keep a file from being read (a key that looks like a
    /// misspelling of a known one): reported, never a failure.
    public var warnings: [FileProblem] = []

    /// The number of different files with at least one problem.
    public var filesWithProblems: Int { Swift.Set(problems.map(\.path)).count }
}

extension Store {
    /// Validates every file of the store at `path`, even one whose manifest is broken: JSON
    /// syntax, types and value rules, each session's path against its start time, duplicate
    /// IDs and names, more than one active session, plan or mesocycle, two days of one name in
    /// a plan, planned exercises missing from the library, sync-conflict copies and stray files. Keeps going after the first problem.
    ///
    /// Each problem carries the line and column of the offending value, the text of that line
    /// and a sentence saying how to fix it.
    ///
    /// - Complexity: O(N) file reads, on all cores.
    /// - Throws: `NOT_FOUND` when there is no store there, `IO_ERROR` when a folder cannot be listed.
    public static func check(at path: String, environment: Environment = .live) throws(LiftLogError) -> CheckReport {
        let files = StoreFiles(root: try absolutePath(path), fileSystem: environment.fileSystem, now: environment.nanosecondsNow)
        guard let root = try files.status(""), root.kind == .directory, try files.status(manifestFileName) != nil else {
            throw .notFound("No liftlog store at '\(path)' (no \(manifestFileName)).", remedy: .createStore(path: path))
        }
        var checker = StoreChecker(files: files)
        try checker.run()
        let order = { (a: FileProblem, b: FileProblem) in (a.path, a.line, a.column) < (b.path, b.line, b.column) }
        return CheckReport(filesChecked: checker.filesChecked, problems: checker.problems.sorted(by: order), warnings: checker.warnings.sorted(by: order))
    }
}

extension Store {
    /// Validates only `paths` (relative to the store; what a commit is about to record), for a
    /// pre-commit hook that must not grow with the log: each session file by itself, its place,
    /// and the rules across files answered from the index (another session with its ID,
    /// another active session); the exercise library and plans as a whole when one of their
    /// files is among `paths` (they are few); body entries and the manifest by themselves.
    /// Problems of other session and body files are not looked for. Paths liftlog does not
    /// read (schemas, editor settings) are skipped.
    ///
    /// - Throws: as ``check(at:environment:)``.
    public static func check(at path: String, paths: [String], environment: Environment = .live) throws(LiftLogError) -> CheckReport {
        // A store that does not open (its manifest broken) is checked whole: that check reports
        // what is wrong with it, file and line.
        guard let store = try? Store.open(at: path, environment: environment) else { return try check(at: path, environment: environment) }
        var checker = StoreChecker(files: store.files)
        try checker.run(paths: paths, store: store)
        let order = { (a: FileProblem, b: FileProblem) in (a.path, a.line, a.column) < (b.path, b.line, b.column) }
        return CheckReport(filesChecked: checker.filesChecked, problems: checker.problems.sorted(by: order), warnings: checker.warnings.sorted(by: order))
    }
}

/// One run of `check`.
struct StoreChecker {
    let files: StoreFiles
    var filesChecked = 0
    var problems: [FileProblem] = []
    var warnings: [FileProblem] = []

    /// A file that decoded, with its bytes (to locate values for cross-file problems).
    struct Loaded<T: Sendable>: Sendable {
        var path: String
        var bytes: [UInt8]
        var value: T
    }

    mutating func run() throws(LiftLogError) {
        if let manifest: Loaded<StoreManifest> = load(Store.manifestFileName) { _ = manifest }
        try checkRootConflicts()
        let exercises: [Loaded<Exercise>] = try loadFolder("exercises")
        let plans: [Loaded<TrainingPlan>] = try loadFolder("plans")
        let sessions = try loadSessions()
        let body = try loadBody()
        checkExercises(exercises)
        checkPlans(plans, library: exercises.map(\.value))
        checkSessions(sessions)
        checkBody(body)
    }

    /// Checks `paths` only (see ``Store/check(at:paths:environment:)``).
    mutating func run(paths: [String], store: Store) throws(LiftLogError) {
        let chosen = Swift.Set(paths.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 })
        var sessionMonths: Swift.Set<String> = []
        var library = false, body = false
        for path in chosen {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            switch (parts.first, parts.count) {
            case ("liftlog.json", 1):
                if let manifest: Loaded<StoreManifest> = load(Store.manifestFileName) { _ = manifest }
            case ("exercises", 2), ("plans", 2):
                library = true
            case ("sessions", 4):
                sessionMonths.insert(parts.dropLast().joined(separator: "/"))
            case ("body", 3):
                body = true
            case ("sessions", _), ("body", _):
                problems.append(strayProblem(path, expected: parts.first == "sessions" ? "session files are at sessions/YYYY/MM/NAME.json" : "body entries are at body/YYYY/NAME.json"))
            default:
                continue
            }
        }
        if library {
            let exercises: [Loaded<Exercise>] = try loadFolder("exercises")
            let plans: [Loaded<TrainingPlan>] = try loadFolder("plans")
            checkExercises(exercises)
            checkPlans(plans, library: exercises.map(\.value))
        }
        if body {
            let before = problems.count, warned = warnings.count
            let entries = try loadBody()
            checkBody(entries)
            // The chosen entries' problems only (rules across body entries included).
            keepOnly(chosen, problemsSince: before, warningsSince: warned)
            filesChecked -= entries.count - entries.filter { chosen.contains($0.path) }.count
        }
        guard !sessionMonths.isEmpty else { return }
        var sessionPaths: [String] = []
        for month in sessionMonths.sorted() {
            let before = problems.count
            let parts = month.split(separator: "/")
            guard MonthKey(folderName: String(parts[1]), String(parts[2])) != nil, try files.status(month)?.kind == .directory else {
                for path in chosen.sorted() where path.hasPrefix(month + "/") {
                    problems.append(strayProblem(path, expected: "session files are at sessions/YYYY/MM/NAME.json, MM from 01 to 12"))
                }
                continue
            }
            sessionPaths += try datedFiles(in: month, what: "session files").filter(chosen.contains)
            keepOnly(chosen, problemsSince: before)
        }
        var facts: [SessionFacts] = []
        for path in sessionPaths {
            filesChecked += 1
            let result = StoreChecker.decode(path, as: Session.self, files: files)
            problems += result.problems
            warnings += result.warnings
            if let item = result.loaded { facts.append(SessionFacts(item)) }
        }
        // The rules across files, from the index: the chosen files as they are now, every
        // other file as the index knows it.
        var others: [SessionFacts] = []
        let wantsActive = facts.contains(where: \.isActive)
        try store.withFreshIndex(holdingLock: false) { (index: SessionIndex) throws(LiftLogError) in
            for item in facts {
                for path in try index.paths(withID: item.id.text) where !chosen.contains(path) {
                    others.append(SessionFacts(path: path, id: item.id, isActive: false))
                }
            }
            guard wantsActive else { return }
            try index.forEachSummaryNewestFirst { summary in
                if summary.status == .active, !chosen.contains(summary.path) {
                    others.append(SessionFacts(path: summary.path, id: PackedUUID(summary.id), isActive: true))
                }
                return true
            }
        }
        let before = problems.count
        checkSessions(facts + others)
        keepOnly(chosen, problemsSince: before)
    }

    /// Drops the problems (and warnings) found since the given counts that are not about one of
    /// the `chosen` files.
    private mutating func keepOnly(_ chosen: Swift.Set<String>, problemsSince before: Int, warningsSince warned: Int? = nil) {
        problems = Array(problems[..<before]) + problems[before...].filter { chosen.contains($0.path) }
        if let warned { warnings = Array(warnings[..<warned]) + warnings[warned...].filter { chosen.contains($0.path) } }
    }

    // MARK: Reading

    /// Reads and decodes one file, recording its problems.
    mutating func load<T: JSONDecodable & Sendable>(_ relative: String) -> Loaded<T>? {
        filesChecked += 1
        let result = StoreChecker.decode(relative, as: T.self, files: files)
        problems += result.problems
        warnings += result.warnings
        return result.loaded
    }

    /// Reads and decodes one file; `parentsChecked` when its folder was just listed.
    static func decode<T: JSONDecodable & Sendable>(_ relative: String, as type: T.Type, files: StoreFiles, parentsChecked: Bool = false)
        -> (loaded: Loaded<T>?, problems: [FileProblem], warnings: [FileProblem]) {
        let bytes: [UInt8]
        do {
            guard let read = try files.read(relative, parentsChecked: parentsChecked) else { return (nil, [], []) }
            bytes = read
        } catch {
            if case .corruptFile(let list) = error { return (nil, list, []) }
            return (nil, [FileProblem(path: relative, line: 0, column: 0, code: error.code, message: error.message)], [])
        }
        let report = DocumentDecoder.decodeReport(bytes, path: relative, as: T.self)
        guard let value = report.value, report.problems.isEmpty else { return (nil, report.problems.map { withLine($0, bytes) }, report.warnings) }
        return (Loaded(path: relative, bytes: bytes, value: value), [], report.warnings)
    }

    static func withLine(_ problem: FileProblem, _ bytes: [UInt8]) -> FileProblem {
        problem.excerpted(from: bytes)
    }

    /// A problem about the value at `path` of a file that decoded.
    static func problem<T: Sendable>(_ loaded: Loaded<T>, at path: JSONPath, code: ErrorCode, message: String, hint: String, remedy: Remedy? = nil) -> FileProblem {
        let offset = (try? JSONParser.parseWithPositions(loaded.bytes))?.1.offset(of: path) ?? 0
        let location = SourceLocation(offset: offset, in: loaded.bytes)
        return FileProblem(path: loaded.path, line: location.line, column: location.column, code: code, message: message, hint: hint,
                           lineText: SourceLocation.lineText(location.line, in: loaded.bytes), remedy: remedy)
    }

    /// Decodes every `.json` file of a flat folder; reports conflict copies and stray files.
    mutating func loadFolder<T: JSONDecodable & Sendable>(_ folder: String) throws(LiftLogError) -> [Loaded<T>] {
        let entries = try files.list(folder)
        let names = Swift.Set(entries.map(\.name))
        // Names that differ only by case are one file on macOS and Windows.
        for (_, group) in Dictionary(grouping: entries.map(\.name).filter { !$0.hasPrefix(".") }, by: { $0.lowercased() }) where group.count > 1 {
            for name in group.sorted() {
                let others = group.filter { $0 != name }.sorted().map { "\(folder)/\($0)" }.joined(separator: ", ")
                problems.append(FileProblem(path: "\(folder)/\(name)", line: 0, column: 0, code: .conflict,
                                            message: "differs from \(others) only by case; on macOS and Windows the two are one file, and a sync or checkout there loses one",
                                            hint: "Keep one: merge what the other holds into it, then delete the other."))
            }
        }
        var loaded: [Loaded<T>] = []
        for entry in entries.sorted(by: { $0.name < $1.name }) {
            let path = "\(folder)/\(entry.name)"
            if entry.name.hasPrefix(".") { continue }
            if let conflict = SyncConflict.original(of: entry.name, siblings: names) {
                problems.append(conflictProblem(path, original: "\(folder)/\(conflict.original)", tool: conflict.tool))
                continue
            }
            guard entry.name.hasSuffix(".json"), entry.kind != .directory else {
                problems.append(strayProblem(path, expected: "\(folder)/ holds only .json files"))
                continue
            }
            if let item: Loaded<T> = load(path) { loaded.append(item) }
        }
        return loaded
    }

    /// Decodes every session file, in parallel; reports misplaced folders, conflict copies and
    /// stray files.
    mutating func loadSessions() throws(LiftLogError) -> [SessionFacts] {
        var paths: [String] = []
        for year in try files.list("sessions").sorted(by: { $0.name < $1.name }) {
            let yearPath = "sessions/\(year.name)"
            guard year.name.count == 4, Int(year.name) != nil, year.kind != .regular else {
                if !year.name.hasPrefix(".") { problems.append(strayProblem(yearPath, expected: "sessions/ holds only year folders such as sessions/2025")) }
                continue
            }
            for month in try files.list(yearPath).sorted(by: { $0.name < $1.name }) {
                let monthPath = "\(yearPath)/\(month.name)"
                guard MonthKey(folderName: year.name, month.name) != nil, month.kind != .regular else {
                    if !month.name.hasPrefix(".") { problems.append(strayProblem(monthPath, expected: "a year folder holds only month folders 01 to 12")) }
                    continue
                }
                paths += try datedFiles(in: monthPath, what: "session files")
            }
        }
        let files = self.files
        // Each file is decoded and let go at once: only what the rules across files need is
        // kept, so memory does not grow with the store (the bytes are read again for the rare
        // file those rules find fault with).
        let results = parallelMap(paths) { path -> (facts: SessionFacts?, problems: [FileProblem], warnings: [FileProblem]) in
            // Each path comes from the listing of its month folder, just made.
            let result = StoreChecker.decode(path, as: Session.self, files: files, parentsChecked: true)
            return (result.loaded.map(SessionFacts.init), result.problems, result.warnings)
        }
        filesChecked += paths.count
        var loaded: [SessionFacts] = []
        loaded.reserveCapacity(results.count)
        for result in results {
            problems += result.problems
            warnings += result.warnings
            if let item = result.facts { loaded.append(item) }
        }
        return loaded
    }

    /// What the rules across session files need of each: its place, ID and status, in a few
    /// dozen bytes (a check of 100,000 sessions holds them all).
    struct SessionFacts: Sendable {
        var path: String
        var id: PackedUUID
        var isActive: Bool
        /// Where its start time says it belongs, when that is not `path`.
        var misplacedTo: String?

        init(path: String, id: PackedUUID, isActive: Bool, misplacedTo: String? = nil) {
            self.path = path
            self.id = id
            self.isActive = isActive
            self.misplacedTo = misplacedTo
        }

        init(_ loaded: Loaded<Session>) {
            let expected = loaded.value.relativePath
            self.init(path: loaded.path, id: PackedUUID(loaded.value.id), isActive: loaded.value.status == .active,
                      misplacedTo: expected == loaded.path ? nil : expected)
        }
    }

    /// A problem at `jsonPath` of the session file at `path`, located in its bytes (read again).
    func sessionProblem(_ path: String, at jsonPath: JSONPath, code: ErrorCode, message: String, hint: String, remedy: Remedy? = nil) -> FileProblem {
        guard let item = StoreChecker.decode(path, as: Session.self, files: files).loaded else {
            return FileProblem(path: path, line: 0, column: 0, code: code, message: message, hint: hint, remedy: remedy)
        }
        return StoreChecker.problem(item, at: jsonPath, code: code, message: message, hint: hint, remedy: remedy)
    }

    mutating func checkRootConflicts() throws(LiftLogError) {
        let entries = try files.list("")
        let names = Swift.Set(entries.map(\.name))
        for entry in entries where entry.name.hasSuffix(".json") && entry.name != Store.manifestFileName {
            if let conflict = SyncConflict.original(of: entry.name, siblings: names), conflict.original == Store.manifestFileName {
                problems.append(conflictProblem(entry.name, original: conflict.original, tool: conflict.tool))
            }
        }
    }

    func conflictProblem(_ path: String, original: String, tool: String) -> FileProblem {
        FileProblem(path: path, line: 0, column: 0, code: .conflict,
                    message: "is a sync conflict copy of \(original) (made by \(tool)); liftlog does not read it",
                    hint: "Compare it with \(original) and keep one, or merge them.", remedy: .resolveConflicts)
    }

    func strayProblem(_ path: String, expected: String) -> FileProblem {
        FileProblem(path: path, line: 0, column: 0, code: .corruptFile, message: "is not a liftlog file and is ignored (\(expected))",
                    hint: "Move it out of the store, or rename it if it is a session.")
    }

    // MARK: Rules across files

    mutating func checkExercises(_ exercises: [Loaded<Exercise>]) {
        let byName = Dictionary(grouping: exercises) { Exercise.nameKey($0.value.name) }
        for (_, group) in byName where group.count > 1 {
            for item in group {
                let others = group.filter { $0.path != item.path }.map(\.path).joined(separator: ", ")
                problems.append(StoreChecker.problem(item, at: JSONPath.root.appending("name"), code: .conflict,
                                                     message: "name: the exercise name \"\(item.value.name)\" is also used by \(others)",
                                                     hint: "Rename one of them; names must differ regardless of case and of look-alike letters (ﬁ and fi, full-width letters, invisible characters)."))
            }
        }
        // An alias is one exercise's: not another's name or alias.
        for item in exercises {
            for (index, alias) in item.value.aliases.enumerated() {
                let key = Exercise.nameKey(alias)
                guard let (other, claim) = exercises.lazy.filter({ $0.path != item.path })
                    .compactMap({ other in Exercise.claim(of: key, by: other.value).map { (other, $0) } }).first else { continue }
                let path = JSONPath.root.appending("aliases").appending(index)
                problems.append(StoreChecker.problem(item, at: path, code: .conflict,
                                                     message: "\(path): the alias \"\(alias)\" is already \(claim) (\(other.path))",
                                                     hint: "Remove it from one of them: a name finds one exercise."))
            }
        }
        duplicateIDs(exercises.map { ($0, $0.value.id.rawValue) }, what: "exercise")
    }

    mutating func checkPlans(_ plans: [Loaded<TrainingPlan>], library: [Exercise]) {
        let active = plans.filter(\.value.isActive)
        if active.count > 1 {
            for item in active {
                problems.append(StoreChecker.problem(item, at: JSONPath.root.appending("is_active"), code: .conflict,
                                                     message: "is_active: \(active.count) plans are active (\(active.map(\.value.name).joined(separator: ", ")))",
                                                     hint: "Set \"is_active\" to false in all but one plan."))
            }
        }
        let activeMesocycles = plans.flatMap { plan in plan.value.mesocycles.indices.filter { plan.value.mesocycles[$0].status == .active }.map { (plan, $0) } }
        if activeMesocycles.count > 1 {
            for (plan, index) in activeMesocycles {
                problems.append(StoreChecker.problem(plan, at: JSONPath.root.appending("mesocycles").appending(index).appending("status"), code: .conflict,
                                                     message: "mesocycles[\(index)].status: \(activeMesocycles.count) mesocycles are active (\(activeMesocycles.map { "\($0.0.value.name) from \($0.0.value.mesocycles[$0.1].startDate)" }.joined(separator: ", ")))",
                                                     hint: "Set \"status\" to \"completed\" or \"cancelled\" in all but one."))
            }
        }
        let names = Swift.Set(library.map { Exercise.nameKey($0.name) })
        let ids = Swift.Set(library.map(\.id))
        for plan in plans {
            var dayNames: [String: Int] = [:]
            for (dayIndex, day) in plan.value.days.enumerated() {
                if let first = dayNames[Exercise.nameKey(day.name)] {
                    problems.append(StoreChecker.problem(plan, at: JSONPath.root.appending("days").appending(dayIndex).appending("name"), code: .conflict,
                                                         message: "days[\(dayIndex)].name: the plan already has a day named \"\(plan.value.days[first].name)\" (days[\(first)])",
                                                         hint: "Give each day its own name: days are found by name."))
                } else {
                    dayNames[Exercise.nameKey(day.name)] = dayIndex
                }
            }
            for (dayIndex, day) in plan.value.days.enumerated() {
                for (index, planned) in day.exercises.enumerated() {
                    let known = planned.exerciseID.map(ids.contains) ?? false || names.contains(Exercise.nameKey(planned.exerciseName))
                    guard !known else { continue }
                    let path = JSONPath.root.appending("days").appending(dayIndex).appending("exercises").appending(index).appending("exercise_name")
                    problems.append(StoreChecker.problem(plan, at: path, code: .notFound,
                                                         message: "\(path): the plan uses \"\(planned.exerciseName)\", which is not in the exercise library",
                                                         hint: "Add it to the library, or correct the name.", remedy: .addExercise))
                }
            }
        }
        duplicateIDs(plans.map { ($0, $0.value.id.rawValue) }, what: "plan")
    }

    mutating func checkSessions(_ sessions: [SessionFacts]) {
        for item in sessions {
            guard let expected = item.misplacedTo else { continue }
            problems.append(sessionProblem(item.path, at: JSONPath.root.appending("started_at"), code: .corruptFile,
                                           message: "started_at: the file's name and folder do not match its start time; it belongs at \(expected)",
                                           hint: "Move it there, or correct \"started_at\".", remedy: .format))
        }
        let active = sessions.filter(\.isActive)
        if active.count > 1 {
            for item in active {
                let others = active.filter { $0.path != item.path }.map(\.path).joined(separator: ", ")
                problems.append(sessionProblem(item.path, at: JSONPath.root.appending("status"), code: .conflict,
                                               message: "status: more than one session is active (also \(others))",
                                               hint: "Finish or discard all but one: set \"status\" to \"completed\" and add \"completed_at\"."))
            }
        }
        // Sessions sharing an ID are neighbours once sorted by it (8 bytes a session, where
        // grouping them in a dictionary made an array for each).
        let byID = sessions.indices.sorted { (sessions[$0].id, $0) < (sessions[$1].id, $1) }
        var start = 0
        while start < byID.count {
            var end = start + 1
            while end < byID.count && sessions[byID[end]].id == sessions[byID[start]].id { end += 1 }
            if end - start > 1 {
                let group = byID[start..<end].map { sessions[$0] }
                for item in group {
                    let others = group.filter { $0.path != item.path }.map(\.path).joined(separator: ", ")
                    problems.append(sessionProblem(item.path, at: JSONPath.root.appending("id"), code: .conflict,
                                                   message: StoreChecker.duplicateMessage(what: "session", id: item.id.text, others: others),
                                                   hint: StoreChecker.duplicateHint(what: "session", others: others)))
                }
            }
            start = end
        }
    }

    /// Decodes every body entry (`body/YYYY/*.json`); reports stray files and conflict copies.
    mutating func loadBody() throws(LiftLogError) -> [Loaded<BodyEntry>] {
        var loaded: [Loaded<BodyEntry>] = []
        for year in try files.list(Store.bodyFolder).sorted(by: { $0.name < $1.name }) where !year.name.hasPrefix(".") {
            let yearPath = "\(Store.bodyFolder)/\(year.name)"
            guard year.name.count == 4, Int(year.name) != nil, year.kind != .regular else {
                problems.append(strayProblem(yearPath, expected: "body/ holds only year folders such as body/2025"))
                continue
            }
            for path in try datedFiles(in: yearPath, what: "body entries") {
                if let item: Loaded<BodyEntry> = load(path) { loaded.append(item) }
            }
        }
        return loaded
    }

    /// The files of `folder` named like a dated document (`2025-01-24-0730-3f2c9a1e.json`),
    /// sorted; conflict copies and anything else there are reported.
    mutating func datedFiles(in folder: String, what: String) throws(LiftLogError) -> [String] {
        let entries = try files.list(folder)
        let names = Swift.Set(entries.map(\.name))
        var paths: [String] = []
        for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
            let path = "\(folder)/\(entry.name)"
            if SessionIndex.isSessionFileName(entry.name) {
                paths.append(path)
            } else if let conflict = SyncConflict.original(of: entry.name, siblings: names) {
                problems.append(conflictProblem(path, original: "\(folder)/\(conflict.original)", tool: conflict.tool))
            } else {
                problems.append(strayProblem(path, expected: "\(what) are named like 2025-01-24-0730-3f2c9a1e.json"))
            }
        }
        return paths
    }

    mutating func checkBody(_ entries: [Loaded<BodyEntry>]) {
        for item in entries where item.value.relativePath != item.path {
            problems.append(StoreChecker.problem(item, at: JSONPath.root.appending("measured_at"), code: .corruptFile,
                                                 message: "measured_at: the file's name and folder do not match its time; it belongs at \(item.value.relativePath)",
                                                 hint: "Move it there, or correct \"measured_at\".", remedy: .format))
        }
        duplicateIDs(entries.map { ($0, $0.value.id.rawValue) }, what: "body entry")
    }

    mutating func duplicateIDs<T: Sendable>(_ items: [(Loaded<T>, String)], what: String) {
        let groups = Dictionary(grouping: items) { $0.1 }
        for (id, group) in groups where group.count > 1 {
            for (item, _) in group {
                let others = group.filter { $0.0.path != item.path }.map(\.0.path).joined(separator: ", ")
                problems.append(StoreChecker.problem(item, at: JSONPath.root.appending("id"), code: .conflict,
                                                     message: StoreChecker.duplicateMessage(what: what, id: id, others: others),
                                                     hint: StoreChecker.duplicateHint(what: what, others: others)))
            }
        }
    }

    static func duplicateMessage(what: String, id: String, others: String) -> String {
        "id: the \(what) ID \(id) is also used by \(others)"
    }

    static func duplicateHint(what: String, others: String) -> String {
        "If one of them is a leftover copy, delete it (rm '\(others)', or this file); if they are different \(what)s, give one a new lowercase UUID as its \"id\"."
    }
}
