/// What `format` did, or would do.
public struct FormatReport: Sendable {
    /// Files rewritten into canonical form (or that would be).
    public var reformatted: [String] = []
    /// Sessions moved to the path their start time gives (or that would be).
    public var moved: [(from: String, to: String)] = []
    /// Files left alone because they do not parse or validate, or cannot be moved.
    public var problems: [FileProblem] = []
    /// The number of files looked at.
    public var filesChecked = 0

    /// Whether every file is already canonical and in its place.
    public var isClean: Bool { reformatted.isEmpty && moved.isEmpty }

    /// Counts what was found of the file at `path`; whether the file is to be written (into
    /// canonical form, or moved). Throws the error a file could not be looked at for.
    mutating func add(_ path: String, _ finding: Store.FormatFinding) throws(LiftLogError) -> Bool {
        switch finding {
        case .failed(let error): throw error
        case .problems(let problems):
            filesChecked += 1
            self.problems += problems
            return false
        case .canonical:
            filesChecked += 1
            return false
        case .reformat:
            filesChecked += 1
            reformatted.append(path)
            return true
        case .move(let target):
            filesChecked += 1
            moved.append((path, target))
            return true
        }
    }
}

extension Store {
    /// Rewrites every store file into canonical form (FORMAT.md) without changing its data:
    /// sorted keys, two-space indent, no `null`s, unknown keys kept. A session or body entry
    /// whose time was edited is moved to the path that time gives.
    ///
    /// - Parameters:
    ///   - apply: `false` only reports what would change (for a pre-commit hook).
    ///   - paths: only these files (relative to the store; what a commit records), each by the
    ///     kind its folder gives; paths liftlog does not read are skipped.
    /// - Throws: `IO_ERROR` when a file cannot be written; files that do not parse are
    ///   reported in ``FormatReport/problems`` and left as they are.
    @discardableResult
    package func format(apply: Bool = true, paths: [String]? = nil) throws(LiftLogError) -> FormatReport {
        try withLock { () throws(LiftLogError) -> FormatReport in
            if let paths { return try format(Store.formatJobs(for: paths), apply: apply) }
            return try formatEveryFile(apply: apply)
        }
    }

    /// What kind of document a file holds, by its folder.
    enum FormatKind: Sendable { case manifest, exercise, plan, session, body, schema }

    /// A file `format` looks at, with the kind its folder gives.
    typealias FormatJob = (path: String, kind: FormatKind)

    /// The files among `paths` (relative to the store) that `format` reads, each with its kind;
    /// others (editor settings, files liftlog does not define) are left out.
    static func formatJobs(for paths: [String]) -> [FormatJob] {
        Swift.Set(paths.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }).sorted().compactMap { path in
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            let name = String(parts.last ?? "")
            let json = name.hasSuffix(".json") && !name.hasPrefix(".")
            switch (parts.first, parts.count) {
            case ("liftlog.json", 1): return (path, .manifest)
            case ("exercises", 2) where json: return (path, .exercise)
            case ("plans", 2) where json: return (path, .plan)
            case ("sessions", 4) where SessionIndex.isSessionFileName(name): return (path, .session)
            case ("body", 3) where Store.isBodyFileName(name): return (path, .body)
            case ("schemas", 2) where json && name.hasSuffix(".schema.json"): return (path, .schema)
            default: return nil
            }
        }
    }

    /// Named files (`paths`, a commit's): each read, examined on all cores, then the ones to
    /// change written one by one, in order.
    private func format(_ jobs: [FormatJob], apply: Bool) throws(LiftLogError) -> FormatReport {
        var report = FormatReport()
        var changes: [FormatJob] = []
        for (job, item) in zip(jobs, examine(jobs, known: nil)) where try report.add(job.path, item.finding) {
            changes.append(job)
        }
        if apply { try rewrite(changes, moving: !report.moved.isEmpty) }
        return report
    }

    /// Every file of the store, in order (the manifest, exercises, plans, sessions folder by
    /// folder, body entries), looked at `batchSize` files at a time so that what is held stays
    /// the same whatever the store's size: the files' paths and findings a batch at a time,
    /// the record of files found canonical (``CanonicalFiles``) once as read and once more
    /// only if it changes. A file found canonical before and unchanged since is not read; the
    /// files found canonical now are recorded for next time (with the lock held, as here).
    /// Nothing is written before every file has been looked at.
    func formatEveryFile(apply: Bool, batchSize: Int = 4_096) throws(LiftLogError) -> FormatReport {
        let known = CanonicalFiles.load(from: files)
        var record = CanonicalFiles.Writer(replacing: known)
        var report = FormatReport()
        var changes: [FormatJob] = []
        var batch: [FormatJob] = [(Store.manifestFileName, .manifest)]
        func examineBatch() throws(LiftLogError) {
            for (job, item) in zip(batch, examine(batch, known: known)) {
                if let identity = item.canonical { record.add(job.path, identity) }
                if try report.add(job.path, item.finding) { changes.append(job) }
            }
            batch.removeAll(keepingCapacity: true)
        }
        for (folder, kind) in [("exercises", FormatKind.exercise), ("plans", .plan)] {
            let names = try files.list(folder).map(\.name).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            batch += names.sorted().map { ("\(folder)/\($0)", kind) }
        }
        try forEachSessionFolder { (folder, names) throws(LiftLogError) in
            batch += names.map { ("\(folder)/\($0)", .session) }
            if batch.count >= batchSize { try examineBatch() }
        }
        batch += try bodyFilePaths().map { ($0, .body) }
        batch += try files.list(StoreSchemas.folder).map(\.name).filter { $0.hasSuffix(".schema.json") && !$0.hasPrefix(".") }.sorted()
            .map { ("\(StoreSchemas.folder)/\($0)", .schema) }
        try examineBatch()
        if let changed = record.changed {
            try? files.ensureDirectory(SessionIndex.directory)
            try? files.writeAtomically(changed, to: CanonicalFiles.path, durable: false)
        }
        if apply { try rewrite(changes, moving: !report.moved.isEmpty) }
        return report
    }

    /// What `format` finds in each of `jobs`, on all cores (reading and decoding is the cost),
    /// with the identity to record of each file found canonical. With `known` (the files were
    /// just listed, their parents looked at with them), a file recorded canonical with the
    /// identity it still has is not read.
    private func examine(_ jobs: [FormatJob], known: CanonicalFiles?) -> [(finding: FormatFinding, canonical: FileIdentity?)] {
        let files = self.files
        // A file changed within the last two seconds is not recorded: times are coarse.
        let now = files.now()
        let listed = known != nil
        return parallelMap(jobs, minimumPerThread: 64) { job -> (finding: FormatFinding, canonical: FileIdentity?) in
            let before = listed ? ((try? files.status(job.path)) ?? nil) : nil
            if let before, before.kind == .regular, let identity = known?.identity(of: job.path), identity == before.identity {
                return (.canonical, identity)
            }
            let finding = Store.examine(job.path, as: job.kind, files: files, parentsChecked: listed)
            // The identity from before the read: a change after it gives the file another one.
            guard case .canonical = finding, let identity = before?.settledIdentity(now: now) else { return (finding, nil) }
            return (finding, identity)
        }
    }

    /// Writes the files found to change, in order; the index is brought up to date after moves.
    private func rewrite(_ changes: [FormatJob], moving: Bool) throws(LiftLogError) {
        for job in changes { try rewrite(job.path, as: job.kind) }
        if moving { updateIndex() }
    }

    /// What `format` would do to one file.
    enum FormatFinding: Sendable {
        case canonical, reformat, move(to: String), problems([FileProblem]), failed(LiftLogError)
    }

    static func examine(_ path: String, as kind: FormatKind, files: StoreFiles, parentsChecked: Bool = false) -> FormatFinding {
        switch kind {
        case .manifest: examine(path, as: StoreManifest.self, files: files, parentsChecked: parentsChecked)
        case .exercise: examine(path, as: Exercise.self, files: files, parentsChecked: parentsChecked)
        case .plan: examine(path, as: TrainingPlan.self, files: files, parentsChecked: parentsChecked)
        case .session: examine(path, as: Session.self, files: files, parentsChecked: parentsChecked)
        case .body: examine(path, as: BodyEntry.self, files: files, parentsChecked: parentsChecked)
        case .schema: examine(path, as: SchemaDocument.self, files: files, parentsChecked: parentsChecked)
        }
    }

    private static func examine<T: JSONDecodable & JSONEncodable>(_ path: String, as type: T.Type, files: StoreFiles, parentsChecked: Bool) -> FormatFinding {
        guard let bytes = try? files.read(path, parentsChecked: parentsChecked) else {
            return .problems([FileProblem(path: path, line: 0, column: 0, message: "cannot be read as a file", remedy: .check)])
        }
        let value: T
        do throws(LiftLogError) {
            value = try DocumentDecoder.decode(bytes, path: path, as: T.self)
        } catch {
            if case .corruptFile(let problems) = error { return .problems(problems) }
            return .failed(error)
        }
        if let placed = value as? any PlacedByTime, placed.relativePath != path {
            let target = placed.relativePath
            do throws(LiftLogError) {
                if try files.status(target) != nil {
                    return .problems([FileProblem(path: path, line: 0, column: 0, code: .conflict,
                                                  message: "belongs at \(target), but a file is already there",
                                                  hint: "Compare the two files and delete or correct one.")])
                }
            } catch {
                return .failed(error)
            }
            return .move(to: target)
        }
        return ByteFields.same(value.canonicalBytes, bytes) ? .canonical : .reformat
    }

    /// Writes one file in canonical form, at the place its time gives (the lock is held).
    private func rewrite(_ path: String, as kind: FormatKind) throws(LiftLogError) {
        switch kind {
        case .manifest: try rewrite(path, as: StoreManifest.self)
        case .exercise: try rewrite(path, as: Exercise.self)
        case .plan: try rewrite(path, as: TrainingPlan.self)
        case .session: try rewrite(path, as: Session.self)
        case .body: try rewrite(path, as: BodyEntry.self)
        case .schema: try rewrite(path, as: SchemaDocument.self)
        }
    }

    private func rewrite<T: JSONDecodable & JSONEncodable>(_ path: String, as type: T.Type) throws(LiftLogError) {
        guard let bytes = try files.read(path) else { return }
        let value = try DocumentDecoder.decode(bytes, path: path, as: T.self)
        let canonical = value.canonicalBytes
        let target = (value as? any PlacedByTime)?.relativePath ?? path
        if target != path {
            try files.ensureDirectory(String(target.split(separator: "/").dropLast().joined(separator: "/")))
            try files.move(canonical, from: path, to: target)
            if let pointer = try? files.read(Store.activePointerPath), String(decoding: pointer, as: UTF8.self).trimmingWhitespace() == path {
                try? files.writeAtomically(Array((target + "\n").utf8), to: Store.activePointerPath, durable: false)
            }
        } else if canonical != bytes {
            try files.writeDurably(canonical, to: path)
        }
    }

    /// Calls `body` with each session folder of the tree (`sessions/YYYY/MM`) and the names of
    /// its session files, sorted: folder by folder, the paths come sorted.
    func forEachSessionFolder(_ body: (_ folder: String, _ names: [String]) throws(LiftLogError) -> Void) throws(LiftLogError) {
        for year in try files.list("sessions").map(\.name).filter({ $0.count == 4 && Int($0) != nil }).sorted() {
            for month in try files.list("sessions/\(year)").map(\.name).filter({ MonthKey(folderName: year, $0) != nil }).sorted() {
                let folder = "sessions/\(year)/\(month)"
                try body(folder, try files.list(folder).map(\.name).filter(SessionIndex.isSessionFileName).sorted())
            }
        }
    }
}

/// A document whose path in the store comes from its time (sessions, body entries).
protocol PlacedByTime {
    /// Where the document belongs, relative to the store root.
    var relativePath: String { get }
}

extension Session: PlacedByTime {}
extension BodyEntry: PlacedByTime {}
