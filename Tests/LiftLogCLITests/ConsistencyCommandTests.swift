import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("stretch, meditate, stats and calendar")
struct ConsistencyCommandTests {
    /// Stretch sessions on 2024-12-30, 12-31, 2025-01-01 (a run of 3 over a month and year
    /// boundary); on 01-09, 01-10, 01-11 and 01-12 in each session's own offset (a run of 4
    /// that in UTC would be three sessions on 01-10); on 01-23 and 01-24 (today for the test
    /// clock). One meditation yesterday.
    private func store(_ root: String) -> String {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        let stretches = ["2024-12-30T07:00:00+01:00", "2024-12-31T07:00:00+01:00", "2025-01-01T07:00:00+01:00",
                         "2025-01-09T23:30:00-05:00", "2025-01-10T12:00:00Z", "2025-01-11T00:30:00+01:00", "2025-01-12T07:00:00+01:00",
                         "2025-01-23T07:00:00+01:00", "2025-01-24T06:00:00+01:00"]
        for at in stretches {
            #expect(run(["stretch", "--store", store, "--minutes", "15", "--at", at, "--regions", "hips"]).status == 0)
        }
        #expect(run(["meditate", "--store", store, "--minutes", "10.5", "--at", "2025-01-23T21:00:00+01:00", "--type", "breath"]).status == 0)
        return store
    }

    @Test("stretch and meditate write a completed session file with their details")
    func recording() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let outcome = run(["stretch", "--store", store, "--minutes", "20", "--regions", "hips, hamstrings", "--notes", "after run"])
            #expect(outcome.status == 0)
            #expect(outcome.output == "Recorded 20m of stretching on 2025-01-24 07:10 (00000000).\n")
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/2025/01/2025-01-24-0710-") })
            let file = try #require(readText(store + "/" + path))
            let json = try JSONParser.parse(Array(file.utf8))
            #expect(json["kind"] == "stretch")
            #expect(json["status"] == "completed")
            #expect(json["duration_seconds"] == 1200)
            #expect(json["regions"] == ["hips", "hamstrings"])
            #expect(json["notes"] == "after run")
            #expect(json["completed_at"] == "2025-01-24T07:30:00+01:00")
            let meditation = try #require(run(["meditate", "--store", store, "--minutes", "5", "--type", "body scan", "--json"]).json?["data"])
            #expect(meditation["kind"] == "meditation")
            #expect(meditation["meditation_type"] == "body scan")
            #expect(meditation["duration_seconds"] == 300)
        }
    }

    @Test("bad minutes, months and times are rejected and change nothing")
    func badInput() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let before = snapshot(store)
            let zero = run(["stretch", "--store", store, "--minutes", "0", "--json"])
            #expect(zero.status == 4)
            #expect(zero.errorCode == "VALIDATION_ERROR")
            #expect(zero.errorMessage == "Minutes must be more than 0 and at most 1440, got 0.")
            let missing = run(["meditate", "--store", store, "--json"])
            #expect(missing.status == 2)
            #expect(missing.errorCode == "USAGE_ERROR")
            #expect(missing.errorMessage == "Missing value for '--minutes <n>': say how long it lasted.")
            let future = run(["stretch", "--store", store, "--minutes", "10", "--at", "2025-02-01T07:00:00+01:00", "--json"])
            #expect(future.status == 4)
            #expect(future.errorMessage == "Start time 2025-02-01 07:00 is in the future.")
            let month = run(["calendar", "2025-13", "--store", store, "--json"])
            #expect(month.status == 4)
            #expect(month.errorCode == "VALIDATION_ERROR")
            #expect(month.errorMessage == "There is no month 2025-13; months are 01 to 12.")
            let shape = run(["calendar", "January", "--store", store, "--json"])
            #expect(shape.status == 4)
            #expect(shape.errorMessage == "The month must look like 2025-01, got 'January'.")
            #expect(snapshot(store) == before)
        }
    }

    @Test("stats counts sessions, minutes and streaks by each session's own calendar day")
    func stats() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let data = try #require(run(["stats", "--store", store, "--json"]).json?["data"])
            #expect(data["stretch"] == ["total_sessions": 9, "skipped_sessions": 0, "total_minutes": 135, "current_streak": 2, "longest_streak": 4])
            #expect(data["meditation"] == ["total_sessions": 1, "skipped_sessions": 0, "total_minutes": 11, "current_streak": 1, "longest_streak": 1]) // 10.5 minutes, to the nearest
            #expect(data["lifting"] == ["total_sessions": 0, "skipped_sessions": 0, "total_minutes": 0, "current_streak": 0, "longest_streak": 0])
            let text = run(["stats", "--store", store]).output
            #expect(text.contains("stretch     9         2h 15m  2 days          4 days"))
            #expect(!text.contains("lifting"))
            let empty = root + "/e"
            #expect(run(["init", empty]).status == 0)
            #expect(run(["stats", "--store", empty]).output == "No sessions yet.\n")
        }
    }

    @Test("a streak breaks on a missed day and is current only through yesterday")
    func streakEnds() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            for at in ["2025-01-20T07:00:00+01:00", "2025-01-21T07:00:00+01:00", "2025-01-22T07:00:00+01:00"] {
                #expect(run(["meditate", "--store", store, "--minutes", "5", "--at", at]).status == 0)
            }
            let data = try #require(run(["stats", "--store", store, "--json"]).json?["data"])
            // The last session was two days before today (2025-01-24): no current streak.
            #expect(data["meditation"]?["current_streak"] == 0)
            #expect(data["meditation"]?["longest_streak"] == 3)
        }
    }

    @Test("calendar marks each day's kinds in the session's own offset")
    func calendar() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let data = try #require(run(["calendar", "2025-01", "--store", store, "--json"]).json?["data"])
            #expect(data["year"] == 2025)
            #expect(data["month"] == 1)
            let days = try #require(data["days"]?.objectValue)
            #expect(days.keys.sorted() == ["2025-01-01", "2025-01-09", "2025-01-10", "2025-01-11", "2025-01-12", "2025-01-23", "2025-01-24"])
            #expect(days["2025-01-23"] == ["stretch", "meditation"])
            #expect(days["2025-01-09"] == ["stretch"])
            let december = try #require(run(["calendar", "2024-12", "--store", store, "--json"]).json?["data"]?["days"]?.objectValue)
            #expect(december.keys.sorted() == ["2024-12-30", "2024-12-31"])
            // Defaults to the clock's month.
            #expect(run(["calendar", "--store", store, "--json"]).json?["data"]?["month"] == 1)
            let text = run(["calendar", "2025-01", "--store", store]).output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(Array(text.prefix(4)) == [
                "January 2025",
                "Mo  Tu  We  Th  Fr  Sa  Su",
                "         1S  2   3   4   5",
                " 6   7   8   9S 10S 11S 12S",
            ])
            #expect(text.contains("20  21  22  23+ 24S 25  26"))
            #expect(text.last(where: { !$0.isEmpty })?.hasSuffix("7 days with a session") == true)
        }
    }
}
