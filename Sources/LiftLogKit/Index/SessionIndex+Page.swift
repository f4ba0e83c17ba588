extension SessionIndex {
    /// Whether there was no usable index on disk.
    package var needsRebuild: Bool { hasNoState }

    /// The page of `query` from the index (without checking the files): the records shown,
    /// with their months, and the number of matching sessions.
    package func page(_ query: HistoryQuery, exercise: Exercise?) throws(LiftLogError) -> (shown: [(month: MonthKey, record: IndexRecord)], total: Int) {
        let offset = (query.page - 1) * query.perPage
        var total = 0
        var shown: [(month: MonthKey, record: IndexRecord)] = []
        let anyExercise = exercise == nil
        // A session counts by its start time wherever its file is (one in another month's folder
        // too: `check` reports it, `fmt` moves it).
        for key in months(from: query.from, to: query.to) {
            guard let month = state.months.essentials(of: key) else { continue }
            let wholeMonth = !month.hasOtherDays
                && (query.from.map { key.firstDay >= $0 } ?? true) && (query.to.map { key.lastDay <= $0 } ?? true)
            if wholeMonth && anyExercise {
                let count = query.kind.map(month.count(of:)) ?? month.count
                if total + count <= offset || shown.count >= query.perPage {
                    total += count
                    continue
                }
                if query.kind == nil {
                    // Valid records come first in a shard: take exactly the ones on the page.
                    let first = max(0, offset - total)
                    let wanted = min(count - first, query.perPage - shown.count)
                    shown += try records(of: key, in: first..<first + wanted).map { (key, $0) }
                    total += count
                    continue
                }
            }
            for record in try records(of: key) {
                guard let summary = record.summary else { continue }
                if let kind = query.kind, summary.kind != kind { continue }
                if let exercise, !summary.contains(exercise) { continue }
                let date = summary.startedAt.localDate
                if let from = query.from, date < from { continue }
                if let to = query.to, date > to { continue }
                if total >= offset && shown.count < query.perPage { shown.append((key, record)) }
                total += 1
            }
        }
        return (shown, total)
    }
}
