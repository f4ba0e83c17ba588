/// A change to one store file, as version control reports it.
package struct FileChange: Sendable {
    package enum Kind: Sendable { case added, modified, deleted }
    package var kind: Kind
    /// Relative to the store root.
    package var path: String

    package init(kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }
}

extension Store {
    /// A one-line description of a set of changes, for a commit message:
    /// "Log 2025-01-24 Day A: 5 exercises, 18 sets", "Log 3 sessions (2025-01-22 to 2025-01-24)",
    /// "Add exercise Zercher Squat", joined with "; ".
    package func describe(_ changes: [FileChange]) -> String {
        var parts: [String] = []
        let sessions = changes.filter { $0.path.hasPrefix("sessions/") && $0.path.hasSuffix(".json") }
        let added = sessions.filter { $0.kind == .added }.compactMap { try? files.load($0.path, as: Session.self) }.sorted { $0.startedAt < $1.startedAt }
        let unit = preferences.unit
        if added.count == 1, let session = added.first {
            let metrics = session.metrics(in: unit)
            var text = "Log \(session.startedAt.localDate)"
            if let day = session.planDay { text += " \(day)" }
            if session.kind == .lifting || session.kind == .cardio {
                text += ": \(metrics.exerciseCount) exercise\(metrics.exerciseCount == 1 ? "" : "s"), \(metrics.setCount) set\(metrics.setCount == 1 ? "" : "s")"
            } else {
                text += ": \(session.kind.rawValue), \((metrics.durationSeconds ?? 0) / 60) min"
            }
            if session.status == .active { text += " (in progress)" }
            parts.append(text)
        } else if let first = added.first, let last = added.last {
            parts.append("Log \(added.count) sessions (\(first.startedAt.localDate) to \(last.startedAt.localDate))")
        }
        let modified = sessions.filter { $0.kind == .modified }.count
        if modified > 0 { parts.append("Update \(modified) session\(modified == 1 ? "" : "s")") }
        let deleted = sessions.filter { $0.kind == .deleted }.count
        if deleted > 0 { parts.append("Delete \(deleted) session\(deleted == 1 ? "" : "s")") }
        for (folder, noun) in [("exercises/", "exercise"), ("plans/", "plan")] {
            let changed = changes.filter { $0.path.hasPrefix(folder) }
            let addedNames = changed.filter { $0.kind == .added }.compactMap { change -> String? in
                if folder == "exercises/" { return (try? files.load(change.path, as: Exercise.self))?.name }
                return (try? files.load(change.path, as: TrainingPlan.self))?.name
            }
            if addedNames.count == 1 { parts.append("Add \(noun) \(addedNames[0])") }
            if addedNames.count > 1 { parts.append("Add \(addedNames.count) \(noun)s") }
            let others = changed.filter { $0.kind != .added }.count
            if others > 0 { parts.append("Change \(others) \(noun)\(others == 1 ? "" : "s")") }
        }
        let rest = changes.filter { change in !["sessions/", "exercises/", "plans/"].contains { change.path.hasPrefix($0) } }.count
        if rest > 0 { parts.append("Update \(rest) other file\(rest == 1 ? "" : "s")") }
        return parts.isEmpty ? "Update the training log" : parts.joined(separator: "; ")
    }
}
