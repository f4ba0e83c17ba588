/// Which sessions `history` lists, and which page of them.
public struct HistoryQuery: Sendable {
    /// 1-based.
    public var page: Int
    public var perPage: Int
    /// First local date included.
    public var from: LocalDate?
    /// Last local date included.
    public var to: LocalDate?
    /// Only sessions with this exercise (library name, or a name logged in a session).
    public var exercise: String?
    public var kind: Session.Kind?

    /// The default page size.
    public static let defaultPerPage = 25
    /// The largest page size.
    public static let maximumPerPage = 1000

    public init(page: Int = 1, perPage: Int = HistoryQuery.defaultPerPage, from: LocalDate? = nil, to: LocalDate? = nil, exercise: String? = nil, kind: Session.Kind? = nil) {
        self.page = page
        self.perPage = perPage
        self.from = from
        self.to = to
        self.exercise = exercise
        self.kind = kind
    }
}

/// One page of history, newest first.
public struct HistoryPage: Sendable {
    public var page: Int
    public var perPage: Int
    /// Sessions matching the query on all pages.
    public var total: Int
    public var totalPages: Int { total == 0 ? 0 : (total + perPage - 1) / perPage }
    public var sessions: [SessionSummary]
    /// Session files that could not be read: the first problem of each, `path:line:column: message`.
    public var unreadableFiles: [String]
}

/// What a rebuild of the index found.
public struct ReindexReport: Sendable {
    public var sessions: Int
    /// The first problem of each session file that could not be read.
    public var unreadableFiles: [String]
}

extension Store {
    /// Runs `body` on an index brought up to date with the files. With the lock (held by the
    /// caller, or free now) the refreshed index is written back; without it, it is used from
    /// memory only.
    package func withFreshIndex<T>(holdingLock: Bool, _ body: (SessionIndex) throws(LiftLogError) -> T) throws(LiftLogError) -> T {
        func run(_ canWrite: Bool) throws(LiftLogError) -> T {
            let index = SessionIndex(files: files, unit: preferences.unit, now: environment.now)
            index.holdsLock = canWrite
            if canWrite && index.needsRebuild {
                try index.rebuild()
            } else {
                try index.refresh()
            }
            let result = try body(index)
            if canWrite {
                try? index.persist()
                // A write killed at the wrong instant can leave a temporary file or a backup
                // name in these folders; with the lock held, none of ours is under way.
                for folder in ["", Store.exercisesFolder, "plans"] { files.removeLeftoverTemporaryFiles(in: folder) }
            }
            return result
        }
        if holdingLock { return try run(true) }
        return try withLockIfFree { (haveLock: Bool) throws(LiftLogError) -> T in try run(haveLock) }
    }

    /// Brings the index up to date after a write (the caller holds the lock). The index is a
    /// cache: when it cannot be written, the data already saved stands and the next command
    /// refreshes the index, so a failure here does not fail the command.
    func updateIndex() {
        try? withFreshIndex(holdingLock: true) { _ throws(LiftLogError) in }
    }

    /// A page of sessions, newest first.
    ///
    /// - Complexity: O(months) `stat` calls and the index lines of the months the page spans,
    ///   plus one `stat` per session shown; independent of the number of sessions unless
    ///   filtering by exercise (then O(N) index lines, still no session file is read).
    /// - Throws: `VALIDATION_ERROR` for a page below 1, a page size outside 1–1000, or `from`
    ///   after `to`; `NOT_FOUND` for an exercise that neither the library nor any session has.
    public func history(_ query: HistoryQuery) throws(LiftLogError) -> HistoryPage {
        guard query.page >= 1 else { throw .validation("Page must be 1 or more, got \(query.page).") }
        guard (1...HistoryQuery.maximumPerPage).contains(query.perPage) else {
            throw .validation("Page size must be 1–\(HistoryQuery.maximumPerPage), got \(query.perPage).")
        }
        if let from = query.from, let to = query.to, from > to {
            throw .validation("--from \(from) is after --to \(to).")
        }
        var exerciseFilter: Exercise?
        var missingExercise: LiftLogError?
        if let name = query.exercise {
            do throws(LiftLogError) {
                exerciseFilter = try exercise(named: name)
            } catch {
                guard case .notFound = error else { throw error }
                missingExercise = error
                // An old name resolves to the exercise its sessions link to.
                exerciseFilter = try exercise(recordedAs: name) ?? Exercise.unlisted(named: name)
            }
        }
        let page = try withFreshIndex(holdingLock: false) { index throws(LiftLogError) -> HistoryPage in
            // What is about to be shown is checked against the files (edited in place?).
            let result = try index.verifying { used throws(LiftLogError) in
                let result = try index.page(query, exercise: exerciseFilter)
                used = result.shown
                return result
            }
            let unreadable = try index.corruptFiles().map(\.problem)
            return HistoryPage(page: query.page, perPage: query.perPage, total: result.total,
                               sessions: result.shown.compactMap(\.record.summary), unreadableFiles: unreadable)
        }
        if page.total == 0, let missingExercise { throw missingExercise }
        return page
    }

    /// Rebuilds the index from the session files.
    ///
    /// - Complexity: O(N) file reads; memory bounded by the largest month.
    @discardableResult
    public func reindex() throws(LiftLogError) -> ReindexReport {
        try withLock { () throws(LiftLogError) -> ReindexReport in
            let index = SessionIndex(files: files, unit: preferences.unit, now: environment.now)
            index.holdsLock = true
            try index.rebuild()
            let total = index.state.months.values.reduce(0) { $0 + $1.count }
            return ReindexReport(sessions: total, unreadableFiles: try index.corruptFiles().map(\.problem))
        }
    }
}

extension SessionIndex {
    /// Whether there was no usable index on disk.
    package var needsRebuild: Bool { hasNoState }

    /// The page of `query` from the index (without checking the files): the records shown,
    /// with their months, and the number of matching sessions.
    package func page(_ query: HistoryQuery, exercise: Exercise?) throws(LiftLogError) -> (shown: [(month: MonthKey, record: IndexRecord)], total: Int) {
        let offset = (query.page - 1) * query.perPage
        var total = 0
        var shown: [(month: MonthKey, record: IndexRecord)] = []
        // A session counts by its start time wherever its file is (one in another month's folder
        // too: `check` reports it, `fmt` moves it).
        for key in months(from: query.from, to: query.to) {
            guard let month = state.months[key] else { continue }
            let wholeMonth = month.otherDays.isEmpty
                && (query.from.map { key.firstDay >= $0 } ?? true) && (query.to.map { key.lastDay <= $0 } ?? true)
            if wholeMonth && exercise == nil {
                let count = query.kind.map { month.kindCounts[$0] ?? 0 } ?? month.count
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
