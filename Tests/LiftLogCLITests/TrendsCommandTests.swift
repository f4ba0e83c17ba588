import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("trends")
struct TrendsCommandTests {
    private func run(_ arguments: [String]) -> Outcome { LiftLogCLITests.run(arguments, uniqueIDs: true) }

    /// The test clock's today is Friday 2025-01-24; its week runs from Monday 2025-01-20.
    /// - 01-06: Back Squat 100x5x3 (volume 1,500; e1RM 100 × (1 + 5/30) = 116.67)
    /// - 01-13: nothing
    /// - 01-20: Back Squat 110x5 (e1RM 128.33) and Bench Press 135 lb x 10 (61.23 kg: volume
    ///   612.35, e1RM 61.235 × (1 + 10/30) = 81.65)
    /// - 01-21: stretch 15 min; 01-22: Back Squat 120x1 (e1RM 120); 01-23: meditation 10 min
    /// Each lifting session lasts an hour.
    private func store(_ root: String) -> String {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        func lift(_ day: String, _ logs: [[String]]) {
            #expect(run(["start", "--at", "2025-01-\(day)T07:00:00+01:00", "--store", store]).status == 0)
            for log in logs { #expect(run(["log", "--store", store] + log).status == 0) }
            #expect(run(["finish", "--at", "2025-01-\(day)T08:00:00+01:00", "--store", store]).status == 0)
        }
        lift("06", [["Back Squat", "100x5x3"]])
        lift("20", [["Back Squat", "110x5"], ["Bench Press", "135lbsx10"]])
        lift("22", [["Back Squat", "120x1"]])
        #expect(run(["stretch", "--minutes", "15", "--at", "2025-01-21T19:00:00+01:00", "--store", store]).status == 0)
        #expect(run(["meditate", "--minutes", "10", "--at", "2025-01-23T21:00:00+01:00", "--store", store]).status == 0)
        return store
    }

    @Test("weekly sessions, volume, minutes, streaks and the main lifts' e1RM match hand-computed values")
    func numbers() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let data = try #require(run(["trends", "--weeks", "3", "--store", store, "--json"]).json?["data"])
            let weeks = try #require(data["weeks"]?.arrayValue)
            #expect(weeks.map { $0["start_date"] } == ["2025-01-06", "2025-01-13", "2025-01-20"])
            #expect(weeks.map { $0["sessions"] } == [1, 0, 4])
            #expect(weeks.map { $0["volume"] } == [1500, 0, 1282.35])
            #expect(weeks.map { $0["minutes"] } == [60, 0, 145])
            #expect(data["sessions_per_week"] == 1.67)
            #expect(data["current_streak"] == 4)
            #expect(data["longest_streak"] == 4)
            let days = try #require(data["this_week"]?.arrayValue)
            #expect(days.map { $0["date"] } == ["2025-01-20", "2025-01-21", "2025-01-22", "2025-01-23", "2025-01-24", "2025-01-25", "2025-01-26"])
            #expect(days.map { $0["kinds"] } == [["lifting"], ["stretch"], ["lifting"], ["meditation"], [], [], []])
            let lifts = try #require(data["main_lifts"]?.arrayValue)
            #expect(lifts.map { $0["exercise_name"] } == ["Back Squat", "Bench Press"])
            #expect(lifts.map { $0["sessions"] } == [3, 1])
            #expect(lifts[0]["e1rm"] == [116.67, .null, 128.33])
            #expect(lifts[1]["e1rm"] == [.null, .null, 81.65])

            let text = run(["trends", "--weeks", "3", "--store", store]).output
            #expect(text.hasPrefix("""
                This week (2025-01-20 to 2025-01-26): 4 sessions
                  Mon  Tue  Wed  Thu  Fri  Sat  Sun
                   L    S    L    M    .

                Weekly volume (kg), last 3 weeks
                """))
            #expect(text.contains("Sessions per week: 1.67 · current streak 4 days · longest 4 days"))
            // ASCII levels . : - = + * # @, lowest to highest; a lone value sits in the middle.
            #expect(text.hasSuffix("""
                  Back Squat   . @  116.67 -> 128.33 (+10%)
                  Bench Press    +  81.65

                Hard sets per muscle this week: quadriceps 2, chest 1, glutes 1, hamstrings 1, shoulders 0.5, triceps 0.5

                """))
            // The bars are in proportion: the biggest week fills the bar, the empty one has none.
            let bars = text.split(separator: "\n").filter { $0.hasPrefix("  2025-01-") }.map { $0.filter { $0 == "#" }.count }
            #expect(bars.count == 3)
            #expect(bars[1] == 0)
            #expect(bars[0] > bars[2])

            // Looking back from another day.
            let earlier = try #require(run(["trends", "--weeks", "1", "--to", "2025-01-08", "--store", store, "--json"]).json?["data"])
            #expect(earlier["weeks"]?.arrayValue?.map { $0["sessions"] } == [1])
            #expect(earlier["current_streak"] == 0)
        }
    }

    @Test("bad input: weeks out of range and a wrong date")
    func badInput() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            for (arguments, message) in [
                (["--weeks", "0"], "Weeks must be 1–104, got 0."),
                (["--weeks", "105"], "Weeks must be 1–104, got 105."),
                (["--weeks", "two"], "--weeks must be a whole number, got 'two'."),
                (["--to", "2025-13-01"], "--to must be a date like 2025-01-24, got '2025-13-01'."),
            ] {
                let outcome = run(["trends", "--store", store, "--json"] + arguments)
                #expect(outcome.status == 4)
                #expect(outcome.errorCode == "VALIDATION_ERROR")
                #expect(outcome.errorMessage == message)
            }
        }
    }

    @Test("an empty store has empty weeks and no main lifts")
    func empty() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let data = try #require(run(["trends", "--store", store, "--json"]).json?["data"])
            #expect(data["weeks"]?.arrayValue?.count == 8)
            #expect(data["main_lifts"] == [])
            #expect(run(["trends", "--store", store]).output.contains("This week (2025-01-20 to 2025-01-26): 0 sessions"))
        }
    }
}
