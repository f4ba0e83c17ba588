extension Store {
    /// The most weeks `trends` looks back.
    public static let maximumTrendWeeks = 104

    /// Trends over the last `weeks` weeks (this week included).
    ///
    /// - Parameters:
    ///   - mainLifts: how many of the exercises in the most sessions to follow.
    ///   - today: the day to look back from (the clock's date by default); streaks are current
    ///     to it.
    /// - Complexity: the index lines of the period's months and one `stat` per session of the
    ///   period (streaks come from the index's month totals); no session file is read unless
    ///   it changed.
    /// - Throws: `VALIDATION_ERROR` for weeks outside 1–104.
    public func trends(weeks: Int = TrendsReport.defaultWeeks, formula: E1RMFormula = .standard, mainLifts: Int = 3, today: LocalDate? = nil) throws(LiftLogError) -> TrendsReport {
        guard (1...Store.maximumTrendWeeks).contains(weeks) else {
            throw .validation("Weeks must be 1–\(Store.maximumTrendWeeks), got \(weeks).")
        }
        let today = today ?? currentTimestamp().localDate
        let unit = preferences.unit
        let thisWeekStart = weekStart(of: today)
        let firstDay = thisWeekStart.adding(days: -7 * (weeks - 1))
        var report = TrendsReport(
            unit: unit, today: today, thisWeek: (0..<7).map { (thisWeekStart.adding(days: $0), []) },
            weeks: (0..<weeks).map { TrendsReport.Week(start: firstDay.adding(days: 7 * $0), sessions: 0, volume: 0, minutes: 0) },
            currentStreak: 0, longestStreak: 0, lifts: [])
        var kindsByDay: [Int: Swift.Set<Session.Kind>] = [:]
        var lifting: [SessionSummary] = []
        var counts: [String: (ref: SessionSummary.ExerciseRef, sessions: Int)] = [:]
        var summaries: [SessionSummary] = try withFreshIndex(holdingLock: false) { index throws(LiftLogError) in
            // Only the period: the walk is newest first, so it stops at the first older session.
            try index.verifying { used throws(LiftLogError) in
                var summaries: [SessionSummary] = []
                try index.forEachRecordNewestFirst { month, record in
                    guard let summary = record.summary, summary.startedAt.localDate >= firstDay else { return false }
                    used.append(UsedFile(month, record))
                    summaries.append(summary)
                    return true
                }
                return summaries
            }
        }
        try addBodyweightVolume(to: &summaries)
        let library = try exercises()
        let byID = Dictionary(library.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let byName = Dictionary(library.map { (Exercise.nameKey($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        var uncounted: Swift.Set<String> = []
        for summary in summaries {
            let date = summary.startedAt.localDate
            // A planned day not trained is not training.
            guard date <= thisWeekStart.adding(days: 6), summary.status != .skipped else { continue }
            kindsByDay[date.dayNumber, default: []].insert(summary.kind)
            let week = (date.dayNumber - firstDay.dayNumber) / 7
            report.weeks[week].sessions += 1
            report.weeks[week].volume += summary.unit.convert(summary.totalVolume, to: unit)
            report.weeks[week].minutes += max(0, summary.durationSeconds ?? 0) / 60
            for (ref, runs) in zip(summary.exercises, summary.workSetsOfEveryEntry) {
                let sets = runs.reduce(0) { $0 + $1.count }
                guard sets > 0 else { continue }
                guard let exercise = ref.id.flatMap({ byID[$0] }) ?? byName[Exercise.nameKey(ref.name)], !exercise.muscleWeights.isEmpty else {
                    uncounted.insert(ref.name)
                    continue
                }
                for (muscle, weight) in exercise.muscleWeights { report.weeks[week].muscleSets[muscle, default: 0] += weight * Double(sets) }
            }
            guard !summary.exercises.isEmpty else { continue }
            lifting.append(summary)
            var seen: Swift.Set<String> = []
            for ref in summary.exercises {
                let key = ref.id?.rawValue ?? Exercise.nameKey(ref.name)
                guard seen.insert(key).inserted else { continue }
                counts[key, default: (ref, 0)].sessions += 1
            }
        }
        report.uncountedExercises = uncounted.sorted()
        let days = try trainingDays()
        (report.currentStreak, report.longestStreak) = Store.streaks(days: days, today: today)
        report.firstTrainingDay = days.min().map { LocalDate(dayNumber: $0) }
        for index in report.thisWeek.indices {
            report.thisWeek[index].kinds = Session.Kind.allCases.filter { (kindsByDay[report.thisWeek[index].date.dayNumber] ?? []).contains($0) }
        }
        for index in report.weeks.indices { report.weeks[index].volume = (report.weeks[index].volume * 100).rounded() / 100 }

        report.lifts = try self.mainLifts(counts: counts, lifting: lifting, firstDay: firstDay, weeks: weeks, count: mainLifts, formula: formula)
        return report
    }

    /// The `count` exercises in the most sessions (ties by name), each with its best e1RM per
    /// week of the period.
    private func mainLifts(counts: [String: (ref: SessionSummary.ExerciseRef, sessions: Int)], lifting: [SessionSummary], firstDay: LocalDate,
                           weeks: Int, count: Int, formula: E1RMFormula) throws(LiftLogError) -> [TrendsReport.Lift] {
        let unit = preferences.unit
        let main = counts.values.sorted { ($1.sessions, $0.ref.name) < ($0.sessions, $1.ref.name) }.prefix(max(0, count))
        guard !main.isEmpty else { return [] }
        let library = Dictionary(((try? exercises()) ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let exercises = main.map { item in
            item.ref.id.flatMap { library[$0] } ?? Exercise.unlisted(named: item.ref.name)
        }
        var weekly = [[Double?]](repeating: [Double?](repeating: nil, count: weeks), count: exercises.count)
        for summary in lifting {
            let week = (summary.startedAt.localDate.dayNumber - firstDay.dayNumber) / 7
            for (index, exercise) in exercises.enumerated() {
                for (position, ref) in summary.exercises.enumerated() where exercise.isRecorded(as: ref.id, name: ref.name) {
                    for set in summary.workSets(ofEntryAt: position) {
                        guard let weight = set.weight, let reps = set.reps,
                              let estimate = formula.estimate(weight: set.unit.convert(weight, to: unit), reps: reps) else { continue }
                        weekly[index][week] = max(weekly[index][week] ?? 0, (estimate * 100).rounded() / 100)
                    }
                }
            }
        }
        return zip(main, exercises).enumerated().map { index, pair in
            TrendsReport.Lift(exerciseID: pair.0.ref.id, exerciseName: pair.1.name, sessions: pair.0.sessions, weekly: weekly[index])
        }
    }
}
