import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("The shapes of --json and the HTTP API")
struct DataShapesTests {
    @Test("a history page and its summaries have every field, made in the order they are written (the writer sorts nothing)")
    func historyInWritingOrder() throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s")
            try store.startSession()
            try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
            _ = try store.finish(feel: 4)
            guard case .object(let page) = DataShapes.history(try store.history(HistoryQuery())),
                  case .array(let sessions)? = page["sessions"], case .object(let summary)? = sessions.first else {
                Issue.record("not a page of one session")
                return
            }
            #expect(page.keys == ["page", "per_page", "sessions", "total", "total_pages"])
            #expect(summary.keys == ["completed_at", "duration_seconds", "exercise_count", "id", "kind", "path", "plan", "plan_day",
                                     "set_count", "started_at", "status", "total_distance_m", "total_volume", "volume_unit", "week_number"])
            for object in [page, summary] {
                #expect(JSONWriter.sortedMembers(object).map(\.key) == object.keys)
            }
            #expect(summary["set_count"] == .number(JSONNumber(1)) && summary["status"] == .string("completed") && summary["plan"] == .null)
        }
    }

    @Test("a history page written straight from the page is the tree's compact bytes, byte for byte")
    func historyCompactBytes() throws {
        try withTemporaryDirectory { root throws in
            copyTree(repository + "/SampleData/store", to: root + "/store")
            let sample = try Store.open(at: root + "/store")
            var pages = [try sample.history(HistoryQuery(page: 1, perPage: 200)), try sample.history(HistoryQuery(page: 3, perPage: 7)),
                         try sample.history(HistoryQuery(page: 99, perPage: 10))]
            // Every optional field present and absent, text that needs escaping, distances and
            // bodyweight sets, numbers with and without fractions.
            var odd = try #require(pages[0].sessions.first)
            odd.plan = "Plan \"quoted\"\n\t\\ é ✓ \u{1}"
            odd.planDay = nil
            odd.completedAt = nil
            odd.durationSeconds = nil
            odd.weekNumber = 3
            odd.totalVolume = 1234.5
            odd.encodedWorkSets = "20,kg,5,2,bw,,;,kg,,1,,1500,5000.5|,kg,,2,,,400"
            var noted = odd
            noted.noteWorkSetTraits()
            pages.append(HistoryPage(page: 1, perPage: 3, total: 7, sessions: [odd, noted, pages[0].sessions.last!], unreadableFiles: []))
            pages.append(HistoryPage(page: 1, perPage: 25, total: 0, sessions: [], unreadableFiles: []))
            for page in pages {
                let bytes = DataShapes.historyCompactBytes(page)
                #expect(bytes == JSONWriter.compactBytes(DataShapes.history(page)), "\(String(decoding: bytes, as: UTF8.self))")
            }
            #expect(pages[0].sessions.count > 100)
        }
    }
}
