import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// Numbers that are right: records, estimates, averages and targets.
@Suite("Numbers")
struct NumbersTests {
    private func session(_ store: String, _ day: String, _ logs: [[String]]) {
        #expect(run(["start", "--store", store, "--at", "2025-01-\(day)T06:00:00+01:00"], uniqueIDs: true).status == 0)
        for log in logs { #expect(run(["log"] + log + ["--store", store, "--create"], uniqueIDs: true).status == 0) }
        #expect(run(["finish", "--store", store, "--at", "2025-01-\(day)T07:00:00+01:00"]).status == 0)
    }

    @Test("a missed attempt (0 reps) is never a record; e1RM comes only from sets of 1 to 12 reps, and says so")
    func missedAndHighReps() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            session(store, "20", [["Deadlift", "200x1", "100x40", "220x0"]])
            let pr = try #require(run(["pr", "Deadlift", "--store", store, "--json"]).json?["data"])
            #expect(pr["personal_record"]?["weight"] == 200)
            #expect(pr["personal_record"]?["reps"] == 1)
            // Epley of 100 × 40 would be 233.33: not from a 40-rep set.
            #expect(pr["best_e1rm"]?["value"] == 200)
            let progress = try #require(run(["progress", "Deadlift", "--store", store, "--json"]).json?["data"]?["entries"]?.arrayValue?.first)
            #expect(progress["best_weight"] == 200)
            #expect(progress["e1rm"] == 200)
            #expect(run(["pr", "Deadlift", "--store", store]).output.contains("Estimated 1RM from sets of 1 to 12 reps only (the formulas do not hold beyond)."))
            #expect(E1RMFormula.epley.estimate(weight: 100, reps: 13) == nil)
            #expect(E1RMFormula.brzycki.estimate(weight: 25, reps: 12) == 36)
        }
    }

    @Test("bodyweight exercises keep a max-reps record")
    func bodyweightRecords() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            session(store, "20", [["Pull-up", "bwx8", "bwx6"]])
            session(store, "22", [["Pull-up", "bwx10", "bwx0"]])
            let pr = try #require(run(["pr", "Pull-up", "--store", store, "--json"]).json?["data"])
            #expect(pr["personal_record"] == .null)
            #expect(pr["max_reps"]?["reps"] == 10)
            #expect(pr["max_reps"]?["date"] == "2025-01-22")
            #expect(run(["pr", "Pull-up", "--store", store]).output == "Pull-up\nMost reps without added weight: 10 on 2025-01-22\n")
            #expect(run(["pr", "--store", store]).output.contains("Pull-up   10 reps  2025-01-22  –"))
        }
    }

    @Test("an old name finds the renamed exercise; a removed exercise keeps its records by name")
    func renamedAndRemoved() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            session(store, "20", [["Barbell Row", "80x8"], ["Dip", "bwx12"]])
            #expect(run(["exercise", "rename", "Barbell Row", "Pendlay Row", "--store", store]).status == 0)
            let history = run(["history", "--exercise", "Barbell Row", "--store", store, "--json"])
            #expect(history.status == 0, "\(history.output)")
            #expect(history.json?["data"]?["total"] == 1)
            #expect(run(["pr", "Barbell Row", "--store", store, "--json"]).json?["data"]?["exercise_name"] == "Pendlay Row")
            #expect(run(["exercise", "rm", "Dip", "--yes", "--store", store]).status == 0)
            let all = try #require(run(["pr", "--store", store, "--json"]).json?["data"]?["records"]?.arrayValue)
            #expect(all.map { $0["exercise_name"] } == ["Pendlay Row", "Dip"])
            #expect(run(["pr", "Dip", "--store", store, "--json"]).json?["data"]?["max_reps"]?["reps"] == 12)
        }
    }

    @Test("sessions per week count from the week of the first session ever")
    func sessionsPerWeek() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            // Week of 2025-01-13: 2 sessions; week of 2025-01-20: 3. Eight weeks asked for.
            for day in ["14", "16", "20", "21", "22"] { session(store, day, [["Deadlift", "100x5"]]) }
            let trends = try #require(run(["trends", "--weeks", "8", "--to", "2025-01-24", "--store", store, "--json"]).json?["data"])
            #expect(trends["sessions_per_week"] == 2.5)
        }
    }
}
