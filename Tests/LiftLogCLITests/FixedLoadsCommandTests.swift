import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("An exercise set to its own weights (a rack of dumbbells, a machine's stack)")
struct FixedLoadsCommandTests {
    @Test("exercise edit --loads: kept in its file, shown, checked; plates refuses it, warmup ramps among them; '' removes them")
    func edit() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let edited = run(["exercise", "edit", "Dumbbell Press", "--loads", "2-30/2,32.5-40/2.5", "--store", store, "--json"])
            #expect(edited.status == 0 && edited.json?["data"]?["loads"]?.arrayValue?.count == 19, "\(edited.output)")
            #expect(run(["exercise", "show", "Dumbbell Press", "--store", store]).output.contains("  Loads:      2-30/2,32.5-40/2.5 kg\n"))
            #expect(run(["check", "--store", store]).status == 0)
            let plates = run(["plates", "23", "--exercise", "Dumbbell Press", "--store", store, "--json"])
            #expect(plates.status == 4 && plates.errorCode == "VALIDATION_ERROR"
                    && plates.errorMessage == "Dumbbell Press takes no plates: it is set to its own weights (2-30/2,32.5-40/2.5 kg); the nearest to 23 kg are 22 and 24 kg.", "\(plates.output)")
            let ramp = try #require(run(["warmup", "30", "--exercise", "Dumbbell Press", "--store", store, "--json"]).json?["data"]?["sets"]?.arrayValue)
            #expect(ramp.map { $0["weight"] } == [12, 14, 20, 24], "\(ramp)")
            // An exercise's own bar: the ramp starts on it.
            #expect(run(["exercise", "edit", "Barbell Row", "--bar", "10", "--store", store]).status == 0)
            let curl = try #require(run(["warmup", "40", "--exercise", "Barbell Row", "--store", store, "--json"]).json?["data"]?["sets"]?.arrayValue)
            #expect(curl.first?["weight"] == 10 && curl.first?["reps"] == 10, "\(curl)")
            let missing = run(["warmup", "40", "--exercise", "Zercher Curl", "--store", store, "--json"])
            #expect(missing.errorCode == "NOT_FOUND" && missing.errorMessage?.hasPrefix("No exercise named 'Zercher Curl'.") == true, "\(missing.output)")
            #expect(run(["exercise", "edit", "Dumbbell Press", "--loads", "", "--store", store]).status == 0)
            #expect(readText(store + "/exercises/dumbbell-press.json")?.contains("loads") == false)
            #expect(run(["plates", "60", "--exercise", "Dumbbell Press", "--store", store]).status == 0)
        }
    }

    @Test("a list that breaks the rules is refused and changes nothing", arguments: [
        ("2-x", "'2-x' is neither a weight nor a run from-to/step. Write weights and runs such as 2-30/2,32.5,35."),
        ("10,5", "Loads go lightest first, each once: 5 comes after 10."),
        ("0.5-1000/0.5", "An exercise lists at most 200 loads, found 2000."),
    ])
    func refused(text: String, message: String) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let before = snapshot(store)
            let outcome = run(["exercise", "edit", "Dumbbell Press", "--loads", text, "--store", store, "--json"])
            #expect(outcome.status == 4 && outcome.errorCode == "VALIDATION_ERROR" && outcome.errorMessage == message, "\(outcome.output)")
            #expect(snapshot(store) == before)
        }
    }

    @Test("check reports loads written by hand out of order, where they are")
    func check() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            replaceText(store + "/exercises/dumbbell-press.json") { "{\n  \"loads\": [10, 5],\n" + $0.dropFirst(2) }
            let checked = run(["check", "--store", store])
            #expect(checked.status == 7 && checked.output.contains("exercises/dumbbell-press.json:2:12: CORRUPT_FILE: loads: Loads go lightest first, each once: 5 comes after 10.\n"),
                    "\(checked.output)")
        }
    }

    @Test("a rule's loads, today's targets and warm-ups are among its weights; no plates are shown for it")
    func prescribed() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["exercise", "edit", "Dumbbell Press", "--loads", "2-30/2", "--store", store]).status == 0)
            #expect(run(["plan", "create", "P", "--days", "A", "--days-per-week", "3", "--activate", "--store", store], uniqueIDs: true).status == 0)
            #expect(run(["plan", "add-exercise", "P", "A", "Dumbbell Press", "3x8", "--load", "21kg", "--progress", "lp(2.5kg)", "--store", store]).status == 0)
            let sessions = try #require(run(["plan", "simulate", "--weeks", "2", "--store", store, "--json"]).json?["data"]?["sessions"]?.arrayValue)
            let weights = sessions.map { $0["exercises"]?.arrayValue?.first?["prescription"]?["sets"]?.arrayValue?.first?["weight"] }
            // 21 counted is 20 on the rack; then 23.5 → 22, 26 → 26, 28.5 → 28, 31 → 30, 33.5 → 30.
            #expect(weights == [20, 22, 26, 28, 30, 30], "\(weights)")
            let today = run(["today", "--plates", "--store", store])
            #expect(today.output.contains("3x8 @ 20kg  –") && today.output.contains("(21 kg counted, 20 kg of its weights)"), "\(today.output)")
            #expect(run(["config", "warmups", "on", "--store", store]).status == 0)
            #expect(run(["start", "--plan-day", "A", "--store", store]).status == 0)
            let sets = try #require(run(["status", "--store", store, "--json"]).json?["data"]?["entries"]?.arrayValue?.first?["sets"]?.arrayValue)
            #expect(sets.map { $0["target_weight"] } == [8, 10, 12, 16, 20, 20, 20], "\(sets)")
        }
    }
}
