/// Which pain tags were noted, how often, with which exercises and in which weeks
/// (`liftlog pain`): to see a pattern, such as a knee that hurts in the weeks of heavy squats.
public struct PainReport: Hashable, Sendable {
    /// One pain tag.
    public struct Tag: Hashable, Sendable {
        /// The pain tag, lowercase.
        public var tag: String
        /// The sessions that noted it.
        public var sessions: Int
        /// The day of the first session it was noted in.
        public var firstDate: LocalDate
        /// The day of the latest session it was noted in.
        public var lastDate: LocalDate
        /// The exercises done in those sessions, in the most of them first (then by name).
        public var exercises: [Count]
        /// The weeks with such a session (each named by its first day, the store's
        /// `week_start`), oldest first, with how many.
        public var weeks: [Count]
    }

    /// A name (an exercise, a week's first day) and how many sessions.
    public struct Count: Hashable, Sendable {
        /// The exercise's name, or the week's first day (`YYYY-MM-DD`).
        public var name: String
        /// How many of the tag's sessions had the exercise, or fell in the week.
        public var sessions: Int
    }

    /// The tags, in the most sessions first (then by tag).
    public var tags: [Tag]
    /// The sessions looked at (in the period), and how many noted any pain.
    public var sessions: Int
    /// How many of them noted any pain.
    public var sessionsWithPain: Int

    /// The report as the CLI's and the API's JSON give it.
    public var json: JSONValue {
        func counts(_ list: [Count], _ key: String) -> JSONValue {
            .array(list.map { [key: .string($0.name), "sessions": .number(JSONNumber($0.sessions))] })
        }
        return ["sessions": .number(JSONNumber(sessions)), "sessions_with_pain": .number(JSONNumber(sessionsWithPain)),
                "tags": .array(tags.map { tag in
                    ["tag": .string(tag.tag), "sessions": .number(JSONNumber(tag.sessions)), "first_date": .string(tag.firstDate.description),
                     "last_date": .string(tag.lastDate.description), "exercises": counts(tag.exercises, "exercise_name"), "weeks": counts(tag.weeks, "week_start")]
                })]
    }
}

extension Store {
    /// The first day of the week `date` falls in, by the store's `week_start`.
    public func weekStart(of date: LocalDate) -> LocalDate {
        date.adding(days: -(preferences.weekStart == .monday ? date.isoWeekday - 1 : date.isoWeekday % 7))
    }

    /// The pain tags of the sessions from `from` to `to` (every session when left out), each with
    /// its sessions, the exercises done in them and the weeks they fell in.
    ///
    /// - Throws: `CORRUPT_FILE` when a session file does not read.
    /// - Complexity: reads every session file of the period.
    public func painReport(from: LocalDate? = nil, to: LocalDate? = nil) throws(LiftLogError) -> PainReport {
        struct Tally {
            var tag: String
            var sessions = 0
            var first: LocalDate
            var last: LocalDate
            var exercises: [String: (name: String, sessions: Int)] = [:]
            var weeks: [LocalDate: Int] = [:]
        }
        var tallies: [String: Tally] = [:]
        var sessions = 0, withPain = 0
        try forEachSession(from: from, to: to) { stored in
            let session = stored.session
            guard session.status != .skipped else { return }
            sessions += 1
            let tags = Swift.Set(session.painTags.map { $0.lowercased() })
            guard !tags.isEmpty else { return }
            withPain += 1
            let date = session.startedAt.localDate
            let done = Swift.Set(session.entries.filter { $0.sets.contains { $0.status == .completed } }.map(\.exerciseName))
            for tag in tags {
                var tally = tallies[tag] ?? Tally(tag: tag, first: date, last: date)
                tally.sessions += 1
                tally.first = min(tally.first, date)
                tally.last = max(tally.last, date)
                for name in done {
                    let key = Exercise.nameKey(name)
                    tally.exercises[key] = (tally.exercises[key]?.name ?? name, (tally.exercises[key]?.sessions ?? 0) + 1)
                }
                tally.weeks[weekStart(of: date), default: 0] += 1
                tallies[tag] = tally
            }
        }
        let tags = tallies.values.map { tally in
            PainReport.Tag(tag: tally.tag, sessions: tally.sessions, firstDate: tally.first, lastDate: tally.last,
                           exercises: tally.exercises.values.sorted { ($1.sessions, $0.name) < ($0.sessions, $1.name) }.map { PainReport.Count(name: $0.name, sessions: $0.sessions) },
                           weeks: tally.weeks.sorted { $0.key < $1.key }.map { PainReport.Count(name: $0.key.description, sessions: $0.value) })
        }.sorted { ($1.sessions, $0.tag) < ($0.sessions, $1.tag) }
        return PainReport(tags: tags, sessions: sessions, sessionsWithPain: withPain)
    }
}
