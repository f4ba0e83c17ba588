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
}
