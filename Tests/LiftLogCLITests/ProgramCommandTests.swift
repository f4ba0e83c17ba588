#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// `plan import`, `plan export`, `plan simulate`, `plan create --from` and the rules' targets
/// through the tool.
@Suite("Programs through the tool")
struct ProgramCommandTests {
    private func run(_ arguments: [String]) -> Outcome { LiftLogCLITests.run(arguments, uniqueIDs: true) }

    static let text = """
        # Upper Lower
        days_per_week: 4

        ## Upper
        Bench Press / 3x8-12 / 60kg / progress: dp(2.5kg, 8, 12)
        Overhead Press / 3x5+ / 40kg / progress: lp(2.5kg, deload: 10% after 3 misses)  // strict

        ## Lower
        Back Squat / 5x3+ / 100kg / progress: staged(5kg, 5x3+, 6x2+, 10x1+, reset: 85%)
        Deadlift / 3x5 / progress: pct(140kg, 531, +5kg)

        """

    @Test("the built binary imports a plan file, exports it byte for byte, and refuses a broken or duplicate one without changing anything")
    func importExport() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            writeText(Self.text, to: root + "/plan.txt")
            let imported = runBinary(["plan", "import", root + "/plan.txt", "--activate", "--store", store])
            #expect(imported.status == 0, "\(imported.error)")
            #expect(imported.output.hasPrefix("Imported plan Upper Lower (plans/upper-lower.json).\n"))
            #expect(imported.output.contains("Overhead Press  3x5+    40kg  progress: lp(2.5kg, deload: 10% after 3 misses)  strict"), "\(imported.output)")
            let exported = runBinary(["plan", "export", "upper lower", "--store", store])
            #expect(exported.output == Self.text)
            #expect(runBinary(["plan", "export", "--store", store, "--json"]).json?["data"]?["text"]?.stringValue == Self.text)
            #expect(runBinary(["check", "--store", store]).status == 0)

            let before = snapshot(store)
            let refusals: [(String, Int32, String, String)] = [
                (Self.text, 5, "CONFLICT", "A plan named 'Upper Lower' already exists. Update it from the file with 'liftlog plan import PLAN --replace', or rename the plan on the file's '#' line."),
                ("# Other\n## A\nBack Squat / 3x5 / 100kg / progress: lp(2.5)\n", 4, "VALIDATION_ERROR", "PLAN:3:41: The increment '2.5' needs a unit, such as 2.5kg or 2.5lb"),
                ("# Other\n## A\nBack Sqat / 3x5\n", 3, "NOT_FOUND", "PLAN:3:1: No exercise named 'Back Sqat'. Did you mean 'Back Squat'?"),
                ("# Other\n## A\nBack Squat / 3x5 / progress: lp(2.5kg, weekly) / 100kg\n", 4, "VALIDATION_ERROR", "PLAN:3:50: expected 'progress: RULE' here, found '100kg' (the load comes before the rule, once)"),
            ]
            for (text, status, code, message) in refusals {
                writeText(text, to: root + "/bad.txt")
                let outcome = runBinary(["plan", "import", root + "/bad.txt", "--store", store, "--json"])
                #expect(outcome.status == status, "\(message)")
                #expect(outcome.errorCode == code)
                #expect(outcome.errorMessage == message.replacingOccurrences(of: "PLAN", with: root + "/bad.txt"), "\(outcome.output)")
            }
            let missing = runBinary(["plan", "import", root + "/none.txt", "--store", store, "--json"])
            #expect(missing.status == 3 && missing.errorMessage == "No plan file '\(root)/none.txt'.")
            let conflict = runBinary(["plan", "import", root + "/plan.txt", "--store", store])
            #expect(conflict.error.contains("liftlog plan import \(root)/plan.txt --replace"), "\(conflict.error)")
            #expect(snapshot(store) == before)

            // --replace: the days change, the ID and the active mark stay.
            let id = try #require(runBinary(["plan", "show", "--store", store, "--json"]).json?["data"]?["id"])
            writeText(Self.text.replacingOccurrences(of: "3x5 / progress: pct", with: "3x5 / progress: pct").replacingOccurrences(of: "60kg", with: "62.5kg"), to: root + "/plan.txt")
            // A plan file kept elsewhere and linked (dotfiles) is read through its link.
            #expect(symlink(root + "/plan.txt", root + "/linked-plan.txt") == 0)
            #expect(runBinary(["plan", "import", root + "/linked-plan.txt", "--replace", "--store", store]).status == 0)
            let shown = try #require(runBinary(["plan", "show", "--store", store, "--json"]).json?["data"])
            #expect(shown["id"] == id && shown["is_active"] == true)
            #expect(shown["days"]?.arrayValue?[0]["exercises"]?.arrayValue?[0]["weight"] == 62.5)
        }
    }

    @Test("plan create --from a template with --max; simulate shows the weeks ahead; mistakes are named")
    func templates() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let created = run(["plan", "create", "BBB", "--from", "531", "--max", "Back Squat=100", "--max", "bench press=80kg", "--max", "Deadlift=140",
                               "--max", "Overhead Press=110lb", "--activate", "--store", store])
            #expect(created.status == 0, "\(created.error)")
            #expect(created.output.hasPrefix("Created plan BBB from 531 (plans/bbb.json).\n"))
            let simulated = try #require(run(["plan", "simulate", "--weeks", "1", "--store", store, "--json"]).json?["data"])
            let sessions = try #require(simulated["sessions"]?.arrayValue)
            #expect(sessions.map { $0["day"]?.stringValue } == ["Press", "Deadlift", "Bench", "Squat"])
            let squat = try #require(sessions[3]["exercises"]?.arrayValue?[0]["prescription"])
            #expect(squat["summary"] == "5 @ 65kg, 5 @ 75kg, 5+ @ 85kg")
            #expect(squat["sets"]?.arrayValue?.map { $0["percent"] } == [65, 75, 85])
            // A training max in pounds stays in pounds, rounded to the nearest 5 lb: 71.5 → 70, 82.5 → 85, 93.5 → 95.
            #expect(sessions[0]["exercises"]?.arrayValue?[0]["prescription"]?["summary"] == "5 @ 70lb, 5 @ 85lb, 5+ @ 95lb")
            let text = run(["plan", "simulate", "BBB", "--weeks", "5", "--store", store])
            #expect(text.output.contains("Week 5\n"))
            #expect(text.output.contains("training max +5 kg for wave 2; wave 2, 5s week: 65/75/85% of a training max of 105 kg"), "\(text.output)")
            // today and start follow the first day.
            let today = try #require(run(["today", "--store", store, "--json"]).json?["data"]?["exercises"]?.arrayValue)
            #expect(today[0]["prescription"]?["reason"] == "wave 1, 5s week: 65/75/85% of a training max of 110 lbs")
            #expect(today[0]["progress"] == "pct(110lb, 531, +5lb)")
            #expect(run(["start", "--plan-day", "next", "--store", store]).status == 0)
            let status = try #require(run(["status", "--store", store, "--json"]).json?["data"]?["entries"]?.arrayValue)
            #expect(status[0]["sets"]?.arrayValue?.map { $0["target_weight"] } == [70, 85, 95])
            #expect(status[0]["sets"]?.arrayValue?.map { $0["unit"] } == ["lbs", "lbs", "lbs"])

            let before = snapshot(store)
            let refusals: [([String], Int32, String)] = [
                (["plan", "create", "X", "--from", "531", "--max", "Back Squat=100"], 4, "Template 531 starts from a training max for Bench Press, Deadlift and Overhead Press. Add --max 'Bench Press=100' --max 'Deadlift=100' --max 'Overhead Press=100'."),
                (["plan", "create", "X", "--from", "5x5", "--max", "Back Squat"], 4, "Write --max as EXERCISE=WEIGHT, such as 'Back Squat=100', got 'Back Squat'."),
                (["plan", "create", "X", "--from", "5x5", "--max", "Back Squat=heavy"], 4, "The max of Back Squat must be a number with an optional kg or lb, such as 100 or 225lb, got 'heavy'."),
                (["plan", "create", "X", "--from", "5/3/1"], 4, "--from must be one of 5x5, starting-strength, 531, gzclp, ppl, got '5/3/1'. Did you mean '531'?"),
                (["plan", "create", "X", "--max", "Back Squat=100"], 2, "--max goes with --from TEMPLATE."),
                (["plan", "create", "X", "--from", "ppl", "--days", "A,B"], 2, "A template brings its own days; give --from without --days, --days-per-week, --duration-weeks or --notes."),
                (["plan", "create", "BBB", "--from", "ppl"], 5, "A plan named 'BBB' already exists."),
                (["plan", "simulate", "--weeks", "0"], 4, "The weeks to simulate must be 1–104, got 0."),
                (["plan", "simulate", "--assume", "sometimes"], 4, "--assume must be one of hit, miss-every-3rd, got 'sometimes'."),
                (["plan", "add-exercise", "BBB", "Press", "Dip", "3x8", "--progress", "dp(2.5kg, 12, 8)"], 4, "--progress 'dp(2.5kg, 12, 8)', column 15: the most reps (8) must be above the fewest (12)."),
                (["plan", "add-exercise", "BBB", "Press", "Dip", "3x8", "--load", "-5kg"], 4, "--load must be a number with an optional kg or lb, such as 100 or 225lb, got '-5kg'."),
                (["plan", "add-exercise", "BBB", "Press", "Dip", "3x8++"], 4, "Invalid plan notation '3x8++': reps '8+' must be a number, a range such as 8-12, or AMRAP. Write SETSxREPS, such as 5x5, 3x8-12, 3x5+ or 3xAMRAP."),
            ]
            for (arguments, status, message) in refusals {
                let outcome = run(arguments + ["--store", store, "--json"])
                #expect(outcome.status == status, "\(arguments)")
                #expect(outcome.errorMessage == message, "\(arguments): \(outcome.output)")
            }
            #expect(snapshot(store) == before)

            // A rule set from the command line, then removed.
            #expect(run(["plan", "add-exercise", "BBB", "Press", "Dip", "3x8-12", "--load", "10kg", "--progress", "dp(2.5kg, 8, 12)", "--store", store]).status == 0)
            var dip = try #require(run(["plan", "show", "BBB", "--store", store, "--json"]).json?["data"]?["days"]?.arrayValue?[0]["exercises"]?.arrayValue?[2])
            #expect(dip["progress"] == "dp(2.5kg, 8, 12)" && dip["weight"] == 10 && dip["unit"] == "kg")
            #expect(run(["plan", "add-exercise", "BBB", "Press", "Dip", "3x10", "--progress", "", "--store", store]).status == 0)
            dip = try #require(run(["plan", "show", "BBB", "--store", store, "--json"]).json?["data"]?["days"]?.arrayValue?[0]["exercises"]?.arrayValue?[2])
            #expect(dip["progress"] == nil && dip["weight"] == 10 && dip["reps"] == "10")
        }
    }

    @Test("a plan file that is not one, a plan of too many days, a lift given twice, a plan without days: each refused with its message, nothing written")
    func moreRefusals() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["plan", "create", "Empty", "--store", store]).status == 0)
            writeBytes([0x23, 0x20, 0xFF, 0xFE, 0x0A], to: root + "/latin1.txt")
            let tooMany = "# Long\n" + (1...15).map { "## D\($0)\n" }.joined()
            writeText(tooMany, to: root + "/long.txt")
            let before = snapshot(store)
            let refusals: [([String], Int32, String)] = [
                (["plan", "import", root], 4, "Plan file '\(root)' is not a regular file."),
                (["plan", "import", root + "/latin1.txt"], 4, "Plan file '\(root)/latin1.txt' is not UTF-8 text."),
                (["plan", "import", root + "/long.txt"], 4, "\(root)/long.txt:16:1: a plan can have at most 14 days"),
                (["plan", "create", "X", "--from", "5x5", "--max", "Back Squat=60", "--max", "back squat=70"], 4, "Back Squat is given twice."),
            ]
            for (arguments, status, message) in refusals {
                let outcome = run(arguments + ["--store", store, "--json"])
                #expect(outcome.status == status, "\(arguments)")
                #expect(outcome.errorMessage == message, "\(arguments): \(outcome.output)")
            }
            let empty = run(["plan", "simulate", "Empty", "--store", store, "--json"])
            #expect(empty.status == 3 && empty.errorMessage?.hasPrefix("Plan 'Empty' has no days yet.") == true, "\(empty.output)")
            #expect(snapshot(store) == before)
        }
    }

    @Test("a hand-broken rule in a plan file is reported by check with the file and the key")
    func brokenRuleInFile() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            writeText("# P\n## A\nBack Squat / 3x5 / 100kg / progress: lp(2.5kg)\n", to: root + "/p.txt")
            #expect(run(["plan", "import", root + "/p.txt", "--store", store]).status == 0)
            let path = store + "/plans/p.json"
            writeText(try #require(readText(path)).replacingOccurrences(of: "lp(2.5kg)", with: "lp(2.5kgs, sometimes)"), to: path)
            let checked = run(["check", "--store", store])
            #expect(checked.status != 0)
            #expect(checked.output.contains("plans/p.json") && checked.output.contains("progress 'lp(2.5kgs, sometimes)' at column 12: expected 'weekly' or 'deload: P% after N misses', found 'sometimes'"), "\(checked.output)")
            // A load without its unit, and one out of range.
            writeText(try #require(readText(path)).replacingOccurrences(of: "\"unit\": \"kg\",", with: ""), to: path)
            #expect(run(["check", "--store", store]).output.contains("a weight needs its unit: add \"unit\": \"kg\" or \"lbs\""))
            writeText(try #require(readText(path)).replacingOccurrences(of: "\"weight\": 100", with: "\"weight\": 20000,\n\"unit\": \"kg\""), to: path)
            #expect(run(["check", "--store", store]).output.contains("weight must be 0–10000, found 20000"))
        }
    }
}
