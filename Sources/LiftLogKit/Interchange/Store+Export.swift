extension Store {
    /// Every session, oldest first, one at a time (memory does not grow with the store).
    ///
    /// - Parameters:
    ///   - from: first local date included.
    ///   - to: last local date included.
    ///   - body: called with each session; what it throws stops the export.
    /// - Throws: `CORRUPT_FILE` when a session file does not read (`liftlog check` says why).
    public func forEachSession(from: LocalDate? = nil, to: LocalDate? = nil, _ body: (StoredSession) throws(LiftLogError) -> Void) throws(LiftLogError) {
        let months: [(MonthKey, [String])] = try withFreshIndex(holdingLock: false) { index throws(LiftLogError) in
            var result: [(MonthKey, [String])] = []
            for key in index.monthsNewestFirst.reversed() {
                if let to, key.firstDay > to { continue }
                if let from, key.lastDay < from { continue }
                let paths = try index.records(of: key).reversed().compactMap { $0.summary?.path }
                result.append((key, paths))
            }
            return result
        }
        for (_, paths) in months {
            for path in paths {
                guard let session = try files.load(path, as: Session.self) else { continue }
                let date = session.startedAt.localDate
                if let from, date < from { continue }
                if let to, date > to { continue }
                try body(StoredSession(session: session, path: path))
            }
        }
    }

    /// The header of liftlog's Strong-compatible CSV: Strong's columns, with the units stated
    /// per row, and the UTC offset and session ID so that importing the file again is lossless
    /// and creates nothing new.
    public static let strongCSVHeader = ["Date", "Workout Name", "Duration", "Exercise Name", "Set Order", "Weight", "Weight Unit", "Reps",
                                         "Distance", "Distance Unit", "Seconds", "Notes", "Workout Notes", "RPE", "UTC Offset", "Session ID"]

    /// The rows of one session in liftlog's Strong-compatible CSV: one per completed set.
    public static func strongCSVRows(_ session: Session) -> [[String]] {
        let time = session.startedAt.localTime
        let date = "\(session.startedAt.localDate) \(CivilCalendar.pad(time.hour, 2)):\(CivilCalendar.pad(time.minute, 2)):\(CivilCalendar.pad(time.second, 2))"
        let duration = session.completedAt.map { String(session.startedAt.seconds(until: $0)) } ?? ""
        let offset = String(session.startedAt.description.suffix(6))
        var rows: [[String]] = []
        for entry in session.entries {
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
                ])
            }
        }
        return rows
    }
}
