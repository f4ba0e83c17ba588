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

    @Test("a session's answer is the session with its derived members, each added member replacing its own, unknown keys kept")
    func sessionCompactBytes() throws {
        try withTemporaryDirectory { root throws in
            copyTree(repository + "/SampleData/store", to: root + "/store")
            let store = try Store.open(at: root + "/store")
            var sessions = try store.history(HistoryQuery(page: 1, perPage: 500)).sessions.map { try store.session(idPrefix: $0.id.rawValue) }
            #expect(sessions.count > 100)
            // Every optional field present, text that needs escaping, a superset, sets with and
            // without IDs (`e1s2`), every kind of set; an active one (no duration: `null`); one
            // of a kind without entries; one with keys this version does not know (the tree's way).
            let start = try #require(Timestamp("2025-03-01T07:30:00.250-05:00"))
            let sets = [WorkoutSet(setNumber: 1, setType: .warmup, weight: 60, unit: .kg, reps: 5, rpe: 6.5, rir: 4, restSeconds: 90,
                                   targetReps: 5, targetWeight: 60.25, completedAt: start.adding(seconds: 60), notes: "easy \"up\"\n\t é ✓ \u{1}", id: "a1b2c3d4"),
                        WorkoutSet(setNumber: 2, reps: 12, bodyweight: true, status: .skipped),
                        WorkoutSet(setNumber: 3, distanceMeters: 400.5, durationSeconds: 95, status: .pending)]
            var full = Session(id: Session.ID(rawValue: "0f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f")!, status: .completed, startedAt: start,
                               completedAt: start.adding(seconds: 4000), plan: "Plan \"5/3/1\"", planDay: "Day\t1", weekNumber: 2, sessionRPE: 8,
                               painTags: ["knee", "left \"wrist\""], notes: "Ünïcödé ✓\n\\", source: "strong",
                               entries: [Session.Entry(exerciseID: Exercise.ID(rawValue: "e1d75f0b-39ac-5515-8787-775481db6aab"), exerciseName: "Back Squat",
                                                       order: 1, notes: "belt", superset: "A", method: .restPause, sets: sets),
                                         Session.Entry(exerciseID: nil, exerciseName: "Made \"Up\"", order: 2, superset: "A", sets: Array(sets.reversed()))],
                               durationSeconds: 3999, regions: ["hips"])
            full.sourceDigest = "abc123"
            var active = full
            active.status = .active
            active.completedAt = nil
            active.durationSeconds = nil
            let stretch = Session(id: Session.ID(rawValue: "1f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f")!, kind: .stretch, status: .completed, startedAt: start,
                                  completedAt: start.adding(seconds: 600), durationSeconds: 600, regions: ["hips", "back"])
            var unknown = full
            unknown.unknownFields = ["x_app": .object(["b": .number(JSONNumber(2)), "a": .null])]
            unknown.entries[1].sets[0].unknownFields = ["zz": .string("kept")]
            for session in [full, active, stretch, unknown] { sessions.append(StoredSession(session: session, path: session.relativePath)) }
            let added: [JSONObject] = [[:], ["logged_sets": .array([.number(JSONNumber(2))]), "logged_set_ids": .array([.string("x.e1s2")])],
                                       ["duration_seconds": .number(JSONNumber(7)), "aaa": .bool(true), "zzz": .array([])],
                                       // Members the session writes through `key` and `member`, replaced.
                                       ["entries": .array([.string("replaced")]), "id": .string("x")]]
            for stored in sessions {
                for members in added {
                    guard case .object(var tree) = try DataShapes.session(stored, store: store) else {
                        Issue.record("not an object")
                        return
                    }
                    for member in members { tree[member.key] = member.value }
                    // As text: a difference shows where it is.
                    let text = String(decoding: try DataShapes.sessionCompactBytes(stored, store: store, adding: members), as: UTF8.self)
                    #expect(text == String(decoding: JSONWriter.compactBytes(.object(tree)), as: UTF8.self))
                }
            }
            let written = String(decoding: try DataShapes.sessionCompactBytes(sessions[sessions.count - 1], store: store), as: UTF8.self)
            #expect(written.contains("\"x_app\":{\"a\":null,\"b\":2}") && written.contains("\"zz\":\"kept\""))
            let activeBytes = String(decoding: try DataShapes.sessionCompactBytes(sessions[sessions.count - 3], store: store), as: UTF8.self)
            #expect(activeBytes.contains("\"duration_seconds\":null,\"entries\":[{") && activeBytes.contains("\"set_id\":\"0f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f.e1s2\""))
        }
    }
}
