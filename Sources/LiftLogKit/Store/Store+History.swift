/// Which sessions `history` lists, and which page of them.
public struct HistoryQuery: Sendable {
    /// 1-based.
    public var page: Int
    /// Sessions per page, 1–``maximumPerPage``.
    public var perPage: Int
    /// First local date included.
    public var from: LocalDate?
    /// Last local date included.
    public var to: LocalDate?
    /// Only sessions with this exercise (library name, or a name logged in a session).
    public var exercise: String?
    /// Only sessions of this kind.
    public var kind: Session.Kind?

    /// The default page size.
    public static let defaultPerPage = 25
    /// The largest page size.
    public static let maximumPerPage = 1000

    /// A query for one page; every filter `nil` lists every session.
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
    /// The page shown, 1-based.
    public var page: Int
    /// Sessions per page.
    public var perPage: Int
    /// Sessions matching the query on all pages.
    public var total: Int
    /// How many pages the query has.
    public var totalPages: Int { total == 0 ? 0 : (total + perPage - 1) / perPage }
    /// The page's sessions, newest first.
    public var sessions: [SessionSummary]
    /// Session files that could not be read: the first problem of each, `path:line:column: message`.
    public var unreadableFiles: [String]
}

/// What a rebuild of the index found.
public struct ReindexReport: Sendable {
    /// How many session files were indexed.
    public var sessions: Int
    /// The first problem of each session file that could not be read.
    public var unreadableFiles: [String]
}

extension Store {
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
            throw .validation("The first day \(from) is after the last day \(to).")
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
                used = result.shown.map { UsedFile($0.month, $0.record) }
                return result
            }
            let unreadable = try index.corruptFiles().map(\.problem)
            return HistoryPage(page: query.page, perPage: query.perPage, total: result.total,
                               sessions: result.shown.compactMap(\.record.summary), unreadableFiles: unreadable)
        }
        if page.total == 0, let missingExercise { throw missingExercise }
        var counted = page
        try addBodyweightVolume(to: &counted.sessions)
        return counted
    }

    /// Adds to each summary's volume what its bodyweight sets lifted: the weigh-in nearest the
    /// session plus their load (SPEC §8). The index keeps the volume of the other sets only,
    /// so a weigh-in added later counts at once.
    ///
    /// - Complexity: reads the body log once, and only when a summary has bodyweight sets.
    func addBodyweightVolume(to summaries: inout [SessionSummary]) throws(LiftLogError) {
        var weights = BodyWeights(store: self)
        for index in summaries.indices {
            let summary = summaries[index]
            guard summary.mayHaveBodyweightSets else { continue }
            var added = 0.0
            for sets in summary.workSetsOfEveryEntry {
                guard let bodyWeight = try weights.near(summary, sets: sets) else { continue }
                for run in sets where run.isBodyweightLoad {
                    guard let reps = run.reps else { continue }
                    let load = max(0, bodyWeight + run.unit.convert(run.weight ?? 0, to: preferences.unit))
                    added += preferences.unit.convert(load, to: summary.unit) * Double(reps) * Double(run.count)
                }
            }
            if added > 0 { summaries[index].totalVolume = ((summary.totalVolume + added) * 100).rounded() / 100 }
        }
    }

    /// Rebuilds the index from the session files.
    ///
    /// - Complexity: O(N) file reads; memory bounded by the largest month.
    @discardableResult
    package func reindex() throws(LiftLogError) -> ReindexReport {
        try withLock { () throws(LiftLogError) -> ReindexReport in
            let index = SessionIndex(files: files, unit: preferences.unit, now: environment.now)
            index.holdsLock = true
            try index.rebuild()
            let total = index.state.months.sessionCount
            return ReindexReport(sessions: total, unreadableFiles: try index.corruptFiles().map(\.problem))
        }
    }
}
