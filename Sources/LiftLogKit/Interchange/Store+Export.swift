extension Store {
    /// Every session, oldest first, one at a time (memory does not grow with the store).
    ///
    /// - Parameters:
    ///   - from: first local date included.
    ///   - to: last local date included.
    ///   - body: called with each session; what it throws stops the export.
    /// - Throws: `CORRUPT_FILE` when a session file does not read (`liftlog check` says why).
    public func forEachSession(from: LocalDate? = nil, to: LocalDate? = nil, _ body: (StoredSession) throws(LiftLogError) -> Void) throws(LiftLogError) {
        try forEachSession(from: from, to: to, prepare: { $0 }, body)
    }

    /// Every session, oldest first: read and turned into `T` by `prepare` on all cores, a batch
    /// of files at a time (memory stays bounded), then given to `body` one by one, in order.
    /// For exports, whose work is mostly reading and formatting each session.
    ///
    /// - Throws: as ``forEachSession(from:to:_:)``; the sessions before a file that does not
    ///   read have been given to `body`, none after it.
    public func forEachSession<T: Sendable>(from: LocalDate? = nil, to: LocalDate? = nil, prepare: @escaping @Sendable (StoredSession) -> T,
                                            _ body: (T) throws(LiftLogError) -> Void) throws(LiftLogError) {
        let months: [(MonthKey, [String])] = try withFreshIndex(holdingLock: false) { index throws(LiftLogError) in
            var result: [(MonthKey, [String])] = []
            let shardsChecked = index.shardFolderIsSound
            for key in index.monthsNewestFirst.reversed() {
                if let to, key.firstDay > to { continue }
                if let from, key.lastDay < from { continue }
                // The month's records are parsed for their paths and let go. A file that does not
                // read is read again where its name (its start) puts it, so that its error stops
                // the export there.
                var ordered: [(name: String, path: String)] = []
                var broken: [(name: String, path: String)] = []
                for record in try index.recordsLettingGo(of: key, parentsChecked: shardsChecked).reversed() {
                    if let summary = record.summary {
                        ordered.append((record.fileName, summary.path))
                    } else {
                        broken.append((record.fileName, "\(key.folder)/\(record.fileName)"))
                    }
                }
                for file in broken { ordered.insert(file, at: ordered.firstIndex { $0.name > file.name } ?? ordered.count) }
                // The folders above the month's files are looked at once, not for each file.
                if !ordered.isEmpty { try self.files.checkFolder(key.folder) }
                result.append((key, ordered.map(\.path)))
            }
            return result
        }
        let paths = months.flatMap(\.1)
        let storeFiles = self.files
        var start = 0
        while start < paths.count {
            let batch = Array(paths[start..<min(paths.count, start + Store.exportBatch)])
            start += batch.count
            let prepared = parallelMap(batch, minimumPerThread: 8) { path -> Result<T?, LiftLogError> in
                do throws(LiftLogError) {
                    guard let bytes = try storeFiles.read(path, parentsChecked: true) else { return .success(nil) }
                    let session = try DocumentDecoder.decode(bytes, path: path, as: Session.self)
                    let date = session.startedAt.localDate
                    if let from, date < from { return .success(nil) }
                    if let to, date > to { return .success(nil) }
                    return .success(prepare(StoredSession(session: session, path: path)))
                } catch {
                    return .failure(error)
                }
            }
            for item in prepared {
                switch item {
                case .success(let value?): try body(value)
                case .success(nil): continue
                case .failure(let error): throw error
                }
            }
        }
    }

    /// How many session files an export reads and prepares at once.
    static let exportBatch = 256

    /// The header of liftlog's CSV: Strong's columns first (so tools that read Strong's export
    /// read it), with the units stated per row; then the UTC offset, the session ID and what
    /// Strong has no column for, so that importing the file again is lossless and creates
    /// nothing new.
    public static let strongCSVHeader = ["Date", "Workout Name", "Duration", "Exercise Name", "Set Order", "Weight", "Weight Unit", "Reps",
                                         "Distance", "Distance Unit", "Seconds", "Notes", "Workout Notes", "RPE", "UTC Offset", "Session ID"]
        + liftlogCSVColumns

    /// The columns after Strong's and the offset and ID.
    public static let liftlogCSVColumns = ["Kind", "Status", "Session Seconds", "Feel", "Pain", "Plan", "Week", "Source", "Regions",
                                           "Meditation Type", "Entry", "Exercise Notes", "Superset", "Method", "RIR", "Rest Seconds",
                                           "Bodyweight", "Set Completed At", "Target Reps", "Target Weight", "Set ID"]

    /// What liftlog's CSV does not carry (`export` says so): sets planned but not done, and
    /// keys the program does not know (added by hand).
    public static let strongCSVLeavesOut = "planned sets not done (pending or skipped) and keys liftlog does not know"

    /// The rows of one session in liftlog's CSV: one per completed set, or one without an
    /// exercise for a session without any (a stretch, a meditation).
    public static func strongCSVRows(_ session: Session) -> [[String]] {
        let time = session.startedAt.localTime
        let date = "\(session.startedAt.localDate) \(CivilCalendar.pad(time.hour, 2)):\(CivilCalendar.pad(time.minute, 2)):\(CivilCalendar.pad(time.second, 2))"
        let duration = session.completedAt.map { String(session.startedAt.seconds(until: $0)) } ?? ""
        let offset = String(session.startedAt.description.suffix(6))
        let painTags = session.painTags.joined(separator: ","), regions = session.regions.joined(separator: ",")
        let sessionColumns: [String] = [session.kind.rawValue, session.status.rawValue, session.durationSeconds.map(String.init) ?? "",
                                        session.sessionRPE.map(String.init) ?? "", painTags, session.plan ?? "",
                                        session.weekNumber.map(String.init) ?? "", session.source ?? "", regions,
                                        session.meditationType ?? ""]
        var rows: [[String]] = []
        for (position, entry) in session.entries.enumerated() {
            var number = 0
            for set in entry.sets where set.status == .completed {
                let order: String
                switch set.setType {
                case .warmup: order = "W"
                case .failure: order = "F"
                case .drop: order = "D"
                case .normal:
                    number += 1
                    order = String(number)
                }
                rows.append([
                    date, session.planDay ?? "", duration, entry.exerciseName, order, CSVWriter.number(set.weight),
                    set.weight == nil ? "" : (set.unit?.rawValue ?? ""), set.reps.map(String.init) ?? "", CSVWriter.number(set.distanceMeters),
                    set.distanceMeters == nil ? "" : "m", set.durationSeconds.map(String.init) ?? "", set.notes ?? "", session.notes ?? "",
                    CSVWriter.number(set.rpe), offset, session.id.rawValue,
                ] + sessionColumns + [
                    String(position + 1), entry.notes ?? "", entry.superset ?? "", entry.method?.rawValue ?? "",
                    set.rir.map(String.init) ?? "", set.restSeconds.map(String.init) ?? "", set.bodyweight ? "yes" : "",
                    set.completedAt?.description ?? "", set.targetReps.map(String.init) ?? "", CSVWriter.number(set.targetWeight), set.id ?? "",
                ])
            }
        }
        if rows.isEmpty {
            rows.append([date, session.planDay ?? "", duration, "", "", "", "", "", "", "", "", "", session.notes ?? "", "", offset, session.id.rawValue]
                        + sessionColumns + Array(repeating: "", count: 11))
        }
        return rows
    }
}

extension Store {
    /// The header of Hevy's CSV, which Hevy and many tools import.
    public static let hevyCSVHeader = ["title", "start_time", "end_time", "description", "exercise_title", "superset_id", "exercise_notes",
                                       "set_index", "set_type", "weight_kg", "reps", "distance_km", "duration_seconds", "rpe"]

    /// What Hevy's CSV does not carry (`export hevy` says so).
    public static let hevyCSVLeavesOut = "seconds of start and end times, time zones, weights in lbs (written in kg), which sets are bodyweight (added load is written as the weight, assistance not at all), set notes, RIR, rest, targets, feel, pain tags, plans, and stretch and meditation sessions; a session without a plan day is titled by its kind"

    /// `13 Jan 2026, 06:53`, as Hevy writes times (in the session's own offset).
    static func hevyTime(_ time: Timestamp) -> String {
        let date = time.localDate, clock = time.localTime
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(date.day) \(months[date.month - 1]) \(date.year), \(CivilCalendar.pad(clock.hour, 2)):\(CivilCalendar.pad(clock.minute, 2))"
    }

    /// The rows of one session in Hevy's CSV: one per completed set; a session without sets
    /// (a stretch, a meditation) has none.
    public static func hevyCSVRows(_ session: Session) -> [[String]] {
        let start = hevyTime(session.startedAt)
        let end = session.completedAt.map(hevyTime) ?? ""
        var rows: [[String]] = []
        for entry in session.entries {
            var index = 0
            for set in entry.sets where set.status == .completed {
                let type: String
                switch set.setType {
                case .normal: type = "normal"
                case .warmup: type = "warmup"
                case .drop: type = "dropset"
                case .failure: type = "failure"
                }
                // A bodyweight set's added load is its weight, as Hevy's weighted bodyweight exercises have it.
                let load = set.bodyweight ? set.weight.flatMap { $0 > 0 ? $0 : nil } : set.weight
                let kilograms = load.map { ((set.unit ?? .kg).convert($0, to: .kg) * 100).rounded() / 100 }
                rows.append([
                    session.planDay ?? session.kind.rawValue.prefix(1).uppercased() + String(session.kind.rawValue.dropFirst()), start, end, session.notes ?? "", entry.exerciseName, entry.superset ?? "",
                    entry.notes ?? "", String(index), type, CSVWriter.number(kilograms), set.reps.map(String.init) ?? "",
                    CSVWriter.number(set.distanceMeters.map(Store.hevyKilometres)), set.durationSeconds.map(String.init) ?? "",
                    CSVWriter.number(set.rpe),
                ])
                index += 1
            }
        }
        return rows
    }
}

extension Store {
    /// A distance as Hevy's `distance_km` holds it: to the metre (its app shows metres), and a
    /// distance under half a metre as one metre, never as nothing.
    static func hevyKilometres(_ metres: Double) -> Double {
        metres > 0 ? max(1, metres.rounded()) / 1000 : 0
    }
}
