extension Store {
    /// The folder of body entries.
    static let bodyFolder = "body"

    /// Records a weigh-in.
    ///
    /// - Parameters:
    ///   - weight: in `unit`, else the store's unit.
    ///   - measuredAt: when; now by default.
    ///   - id: the entry's ID (a client's UUID makes recording idempotent: ``recordBody(_:at:notes:id:)``).
    /// - Throws: `VALIDATION_ERROR` for a weight outside 20–400 kg or a time in the future.
    @discardableResult
    public func weigh(_ weight: Double, unit: WeightUnit? = nil, at measuredAt: Timestamp? = nil, notes: String? = nil, id: BodyEntry.ID? = nil) throws(LiftLogError) -> StoredBodyEntry {
        let value = BodyEntry.Value(value: weight, unit: (unit ?? preferences.unit).rawValue)
        return try recordBody([BodyEntry.bodyWeight: value], at: measuredAt, notes: notes, id: id)
    }

    /// Records body measurements taken together (one file).
    ///
    /// - Parameters:
    ///   - measurements: by name (`waist`, `body_fat`, `body_weight`); units from
    ///     ``BodyEntry/units``.
    ///   - id: the entry's ID, new by default. An entry of that ID already in the body log is
    ///     the answer, and nothing is written: a client that recorded offline sends its change
    ///     again, perhaps twice, and it lands once.
    /// - Throws: `VALIDATION_ERROR` for a name, unit or value that breaks a rule (the message
    ///   says which), none given, or a time in the future.
    @discardableResult
    public func recordBody(_ measurements: [String: BodyEntry.Value], at measuredAt: Timestamp? = nil, notes: String? = nil, id: BodyEntry.ID? = nil) throws(LiftLogError) -> StoredBodyEntry {
        guard !measurements.isEmpty else { throw .validation("Give at least one measurement, such as waist=84.") }
        for name in measurements.keys.sorted() {
            if let problem = BodyEntry.problem(name: name, value: measurements[name]!) {
                throw .validation("Cannot record it: \(problem.message). \(problem.hint)")
            }
        }
        return try withLock { () throws(LiftLogError) -> StoredBodyEntry in
            if let id, let existing = try bodyEntry(id: id) { return existing }
            let now = currentTimestamp()
            let time = measuredAt ?? now
            try refuseFuture(time, what: "The time", now: now)
            let entry = BodyEntry(id: id ?? BodyEntry.ID(uncheckedRawValue: environment.makeUUID()), measuredAt: time, measurements: measurements,
                                  notes: notes.flatMap { $0.isEmpty ? nil : $0 })
            let path = entry.relativePath
            try files.ensureDirectory("\(Store.bodyFolder)/\(CivilCalendar.pad(time.localDate.year, 4))")
            try files.save(entry, to: path)
            return StoredBodyEntry(entry: entry, path: path)
        }
    }

    /// Every body entry; files that cannot be read are listed in ``BodyLog/problems`` and left out.
    ///
    /// - Complexity: one read per body file (one a weigh-in: a few thousand over decades).
    public func bodyLog() throws(LiftLogError) -> BodyLog {
        var entries: [StoredBodyEntry] = []
        var problems: [FileProblem] = []
        for path in try bodyFilePaths() {
            do throws(LiftLogError) {
                guard let bytes = try files.read(path) else { continue }
                entries.append(StoredBodyEntry(entry: try DocumentDecoder.decode(bytes, path: path, as: BodyEntry.self), path: path))
            } catch {
                if case .corruptFile(let list) = error { problems += list.prefix(1) } else { throw error }
            }
        }
        return BodyLog(entries: entries, problems: problems)
    }

    /// The body entry of `id`, if the log has it: only the files whose names end in its short
    /// ID are read.
    func bodyEntry(id: BodyEntry.ID) throws(LiftLogError) -> StoredBodyEntry? {
        for path in try bodyFilePaths() where path.hasSuffix("-\(id.short).json") {
            guard let bytes = try files.read(path) else { continue }
            let entry = try DocumentDecoder.decode(bytes, path: path, as: BodyEntry.self)
            if entry.id == id { return StoredBodyEntry(entry: entry, path: path) }
        }
        return nil
    }

    /// Every body file of the tree (`body/YYYY/*.json`), sorted.
    func bodyFilePaths() throws(LiftLogError) -> [String] {
        var paths: [String] = []
        for year in try files.list(Store.bodyFolder) where year.name.count == 4 && Int(year.name) != nil && year.kind != .regular {
            for entry in try files.list("\(Store.bodyFolder)/\(year.name)") where Store.isBodyFileName(entry.name) {
                paths.append("\(Store.bodyFolder)/\(year.name)/\(entry.name)")
            }
        }
        return paths.sorted()
    }

    /// `2025-01-24-0730-3f2c9a1e.json`: the name a body entry file has.
    static func isBodyFileName(_ name: String) -> Bool {
        SessionIndex.isSessionFileName(name)
    }
}
