#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The apps whose exports liftlog imports.
public enum ImportSource: String, Sendable, CaseIterable {
    case strong, hevy, fitnotes, liftosaur, stronglifts, jefit

    /// The app whose export has this header row, or `nil`.
    public static func detect(header: [String]) -> ImportSource? {
        // The most particular first: Strong's columns are matched loosely.
        for source in [ImportSource.jefit, .hevy, .liftosaur, .stronglifts, .fitnotes, .strong] where source.format.recognizes(header) { return source }
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
        }
    }
}

/// What an import did (or, with `dryRun`, would do).
public struct ImportReport: Sendable {
    public var rows = 0
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
    public var setsCreated = 0
    /// Exercises added to the library (as custom exercises).
    public var exercisesCreated: [String] = []
    /// Source names matched to a library exercise of another name (by `--map`).
    public var mapped: [(source: String, library: String)] = []
    /// Rows left out, with why (rest timers; bad rows with `skipBadRows`).
    public var skippedRows: [(line: Int, reason: String)] = []
    public var dryRun = false
}

extension Store {
    /// Imports a CSV export of another app: each workout becomes a completed session, each row
    /// a set. The file is read twice, streaming (memory does not grow with its size): first
    /// every row is checked, and a bad row rejects the whole file (unless `skipBadRows`); then
    /// sessions are written. Each session's ID derives from its source data, so importing the
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
        guard let source = ImportSource.detect(header: header.fields) else {
            let names = ImportSource.allCases.map(\.displayName).joinedAsAlternatives()
            throw .validation("\(path) is not an export liftlog recognises (its first line is '\(header.fields.joined(separator: ",").prefix(80))'). liftlog reads the CSV exports of \(names); name the app if it is one of them: liftlog import strong FILE.")
        }
        return source
    }

    /// A reader positioned after the header, and the format's row parser.
    private func importReader<Format: ImportFormat>(_ path: String, format: Format.Type, options: ImportOptions) throws(LiftLogError) -> (CSVReader, Format) {
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
            throw .validation("\(path):\(error.line): \(error.message).")
        }
    }

    /// What the first pass learns: every exercise name (by key), the lines of bad rows and why.
    private struct ImportCheck {
        var names: [String: String] = [:]
        /// The muscles the app names for each exercise (primary, secondary).
        var muscles: [String: (all: [String], secondary: [String])] = [:]
        var problems: [ImportProblem] = []
        /// Rows that repeat an earlier row exactly (a workout per row: StrongLifts), left out.
        var duplicateLines: Swift.Set<Int> = []
    }

    /// Pass 1: checks every row and learns the exercise names; rejects the file when a row is
    /// bad (unless `skipBadRows`), listing the first problem and how many more.
    private func checkImport<Format: ImportFormat>(_ path: String, format: Format.Type, options: ImportOptions, report: inout ImportReport) throws(LiftLogError) -> ImportCheck {
        var (rows, parser) = try importReader(path, format: Format.self, options: options)
        var names: [String: String] = [:]
        var muscles: [String: (all: [String], secondary: [String])] = [:]
        var problems: [ImportProblem] = []
        var finishedKeys: Swift.Set<String> = []
        var explicitIDs: [Session.ID: (key: String, line: Int)] = [:]
        var wholeWorkouts: [String: (line: Int, fields: [String])] = [:]
        var duplicateLines: Swift.Set<Int> = []
        var currentKey: String?
        var currentLine = 0
        var setsInCurrent = 0
        while true {
            let record: CSVRecord?
            do { record = try rows.next() } catch { throw .validation("\(path):\(error.line): \(error.message).") }
            guard let record else { break }
            report.rows += 1
            do throws(ImportProblem) {
                let (workout, set): (ImportedWorkout, ImportedSet?)
                switch try parser.parse(record) {
                case .skip(let reason):
                    // An empty reason: a row that is not one (another section of the file).
                    if !reason.isEmpty { report.skippedRows.append((record.line, reason)) }
                    continue
                case .set(let rowWorkout, let rowSet):
                    (workout, set) = (rowWorkout, rowSet)
                case .workout(let rowWorkout):
                    (workout, set) = (rowWorkout, nil)
                case .sets(let rowWorkout, let rowSets):
                    // A row is a whole workout: a second row of that workout is a copy, or a mistake.
                    if Format.rowIsWorkout, let first = wholeWorkouts[rowWorkout.key] {
                        guard first.fields == record.fields else {
                            throw ImportProblem(line: record.line, message: "a second workout \(rowWorkout.title.map { "'\($0)' " } ?? "")on \(rowWorkout.start.localDate) (the first is line \(first.line)); one of them has the wrong date")
                        }
                        duplicateLines.insert(record.line)
                        report.skippedRows.append((record.line, "the same workout as line \(first.line)"))
                        continue
                    }
                    wholeWorkouts[rowWorkout.key] = (record.line, record.fields)
                    for item in rowSets { names[Exercise.nameKey(item.exercise)] = item.exercise }
                    (workout, set) = (rowWorkout, rowSets.first)
                }
                if let set {
                    names[Exercise.nameKey(set.exercise)] = set.exercise
                    if !set.muscleGroups.isEmpty { muscles[Exercise.nameKey(set.exercise)] = (set.muscleGroups, set.secondaryMuscles) }
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
            } catch {
                problems.append(error)
            }
        }
        if !problems.isEmpty && !options.skipBadRows {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more bad row\(problems.count == 2 ? "" : "s"); --skip-bad-rows imports the others)" : ""
            throw .validation("\(path):\(problems[0].line): \(problems[0].message)\(more). Nothing was imported.")
        }
        report.skippedRows += problems.map { ($0.line, $0.message) }
        report.skippedRows.sort { $0.line < $1.line }

        return ImportCheck(names: names, muscles: muscles, problems: problems, duplicateLines: duplicateLines)
    }

    private func importFile<Format: ImportFormat>(_ path: String, format: Format.Type, options: ImportOptions, progress: ((Int) -> Void)?) throws(LiftLogError) -> ImportReport {
        var report = ImportReport(dryRun: options.dryRun)
        let check = try checkImport(path, format: Format.self, options: options, report: &report)
        let names = check.names
        let badLines = Swift.Set(check.problems.map(\.line)).union(check.duplicateLines)
        func reader() throws(LiftLogError) -> (CSVReader, Format) { try importReader(path, format: Format.self, options: options) }
        var written = (exercises: [String](), sessions: 0, sets: 0)
        do throws(LiftLogError) {
        return try withLock { () throws(LiftLogError) -> ImportReport in
            // Exercises: mapped, found in the library, or created.
            let library = try exerciseFiles().map(\.exercise)
            var ids: [String: Exercise.ID] = [:]
            var finalNames: [String: String] = [:]
            for (key, sourceName) in names.sorted(by: { $0.key < $1.key }) {
                let target = options.nameMap.first { Exercise.nameKey($0.key) == key }?.value ?? sourceName
                if Exercise.nameKey(target) != key { report.mapped.append((sourceName, target)) }
                if let exercise = library.first(where: { Exercise.nameKey($0.name) == Exercise.nameKey(target) }) {
                    ids[key] = exercise.id
                    finalNames[key] = exercise.name
                    continue
                }
                report.exercisesCreated.append(Exercise.normalizedName(target))
                finalNames[key] = Exercise.normalizedName(target)
                if !options.dryRun {
                    let muscles = check.muscles[key]
                    let cardio = muscles?.all == ["cardio"]
                    let created = try insertExercise(name: target, modality: cardio ? .cardio : Store.guessModality(target),
                                                     muscleGroups: cardio ? [] : muscles?.all ?? [], secondaryMuscles: muscles?.secondary ?? [])
                    ids[key] = created.id
                    written.exercises.append(created.name)
                }
            }
            // Pass 2: write the sessions, one workout at a time. What the store has, by start
            // instant and by ID, finds a workout imported before (under any title or ID scheme).
            var known = try knownSessions()
            var writtenSessions = WrittenSessions()
            var (rows, parser) = try reader()
            var current: ImportedWorkout?
            var done = 0
            func flush() throws(LiftLogError) {
                guard let workout = current else { return }
                if let weight = workout.bodyWeight { try importBodyWeight(weight, of: workout, source: Format.source, dryRun: options.dryRun, report: &report) }
                guard !workout.sets.isEmpty || workout.details != nil else { return }
                var session = workout.session(source: Format.source, exerciseIDs: ids, names: finalNames)
                let candidates = [session.id, workout.legacySessionID(source: Format.source)].compactMap { known.byID[$0] }
                    + (known.byStart[session.startedAt.millisecondsSince1970] ?? [])
                var existing: StoredSession?
                for path in candidates {
                    guard let bytes = try files.read(path), let stored = try? DocumentDecoder.decode(bytes, path: path, as: Session.self) else { continue }
                    if stored.id == session.id || (stored.source == Format.source && stored.startedAt == session.startedAt) {
                        existing = StoredSession(session: stored, path: path)
                        break
                    }
                }
                if let existing {
                    // The same workout: keep its ID; replace it only when the app's version
                    // differs and nobody changed it in liftlog since it was imported.
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
                    if !options.dryRun {
                        let target = session.relativePath
                        if target == existing.path {
                            try files.save(session, to: target)
                        } else {
                            try files.apply([.write(target, session.canonicalBytes), .remove(existing.path)])
                        }
                        written.sessions += 1
                    }
                    return
                }
                session.sourceDigest = session.contentDigest
                report.sessionsCreated += 1
                report.setsCreated += workout.sets.count
                known.add(session)
                if !options.dryRun {
                    try files.ensureDirectory(String(session.relativePath.split(separator: "/").dropLast().joined(separator: "/")))
                    try files.save(session, to: session.relativePath)
                    writtenSessions.add(session, at: session.relativePath, files: files, unit: preferences.unit)
                    written.sessions += 1
                    written.sets += workout.sets.count
                }
            }
            while true {
                let record: CSVRecord?
                do throws(CSVError) { record = try rows.next() } catch { throw .validation("\(path):\(error.line): \(error.message).") }
                guard let record else { break }
                done += 1
                if done % 1000 == 0 { progress?(done) }
                guard !badLines.contains(record.line), let row = try? parser.parse(record) else { continue }
                let workout: ImportedWorkout, sets: [ImportedSet]
                switch row {
                case .skip: continue
                case .set(let rowWorkout, let rowSet): (workout, sets) = (rowWorkout, [rowSet])
                case .workout(let rowWorkout): (workout, sets) = (rowWorkout, [])
                case .sets(let rowWorkout, let rowSets): (workout, sets) = (rowWorkout, rowSets)
                }
                if workout.key != current?.key {
                    try flush()
                    current = workout
                }
                current?.sets += sets
            }
            try flush()
            progress?(done)
            if !options.dryRun && (report.sessionsCreated > 0 || !report.sessionsUpdated.isEmpty) { updateIndex(written: writtenSessions.records) }
            return report
        }
        } catch {
            // Say exactly what was written before the failure; never "nothing was changed".
            guard !written.exercises.isEmpty || written.sessions > 0 else { throw error }
            if written.sessions > 0 { updateIndex() }
            var parts: [String] = []
            if written.sessions > 0 { parts.append("\(written.sessions) session\(written.sessions == 1 ? "" : "s") (\(written.sets) set\(written.sets == 1 ? "" : "s"))") }
            if !written.exercises.isEmpty { parts.append("\(written.exercises.count) exercise\(written.exercises.count == 1 ? "" : "s") (\(written.exercises.joined(separator: ", ")))") }
            throw error.replacingNothingChanged(with: "before this, the import wrote \(parts.joined(separator: " and ")); importing the file again adds the rest and nothing twice")
        }
    }

    /// Adds a body weight recorded with an imported workout to the body log, once: its ID
    /// derives from the app and the workout's start, so importing again adds nothing.
    private func importBodyWeight(_ value: BodyEntry.Value, of workout: ImportedWorkout, source: String, dryRun: Bool, report: inout ImportReport) throws(LiftLogError) {
        guard BodyEntry.problem(name: BodyEntry.bodyWeight, value: value) == nil else { return }
        let entry = BodyEntry(id: BodyEntry.ID.nameBased("\(source)|body|\(workout.startText)"), measuredAt: workout.start,
                              measurements: [BodyEntry.bodyWeight: value], source: source)
        guard try files.status(entry.relativePath) == nil else { return }
        report.bodyWeightsAdded += 1
        guard !dryRun else { return }
        try files.ensureDirectory("\(Store.bodyFolder)/\(CivilCalendar.pad(workout.start.localDate.year, 4))")
        try files.save(entry, to: entry.relativePath)
    }

    /// The sessions of the store by start instant (milliseconds) and by ID, from the index: how
    /// an import finds a workout it imported before.
    private struct KnownSessions {
        var byStart: [Int64: [String]] = [:]
        var byID: [Session.ID: String] = [:]

        mutating func add(_ session: Session) {
            byStart[session.startedAt.millisecondsSince1970, default: []].append(session.relativePath)
            byID[session.id] = session.relativePath
        }
    }

    private func knownSessions() throws(LiftLogError) -> KnownSessions {
        try withFreshIndex(holdingLock: true) { index throws(LiftLogError) -> KnownSessions in
            var known = KnownSessions()
            try index.forEachSummaryNewestFirst { summary in
                known.byStart[summary.startedAt.millisecondsSince1970, default: []].append(summary.path)
                known.byID[summary.id] = summary.path
                return true
            }
            return known
        }
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
