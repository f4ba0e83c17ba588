#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The apps whose exports liftlog imports.
public enum ImportSource: String, Sendable, CaseIterable {
    case strong, hevy, fitnotes, liftosaur, stronglifts, jefit, alpha

    /// The app whose export has this header row, or `nil`.
    public static func detect(header: [String]) -> ImportSource? {
        // The most particular first: Strong's columns are matched loosely.
        for source in [ImportSource.jefit, .alpha, .hevy, .liftosaur, .stronglifts, .fitnotes, .strong] where source.format.recognizes(header) { return source }
        return nil
    }

    var format: any ImportFormat.Type {
        switch self {
        case .strong: StrongFormat.self
        case .hevy: HevyFormat.self
        case .fitnotes: FitNotesFormat.self
        case .liftosaur: LiftosaurFormat.self
        case .stronglifts: StrongLiftsFormat.self
        case .jefit: JefitFormat.self
        case .alpha: AlphaProgressionFormat.self
        }
    }

    /// The app's name as people write it.
    public var displayName: String {
        switch self {
        case .strong: "Strong"
        case .hevy: "Hevy"
        case .fitnotes: "FitNotes"
        case .liftosaur: "Liftosaur"
        case .stronglifts: "StrongLifts 5×5"
        case .jefit: "JEFIT"
        case .alpha: "Alpha Progression"
        }
    }
}

/// What an import did (or, with `dryRun`, would do).
public struct ImportReport: Sendable {
    /// The data rows read.
    public var rows = 0
    /// Sessions written (or, with ``dryRun``, that would be).
    public var sessionsCreated = 0
    /// The app the file came from (given, or recognised from the file).
    public var source: ImportSource = .strong
    /// Body weights the export held, added to the body log (StrongLifts writes one per workout).
    public var bodyWeightsAdded = 0
    /// Sessions already in the store as the file has them (an earlier import of the same data).
    public var sessionsExisting = 0
    /// Sessions imported before that the app's newer export changed, replaced by its version.
    public var sessionsUpdated: [String] = []
    /// Sessions the app's export has differently but that were changed in liftlog since their
    /// import (or imported before liftlog kept track), left as they are; `replaceChanged`
    /// takes the app's version.
    public var sessionsChangedHere: [String] = []
    /// Sets written in those sessions.
    public var setsCreated = 0
    /// Exercises added to the library (as custom exercises).
    public var exercisesCreated: [String] = []
    /// Source names matched to a library exercise of another name (by `--map`).
    public var mapped: [(source: String, library: String)] = []
    /// Source names matched to a library exercise by liftlog's table of the app's names.
    public var matched: [(source: String, library: String)] = []
    /// Rows left out, with why (rest timers; bad rows with `skipBadRows`).
    public var skippedRows: [(line: Int, reason: String)] = []
    /// Whether nothing was written (`dryRun`).
    public var dryRun = false
}

extension Store {
    /// Imports a CSV export of another app: each workout becomes a completed session, each row
    /// a set. The file is read once, streaming (memory does not grow with its size), each row
    /// parsed once: every row is checked, and each workout's session written ahead into
    /// `.liftlog/staged/`; a bad row rejects the whole file (unless `skipBadRows`) and nothing
    /// is written; else the sessions are moved into the store when the file has been read
    /// to its end (staged writes). Each session's ID derives from its source data, so importing the
    /// same file, or a newer export that overlaps it, creates only what is new.
    ///
    /// - Parameter progress: called with the number of rows done, every 1,000 rows.
    /// - Throws: `VALIDATION_ERROR` naming the file, line and problem; `NOT_FOUND` for a
    ///   missing file; nothing is written then.
    @discardableResult
    public func importFile(_ path: String, from source: ImportSource? = nil, options: ImportOptions, progress: ((Int) -> Void)? = nil) throws(LiftLogError) -> ImportReport {
        let app: ImportSource
        if let source { app = source } else { app = try detectSource(path) }
        var report: ImportReport
        switch app {
        case .strong: report = try importFile(path, format: StrongFormat.self, options: options, progress: progress)
        case .hevy: report = try importFile(path, format: HevyFormat.self, options: options, progress: progress)
        case .fitnotes: report = try importFile(path, format: FitNotesFormat.self, options: options, progress: progress)
        case .liftosaur: report = try importFile(path, format: LiftosaurFormat.self, options: options, progress: progress)
        case .stronglifts: report = try importFile(path, format: StrongLiftsFormat.self, options: options, progress: progress)
        case .jefit: report = try importFile(path, format: JefitFormat.self, options: options, progress: progress)
        case .alpha: report = try importFile(path, format: AlphaProgressionFormat.self, options: options, progress: progress)
        }
        report.source = app
        return report
    }

    /// The app whose export `path` is, from its header row.
    ///
    /// - Throws: `VALIDATION_ERROR` listing the formats liftlog reads when none matches.
    public func detectSource(_ path: String) throws(LiftLogError) -> ImportSource {
        var reader = try CSVReader(path: path, separator: CSVReader.separator(forHeader: headBytes(path)))
        let header: CSVRecord?
        do { header = try reader.next() } catch { throw .validation("\(path):\(error.line): \(error.message).") }
        guard let header else { throw .validation("\(path) is empty.") }
        // A Strong export with a header in another language is known by its shape.
        guard let source = ImportSource.detect(header: header.fields) ?? (StrongFormat.recognizes(header.fields, path: path) ? .strong : nil) else {
            let names = ImportSource.allCases.map(\.displayName).joinedAsAlternatives()
            throw .validation("\(path) is not an export liftlog recognises (its first line is '\(header.fields.joined(separator: ",").prefix(80))'). liftlog reads the CSV exports of \(names).", remedy: .nameImportSource)
        }
        return source
    }

    /// A reader positioned after the header, and the format's row parser.
    fileprivate func importReader<Format: ImportFormat>(_ path: String, format: Format.Type, options: ImportOptions) throws(LiftLogError) -> (CSVReader, Format) {
        var reader = try CSVReader(path: path, separator: CSVReader.separator(forHeader: headBytes(path)))
        var header: CSVRecord?
        do { header = try reader.next() } catch { throw .validation("\(path):\(error.line): \(error.message).") }
        guard header != nil else { throw .validation("\(path) is empty.") }
        // A file of sections (JEFIT): the rows are those of one section, under its own header.
        if let marker = Format.section {
            do throws(CSVError) {
                while let record = header, !(record.fields.first?.hasPrefix(marker) ?? false) { header = try reader.next() }
                header = try reader.next()
                while let record = header, record.fields.allSatisfy(\.isEmpty) { header = try reader.next() }
            } catch {
                throw .validation("\(path):\(error.line): \(error.message).")
            }
            guard header != nil else { throw .validation("\(path) has no '\(marker)' section.") }
        }
        guard let header else { throw .validation("\(path) is empty.") }
        do {
            let surveyed = try Format.survey(path, header: header.fields, options: options)
            return (reader, try Format(header: header.fields, options: surveyed))
        } catch {
            throw .validation("\(path):\(error.line): \(error.message).", remedy: error.remedy)
        }
    }

    private func importFile<Format: ImportFormat>(_ path: String, format: Format.Type, options: ImportOptions, progress: ((Int) -> Void)?) throws(LiftLogError) -> ImportReport {
        var run = ImportRun<Format>(store: self, path: path, options: options)
        do throws(LiftLogError) {
            return try withLock { () throws(LiftLogError) -> ImportReport in
                try run.read(progress: progress)
                try run.commit()
                return run.report
            }
        } catch {
            // Say exactly what was written before the failure; never "nothing was changed".
            let written = run.written
            guard !written.exercises.isEmpty || written.sessions > 0 else { throw error }
            if written.sessions > 0 { updateIndex() }
            var parts: [String] = []
            if written.sessions > 0 { parts.append("\(written.sessions) session\(written.sessions == 1 ? "" : "s") (\(written.sets) set\(written.sets == 1 ? "" : "s"))") }
            if !written.exercises.isEmpty { parts.append("\(written.exercises.count) exercise\(written.exercises.count == 1 ? "" : "s") (\(written.exercises.joined(separator: ", ")))") }
            throw error.replacingNothingChanged(with: "before this, the import wrote \(parts.joined(separator: " and ")); importing the file again adds the rest and nothing twice")
        }
    }

    /// One import: the export read once, row by row, each row parsed once and checked; each
    /// workout, once its rows are all read, made a session and compared with the store's, and
    /// what is new or changed staged (staged writes). Only when every row has been read and
    /// found good (or `skipBadRows`) are the new exercises created and the staged files moved
    /// into the store; a bad row discards what was staged, and nothing is written.
    fileprivate struct ImportRun<Format: ImportFormat> {
        let store: Store
        let path: String
        let options: ImportOptions
        var report: ImportReport
        /// What has landed in the store (for the message of a failure part-way).
        var written = (exercises: [String](), sessions: 0, sets: 0)

        // What the rows have shown so far, to check the next.
        private var problems: [ImportProblem] = []
        private var finishedKeys: Swift.Set<String> = []
        private var explicitIDs: [Session.ID: (key: String, line: Int)] = [:]
        private var wholeWorkouts: [String: (line: Int, fields: [String])] = [:]
        private var currentKey: String?
        private var currentLine = 0
        private var setsInCurrent = 0

        // The exercises the rows name, by name key: the library's, or new ones made at the end.
        private var library: [String: Exercise] = [:]
        private var ids: [String: Exercise.ID] = [:]
        private var names: [String: String] = [:]
        private var muscles: [String: (all: [String], secondary: [String])] = [:]
        private var newExercises: [(key: String, target: String, id: Exercise.ID?)] = []
        private var mapped: [(key: String, source: String, library: String)] = []
        /// Names matched by the app's table, and the table by name key.
        private var matched: [(key: String, source: String, library: String)] = []
        private let appNames: [String: String] = {
            guard let app = ImportSource(rawValue: Format.source) else { return [:] }
            return Dictionary(AppExerciseNames.table(for: app).map { (Exercise.nameKey($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        }()

        // The workout whose rows are being read, the store's sessions, and what is staged.
        private var current: ImportedWorkout?
        private var known = KnownSessions()
        private var staging: StagedWrites?
        /// Per staged file: whether it is a session, the sets it adds, and (for a new session,
        /// up to ``WrittenSessions/limit``) the index's summary of it.
        private var staged: [(session: Bool, sets: Int, summary: SessionSummary?)] = []

        init(store: Store, path: String, options: ImportOptions) {
            self.store = store
            self.path = path
            self.options = options
            report = ImportReport(dryRun: options.dryRun)
        }

        /// Reads every row, stages what the file adds or changes; a bad row (without
        /// `skipBadRows`) discards it all and throws, listing the first problem and how many more.
        mutating func read(progress: ((Int) -> Void)?) throws(LiftLogError) {
            var (rows, parser) = try store.importReader(path, format: Format.self, options: options)
            let exercises = try store.exerciseFiles().map(\.exercise)
            for exercise in exercises where library[Exercise.nameKey(exercise.name)] == nil {
                library[Exercise.nameKey(exercise.name)] = exercise
            }
            // A row named by one of an exercise's aliases is that exercise.
            for exercise in exercises {
                for alias in exercise.aliases where library[Exercise.nameKey(alias)] == nil { library[Exercise.nameKey(alias)] = exercise }
            }
            known = try store.knownSessions()
            if !options.dryRun { staging = try StagedWrites(files: store.files) }
            do throws(LiftLogError) {
                while true {
                    let record: CSVRecord?
                    do throws(CSVError) { record = try rows.next() } catch { throw .validation("\(path):\(error.line): \(error.message).") }
                    guard let record else { break }
                    // A file of sections: this one's rows end where the next section begins.
                    if Format.section != nil, record.fields.first?.hasPrefix("###") == true { break }
                    report.rows += 1
                    if report.rows % 1000 == 0 { progress?(report.rows) }
                    let accepted: (workout: ImportedWorkout, sets: [ImportedSet])?
                    do throws(ImportProblem) {
                        accepted = try check(record, parser.parse(record))
                    } catch {
                        problems.append(error)
                        continue
                    }
                    // A file with a bad row is read to its end only to count them.
                    guard let accepted, problems.isEmpty || options.skipBadRows else { continue }
                    try add(accepted.sets, to: accepted.workout)
                }
                progress?(report.rows)
                var bodyStats: [ImportedBodyStat] = []
                for stat in parser.bodyStats {
                    switch stat {
                    case .success(let stat): bodyStats.append(stat)
                    case .failure(let problem): problems.append(problem)
                    }
                }
                problems.sort { $0.line < $1.line }
                if !problems.isEmpty && !options.skipBadRows {
                    let more = problems.count > 1 ? " (and \(problems.count - 1) more bad row\(problems.count == 2 ? "" : "s"))" : ""
                    throw .validation("\(path):\(problems[0].line): \(problems[0].message)\(more). Nothing was imported.", remedy: problems[0].remedy ?? .skipBadRows)
                }
                try finishWorkout()
                for stat in bodyStats { try stageBody(stat.measurements, at: stat.measuredAt, key: stat.key) }
            } catch {
                staging?.discard()
                throw error
            }
            report.skippedRows += problems.map { ($0.line, $0.message) }
            report.skippedRows.sort { $0.line < $1.line }
            mapped.sort { $0.key < $1.key }
            report.mapped = mapped.map { ($0.source, $0.library) }
            matched.sort { $0.key < $1.key }
            report.matched = matched.map { ($0.source, $0.library) }
            report.exercisesCreated = newExercises.sorted { $0.key < $1.key }.map { Exercise.normalizedName($0.target) }
        }

        /// Checks one parsed row against the rows before it: its workout and sets, or `nil` for
        /// a row left out.
        private mutating func check(_ record: CSVRecord, _ row: ImportRow) throws(ImportProblem) -> (workout: ImportedWorkout, sets: [ImportedSet])? {
            let (workout, sets): (ImportedWorkout, [ImportedSet])
            switch row {
            case .skip(let reason):
                // An empty reason: a row that is not one (another section of the file).
                if !reason.isEmpty { report.skippedRows.append((record.line, reason)) }
                return nil
            case .skipSet(let rowWorkout, let reason):
                report.skippedRows.append((record.line, reason))
                (workout, sets) = (rowWorkout, [])
            case .set(let rowWorkout, let rowSet) where rowSet.holdsNothing:
                // One rule for every app: a blank row is no set, but its workout's details count.
                report.skippedRows.append((record.line, "empty set: no weight, reps, distance or time"))
                (workout, sets) = (rowWorkout, [])
            case .set(let rowWorkout, let rowSet):
                (workout, sets) = (rowWorkout, [rowSet])
            case .workout(let rowWorkout):
                (workout, sets) = (rowWorkout, [])
            case .sets(let rowWorkout, let rowSets):
                // A row is a whole workout: a second row of that workout is a copy, or a mistake.
                if Format.rowIsWorkout, let first = wholeWorkouts[rowWorkout.key] {
                    guard first.fields == record.fields else {
                        throw ImportProblem(line: record.line, message: "a second workout \(rowWorkout.title.map { "'\($0)' " } ?? "")on \(rowWorkout.start.localDate) (the first is line \(first.line)); one of them has the wrong date")
                    }
                    report.skippedRows.append((record.line, "the same workout as line \(first.line)"))
                    return nil
                }
                wholeWorkouts[rowWorkout.key] = (record.line, record.fields)
                (workout, sets) = (rowWorkout, rowSets)
            }
            // The rules every writer follows (SPEC §4): a set `check` would refuse is a bad row.
            for set in sets {
                if let problem = set.workoutSet(number: 1).ruleViolations().first { throw ImportProblem(line: set.line, message: problem.text) }
            }
            // One ID, one session: two workouts of the file may not share a Session ID.
            if let id = workout.explicitID {
                if let first = explicitIDs[id], first.key != workout.key {
                    throw ImportProblem(line: record.line, message: "Session ID \(id) is also the ID of another workout (line \(first.line)); give each workout its own ID or none")
                }
                if explicitIDs[id] == nil { explicitIDs[id] = (workout.key, record.line) }
            }
            if workout.key != currentKey {
                if let currentKey { finishedKeys.insert(currentKey) }
                if finishedKeys.contains(workout.key) {
                    throw ImportProblem(line: record.line, message: "this row belongs to a workout whose other rows came before line \(currentLine); keep each workout's rows together")
                }
                currentKey = workout.key
                setsInCurrent = 0
            }
            // One session file per workout, which liftlog must be able to read back.
            setsInCurrent += 1
            if setsInCurrent == Store.maximumImportedSets + 1 {
                throw ImportProblem(line: record.line, message: "the workout of this row has more than \(Store.maximumImportedSets) sets; no app exports such a workout, so the file's dates or workout names are wrong")
            }
            currentLine = record.line
            return (workout, sets)
        }

        /// Adds a good row's sets to its workout, the workout before it made a session when the
        /// row begins another.
        private mutating func add(_ sets: [ImportedSet], to workout: ImportedWorkout) throws(LiftLogError) {
            for set in sets {
                resolve(set.exercise)
                if !set.muscleGroups.isEmpty { muscles[Exercise.nameKey(set.exercise)] = (set.muscleGroups, set.secondaryMuscles) }
            }
            if workout.key != current?.key {
                try finishWorkout()
                current = workout
            }
            // A workout's notes may be on any of its rows (Strong writes them on one).
            if current?.notes == nil { current?.notes = workout.notes }
            current?.sets += sets
        }

        /// The library exercise a source name stands for: mapped with `--map`, the library's of
        /// that very name, the one the app's table matches it to (``AppExerciseNames``), or a new one.
        private mutating func resolve(_ sourceName: String) {
            let key = Exercise.nameKey(sourceName)
            guard names[key] == nil else { return }
            var target = sourceName
            if let given = options.nameMap.first(where: { Exercise.nameKey($0.key) == key })?.value {
                target = given
                if Exercise.nameKey(target) != key { mapped.append((key, sourceName, target)) }
            } else if library[key] == nil, let known = appNames[key], let exercise = library[Exercise.nameKey(known)] {
                target = exercise.name
                matched.append((key, sourceName, target))
            }
            let targetKey = Exercise.nameKey(target)
            if let exercise = library[targetKey] {
                ids[key] = exercise.id
                names[key] = exercise.name
            } else if let other = newExercises.first(where: { Exercise.nameKey($0.target) == targetKey }) {
                // Two source names mapped onto one new exercise.
                ids[key] = other.id
                names[key] = Exercise.normalizedName(other.target)
            } else {
                let taken = Swift.Set(library.values.map(\.id) + newExercises.compactMap(\.id))
                let id = options.dryRun ? nil : store.newExerciseID(named: target, taken: taken)
                newExercises.append((key, target, id))
                ids[key] = id
                names[key] = Exercise.normalizedName(target)
            }
        }

        /// Makes the workout read so far a session and stages it, when the store does not have
        /// it already; a workout imported before is replaced only when the app's version
        /// differs and nobody changed it in liftlog since.
        private mutating func finishWorkout() throws(LiftLogError) {
            guard let workout = current else { return }
            current = nil
            if let weight = workout.bodyWeight { try stageBody([BodyEntry.bodyWeight: weight], at: workout.start, key: workout.startText) }
            guard !workout.sets.isEmpty || workout.details != nil else { return }
            var session = workout.session(source: Format.source, exerciseIDs: ids, names: names)
            // Every rule `check` applies, for the session as a whole (its sets were checked row by row).
            do throws(LiftLogError) { try session.validateForWriting() } catch {
                throw .validation("\(path):\(workout.sets.first?.line ?? currentLine): \(error.message) Nothing was imported.")
            }
            let candidates = [session.id, workout.legacySessionID(source: Format.source)].compactMap { known.byID[$0] }
                + (known.byMinute[Store.startMinute(session)] ?? [])
            var existing: StoredSession?
            for candidate in candidates {
                // A session of this file is still staged, not yet in its place.
                var bytes = try staging?.read(candidate)
                if bytes == nil { bytes = try store.files.read(candidate) }
                guard let bytes, let stored = try? DocumentDecoder.decode(bytes, path: candidate, as: Session.self) else { continue }
                if stored.id == session.id || (stored.source == Format.source && stored.startedAt == session.startedAt) {
                    existing = StoredSession(session: stored, path: candidate)
                    break
                }
                // The same workout brought by another file (liftlog's own export, or another
                // app's of the same workouts): it is in the store already, left as it is.
                if stored.id != session.id, Store.sameWorkout(stored, session) {
                    report.sessionsExisting += 1
                    return
                }
            }
            if let existing {
                session.id = existing.session.id
                session.sourceDigest = existing.session.sourceDigest
                session.unknownFields = existing.session.unknownFields
                if Store.sameImportedContent(session, existing.session) {
                    report.sessionsExisting += 1
                    return
                }
                guard existing.session.isAsImported || options.replaceChanged else {
                    report.sessionsChangedHere.append(existing.path)
                    return
                }
                session.sourceDigest = session.contentDigest
                report.sessionsUpdated.append(existing.path)
                report.setsCreated += max(0, workout.sets.count - existing.session.entries.reduce(0) { $0 + $1.sets.count })
                let target = session.relativePath
                try stage(session.canonicalBytes, to: target, removing: target == existing.path ? nil : existing.path, sets: 0, summary: nil)
                return
            }
            session.sourceDigest = session.contentDigest
            report.sessionsCreated += 1
            report.setsCreated += workout.sets.count
            known.add(session)
            let summary = staged.count < WrittenSessions.limit ? SessionSummary(session, path: session.relativePath, unit: store.preferences.unit) : nil
            try stage(session.canonicalBytes, to: session.relativePath, sets: workout.sets.count, summary: summary)
        }

        private mutating func stage(_ bytes: [UInt8], to target: String, removing: String? = nil, sets: Int, summary: SessionSummary?, session: Bool = true) throws(LiftLogError) {
            guard let index = try staging?.write(bytes, to: target, removing: removing) else { return }
            let record = (session, sets, summary)
            if index == staged.count { staged.append(record) } else { staged[index] = record }
        }

        /// Adds measurements the app recorded (a body weight with a workout, a row of its body
        /// stats) to the body log, once: its ID derives from the app and `key` (the workout's
        /// start, the stats' day), so importing again adds nothing.
        private mutating func stageBody(_ measurements: [String: BodyEntry.Value], at time: Timestamp, key: String) throws(LiftLogError) {
            guard measurements.allSatisfy({ BodyEntry.problem(name: $0.key, value: $0.value) == nil }) else { return }
            let entry = BodyEntry(id: BodyEntry.ID.nameBased("\(Format.source)|body|\(key)"), measuredAt: time,
                                  measurements: measurements, source: Format.source)
            guard try store.files.status(entry.relativePath) == nil, try staging?.read(entry.relativePath) == nil else { return }
            report.bodyWeightsAdded += 1
            try stage(entry.canonicalBytes, to: entry.relativePath, sets: 0, summary: nil, session: false)
        }

        /// Creates the new exercises, then moves the staged files into the store and brings the
        /// index up to date with the sessions written.
        mutating func commit() throws(LiftLogError) {
            guard var staging else { return }
            self.staging = nil
            defer { staging.discard() }
            for exercise in newExercises.sorted(by: { $0.key < $1.key }) {
                let muscles = self.muscles[exercise.key]
                let cardio = muscles?.all == ["cardio"]
                let created = try store.insertExercise(name: exercise.target, modality: cardio ? .cardio : Store.guessModality(exercise.target),
                                                       muscleGroups: cardio ? [] : muscles?.all ?? [], secondaryMuscles: muscles?.secondary ?? [],
                                                       id: exercise.id)
                written.exercises.append(created.name)
            }
            var records = WrittenSessions()
            let staged = self.staged
            var landed = (sessions: 0, sets: 0)
            defer {
                written.sessions += landed.sessions
                written.sets += landed.sets
            }
            try staging.commit { index, target in
                let item = staged[index]
                guard item.session else { return }
                landed.sessions += 1
                landed.sets += item.sets
                if let summary = item.summary { records.add(summary, at: target, files: store.files) }
            }
            if report.sessionsCreated > 0 || !report.sessionsUpdated.isEmpty { store.updateIndex(written: records.records) }
        }
    }

    /// The sessions of the store by start instant (milliseconds) and by ID, from the index: how
    /// an import finds a workout it imported before.
    fileprivate struct KnownSessions {
        /// Session files by the minute they started in (apps keep start times to the minute or
        /// the second).
        var byMinute: [Int64: [String]] = [:]
        var byID: [Session.ID: String] = [:]

        mutating func add(_ session: Session) {
            byMinute[Store.startMinute(session), default: []].append(session.relativePath)
            byID[session.id] = session.relativePath
        }
    }

    fileprivate func knownSessions() throws(LiftLogError) -> KnownSessions {
        try withFreshIndex(holdingLock: true) { index throws(LiftLogError) -> KnownSessions in
            var known = KnownSessions()
            try index.forEachSummaryNewestFirst { summary in
                known.byMinute[floorDivide(summary.startedAt.millisecondsSince1970, 60_000), default: []].append(summary.path)
                known.byID[summary.id] = summary.path
                return true
            }
            return known
        }
    }

    /// The minute `session` started in, since 1970.
    static func startMinute(_ session: Session) -> Int64 { floorDivide(session.startedAt.millisecondsSince1970, 60_000) }

    /// Whether two sessions are one workout, whatever file brought each: they started in the
    /// same minute and hold the same done sets, each the same exercise (by name), weight (to
    /// 0.1 kg, whatever its unit), reps, time and distance (to the metre), in any order. Set
    /// types, notes, RPE and IDs are what files keep differently, so they are not compared.
    static func sameWorkout(_ a: Session, _ b: Session) -> Bool {
        guard startMinute(a) == startMinute(b) else { return false }
        func signature(_ session: Session) -> [String] {
            session.entries.flatMap { entry in
                entry.sets.filter { $0.status == .completed }.map { set in
                    let kilograms = set.weight.map { (($0 * (set.unit ?? .kg).convert(1, to: .kg)) * 10).rounded() / 10 }
                    return "\(Exercise.nameKey(entry.exerciseName))|\(kilograms.map { "\($0)" } ?? "")|\(set.bodyweight)|\(set.reps ?? -1)|\(set.durationSeconds ?? -1)|\(set.distanceMeters.map { "\($0.rounded())" } ?? "")"
                }
            }.sorted()
        }
        let left = signature(a)
        return !left.isEmpty && left == signature(b)
    }

    /// Whether two versions of an imported session hold the same data (their digests aside).
    static func sameImportedContent(_ a: Session, _ b: Session) -> Bool {
        var left = a, right = b
        left.sourceDigest = nil
        right.sourceDigest = nil
        return left.canonicalBytes == right.canonicalBytes
    }

    /// The most sets one imported workout may have (its session file stays far below the size
    /// liftlog reads).
    static let maximumImportedSets = 5_000

    /// A guess at the equipment from names such as "Bench Press (Barbell)".
    static func guessModality(_ name: String) -> Exercise.Modality {
        let lower = name.lowercased()
        for (word, modality) in [("barbell", Exercise.Modality.barbell), ("dumbbell", .dumbbell), ("machine", .machine), ("cable", .cable),
                                 ("bodyweight", .bodyweight), ("assisted", .bodyweight), ("band", .other), ("run", .cardio), ("cycling", .cardio),
                                 ("rowing", .cardio), ("bike", .cardio), ("treadmill", .cardio), ("elliptical", .cardio), ("walk", .cardio)]
            where lower.contains(word) { return modality }
        return .other
    }
    /// The first 4 KB of a file (to guess its separator).
    private func headBytes(_ path: String) -> [UInt8] {
        CSVReader.head(of: path)
    }
}
