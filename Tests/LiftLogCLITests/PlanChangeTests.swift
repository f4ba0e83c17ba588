import Testing
@testable import LiftLogKit
import LiftLogTestSupport

/// Plans renamed and changed from the CLI (`plan rename`, `plan edit`, `plan rename-day`), a
/// mesocycle's weeks from its plan, sessions that carry their mesocycle, and a planned day
/// skipped (`skip`): shown as skipped and never counted as training.
@Suite("plans renamed and changed; mesocycle weeks from the plan; a day skipped")
struct PlanChangeTests {
    private func run(_ arguments: [String], at time: String = "2025-01-24T07:30:00+01:00") -> Outcome {
        LiftLogCLITests.run(arguments, now: Timestamp(time)!, uniqueIDs: true)
    }

    /// A store with plan "Upper Lower" (days Upper, Lower, each with one exercise), active.
    private func store(_ root: String) -> String {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        #expect(run(["plan", "create", "Upper Lower", "--days", "Upper,Lower", "--activate", "--store", store]).status == 0)
        #expect(run(["plan", "add-exercise", "Upper Lower", "Upper", "Bench Press", "3x8", "--store", store]).status == 0)
        #expect(run(["plan", "add-exercise", "Upper Lower", "Lower", "Back Squat", "3x5", "--store", store]).status == 0)
        return store
    }

    @Test("a renamed plan and day move their file, keep their former names, and the rotation goes on")
    func rename() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            // Upper trained under the old names.
            #expect(run(["start", "--plan-day", "next", "--store", store], at: "2025-01-20T07:00:00+01:00").status == 0)
            #expect(run(["log", "Bench Press", "80x8", "80x8", "80x8", "--store", store], at: "2025-01-20T07:20:00+01:00").status == 0)
            #expect(run(["finish", "--store", store], at: "2025-01-20T08:00:00+01:00").status == 0)

            let renamed = run(["plan", "rename", "upper lower", "Torso Legs", "--store", store, "--json"])
            #expect(renamed.status == 0 && renamed.json?["data"]?["path"] == "plans/torso-legs.json", "\(renamed.output)\(renamed.error)")
            #expect(readText(store + "/plans/upper-lower.json") == nil)
            let plan = try JSONParser.parse(Array(try #require(readText(store + "/plans/torso-legs.json")).utf8))
            #expect(plan["name"] == "Torso Legs" && plan["former_names"] == ["Upper Lower"] && plan["is_active"] == true)
            let day = run(["plan", "rename-day", "Torso Legs", "upper", "Push", "--store", store, "--json"])
            #expect(day.status == 0 && day.json?["data"]?["days"]?.arrayValue?.map { $0["name"] } == ["Push", "Lower"], "\(day.output)")
            // The session logged as "Upper" of "Upper Lower" still counts: Lower is next.
            #expect(run(["today", "--store", store, "--json"]).json?["data"]?["day"] == "Lower")
            #expect(run(["check", "--store", store]).status == 0)

            let before = snapshot(store)
            #expect(run(["plan", "create", "Other", "--store", store]).status == 0)
            let clash = snapshot(store)
            expectRefused([
                Refusal(["plan", "rename", "Torso Legs", "other"], 5, "CONFLICT", "A plan named 'Other' already exists."),
                Refusal(["plan", "rename", "Torso Legs", " "], 4, "VALIDATION_ERROR", "Plan name cannot be empty."),
                Refusal(["plan", "rename", "Nope", "New"], 3, "NOT_FOUND", "No plan named 'Nope'."),
                Refusal(["plan", "rename-day", "Torso Legs", "Push", "lower"], 5, "CONFLICT", "Plan 'Torso Legs' already has a day named 'Lower'."),
                Refusal(["plan", "rename-day", "Torso Legs", "Pull", "Back"], 3, "NOT_FOUND", "Plan 'Torso Legs' has no day named 'Pull' (days: Push, Lower). Did you mean 'Push'?"),
            ], store: store, uniqueIDs: true)
            #expect(snapshot(store) == clash && before != clash)
        }
    }

    @Test("plan edit changes notes, days per week and weeks; a mesocycle lasts the plan's weeks unless told; its sessions carry it")
    func editAndMesocycle() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let before = snapshot(store)
            expectRefused([
                Refusal(["plan", "edit", "Upper Lower"], 2, "USAGE_ERROR", "Say what changes: --notes, --days-per-week or --duration-weeks."),
                Refusal(["plan", "edit", "Upper Lower", "--duration-weeks", "53"], 4, "VALIDATION_ERROR", "Duration must be 1–52 weeks, got 53."),
                Refusal(["plan", "edit", "Upper Lower", "--days-per-week", "8"], 4, "VALIDATION_ERROR", "Days per week must be 1–7, got 8."),
                Refusal(["plan", "create", "Long", "--duration-weeks", "0"], 4, "VALIDATION_ERROR", "Duration must be 1–52 weeks, got 0."),
            ], store: store, uniqueIDs: true)
            #expect(snapshot(store) == before)
            // Without weeks of its own a plan's mesocycle lasts 6.
            #expect(run(["plan", "show", "Upper Lower", "--store", store, "--json"]).json?["data"]?["duration_weeks"] == 6)
            let edited = run(["plan", "edit", "Upper Lower", "--duration-weeks", "8", "--days-per-week", "4", "--notes", "deload week 8", "--store", store, "--json"])
            #expect(edited.status == 0 && edited.json?["data"]?["duration_weeks"] == 8 && edited.json?["data"]?["notes"] == "deload week 8", "\(edited.output)")
            #expect(readText(store + "/plans/upper-lower.json")?.contains("\"duration_weeks\": 8") == true)
            let meso = run(["meso", "create", "Upper Lower", "--start", "2025-01-20", "--store", store, "--json"])
            #expect(meso.status == 0 && meso.json?["data"]?["duration_weeks"] == 8 && meso.json?["data"]?["end_date"] == "2025-03-16", "\(meso.output)")
            let mesoID = try #require(meso.json?["data"]?["id"]?.stringValue)
            #expect(run(["meso", "start", "--store", store]).status == 0)
            let started = run(["start", "--plan-day", "next", "--store", store, "--json"])
            #expect(started.json?["data"]?["mesocycle_id"] == .string(mesoID) && started.json?["data"]?["week_number"] == 1, "\(started.output)")
            #expect(run(["check", "--store", store]).status == 0)
            // 0 removes a number; an empty --notes removes the notes.
            let cleared = run(["plan", "edit", "Upper Lower", "--duration-weeks", "0", "--notes", "", "--store", store, "--json"])
            #expect(cleared.json?["data"]?["duration_weeks"] == 6 && cleared.json?["data"]?["notes"] == nil, "\(cleared.output)")
        }
    }

    @Test("skip ends a planned day as skipped: history and show say so, stats, streaks and the calendar do not count it, the rotation moves on")
    func skippedDay() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            #expect(run(["start", "--plan-day", "next", "--store", store], at: "2025-01-20T07:00:00+01:00").status == 0)
            #expect(run(["log", "Bench Press", "80x8", "--store", store], at: "2025-01-20T07:10:00+01:00").status == 0)
            let busy = run(["skip", "--store", store, "--json"], at: "2025-01-20T07:20:00+01:00")
            #expect(busy.status == 5 && busy.errorCode == "CONFLICT" && busy.errorMessage?.hasSuffix("has 1 logged set; complete it instead of skipping it.") == true, "\(busy.output)")
            #expect(run(["finish", "--store", store], at: "2025-01-20T08:00:00+01:00").status == 0)
            #expect(run(["start", "--plan-day", "next", "--store", store], at: "2025-01-22T07:00:00+01:00").status == 0)
            let skipped = run(["skip", "--notes", "sick", "--store", store, "--json"], at: "2025-01-22T07:05:00+01:00")
            #expect(skipped.status == 0 && skipped.json?["data"]?["status"] == "skipped" && skipped.json?["data"]?["plan_day"] == "Lower", "\(skipped.output)")
            let none = run(["skip", "--store", store, "--json"])
            #expect(none.status == 3 && none.errorMessage == "No active session to skip.")

            let history = run(["history", "--store", store])
            #expect(history.output.contains("lifting (skipped)") && history.output.contains("2 sessions"), "\(history.output)")
            let id = try #require(skipped.json?["data"]?["id"]?.stringValue)
            let shown = run(["show", id, "--store", store])
            #expect(shown.output.contains("Skipped lifting session"), "\(shown.output)\(shown.error)")
            let stats = run(["stats", "--store", store, "--json"]).json?["data"]?["lifting"]
            #expect(stats?["total_sessions"] == 1 && stats?["skipped_sessions"] == 1 && stats?["longest_streak"] == 1, "\(String(describing: stats))")
            #expect(run(["stats", "--store", store]).output.contains("SKIPPED"))
            let calendar = try #require(run(["calendar", "2025-01", "--store", store, "--json"]).json?["data"])
            #expect(calendar["days"] == ["2025-01-20": ["lifting"]] && calendar["skipped"] == ["2025-01-22"] && calendar["start_date"] == "2025-01-01" && calendar["end_date"] == "2025-01-31")
            #expect(run(["calendar", "2025-01", "--store", store]).output.contains("22-"))
            // The rotation moved on past the skipped Lower: Upper is next.
            #expect(run(["today", "--store", store, "--json"]).json?["data"]?["day"] == "Upper")
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("seeded exercises get the time they were seeded, once: seeding again rewrites nothing")
    func seededCreatedAt() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store], at: "2025-01-02T09:00:00+01:00").status == 0)
            let squat = try JSONParser.parse(Array(try #require(readText(store + "/exercises/back-squat.json")).utf8))
            #expect(squat["created_at"] == "2025-01-02T09:00:00+01:00" && squat["is_custom"] == false)
            let before = snapshot(store)
            #expect(run(["seed", "--store", store], at: "2025-02-02T09:00:00+01:00").status == 0)
            #expect(snapshot(store) == before)
        }
    }
}
