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
    public func format(apply: Bool = true, paths: [String]? = nil) throws(LiftLogError) -> FormatReport {
        try withLock { () throws(LiftLogError) -> FormatReport in
            if let paths { return try format(Store.formatJobs(for: paths), apply: apply) }
            return try format(allFormatJobs(), apply: apply, listed: true)
        }
    }

    /// What kind of document a file holds, by its folder.
    enum FormatKind: Sendable { case manifest, exercise, plan, session, body }

    /// Every file of the store `format` looks at, in order.
    private func allFormatJobs() throws(LiftLogError) -> [(path: String, kind: FormatKind)] {
        var jobs: [(path: String, kind: FormatKind)] = [(Store.manifestFileName, .manifest)]
        for (folder, kind) in [("exercises", FormatKind.exercise), ("plans", .plan)] {
            for entry in try files.list(folder) where entry.name.hasSuffix(".json") && !entry.name.hasPrefix(".") {
                jobs.append(("\(folder)/\(entry.name)", kind))
            }
        }
        jobs += try sessionFilePaths().map { ($0, .session) }
        jobs += try bodyFilePaths().map { ($0, .body) }
        return jobs
    }

    /// The files among `paths` (relative to the store) that `format` reads, each with its kind;
    /// others (schemas, editor settings) are left out.
    static func formatJobs(for paths: [String]) -> [(path: String, kind: FormatKind)] {
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
            default: return nil
            }
        }
    }

    /// Examines the files on all cores (reading and decoding is the cost), then writes the ones
    /// to change one by one, in order.
    /// `listed`: every job's folder was just listed (its parents looked at with it).
    ///
    /// A file found canonical before and unchanged since (``CanonicalFiles``) is not read; the
    /// files found canonical now are recorded for next time (with the lock held, as here).
    /// Named files (`paths`, a commit's) are always read.
    private func format(_ jobs: [(path: String, kind: FormatKind)], apply: Bool, listed: Bool = false) throws(LiftLogError) -> FormatReport {
        let files = self.files
        let known = listed ? CanonicalFiles.load(from: files) : CanonicalFiles()
        // A file changed within the last two seconds is not recorded: times are coarse.
        let settled = environment.now().millisecondsSince1970 * 1_000_000 - 2_000_000_000
        let examined = parallelMap(Array(jobs.indices), minimumPerThread: 64) { index -> (finding: FormatFinding, canonical: FileIdentity?) in
            let path = jobs[index].path
            let before = listed ? ((try? files.status(path)) ?? nil) : nil
            if let before, before.kind == .regular, let identity = known.entries[path], identity == before.identity {
                return (.canonical, identity)
            }
            let finding = Store.examine(path, as: jobs[index].kind, files: files, parentsChecked: listed)
            // The identity from before the read: a change after it gives the file another one.
            guard case .canonical = finding, let before, before.kind == .regular, before.changeNanoseconds < settled else { return (finding, nil) }
            return (finding, before.identity)
        }
        if listed {
            var found = CanonicalFiles()
            for (job, item) in zip(jobs, examined) { found.entries[job.path] = item.canonical }
            if found != known {
                try? files.ensureDirectory(SessionIndex.directory)
                try? files.writeAtomically(found.bytes, to: CanonicalFiles.path, durable: false)
            }
        }
        let findings = examined.map(\.finding)
        var report = FormatReport()
        for (job, finding) in zip(jobs, findings) {
            switch finding {
            case .failed(let error): throw error
            case .problems(let problems):
                report.filesChecked += 1
                report.problems += problems
            case .canonical:
                report.filesChecked += 1
            case .reformat:
                report.filesChecked += 1
                report.reformatted.append(job.path)
                if apply { try rewrite(job.path, as: job.kind) }
            case .move(let target):
                report.filesChecked += 1
                report.moved.append((job.path, target))
                if apply { try rewrite(job.path, as: job.kind) }
            }
        }
        if apply && !report.moved.isEmpty { updateIndex() }
        return report
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

    /// Every session file of the tree, sorted.
    func sessionFilePaths() throws(LiftLogError) -> [String] {
        var paths: [String] = []
        for year in try files.list("sessions") where year.name.count == 4 && Int(year.name) != nil {
            for month in try files.list("sessions/\(year.name)") where MonthKey(folderName: year.name, month.name) != nil {
                for entry in try files.list("sessions/\(year.name)/\(month.name)") where SessionIndex.isSessionFileName(entry.name) {
                    paths.append("sessions/\(year.name)/\(month.name)/\(entry.name)")
                }
            }
        }
        return paths.sorted()
    }

}

/// A document whose path in the store comes from its time (sessions, body entries).
protocol PlacedByTime {
    /// Where the document belongs, relative to the store root.
    var relativePath: String { get }
}

extension Session: PlacedByTime {}
extension BodyEntry: PlacedByTime {}
