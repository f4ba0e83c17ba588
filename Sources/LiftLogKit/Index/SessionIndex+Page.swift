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
        func visit(_ key: MonthKey, _ month: MonthEssentials) throws(LiftLogError) {
            let wholeMonth = !month.hasOtherDays
                && (query.from.map { key.firstDay >= $0 } ?? true) && (query.to.map { key.lastDay <= $0 } ?? true)
            if wholeMonth && anyExercise {
                let count = query.kind.map(month.count(of:)) ?? month.count
                if total + count <= offset || shown.count >= query.perPage {
                    total += count
                    return
                }
                if query.kind == nil {
                    // Valid records come first in a shard: take exactly the ones on the page.
                    let first = max(0, offset - total)
                    let wanted = min(count - first, query.perPage - shown.count)
                    shown += try records(of: key, in: first..<first + wanted).map { (key, $0) }
                    total += count
                    return
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
        // A session counts by its start time wherever its file is (one in another month's folder
        // too: `check` reports it, `fmt` moves it). Without a period, every month, read in
        // place (the page of every request of a server: 360 months in a thirty-year log).
        if query.from == nil && query.to == nil {
            let table = state.months
            for index in table.indices.reversed() { try visit(table.keys[index], table.essentials(at: index)) }
        } else {
            for key in months(from: query.from, to: query.to) {
                guard let month = state.months.essentials(of: key) else { continue }
                try visit(key, month)
            }
        }
        return (shown, total)
    }
}
