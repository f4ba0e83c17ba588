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
        if let paths { return try format(only: paths, apply: apply) }
        return try withLock { () throws(LiftLogError) -> FormatReport in
            var report = FormatReport()
            try formatFile(Store.manifestFileName, as: StoreManifest.self, apply: apply, into: &report)
            for folder in ["exercises", "plans"] {
                for entry in try files.list(folder) where entry.name.hasSuffix(".json") && !entry.name.hasPrefix(".") {
                    let path = "\(folder)/\(entry.name)"
                    if folder == "exercises" {
                        try formatFile(path, as: Exercise.self, apply: apply, into: &report)
                    } else {
                        try formatFile(path, as: TrainingPlan.self, apply: apply, into: &report)
                    }
                }
            }
            for path in try sessionFilePaths() {
                try formatFile(path, as: Session.self, apply: apply, into: &report)
            }
            for path in try bodyFilePaths() {
                try formatFile(path, as: BodyEntry.self, apply: apply, into: &report)
            }
            if apply && !report.moved.isEmpty { updateIndex() }
            return report
        }
    }

    /// ``format(apply:paths:)`` for the files at `paths` only.
    private func format(only paths: [String], apply: Bool) throws(LiftLogError) -> FormatReport {
        try withLock { () throws(LiftLogError) -> FormatReport in
            var report = FormatReport()
            for path in Swift.Set(paths.map { $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }).sorted() where try files.status(path)?.kind == .regular {
                let parts = path.split(separator: "/", omittingEmptySubsequences: false)
                let name = String(parts.last ?? "")
                switch (parts.first, parts.count) {
                case ("liftlog.json", 1): try formatFile(path, as: StoreManifest.self, apply: apply, into: &report)
                case ("exercises", 2) where name.hasSuffix(".json") && !name.hasPrefix("."): try formatFile(path, as: Exercise.self, apply: apply, into: &report)
                case ("plans", 2) where name.hasSuffix(".json") && !name.hasPrefix("."): try formatFile(path, as: TrainingPlan.self, apply: apply, into: &report)
                case ("sessions", 4) where SessionIndex.isSessionFileName(name): try formatFile(path, as: Session.self, apply: apply, into: &report)
                case ("body", 3) where SessionIndex.isSessionFileName(name): try formatFile(path, as: BodyEntry.self, apply: apply, into: &report)
                default: continue
                }
            }
            if apply && !report.moved.isEmpty { updateIndex() }
            return report
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

    private func formatFile<T: JSONDecodable & JSONEncodable>(_ path: String, as type: T.Type, apply: Bool, into report: inout FormatReport) throws(LiftLogError) {
        guard let bytes = try? files.read(path) else {
            report.problems.append(FileProblem(path: path, line: 0, column: 0, message: "cannot be read as a file", remedy: .check))
            return
        }
        report.filesChecked += 1
        let value: T
        do throws(LiftLogError) {
            value = try DocumentDecoder.decode(bytes, path: path, as: T.self)
        } catch {
            if case .corruptFile(let problems) = error { report.problems += problems } else { throw error }
            return
        }
        let canonical = JSONWriter.canonicalBytes(value.jsonValue)
        var target = path
        if let placed = value as? any PlacedByTime, placed.relativePath != path {
            target = placed.relativePath
            if try files.status(target) != nil {
                report.problems.append(FileProblem(path: path, line: 0, column: 0, code: .conflict,
                                                   message: "belongs at \(target), but a file is already there",
                                                   hint: "Compare the two files and delete or correct one."))
                return
            }
            report.moved.append((path, target))
        } else if canonical != bytes {
            report.reformatted.append(path)
        } else {
            return
        }
        guard apply else { return }
        if target != path {
            try files.ensureDirectory(String(target.split(separator: "/").dropLast().joined(separator: "/")))
            try files.move(canonical, from: path, to: target)
            if let pointer = try? files.read(Store.activePointerPath), String(decoding: pointer, as: UTF8.self).trimmingWhitespace() == path {
                try? files.writeAtomically(Array((target + "\n").utf8), to: Store.activePointerPath, durable: false)
            }
        } else {
            try files.writeDurably(canonical, to: path)
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
