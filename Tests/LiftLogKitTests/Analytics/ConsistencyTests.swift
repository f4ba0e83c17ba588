import Testing
@testable import LiftLogKit
import LiftLogTestSupport

/// Stats, streaks, the calendar and trends, computed by hand from a small store.
@Suite("Consistency in the library")
struct ConsistencyTests {
    /// Lifting on 01-20, 01-21, 01-22 (60 min each), stretching on 01-22 (15 min).
    private func store(_ root: String) throws -> Store {
        let store = try makeStore(at: root)
        for day in 20...22 {
            _ = try store.startSession(startedAt: Timestamp("2025-01-\(day)T07:00:00+01:00")!)
            _ = try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5x3"], defaultUnit: .kg))
            _ = try store.finish(completedAt: Timestamp("2025-01-\(day)T08:00:00+01:00")!)
        }
        _ = try store.recordSession(kind: .stretch, minutes: 15, startedAt: Timestamp("2025-01-22T18:00:00+01:00")!)
        return store
    }

    @Test("stats: totals, minutes and streaks per kind")
    func stats() throws {
        try withTemporaryDirectory { root throws in
            let stats = try store(root).stats(today: LocalDate("2025-01-23")!)
            #expect(stats[.lifting]?.totalSessions == 3)
            #expect(stats[.lifting]?.totalMinutes == 180)
            #expect(stats[.lifting]?.currentStreak == 3)
            #expect(stats[.lifting]?.longestStreak == 3)
            #expect(stats[.stretch]?.totalMinutes == 15)
            #expect(stats[.stretch]?.currentStreak == 1)
            // Two days later the streak is over but the longest stays.
            let later = try store(root + "/later").stats(today: LocalDate("2025-01-25")!)
            #expect(later[.lifting]?.currentStreak == 0)
            #expect(later[.lifting]?.longestStreak == 3)
        }
    }

    @Test("calendar: the kinds of each day of the month")
    func calendar() throws {
        try withTemporaryDirectory { root throws in
            let days = try store(root).calendar(year: 2025, month: 1).days
            #expect(days[LocalDate("2025-01-20")!] == [.lifting])
            #expect(days[LocalDate("2025-01-22")!] == [.lifting, .stretch])
            #expect(days.count == 3)
            #expect(throws: LiftLogError.validation("There is no month 2025-13; months are 01 to 12.")) { try store(root + "/x").calendar(year: 2025, month: 13) }
        }
    }

    @Test("trends: weekly sessions and volume, and the main lift's best e1RM per week")
    func trends() throws {
        try withTemporaryDirectory { root throws in
            let report = try store(root).trends(weeks: 2, today: LocalDate("2025-01-24")!)
            #expect(report.weeks.map(\.sessions) == [0, 4])
            #expect(report.weeks.last?.volume == 4_500)
            // The first session ever was in the second week: the first does not count.
            #expect(report.sessionsPerWeek == 4)
            #expect(report.lifts.first?.exerciseName == "Back Squat")
            #expect(report.lifts.first?.weekly == [nil, 116.67])
        }
    }
}
