import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Sets planned one by one: a pyramid, back-off sets")
struct PlannedSetsTests {
    @Test("planned in the store's unit, shown, prescribed by today and plan simulate, started as pending sets, exported and imported back the same")
    func pyramid() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store, "--units", "lbs"]).status == 0)
            #expect(run(["plan", "create", "P", "--days", "A", "--activate", "--store", store], uniqueIDs: true).status == 0)
            let planned = run(["plan", "add-exercise", "P", "A", "Bench Press", "135x10, 155x8, 175x6+", "--store", store])
            #expect(planned.status == 0 && planned.output.hasPrefix("Planned Bench Press 135lbx10, 155lbx8, 175lbx6+.\n"), "\(planned.output)\(planned.error)")
            let file = try #require(readText(store + "/plans/p.json"))
            #expect(file.contains("\"set_targets\": [\n            {\n              \"reps\": 10,\n              \"unit\": \"lbs\",\n              \"weight\": 135\n            },"), "\(file)")
            #expect(file.contains("\"reps\": \"6-10\"") && file.contains("\"last_set_amrap\": true"))
            #expect(run(["check", "--store", store]).status == 0)
            let today = try #require(run(["today", "--store", store, "--json"]).json?["data"]?["exercises"]?.arrayValue?.first)
            #expect(today["prescription"]?["sets"]?.arrayValue?.map { $0["weight"] } == [135, 155, 175], "\(today)")
            #expect(today["prescription"]?["summary"] == "10 @ 135lb, 8 @ 155lb, 6+ @ 175lb", "\(today)")
            let simulated = run(["plan", "simulate", "--weeks", "1", "--store", store, "--json"]).json?["data"]?["sessions"]?.arrayValue?.first?["exercises"]?.arrayValue?.first
            #expect(simulated?["prescription"]?["summary"] == "10 @ 135lb, 8 @ 155lb, 6+ @ 175lb" && simulated?["prescription"]?["reason"] == "the sets as planned", "\(String(describing: simulated))")
            #expect(run(["start", "--plan-day", "A", "--store", store]).status == 0)
            let sets = try #require(run(["status", "--store", store, "--json"]).json?["data"]?["entries"]?.arrayValue?.first?["sets"]?.arrayValue)
            #expect(sets.map { $0["target_weight"] } == [135, 155, 175] && sets.map { $0["target_reps"] } == [10, 8, 6], "\(sets)")
            #expect(sets.map { $0["amrap"] } == [nil, nil, true], "\(sets)")
            #expect(run(["log", "bench press", "--store", store]).output.hasPrefix("Bench Press  set 1: 135 lbs × 10"))
            // Plan text: the units written out; read back into a store in kg, the same sets.
            let text = run(["plan", "export", "P", "--store", store]).output
            #expect(text == "# P\n\n## A\nBench Press / 135lbx10, 155lbx8, 175lbx6+\n", "\(text)")
            let other = root + "/kg"
            #expect(run(["init", other]).status == 0)
            writeText(text, to: root + "/p.txt")
            #expect(run(["plan", "import", root + "/p.txt", "--store", other]).status == 0)
            #expect(run(["plan", "export", "P", "--store", other]).output == text)
            #expect(run(["check", "--store", other]).status == 0)
        }
    }

    @Test("a scheme of sets one by one that breaks a rule is refused with the reason and changes nothing", arguments: [
        (["135x10, 155x8", "--load", "100"], "Sets planned one by one carry their own loads: a load beside them says another."),
        (["135x10, 155x8", "--progress", "lp(5lb)"], "Sets planned one by one are done as written: a progression rule beside them would change them."),
        (["135x10, 155x0"], "Invalid plan notation '135x10, 155x0': reps '0' must be 1–100. Write each set with its load, such as 135x10, 155x8, 175x6+."),
        (["135x10, heavyx8"], "Invalid plan notation '135x10, heavyx8': 'heavy' is not a load. Write each set with its load, such as 135x10, 155x8, 175x6+."),
    ])
    func refused(arguments: [String], message: String) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store, "--units", "lbs"]).status == 0)
            #expect(run(["plan", "create", "P", "--days", "A", "--store", store], uniqueIDs: true).status == 0)
            let before = snapshot(store)
            let outcome = run(["plan", "add-exercise", "P", "A", "Bench Press"] + arguments + ["--store", store, "--json"])
            #expect(outcome.status == 4 && outcome.errorCode == "VALIDATION_ERROR" && outcome.errorMessage == message, "\(outcome.output)")
            #expect(snapshot(store) == before)
        }
    }

    @Test("plan text: a load of no unit, or a load or rule beside sets one by one, is refused at its line and column")
    func planText() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            for (text, message) in [
                ("# P\n## A\nBench Press / 60x10, 70x8\n", "3:15: '60x10, 70x8' is not sets each with its load: write them as 135lbx10, 155lbx8, 175lbx6+, every load with its unit"),
                ("# P\n## A\nBench Press / 60kgx10, 70kgx8 / 80kg\n", "3:33: sets planned one by one carry their own loads and are done as written: no load or progress rule beside them"),
            ] {
                writeText(text, to: root + "/p.txt")
                let before = snapshot(store)
                let outcome = run(["plan", "import", root + "/p.txt", "--store", store, "--json"])
                #expect(outcome.status == 4 && outcome.errorMessage == "\(root)/p.txt:\(message)", "\(outcome.output)")
                #expect(snapshot(store) == before)
            }
        }
    }

    @Test("check reports a plan file whose sets one by one disagree with its sets, or carry a rule, at set_targets")
    func check() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["plan", "create", "P", "--days", "A", "--store", store], uniqueIDs: true).status == 0)
            #expect(run(["plan", "add-exercise", "P", "A", "Bench Press", "60kgx10, 70kgx8", "--store", store]).status == 0)
            replaceText(store + "/plans/p.json") { $0.replacingOccurrences(of: "\"sets\": 2", with: "\"sets\": 3") }
            let checked = run(["check", "--store", store])
            #expect(checked.status == 7 && checked.output.contains("days[0].exercises[0].set_targets: sets is 3 but 2 sets are planned one by one"), "\(checked.output)")
            replaceText(store + "/plans/p.json") { $0.replacingOccurrences(of: "\"sets\": 3", with: "\"sets\": 2,\n          \"progress\": \"lp(2.5kg)\"") }
            #expect(run(["check", "--store", store]).output.contains("set_targets: sets planned one by one are done as written: a progression rule beside them would change them"))
        }
    }
}
