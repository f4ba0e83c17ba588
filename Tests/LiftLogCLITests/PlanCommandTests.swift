import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("plan, today and start --plan-day")
struct PlanCommandTests {
    /// In-process, with IDs unique across runs (plans and sessions of one store).
    private func run(_ arguments: [String]) -> Outcome { LiftLogCLITests.run(arguments, uniqueIDs: true) }

    /// A store with a three-day plan "PPL" (active) and a two-day "Other".
    private func store(_ root: String) -> String {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        #expect(run(["plan", "create", "PPL", "--store", store, "--days", "Push,Pull,Legs", "--days-per-week", "3", "--activate"]).status == 0)
        #expect(run(["plan", "add-exercise", "ppl", "push", "bench press", "3x8-12", "--store", store]).status == 0)
        #expect(run(["plan", "add-exercise", "PPL", "Push", "Overhead Press", "3x5", "--store", store]).status == 0)
        #expect(run(["plan", "add-exercise", "PPL", "Pull", "Deadlift", "1x5", "--store", store]).status == 0)
        #expect(run(["plan", "add-exercise", "PPL", "Legs", "Back Squat", "5x5", "--store", store]).status == 0)
        #expect(run(["plan", "create", "Other", "--store", store, "--days", "A,B"]).status == 0)
        return store
    }

    private func session(_ store: String, day: String, at time: String, _ logs: [[String]], plan: Bool = true) {
        #expect(run(["start", "--store", store, "--at", time] + (plan ? ["--plan-day", day] : [])).status == 0)
        for log in logs { #expect(run(["log", "--store", store] + log).status == 0) }
        #expect(run(["finish", "--store", store]).status == 0)
    }

    @Test("a plan is created, edited day by day and stored as sorted JSON")
    func editing() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            #expect(run(["plan", "add-day", "PPL", "Arms", "--position", "1", "--store", store]).status == 0)
            #expect(run(["plan", "move-day", "PPL", "arms", "4", "--store", store]).status == 0)
            #expect(run(["plan", "add-exercise", "PPL", "Arms", "Dumbbell Curl", "3xAMRAP", "--notes", "strict", "--store", store]).status == 0)
            let changed = run(["plan", "add-exercise", "PPL", "Push", "Bench Press", "5x5", "--store", store])
            #expect(changed.output.hasPrefix("Changed Bench Press from 3x8-12 to 5x5.\n"))
            #expect(run(["plan", "rm-exercise", "PPL", "Push", "overhead press", "--store", store]).status == 0)

            let text = try #require(readText(store + "/plans/ppl.json"))
            let plan = try JSONParser.parse(Array(text.utf8))
            #expect(plan["name"] == "PPL")
            #expect(plan["is_active"] == true)
            #expect(plan["days_per_week"] == 3)
            let days = try #require(plan["days"]?.arrayValue)
            #expect(days.map { $0["name"]?.stringValue } == ["Push", "Pull", "Legs", "Arms"])
            #expect(days[0]["exercises"] == [["exercise_id": .string(Exercise.ID.nameBased("exercise:bench press").rawValue), "exercise_name": "Bench Press", "reps": "5", "sets": 5]])
            #expect(days[3]["exercises"]?.arrayValue?[0]["reps"] == "AMRAP")
            #expect(days[3]["exercises"]?.arrayValue?[0]["notes"] == "strict")
            // Canonical form: what fmt would write.
            #expect(run(["fmt", "--check", "--store", store]).status == 0)
            #expect(run(["check", "--store", store]).status == 0)

            #expect(run(["plan", "rm-day", "PPL", "Arms", "--store", store]).status == 0)
            let shown = run(["plan", "show", "--store", store])
            #expect(shown.output == """
                PPL  (active · 3 days per week)

                1. Push
                   Bench Press  5x5

                2. Pull
                   Deadlift  1x5

                3. Legs
                   Back Squat  5x5

                """)
            let listed = run(["plan", "list", "--store", store, "--json"]).json?["data"]?["plans"]?.arrayValue
            #expect(listed?.map { $0["name"]?.stringValue } == ["Other", "PPL"])
            #expect(listed?.map { $0["path"]?.stringValue } == ["plans/other.json", "plans/ppl.json"])
        }
    }

    @Test("one plan is active at a time")
    func activation() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let outcome = run(["plan", "activate", "other", "--store", store])
            #expect(outcome.output == "Other is the active plan. See its next day with 'liftlog today'.\n")
            let plans = try #require(run(["plan", "list", "--store", store, "--json"]).json?["data"]?["plans"]?.arrayValue)
            #expect(plans.map { $0["is_active"] } == [true, false])
            #expect(run(["plan", "list", "--store", store]).output.contains("*  Other"))
            #expect(run(["plan", "rm", "Other", "--store", store]).status == 0)
            #expect(!(allFiles(in: store).contains("plans/other.json")))
            let none = run(["today", "--store", store, "--json"])
            #expect(none.status == 3)
            #expect(none.errorMessage == "No plan is active. Activate one with 'liftlog plan activate NAME' (plans: PPL).")
        }
    }

    @Test("bad plan input is refused with its code and message and changes nothing")
    func badInput() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            let before = snapshot(store)
            expectRefused([
                Refusal(["plan", "add-exercise", "PPL", "Push", "Dips", "3x"], 4, "VALIDATION_ERROR", "Invalid plan notation '3x': expected a number of sets, 'x' and reps. Write SETSxREPS, such as 5x5, 3x8-12, 3x5+ or 3xAMRAP."),
                Refusal(["plan", "add-exercise", "PPL", "Push", "Bench Press", "0x5"], 4, "VALIDATION_ERROR", "Invalid plan notation '0x5': sets must be 1–20. Write SETSxREPS, such as 5x5, 3x8-12, 3x5+ or 3xAMRAP."),
                Refusal(["plan", "add-exercise", "PPL", "Push", "Bench Press", "3x12-8"], 4, "VALIDATION_ERROR", "Invalid plan notation '3x12-8': reps '12-8' must be a number, a range such as 8-12, or AMRAP. Write SETSxREPS, such as 5x5, 3x8-12, 3x5+ or 3xAMRAP."),
                Refusal(["plan", "add-exercise", "PPL", "Push", "Bench Press", "3x0"], 4, "VALIDATION_ERROR", "Invalid plan notation '3x0': reps must be 1–100. Write SETSxREPS, such as 5x5, 3x8-12, 3x5+ or 3xAMRAP."),
                Refusal(["plan", "add-exercise", "PPL", "Push", "Bench Press", "threex5"], 4, "VALIDATION_ERROR", "Invalid plan notation 'threex5': 'three' is not a number of sets. Write SETSxREPS, such as 5x5, 3x8-12, 3x5+ or 3xAMRAP."),
                Refusal(["plan", "add-exercise", "PPL", "Push", "Bench Pres", "3x5"], 3, "NOT_FOUND", "No exercise named 'Bench Pres'. Did you mean 'Bench Press'?"),
                Refusal(["plan", "add-exercise", "PPL", "Pushh", "Bench Press", "3x5"], 3, "NOT_FOUND", "Plan 'PPL' has no day named 'Pushh' (days: Push, Pull, Legs). Did you mean 'Push'?"),
                Refusal(["plan", "show", "PLL"], 3, "NOT_FOUND", "No plan named 'PLL'. Did you mean 'PPL'?"),
                Refusal(["plan", "create", "ppl"], 5, "CONFLICT", "A plan named 'PPL' already exists."),
                Refusal(["plan", "create", "  "], 4, "VALIDATION_ERROR", "Plan name cannot be empty."),
                Refusal(["plan", "create", "X", "--days-per-week", "8"], 4, "VALIDATION_ERROR", "Days per week must be 1–7, got 8."),
                Refusal(["plan", "add-day", "PPL", "legs"], 5, "CONFLICT", "Plan 'PPL' already has a day named 'Legs'."),
                Refusal(["plan", "move-day", "PPL", "Legs", "0"], 4, "VALIDATION_ERROR", "Position must be 1–3, got 0."),
                Refusal(["plan", "rm-exercise", "PPL", "Legs", "Deadlift"], 3, "NOT_FOUND", "'Legs' of plan 'PPL' has no exercise named 'Deadlift'."),
                Refusal(["exercise", "rm", "Back Squat"], 5, "CONFLICT", "Cannot delete exercise that is used in a plan ('PPL')."),
                Refusal(["start", "--plan-day", "Chest"], 3, "NOT_FOUND", "Plan 'PPL' has no day named 'Chest' (days: Push, Pull, Legs)."),
            ], store: store, uniqueIDs: true)
            #expect(snapshot(store) == before)
        }
    }

    @Test("today follows the rotation after the last completed session of the plan and wraps around")
    func rotation() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            // No session yet: the first day.
            #expect(run(["today", "--store", store, "--json"]).json?["data"]?["day"] == "Push")
            session(store, day: "Pull", at: "2025-01-20T07:00:00+01:00", [["Deadlift", "140x5"]])
            var today = try #require(run(["today", "--store", store, "--json"]).json?["data"])
            #expect(today["day"] == "Legs")
            #expect(today["day_number"] == 3)
            #expect(today["last_plan_session"]?["plan_day"] == "Pull")
            session(store, day: "Legs", at: "2025-01-22T07:00:00+01:00", [["Back Squat", "100x5x5"]])
            // A session of another plan, and one without a plan, do not move the rotation.
            #expect(run(["plan", "activate", "Other", "--store", store]).status == 0)
            session(store, day: "A", at: "2025-01-23T07:00:00+01:00", [["Back Squat", "60x5"]])
            #expect(run(["plan", "activate", "PPL", "--store", store]).status == 0)
            session(store, day: "", at: "2025-01-23T18:00:00+01:00", [["Dumbbell Curl", "12x10"]], plan: false)
            today = try #require(run(["today", "--store", store, "--json"]).json?["data"])
            #expect(today["day"] == "Push", "wraps around from Legs to Push")
            #expect(today["last_plan_session"]?["plan_day"] == "Legs")
            #expect(today["last_session"]?["started_at"] == "2025-01-23T18:00:00+01:00")
            let text = run(["today", "--store", store]).output
            #expect(text.contains("PPL: Push  (day 1 of 3)"))
            #expect(text.contains("Start it with: liftlog start --plan-day Push"))
            #expect(text.contains("Last session: Legs on 2025-01-22 07:00 (2 days ago): 1 exercise, 5 sets, 2,500 kg"))
        }
    }

    @Test("a weekly schedule: today is the day of its weekday, or a rest day with the next; start follows it; simulate puts days on their weekdays")
    func weeklySchedule() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            func at(_ time: String, _ arguments: [String]) -> Outcome {
                LiftLogCLITests.run(arguments + ["--store", store], now: Timestamp(time + "+01:00")!, uniqueIDs: true)
            }
            // Push on Monday and Thursday, Pull on Tuesday and Friday, Legs on Saturday.
            #expect(at("2025-01-20T06:00:00", ["plan", "schedule", "PPL", "push", "mon,Thursday"]).output.hasPrefix("Push of PPL is on Monday and Thursday.\n"))
            #expect(at("2025-01-20T06:00:00", ["plan", "schedule", "PPL", "Pull", "tue fri"]).status == 0)
            #expect(at("2025-01-20T06:00:00", ["plan", "schedule", "PPL", "Legs", "sat"]).status == 0)
            let file = try #require(readText(store + "/plans/ppl.json"))
            #expect(file.contains("\"weekdays\": [\n        \"mon\",\n        \"thu\"\n      ]"), "\(file)")
            // Friday 2025-01-24: Pull.
            var today = try #require(at("2025-01-24T07:30:00", ["today", "--json"]).json?["data"])
            #expect(today["day"] == "Pull" && today["scheduled_on"] == "2025-01-24" && today["rest_day"] == false)
            // Wednesday: a rest day, and the next day is Thursday's Push.
            today = try #require(at("2025-01-22T07:30:00", ["today", "--json"]).json?["data"])
            #expect(today["day"] == "Push" && today["scheduled_on"] == "2025-01-23" && today["rest_day"] == true)
            #expect(at("2025-01-22T07:30:00", ["today"]).output.hasPrefix("Rest day today.\nPPL: Push  (day 1 of 3) on Thu 2025-01-23\n"))
            // Starting on Friday without a day starts Friday's; once it is done, Saturday's Legs is next.
            #expect(at("2025-01-24T07:30:00", ["start", "--plan-day", "next"]).status == 0)
            #expect(at("2025-01-24T07:35:00", ["status", "--json"]).json?["data"]?["plan_day"] == "Pull")
            #expect(at("2025-01-24T07:40:00", ["log", "Deadlift", "140x5"]).status == 0)
            #expect(at("2025-01-24T08:00:00", ["finish"]).status == 0)
            today = try #require(at("2025-01-24T18:00:00", ["today", "--json"]).json?["data"])
            #expect(today["day"] == "Legs" && today["scheduled_on"] == "2025-01-25" && today["rest_day"] == false)
            // On a rest day, start begins the next day of the schedule.
            #expect(at("2025-01-22T07:30:00", ["start", "--plan-day", "next"]).status == 0)
            #expect(at("2025-01-22T07:35:00", ["status", "--json"]).json?["data"]?["plan_day"] == "Push")
            #expect(at("2025-01-22T07:36:00", ["discard", "--yes"]).status == 0)
            // A weekday has one day of the plan; a word that is no weekday is refused; nothing changes.
            let before = readText(store + "/plans/ppl.json")
            let taken = at("2025-01-20T06:00:00", ["plan", "schedule", "PPL", "Legs", "sat,thu", "--json"])
            #expect(taken.status == 5 && taken.errorMessage == "Thursday is already the day of 'Push' in plan 'PPL': a weekday has one day of the plan.", "\(taken.errorMessage)")
            let bad = at("2025-01-20T06:00:00", ["plan", "schedule", "PPL", "Legs", "sat,frog", "--json"])
            #expect(bad.status == 4 && bad.errorMessage == "'frog' is not a day of the week: write mon, tue, wed, thu, fri, sat or sun.")
            #expect(readText(store + "/plans/ppl.json") == before)
            // The schedule is plan text: 'on:' under a day, exported and read back.
            let text = at("2025-01-20T06:00:00", ["plan", "export", "PPL"]).output
            #expect(text.contains("## Push\non: mon, thu\n") && text.contains("## Legs\non: sat\n"), "\(text)")
            // simulate puts each day on its weekdays: five sessions in the week from Monday 2025-01-27.
            let simulated = try #require(at("2025-01-24T18:00:00", ["plan", "simulate", "--weeks", "1", "--json"]).json?["data"]?["sessions"]?.arrayValue)
            #expect(simulated.map { $0["date"] } == ["2025-01-27", "2025-01-28", "2025-01-30", "2025-01-31", "2025-02-01"])
            #expect(simulated.map { $0["day"] } == ["Push", "Pull", "Push", "Pull", "Legs"])
            // Off the schedule again, the plan rotates.
            for day in ["Push", "Pull", "Legs"] { #expect(at("2025-01-20T06:00:00", ["plan", "schedule", "PPL", day, "none"]).status == 0) }
            today = try #require(at("2025-01-22T07:30:00", ["today", "--json"]).json?["data"])
            #expect(today["scheduled_on"] == .null && today["rest_day"] == false && today["day"] == "Legs")
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("plan text and plan files refuse a weekday with two days, at its line and column or its key")
    func scheduleMistakes() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            writeText("# Split\n## Upper\non: mon, thu\nBench Press / 3x5\n## Lower\non: tue, Thursday\nBack Squat / 3x5\n", to: root + "/split.txt")
            let double = run(["plan", "import", root + "/split.txt", "--store", store, "--json"])
            #expect(double.status == 4 && double.errorMessage == "\(root)/split.txt:6:10: Thursday is already the day of 'Upper' (line 2): a weekday has one day of the plan", "\(double.errorMessage)")
            writeText("# Split\n## Upper\non: mon, someday\n", to: root + "/split.txt")
            #expect(run(["plan", "import", root + "/split.txt", "--store", store, "--json"]).errorMessage
                == "\(root)/split.txt:3:10: 'someday' is not a day of the week: write 'on: mon, thu' with mon, tue, wed, thu, fri, sat or sun")
            // A plan file edited by hand: check points at the weekday.
            #expect(run(["plan", "schedule", "PPL", "Push", "mon", "--store", store]).status == 0)
            replaceText(store + "/plans/ppl.json") { $0.replacingOccurrences(of: "\"name\": \"Pull\"", with: "\"name\": \"Pull\",\n      \"weekdays\": [\"mon\"]") }
            let checked = run(["check", "--store", store])
            #expect(checked.status == 7)
            #expect(checked.output.contains("plans/ppl.json:34:19: CORRUPT_FILE: days[1].weekdays: Monday is already the day of 'Push': a weekday has one day of the plan"), "\(checked.output)")
        }
    }

    @Test("today's last session says how it felt, when it was finished with a feel")
    func lastFeel() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            session(store, day: "Pull", at: "2025-01-20T07:00:00+01:00", [["Deadlift", "140x5"]])
            var today = try #require(run(["today", "--store", store, "--json"]).json?["data"])
            #expect(today["last_session_feel"] == .null)
            #expect(!run(["today", "--store", store]).output.contains("felt"))
            #expect(run(["start", "--store", store, "--at", "2025-01-22T07:00:00+01:00", "--plan-day", "Legs"]).status == 0)
            #expect(run(["log", "--store", store, "Back Squat", "100x5"]).status == 0)
            #expect(run(["finish", "--store", store, "--feel", "4", "--at", "2025-01-22T08:00:00+01:00"]).status == 0)
            today = try #require(run(["today", "--store", store, "--json"]).json?["data"])
            #expect(today["last_session_feel"] == 4)
            let text = run(["today", "--store", store]).output
            #expect(text.contains("Last session: Legs on 2025-01-22 07:00 (2 days ago): 1 exercise, 1 set, 500 kg, 1h 00m, felt 4/5"), "\(text)")
        }
    }

    @Test("start --like repeats a session: its exercises and plan day, each set done with reps as a pending set with those targets; log completes them in order")
    func repeatSession() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let refused = run(["start", "--like", "last", "--store", store, "--json"])
            #expect(refused.errorCode == "NOT_FOUND" && refused.errorMessage == "No sessions yet. Start one with 'liftlog start'.")
            #expect(run(["start", "--at", "2025-01-20T07:00:00+01:00", "--plan-day", "Legs", "--store", store]).status == 0)
            #expect(run(["log", "Back Squat", "w:60x5", "100x5x2", "--store", store]).status == 0)
            #expect(run(["log", "Pull-up", "bwx8", "--store", store]).status == 0)
            #expect(run(["finish", "--at", "2025-01-20T08:00:00+01:00", "--store", store]).status == 0)
            let mixed = run(["start", "--like", "last", "--plan-day", "Push", "--store", store, "--json"])
            #expect(mixed.status == 2 && mixed.errorMessage == "--like repeats a session as it was: it goes without --plan-day and --kind.")

            let started = try #require(run(["start", "--like", "last", "--store", store, "--json"]).json?["data"])
            #expect(started["plan_day"] == "Legs" && started["status"] == "active")
            let entries = started["entries"]?.arrayValue ?? []
            #expect(entries.map { $0["exercise_name"]?.stringValue } == ["Back Squat", "Pull-up"])
            let squat = entries.first?["sets"]?.arrayValue ?? []
            #expect(squat.map { $0["status"]?.stringValue } == ["pending", "pending", "pending"])
            #expect(squat.map { $0["target_reps"] } == [5, 5, 5])
            #expect(squat.map { $0["target_weight"] } == [60, 100, 100])
            #expect(squat.map { $0["set_type"]?.stringValue } == ["warmup", "normal", "normal"])
            #expect(entries.last?["sets"]?.arrayValue?.first?["target_reps"] == 8)
            // Logged as before: the warm-up first, then the work sets, a heavier one too.
            #expect(run(["log", "Back Squat", "--store", store]).output.hasPrefix("Back Squat  set 1: 60 kg × 5"))
            #expect(run(["log", "Back Squat", "102.5x5", "--store", store]).output.hasPrefix("Back Squat  set 2: 102.5 kg × 5"))
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("start --plan-day writes the planned sets as pending, with targets from the last session, and log completes them in order")
    func plannedSession() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            // Last bench session in pounds: the heaviest working set (135 lb) becomes the target,
            // in pounds as it was loaded; the warm-up does not count.
            #expect(run(["start", "--store", store, "--at", "2025-01-20T07:00:00+01:00"]).status == 0)
            #expect(run(["log", "--store", store, "Bench Press", "135lbsx8", "135lbsx10", "95lbsx12"]).status == 0)
            #expect(run(["finish", "--store", store]).status == 0)
            let started = run(["start", "--plan-day", "push", "--store", store, "--json"])
            #expect(started.status == 0)
            let data = try #require(started.json?["data"])
            #expect(data["plan"] == "PPL")
            #expect(data["plan_day"] == "Push")
            let entries = try #require(data["entries"]?.arrayValue)
            #expect(entries.map { $0["exercise_name"]?.stringValue } == ["Bench Press", "Overhead Press"])
            let bench = try #require(entries[0]["sets"]?.arrayValue)
            #expect(bench.count == 3)
            #expect(bench[0]["id"]?.stringValue?.count == 8 && bench[0]["set_id"] == .string("\(data["id"]?.stringValue ?? "").\(bench[0]["id"]?.stringValue ?? "")"))
            func planned(_ set: JSONValue) -> JSONValue {
                guard case .object(var object) = set else { return set }
                object["id"] = nil
                object["set_id"] = nil
                return .object(object)
            }
            #expect(planned(bench[0]) == ["set_number": 1, "set_type": "normal", "status": "pending", "target_reps": 12, "target_weight": 135, "unit": "lbs"])
            let press = try #require(entries[1]["sets"]?.arrayValue)
            #expect(planned(press[2]) == ["set_number": 3, "set_type": "normal", "status": "pending", "target_reps": 5])

            // As planned: the next pending set at its target.
            let planned = run(["log", "Bench Press", "--store", store])
            #expect(planned.output == "Bench Press  set 1: 135 lbs × 12 (last 135 lbs × 8)\n")
            #expect(run(["log", "Bench Press", "60x10", "--store", store]).output == "Bench Press  set 2: 60 kg × 10 (last 135 lbs × 10)\n")
            let noWeight = run(["log", "Overhead Press", "--store", store, "--json"])
            #expect(noWeight.status == 2)
            #expect(noWeight.errorCode == "USAGE_ERROR")
            #expect(noWeight.errorMessage == "Give the set, such as 60x5 (or bwx5 for bodyweight): set 1 of 'Overhead Press' has no target weight yet.")
            let unplanned = run(["log", "Deadlift", "--store", store, "--json"])
            #expect(unplanned.errorMessage == "Give at least one set, such as 100x5 ('Deadlift' is not planned in this session).")
            // Logged in pounds, as planned: the target stays 135 lb.
            #expect(run(["log", "Bench Press", "135lbsx8", "--store", store]).output == "Bench Press  set 3: 135 lbs × 8 (last 95 lbs × 12)\n")
            let third = try #require(run(["status", "--store", store, "--json"]).json?["data"]?["entries"]?.arrayValue?[0]["sets"]?.arrayValue?[2])
            #expect(third["target_weight"] == 135)
            #expect(third["unit"] == "lbs")
            // The fourth bench set is beyond the plan (and beyond last time's three): appended.
            let fourth = run(["log", "Bench Press", "60x8", "--store", store, "--json"])
            #expect(fourth.json?["data"]?["previous"]?["sets"]?.arrayValue?.map { $0["reps"] } == [8, 10, 12])
            #expect(fourth.json?["data"]?["previous"]?["date"] == "2025-01-20")
            #expect(fourth.json?["data"]?["logged_sets"] == [4])
            // A planned set done with fewer reps than its target says so.
            // Beside each set, the same work set of the last bench session (135 × 8, × 10, 95 × 12).
            let shown = run(["status", "--store", store]).output
            #expect(shown.contains("\n   1  135 lbs × 12  last 135 lbs × 8\n   2  60 kg × 10 (target 12)  last 135 lbs × 10\n   3  135 lbs × 8 (target 12)  last 95 lbs × 12\n   4  60 kg × 8\n"), "\(shown)")
            let previous = try #require(run(["status", "--store", store, "--json"]).json?["data"]?["previous"]?.arrayValue)
            #expect(previous.map { $0["exercise_name"] } == ["Bench Press"])
            #expect(previous.first?["sets"]?.arrayValue?.map { $0["weight"] } == [135, 135, 95])
            #expect(previous.first?["date"] == "2025-01-20")
            let status = try #require(run(["status", "--store", store, "--json"]).json?["data"])
            let sets = try #require(status["entries"]?.arrayValue?[0]["sets"]?.arrayValue)
            #expect(sets.map { $0["status"]?.stringValue } == ["completed", "completed", "completed", "completed"])
            #expect(sets.map { $0["reps"] } == [12, 10, 8, 8])
        }
    }


    @Test("a workout saved as a plan day: each exercise's working sets as SETSxREPS from the heaviest load, what cannot be planned left out and said; refusals change nothing")
    func dayFromSession() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            #expect(run(["start", "--store", store, "--at", "2025-01-20T07:00:00+01:00"]).status == 0)
            #expect(run(["log", "--store", store, "Bench Press", "w:20x10", "135lbsx8", "140lbsx10", "95lbsx12"]).status == 0)
            #expect(run(["log", "--store", store, "Pull-up", "bw+10x5", "bw+10x5"]).status == 0)
            #expect(run(["log", "--store", store, "Plank", "45s", "60s"]).status == 0)
            #expect(run(["log", "--store", store, "Back Squat", "100x5", "100x5", "110x5"]).status == 0)
            #expect(run(["finish", "--store", store]).status == 0)
            let added = run(["plan", "add-day", "PPL", "Saved", "--like", "last", "--position", "2", "--store", store, "--json"])
            #expect(added.status == 0, "\(added.output)\(added.error)")
            let data = try #require(added.json?["data"])
            let day = try #require(data["days"]?.arrayValue?[1])
            #expect(day["name"] == "Saved")
            let planned = try #require(day["exercises"]?.arrayValue).map { exercise -> JSONValue in
                guard case .object(var object) = exercise else { return exercise }
                object["exercise_id"] = nil
                return .object(object)
            }
            // 140 lb is the heaviest bench set; 8–12 its reps; the warm-up does not count.
            #expect(planned == [["exercise_name": "Bench Press", "sets": 3, "reps": "8-12", "weight": 140, "unit": "lbs"],
                                ["exercise_name": "Pull-up", "sets": 2, "reps": "5"],
                                ["exercise_name": "Back Squat", "sets": 3, "reps": "5", "weight": 110, "unit": "kg"]], "\(planned)")
            #expect(data["left_out"] == [["exercise_name": "Plank", "reason": "no working set with reps"]])
            let saved = try #require(run(["history", "--store", store, "--json"]).json?["data"]?["sessions"]?.arrayValue?.first?["id"]?.stringValue)
            let text = run(["plan", "add-day", "PPL", "Again", "--like", saved, "--store", store]).output
            #expect(text.hasPrefix("Added Again to PPL, as the session of 2025-01-20 07:00 did it (\(saved.prefix(8))).\nLeft out Plank: no working set with reps.\n"), "\(text)")
            #expect(run(["check", "--store", store]).status == 0)
            #expect(run(["fmt", "--check", "--store", store]).status == 0)
            // Starting the day plans the same sets again.
            let started = try #require(run(["start", "--plan-day", "Saved", "--store", store, "--json"]).json?["data"]?["entries"]?.arrayValue)
            #expect(started.map { $0["sets"]?.arrayValue?.count } == [3, 2, 3])
            #expect(run(["discard", "--yes", "--store", store]).status == 0)

            #expect(run(["start", "--store", store, "--at", "2025-01-22T07:00:00+01:00"]).status == 0)
            #expect(run(["log", "--store", store, "Plank", "45s"]).status == 0)
            #expect(run(["finish", "--store", store]).status == 0)
            let planks = try #require(run(["history", "--store", store, "--json"]).json?["data"]?["sessions"]?.arrayValue?.first?["id"]?.stringValue)
            let before = snapshot(store)
            expectRefused([
                Refusal(["plan", "add-day", "PPL", "Planks", "--like", "last"], 4, "VALIDATION_ERROR", "Session \(planks.prefix(8)) has no exercise with working sets of reps done to plan."),
                Refusal(["plan", "add-day", "PPL", "saved", "--like", saved], 5, "CONFLICT", "Plan 'PPL' already has a day named 'Saved'."),
                Refusal(["plan", "add-day", "PPL", "Other", "--like", "deadbeef"], 3, "NOT_FOUND", "No session with ID 'deadbeef'. 'liftlog history' lists sessions with their IDs."),
                Refusal(["plan", "add-day", "PLL", "Other", "--like", saved], 3, "NOT_FOUND", "No plan named 'PLL'. Did you mean 'PPL'?"),
            ], store: store, uniqueIDs: true)
            #expect(snapshot(store) == before)
        }
    }

    @Test("a plan's AMRAP set (3x5+) is started as a pending set marked amrap, shown as 5+ before and after it is logged, and check accepts it")
    func amrapSets() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            #expect(run(["plan", "add-exercise", "PPL", "Legs", "Back Squat", "3x5+", "--store", store]).status == 0)
            let started = run(["start", "--plan-day", "Legs", "--store", store, "--json"])
            let sets = try #require(started.json?["data"]?["entries"]?.arrayValue?[0]["sets"]?.arrayValue)
            #expect(sets.map { $0["amrap"] } == [nil, nil, true])
            #expect(sets.map { $0["target_reps"] } == [5, 5, 5])
            #expect(run(["status", "--store", store]).output.contains("\n   3  planned: 5+ reps\n"))
            #expect(run(["log", "Back Squat", "100x5", "100x5", "100x9", "--store", store]).status == 0)
            let status = run(["status", "--store", store]).output
            #expect(status.contains("\n   3  100 kg × 9 (5+)\n"))
            #expect(!status.contains("\n   2  100 kg × 5 (5+)\n"))
            let session = try #require(run(["status", "--store", store, "--json"]).json?["data"]?["path"]?.stringValue)
            let file = try JSONParser.parse(Array(try #require(readText(store + "/" + session)).utf8))
            #expect(file["entries"]?.arrayValue?[0]["sets"]?.arrayValue?[2]["amrap"] == true)
            #expect(run(["check", "--store", store]).status == 0)
            #expect(run(["fmt", "--check", "--store", store]).status == 0)
        }
    }
    @Test("renaming an exercise renames it in the plans that link to it")
    func rename() throws {
        try withTemporaryDirectory { root throws in
            let store = store(root)
            #expect(run(["exercise", "edit", "Bench Press", "--name", "Flat Bench", "--store", store]).status == 0)
            let plan = try JSONParser.parse(Array(try #require(readText(store + "/plans/ppl.json")).utf8))
            #expect(plan["days"]?.arrayValue?[0]["exercises"]?.arrayValue?[0]["exercise_name"] == "Flat Bench")
            #expect(run(["plan", "show", "--store", store]).output.contains("\n   Flat Bench      3x8-12\n"))
            let removed = run(["exercise", "rm", "Flat Bench", "--store", store, "--json"])
            #expect(removed.errorMessage == "Cannot delete exercise that is used in a plan ('PPL').")
        }
    }

    @Test("without an active plan, --plan-day only records the name")
    func planDayWithoutPlan() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let data = try #require(run(["start", "--plan-day", "Day A", "--store", store, "--json"]).json?["data"])
            #expect(data["plan_day"] == "Day A")
            #expect(data["entries"] == [])
        }
    }

    @Test("no plan at all, or an active plan without days, is NOT_FOUND saying what to do")
    func emptyPlans() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            expectRefused([
                Refusal(["today"], 3, "NOT_FOUND", "No training plan yet. Create one with 'liftlog plan create NAME'."),
                Refusal(["plan", "show"], 3, "NOT_FOUND", "No training plan yet. Create one with 'liftlog plan create NAME'."),
            ], store: store, uniqueIDs: true)
            #expect(run(["plan", "create", "Empty", "--activate", "--store", store]).status == 0)
            let before = snapshot(store)
            let noDays = "Plan 'Empty' has no days yet. Add one with 'liftlog plan add-day \"Empty\" DAY'."
            expectRefused([
                Refusal(["today"], 3, "NOT_FOUND", noDays),
                Refusal(["start", "--plan-day", "next"], 3, "NOT_FOUND", noDays),
                Refusal(["start", "--plan-day", "Day A"], 3, "NOT_FOUND", noDays),
                Refusal(["plan", "add-exercise", "Empty", "Day A", "Bench Press", "3x5"], 3, "NOT_FOUND", noDays),
            ], store: store, uniqueIDs: true)
            #expect(snapshot(store) == before)
        }
    }
}
