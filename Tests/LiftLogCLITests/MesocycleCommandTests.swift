import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("meso: mesocycles, week numbers and progression")
struct MesocycleCommandTests {
    private func run(_ arguments: [String]) -> Outcome { LiftLogCLITests.run(arguments, uniqueIDs: true) }

    /// Plan "5x5", day A: Back Squat 5x5 (increment 2.5) and Bench Press 3x8-12 (increment 5).
    /// Before the mesocycle, on 2025-01-02: squat 100x5x5 and bench 135 lb x10 x3.
    /// The mesocycle runs 4 weeks from Monday 2025-01-06; the test clock's today
    /// (2025-01-24) is in week 3.
    private func store(_ root: String) -> String {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        for arguments in [
            ["plan", "create", "5x5", "--days", "A", "--activate"],
            ["plan", "add-exercise", "5x5", "A", "Back Squat", "5x5"],
            ["plan", "add-exercise", "5x5", "A", "Bench Press", "3x8-12"],
            ["exercise", "edit", "Back Squat", "--increment", "2.5"],
            ["start", "--at", "2025-01-02T07:00:00+01:00", "--plan-day", "A"],
            ["log", "Back Squat", "100x5x5"],
            ["log", "Bench Press", "135lbsx10x3"],
            ["finish"],
            ["meso", "create", "5x5", "--start", "2025-01-06", "--weeks", "4"],
            ["meso", "start"],
        ] {
            let outcome = run(arguments + ["--store", store])
            #expect(outcome.status == 0, "\(arguments): \(outcome.error)")
        }
        return store
    }

    private func week(_ store: String, at time: String, _ logs: [[String]]) throws -> JSONValue {
        let started = try #require(run(["start", "--plan-day", "A", "--at", time, "--store", store, "--json"]).json?["data"])
        for log in logs { #expect(run(["log", "--store", store] + log).status == 0) }
        #expect(run(["finish", "--store", store]).status == 0)
        return started
    }

    private func targets(_ session: JSONValue) -> [Double?] {
        (session["entries"]?.arrayValue ?? []).map { entry in
            if case .number(let number)? = entry["sets"]?.arrayValue?.first?["target_weight"] { return number.doubleValue }
            return nil
        }
    }

    @Test("targets rise by the increment after a week with every target rep hit and hold after a miss")
    func progression() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            // Week 1 aims for the last weights before the mesocycle: 100 kg, and 135 lb = 61.23 kg.
            let first = try week(store, at: "2025-01-06T07:00:00+01:00", [
                ["Back Squat", "100x5x5"],                          // every rep: hit
                ["Bench Press", "61.23x12", "61.23x12", "61.23x11"], // 11 of 12: missed
            ])
            #expect(first["week_number"] == 1)
            // Bench was last loaded in pounds: its target is in pounds (61.23 kg = 135 lb).
            #expect(targets(first) == [100, 135])
            #expect(first["entries"]?.arrayValue?[1]["sets"]?.arrayValue?[0]["target_reps"] == 12)
            // Week 2: squat 100 + 2.5; bench stays.
            let second = try week(store, at: "2025-01-13T07:00:00+01:00", [
                ["Back Squat", "102.5x5x4", "102.5x4"],             // last set short: missed
                ["Bench Press", "61.23x12x3"],                      // hit
            ])
            #expect(second["week_number"] == 2)
            let listed = try #require(run(["history", "--per-page", "3", "--store", store, "--json"]).json?["data"]?["sessions"]?.arrayValue)
            #expect(listed.map { $0["week_number"] } == [2, 1, .null])
            #expect(listed.map { $0["plan"] } == ["5x5", "5x5", "5x5"])
            #expect(targets(second) == [102.5, 135])
            // Week 3 (today): squat holds at 102.5; bench 61.23 + 5.
            let today = try #require(run(["today", "--store", store, "--json"]).json?["data"])
            #expect(today["week_number"] == 3)
            let exercises = try #require(today["exercises"]?.arrayValue)
            // 66.23 kg is 146.01 lb: to the increment's step, 145 lb.
            #expect(exercises.map { $0["target_weight"] } == [102.5, 145])
            #expect(exercises.map { $0["target_unit"] } == ["kg", "lbs"])
            #expect(exercises.map { $0["progressed"] } == [false, true])

            let report = try #require(run(["meso", "show", "--store", store, "--json"]).json?["data"])
            #expect(report["current_week"] == 3)
            #expect(report["status"] == "active")
            #expect(report["end_date"] == "2025-02-02")
            #expect(report["weeks"]?.arrayValue?.map { $0["sessions"] } == [1, 1, 0, 0])
            let squat = try #require(report["exercises"]?.arrayValue?[0]["weeks"]?.arrayValue)
            #expect(squat.map { $0["target_weight"] } == [100, 102.5, 102.5, 102.5])
            #expect(squat.map { $0["performed_weight"] } == [100, 102.5, .null, .null])
            #expect(squat.map { $0["hit"] } == [true, false, .null, .null])
            let bench = try #require(report["exercises"]?.arrayValue?[1]["weeks"]?.arrayValue)
            // In the unit the bench is loaded in, as `today` says it: 135 lb, not 61.23 kg.
            #expect(report["exercises"]?.arrayValue?[1]["unit"] == "lbs")
            #expect(bench.map { $0["target_weight"] } == [135, 135, 145, 145])
            #expect(bench.map { $0["hit"] } == [false, true, .null, .null])

            let text = run(["meso", "show", "--store", store]).output
            #expect(text.hasPrefix("5x5 mesocycle: 2025-01-06 to 2025-02-02, 4 weeks, active, week 3\n"))
            #expect(text.contains("Bench Press 3x8-12 (lbs)\n1     2025-01-06  1         100 +           135 x\n"), "\(text)")
            #expect(text.contains("\n3 <   2025-01-20  0         102.5           145\n"), "\(text)")
            #expect(run(["today", "--store", store]).output.contains("Bench Press  3x8-12  145 lbs (+)"))
            let started = run(["start", "--plan-day", "a", "--store", store]).output
            #expect(started.hasPrefix("Started A of 5x5, week 3 ("))
            // Beside each planned set, the same set of the last session (week 2's).
            #expect(started.contains("\n   1  planned: 5 reps @ 102.5 kg  last 102.5 kg × 5\n"), "\(started)")
            #expect(started.contains("\n   5  planned: 5 reps @ 102.5 kg  last 102.5 kg × 4\n"), "\(started)")
        }
    }

    @Test("sessions during the active mesocycle record their week; after it ends they do not")
    func weekNumbers() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let free = try #require(run(["start", "--at", "2025-01-21T18:00:00+01:00", "--store", store, "--json"]).json?["data"])
            #expect(free["week_number"] == 3)
            #expect(run(["discard", "--yes", "--store", store]).status == 0)
            let completed = run(["meso", "complete", "--store", store])
            #expect(completed.output == "Completed the mesocycle of 5x5 (2025-01-06, 4 weeks).\n")
            let after = try #require(run(["start", "--store", store, "--json"]).json?["data"])
            #expect(after["week_number"] == nil)
            let plan = try JSONParser.parse(Array(try #require(readText(store + "/plans/5x5.json")).utf8))
            #expect(plan["mesocycles"]?.arrayValue?.map { $0["status"] } == ["completed"])
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("bad mesocycle input is refused with its code and message and changes nothing")
    func badInput() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            #expect(run(["plan", "create", "Other", "--days", "B", "--store", store]).status == 0)
            #expect(run(["plan", "create", "Empty", "--store", store]).status == 0)
            #expect(run(["plan", "add-exercise", "Other", "B", "Deadlift", "1x5", "--store", store]).status == 0)
            #expect(run(["meso", "create", "Other", "--start", "2025-02-03", "--weeks", "6", "--store", store]).status == 0)
            let before = snapshot(store)
            expectRefused([
                Refusal(["meso", "create", "5x5", "--weeks", "0"], 4, "VALIDATION_ERROR", "A mesocycle lasts 1–52 weeks, got 0."),
                Refusal(["meso", "create", "5x5", "--weeks", "53"], 4, "VALIDATION_ERROR", "A mesocycle lasts 1–52 weeks, got 53."),
                Refusal(["meso", "create", "5x5", "--weeks", "4", "--start", "2025-13-01"], 4, "VALIDATION_ERROR", "--start must be a date like 2025-01-24, got '2025-13-01'."),
                Refusal(["meso", "create", "5x6", "--weeks", "4"], 3, "NOT_FOUND", "No plan named '5x6'. Did you mean '5x5'?"),
                Refusal(["meso", "create", "Empty", "--weeks", "4"], 4, "VALIDATION_ERROR", "Plan 'Empty' has no planned exercises yet. Add some with 'liftlog plan add-exercise \"Empty\" DAY EXERCISE 3x8-12'."),
                Refusal(["meso", "create", "Other", "--weeks", "4"], 5, "CONFLICT", "Plan 'Other' already has a mesocycle waiting to start (2025-02-03, 6 weeks). Start it with 'liftlog meso start' or cancel it with 'liftlog meso cancel \"Other\"'."),
                Refusal(["meso", "start", "Other"], 5, "CONFLICT", "A mesocycle is already active ('5x5' from 2025-01-06, 4 weeks). Complete it with 'liftlog meso complete' or cancel it with 'liftlog meso cancel' first."),
                Refusal(["meso", "start", "Empty"], 5, "CONFLICT", "A mesocycle is already active ('5x5' from 2025-01-06, 4 weeks). Complete it with 'liftlog meso complete' or cancel it with 'liftlog meso cancel' first."),
                Refusal(["plan", "rm", "5x5"], 5, "CONFLICT", "Plan '5x5' has an active mesocycle (started 2025-01-06). Complete it with 'liftlog meso complete' or cancel it with 'liftlog meso cancel' first."),
                Refusal(["meso", "show", "Empty"], 3, "NOT_FOUND", "Plan 'Empty' has no mesocycle. Create one with 'liftlog meso create \"Empty\" --start DATE --weeks N'."),
            ], store: store, uniqueIDs: true)
            #expect(snapshot(store) == before)

            // Once the first is cancelled, the other starts and its plan becomes the active one.
            #expect(run(["meso", "cancel", "--store", store]).status == 0)
            let none = run(["meso", "complete", "--store", store, "--json"])
            #expect(none.errorCode == "NOT_FOUND")
            #expect(none.errorMessage == "No mesocycle is active. Start one with 'liftlog meso start'.")
            #expect(run(["meso", "start", "--store", store]).status == 0)
            let plans = try #require(run(["plan", "list", "--store", store, "--json"]).json?["data"]?["plans"]?.arrayValue)
            #expect(plans.map { $0["name"] } == ["5x5", "Empty", "Other"])
            #expect(plans.map { $0["is_active"] } == [false, false, true])
            #expect(plans[0]["mesocycles"]?.arrayValue?.map { $0["status"] } == ["cancelled"])
            let nothing = run(["meso", "start", "--store", store, "--json"])
            #expect(nothing.errorCode == "CONFLICT")
            let settled = snapshot(store)
            expectRefused([
                Refusal(["meso", "cancel", "5x5"], 3, "NOT_FOUND", "Plan '5x5' has no active or pending mesocycle."),
                Refusal(["meso", "cancel", "6x6"], 3, "NOT_FOUND", "No plan named '6x6'. Did you mean '5x5'?"),
            ], store: store, uniqueIDs: true)
            #expect(snapshot(store) == settled)
        }
    }

    @Test("with no mesocycle at all, show says how to create one")
    func noMesocycle() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let outcome = run(["meso", "show", "--store", store, "--json"])
            #expect(outcome.status == 3)
            #expect(outcome.errorMessage == "No mesocycle yet. Create one with 'liftlog meso create PLAN --start DATE --weeks N'.")
        }
    }

    @Test("check points at each of two active plans, two active mesocycles and two days of one name made by hand")
    func checkActive() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            #expect(run(["plan", "create", "Other", "--days", "B", "--store", store]).status == 0)
            #expect(run(["plan", "add-exercise", "Other", "B", "Deadlift", "1x5", "--store", store]).status == 0)
            #expect(run(["meso", "create", "Other", "--start", "2025-02-03", "--weeks", "6", "--store", store]).status == 0)
            let path = store + "/plans/other.json"
            let text = try #require(readText(path))
            writeText(text.replacingOccurrences(of: "\"status\": \"pending\"", with: "\"status\": \"active\"")
                              .replacingOccurrences(of: "\"is_active\": false", with: "\"is_active\": true"), to: path)
            #expect(run(["plan", "add-day", "Other", "C", "--store", store]).status == 0)
            let withDays = try #require(readText(path))
            writeText(withDays.replacingOccurrences(of: "\"name\": \"C\"", with: "\"name\": \"b\""), to: path)
            let outcome = run(["check", "--store", store, "--json"])
            #expect(outcome.status == 7)
            let problems = try #require(outcome.json?["data"]?["problems"]?.arrayValue)
            let found = problems.map { "\($0["path"]!.stringValue!):\($0["code"]!.stringValue!): \($0["message"]!.stringValue!)" }
            #expect(found.contains("plans/other.json:CONFLICT: mesocycles[0].status: 2 mesocycles are active (5x5 from 2025-01-06, Other from 2025-02-03)"))
            #expect(found.contains("plans/5x5.json:CONFLICT: mesocycles[0].status: 2 mesocycles are active (5x5 from 2025-01-06, Other from 2025-02-03)"))
            #expect(found.contains("plans/other.json:CONFLICT: is_active: 2 plans are active (5x5, Other)"))
            #expect(found.contains("plans/other.json:CONFLICT: days[1].name: the plan already has a day named \"B\" (days[0])"))
            #expect(problems.allSatisfy { if case .number(let line)? = $0["line"] { return line.doubleValue > 1 } else { return false } })
        }
    }
}
