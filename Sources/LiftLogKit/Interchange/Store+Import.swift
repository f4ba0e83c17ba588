#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The apps whose exports liftlog imports.
public enum ImportSource: String, Sendable, CaseIterable {
    case strong, hevy
}

/// What an import did (or, with `dryRun`, would do).
public struct ImportReport: Sendable {
    public var rows = 0
    public var sessionsCreated = 0
    /// Sessions already in the store (an earlier import of the same data).
    public var sessionsExisting = 0
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
    public func importFile(_ path: String, from source: ImportSource, options: ImportOptions, progress: ((Int) -> Void)? = nil) throws(LiftLogError) -> ImportReport {
        switch source {
        case .strong: return try importFile(path, format: StrongFormat.self, options: options, progress: progress)
        case .hevy: return try importFile(path, format: HevyFormat.self, options: options, progress: progress)
        }
    }

    /// A reader positioned after the header, and the format's row parser.
    private func importReader<Format: ImportFormat>(_ path: String, format: Format.Type, options: ImportOptions) throws(LiftLogError) -> (CSVReader, Format) {
        var reader = try CSVReader(path: path, separator: CSVReader.separator(forHeader: headBytes(path)))
        let header: CSVRecord?
        do { header = try reader.next() } catch { throw .validation("\(path):\(error.line): \(error.message).") }
        guard let header else { throw .validation("\(path) is empty.") }
        do { return (reader, try Format(header: header.fields, options: options)) } catch { throw .validation("\(path):\(error.line): \(error.message).") }
    }

    /// What the first pass learns: every exercise name (by key), the lines of bad rows and why.
    private struct ImportCheck {
        var names: [String: String] = [:]
        var problems: [ImportProblem] = []
    }

    /// Pass 1: checks every row and learns the exercise names; rejects the file when a row is
    /// bad (unless `skipBadRows`), listing the first problem and how many more.
    private func checkImport<Format: ImportFormat>(_ path: String, format: Format.Type, options: ImportOptions, report: inout ImportReport) throws(LiftLogError) -> ImportCheck {
        var (rows, parser) = try importReader(path, format: Format.self, options: options)
        var names: [String: String] = [:]
        var problems: [ImportProblem] = []
        var finishedKeys: Swift.Set<String> = []
        var currentKey: String?
        var currentLine = 0
        var setsInCurrent = 0
        while true {
            let record: CSVRecord?
            do { record = try rows.next() } catch { throw .validation("\(path):\(error.line): \(error.message).") }
            guard let record else { break }
            report.rows += 1
            do throws(ImportProblem) {
                guard let (workout, set) = try parser.parse(record) else {
                    report.skippedRows.append((record.line, "rest timer"))
                    continue
                }
                names[Exercise.nameKey(set.exercise)] = set.exercise
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

        return ImportCheck(names: names, problems: problems)
    }

    private func importFile<Format: ImportFormat>(_ path: String, format: Format.Type, options: ImportOptions, progress: ((Int) -> Void)?) throws(LiftLogError) -> ImportReport {
        var report = ImportReport(dryRun: options.dryRun)
        let check = try checkImport(path, format: Format.self, options: options, report: &report)
        let names = check.names
        let badLines = Swift.Set(check.problems.map(\.line))
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
                    let created = try insertExercise(name: target, modality: Store.guessModality(target))
                    ids[key] = created.id
                    written.exercises.append(created.name)
                }
            }
            // Pass 2: write the sessions, one workout at a time.
            var (rows, parser) = try reader()
            var current: ImportedWorkout?
            var done = 0
            func flush() throws(LiftLogError) {
                guard let workout = current, !workout.sets.isEmpty else { return }
                let session = workout.session(source: Format.source, exerciseIDs: ids, names: finalNames)
                if try files.status(session.relativePath) != nil {
                    report.sessionsExisting += 1
                    return
                }
                report.sessionsCreated += 1
                report.setsCreated += workout.sets.count
                if !options.dryRun {
                    try files.ensureDirectory(String(session.relativePath.split(separator: "/").dropLast().joined(separator: "/")))
                    try files.save(session, to: session.relativePath)
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
                guard !badLines.contains(record.line), let parsed = try? parser.parse(record) else { continue }
                if parsed.workout.key != current?.key {
                    try flush()
                    current = parsed.workout
                }
                current?.sets.append(parsed.set)
            }
            try flush()
            progress?(done)
            if !options.dryRun && report.sessionsCreated > 0 { updateIndex() }
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
