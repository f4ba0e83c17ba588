import LiftLogKit

/// A session in detail, for `status` and `show`.
enum SessionText {
    /// `progress`: each entry's numbers (``Store/exerciseProgress(in:formula:)``), for its best e1RM.
    /// `previous`: what was done of each exercise the last time (an active session's), shown
    /// beside the set it goes with (``PreviousSets/matching(_:of:)``).
    static func render(_ stored: StoredSession, metrics: SessionMetrics, progress: [ProgressEntry] = [], previous: [PreviousSets] = [],
                       distance: DistanceUnit, now: Timestamp, style: Style) -> String {
        let session = stored.session
        let unit = metrics.unit
        var lines: [String] = []
        var title = "\(session.kind.rawValue.capitalizedFirst) session \(session.id.short)"
        if session.status == .active {
            title = "Active " + title.prefix(1).lowercased() + String(title.dropFirst())
        } else if session.status == .skipped {
            title = "Skipped " + title.prefix(1).lowercased() + String(title.dropFirst())
        }
        var heading = style.bold(title) + " · started \(session.startedAt.shortDescription)"
        if session.status == .active {
            heading += " (\(Formatting.ago(session.startedAt.seconds(until: now))))"
        } else if let end = session.completedAt {
            heading += " · \(Formatting.duration(session.startedAt.seconds(until: end)))"
        }
        lines.append(heading)
        if let day = session.planDay { lines.append("\(day)\(session.plan.map { " (\($0))" } ?? "")\(session.weekNumber.map { ", week \($0)" } ?? "")") }
        if session.kind == .stretch || session.kind == .meditation {
            lines.append("\(Formatting.duration(session.durationSeconds ?? metrics.durationSeconds))\(session.meditationType.map { " · \($0)" } ?? "")\(session.regions.isEmpty ? "" : " · " + session.regions.joined(separator: ", "))")
        }
        var shownSupersets: Swift.Set<String> = []
        for (index, entry) in session.entries.enumerated() {
            if let label = entry.superset {
                guard shownSupersets.insert(label).inserted else { continue }
                lines.append("")
                lines += supersetBlock(session.entries.filter { $0.superset == label }, label: label, unit: unit, distance: distance, style: style)
                continue
            }
            lines.append("")
            let e1rm = progress.indices.contains(index) ? progress[index].e1rm : nil
            lines.append("\(entry.order). " + style.bold(entry.exerciseName) + (e1rm.map { " · best e1RM \(Formatting.number($0)) \(unit.rawValue)" } ?? ""))
            if let notes = entry.notes { lines.append("   " + style.dim(notes)) }
            let last = previous.first { Exercise.nameKey($0.exerciseName) == Exercise.nameKey(entry.exerciseName) }
            let scale = DistanceScale(exerciseNamed: entry.exerciseName, preference: distance)
            for (number, set) in entry.sets.enumerated() {
                let before = last?.matching(number, of: entry).map { style.dim("  last \(Formatting.set($0, distance: scale))") } ?? ""
                lines.append("   \(set.setNumber)  " + setText(set, unit: unit, distance: scale, style: style) + before)
            }
        }
        lines.append("")
        var totals = "\(Formatting.count(metrics.exerciseCount, "exercise")) · \(Formatting.count(metrics.setCount, "set"))"
        let work = session.entries.flatMap(\.sets).filter(\.countsAsWork)
        if metrics.totalVolume > 0 || work.contains(where: { $0.measure == .load }) {
            totals += " · volume \(Formatting.number(metrics.totalVolume)) \(unit.rawValue)"
        }
        let covered = work.compactMap(\.distanceMeters).reduce(0, +)
        if covered > 0 { totals += " · \(Formatting.distance(covered, in: .unit(distance)))" }
        if session.status == .completed, let feel = session.sessionRPE { totals += " · felt \(feel)/5" }
        lines.append(totals)
        if !session.painTags.isEmpty { lines.append("Pain: \(session.painTags.joined(separator: ", "))") }
        if let notes = session.notes { lines.append("Notes: \(notes)") }
        lines.append(style.dim(stored.path))
        return lines.joined(separator: "\n")
    }

    /// One set as `status` and `show` list it: done, skipped, or planned with its target.
    static func setText(_ set: WorkoutSet, unit: WeightUnit, distance: DistanceScale, style: Style) -> String {
        var text: String
        switch set.status {
        case .completed:
            text = Formatting.set(set, distance: distance)
            let plus = set.amrap ? "+" : ""
            if let target = set.targetReps, let reps = set.reps, reps < target {
                text += style.dim(" (target \(target)\(plus))")
            } else if set.amrap {
                text += style.dim(set.targetReps.map { " (\($0)+)" } ?? " (as many as possible)")
            }
        case .skipped: text = style.dim("skipped")
        case .pending:
            var target = "planned"
            if let reps = set.targetReps { target += ": \(reps)\(set.amrap ? "+" : "") reps" } else if set.amrap { target += ": as many reps as possible" }
            if let weight = set.targetWeight { target += " @ \(Formatting.weight(weight, set.unit ?? unit))" }
            text = style.dim(target)
        }
        if set.status != .completed, set.setType != .normal { text += style.dim(" (\(set.setType.rawValue))") }
        if let notes = set.notes { text += style.dim("  \(notes)") }
        return text
    }

    /// Entries done as one superset: a heading with their names, then one line per round
    /// (the n-th set of each).
    static func supersetBlock(_ entries: [Session.Entry], label: String, unit: WeightUnit, distance: DistanceUnit, style: Style) -> [String] {
        let orders = entries.map { String($0.order) }.joined(separator: ", ")
        let method = entries.compactMap(\.method).first.flatMap { $0 == .standard ? nil : $0.rawValue.replacingOccurrences(of: "_", with: "-") }
        var lines = ["\(orders). " + style.bold("Superset \(label)") + (method.map { " (\($0))" } ?? "") + ": " + entries.map(\.exerciseName).joined(separator: " + ")]
        for entry in entries { if let notes = entry.notes { lines.append("   " + style.dim("\(entry.exerciseName): \(notes)")) } }
        let rounds = entries.map(\.sets.count).max() ?? 0
        for round in 0..<rounds {
            let parts = entries.compactMap { entry -> String? in
                guard round < entry.sets.count else { return nil }
                return "\(entry.exerciseName) " + setText(entry.sets[round], unit: unit, distance: DistanceScale(exerciseNamed: entry.exerciseName, preference: distance), style: style)
            }
            lines.append("   Round \(round + 1)  " + parts.joined(separator: " · "))
        }
        return lines
    }
}
