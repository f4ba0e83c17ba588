import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// Names as lifters type them, and warm-ups that are right: each number worked out here.
@Suite("gym math: abbreviations and warm-ups")
struct GymMathTests {
    @Test("the abbreviations lifters type resolve to the library's exercise; an exercise named like one is found by its own name")
    func abbreviations() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store]).status == 0)
            for (typed, name) in [("rdl", "Romanian Deadlift"), ("OHP", "Overhead Press"), ("bp", "Bench Press"), ("dl", "Deadlift"), ("sq", "Back Squat")] {
                let logged = run(["log", typed, "60x5", "--store", store])
                #expect(logged.status == 0 && logged.output == "\(name)  set 1: 60 kg × 5\n", "\(typed): \(logged.output)\(logged.error)")
            }
            // Logging by the abbreviation again adds to the same entry.
            #expect(run(["log", "rdl", "70x5", "--store", store]).output == "Romanian Deadlift  set 2: 70 kg × 5\n")
            // An abbreviation whose lift is not in the library is a name like any other.
            let missing = run(["log", "ghr", "bwx8", "--store", store, "--json"])
            #expect(missing.status == 3 && missing.errorMessage?.hasPrefix("No exercise named 'ghr'.") == true, "\(missing.output)")
            #expect(run(["finish", "--store", store]).status == 0)
            #expect(run(["pr", "rdl", "--store", store, "--json"]).json?["data"]?["personal_record"]?["weight"] == 70)
            // An exercise of the user's named "DL" is that one, not Deadlift.
            #expect(run(["exercise", "add", "DL", "--store", store]).status == 0)
            #expect(run(["exercise", "show", "dl", "--store", store, "--json"]).json?["data"]?["name"] == "DL")
        }
    }

    @Test("warmup gives the sets the README promises, each loadable and lighter than the work", arguments: [
        ("lbs", "315", [(45.0, 10), (155, 5), (210, 3), (265, 2)]),
        ("kg", "140", [(20.0, 10), (70, 5), (92.5, 3), (117.5, 2)]),
    ])
    func warmup(unit: String, weight: String, expected: [(Double, Int)]) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store, "--units", unit]).status == 0)
            let ramp = try #require(run(["warmup", weight, "--store", store, "--json"]).json?["data"]?["sets"]?.arrayValue)
            #expect(ramp.map { $0["weight"] } == expected.map { .number(JSONNumber($0.0)) }, "\(ramp)")
            #expect(ramp.map { $0["reps"] } == expected.map { .number(JSONNumber($0.1)) }, "\(ramp)")
        }
    }

    @Test("every load a rule prescribes is one the plates make, and never more than the rule counts", arguments: [
        ("lbs", "135lb", "lp(2.5lb)", 2.5), ("lbs", "135lb", "lp(2.5kg)", 5.5116), ("kg", "60kg", "lp(1kg)", 1.0),
    ])
    func loadableLoads(unit: String, load: String, rule: String, increment: Double) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store, "--units", unit]).status == 0)
            #expect(run(["plan", "create", "P", "--days", "A", "--days-per-week", "3", "--activate", "--store", store], uniqueIDs: true).status == 0)
            #expect(run(["plan", "add-exercise", "P", "A", "Back Squat", "3x5", "--load", load, "--progress", rule, "--store", store]).status == 0)
            let sessions = try #require(run(["plan", "simulate", "--weeks", "4", "--store", store, "--json"]).json?["data"]?["sessions"]?.arrayValue)
            let weights: [Double] = sessions.compactMap { session in
                guard case .number(let number)? = session["exercises"]?.arrayValue?.first?["prescription"]?["sets"]?.arrayValue?.first?["weight"] else { return nil }
                return number.doubleValue
            }
            #expect(weights.count == 12, "\(sessions)")
            let start = weights.first ?? 0
            for (index, weight) in weights.enumerated() {
                let plates = run(["plates", NumberText.format(weight), "--store", store, "--json"]).json?["data"]
                #expect(plates?["exact"] == true, "\(rule): session \(index + 1) prescribes \(weight) \(unit), which the plates do not make")
                // Never ahead of the rule's own count: start + index × increment.
                #expect(weight <= start + Double(index) * increment + 1e-6, "\(rule): \(weights)")
                if index > 0 { #expect(weight >= weights[index - 1], "\(rule): \(weights)") }
            }
            // And it does progress: the last is at least the count less one pair of plates.
            let pair = unit == "kg" ? 2.5 : 5.0
            #expect((weights.last ?? 0) > start + 11 * increment - pair - 1e-6, "\(rule): \(weights)")
        }
    }

    @Test("pain: each tag with its sessions, the exercises done in them and the weeks, over a period")
    func pain() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["pain", "--store", store]).output == "No pain noted in 0 sessions.\n")
            // Mon 6, Wed 8 and Mon 20 January: the knee twice with squats, once with deadlifts; a shoulder once.
            let days: [(String, [String], String?)] = [
                ("2025-01-06", ["Back Squat 100x5", "Bench Press 80x5"], "knee"),
                ("2025-01-08", ["Deadlift 140x5"], nil),
                ("2025-01-10", ["Back Squat 105x5"], "knee,shoulder"),
                ("2025-01-20", ["Deadlift 145x5"], "Knee"),
            ]
            for (day, logs, pain) in days {
                #expect(run(["start", "--at", day + "T07:00:00+01:00", "--store", store], uniqueIDs: true).status == 0)
                for log in logs {
                    let parts = log.split(separator: " ").map(String.init)
                    #expect(run(["log", parts.dropLast().joined(separator: " "), parts.last!, "--store", store]).status == 0)
                }
                #expect(run(["finish", "--at", day + "T08:00:00+01:00", "--store", store] + (pain.map { ["--pain", $0] } ?? [])).status == 0)
            }
            let data = try #require(run(["pain", "--store", store, "--json"]).json?["data"])
            #expect(data["sessions"] == 4 && data["sessions_with_pain"] == 3)
            let knee = try #require(data["tags"]?.arrayValue?.first)
            #expect(knee["tag"] == "knee" && knee["sessions"] == 3 && knee["first_date"] == "2025-01-06" && knee["last_date"] == "2025-01-20")
            #expect(knee["exercises"] == [["exercise_name": "Back Squat", "sessions": 2], ["exercise_name": "Bench Press", "sessions": 1], ["exercise_name": "Deadlift", "sessions": 1]])
            #expect(knee["weeks"] == [["week_start": "2025-01-06", "sessions": 2], ["week_start": "2025-01-20", "sessions": 1]])
            #expect(data["tags"]?.arrayValue?.map { $0["tag"] } == ["knee", "shoulder"])
            let text = run(["pain", "--store", store]).output
            #expect(text.hasPrefix("knee: 3 sessions, 2025-01-06 to 2025-01-20\n  with Back Squat (2), Bench Press (1), Deadlift (1)\n  weeks of 2025-01-06 (2), 2025-01-20 (1)\n"), "\(text)")
            #expect(text.hasSuffix("3 of 4 sessions noted pain.\n"), "\(text)")
            // A period: the week of the 20th only.
            let late = try #require(run(["pain", "--from", "2025-01-15", "--store", store, "--json"]).json?["data"])
            #expect(late["sessions"] == 1 && late["tags"]?.arrayValue?.map { $0["sessions"] } == [1])
            let bad = run(["pain", "--from", "2025-13-01", "--store", store, "--json"])
            #expect(bad.status == 4 && bad.errorMessage == "--from must be a date like 2025-01-24, got '2025-13-01'.", "\(bad.output)")
        }
    }

    @Test("a lift loaded in pounds in a kg store: meso show and today both aim for 230 lb, no 104.33 kg or 230.01 lb")
    func mesocycleInTheLoadUnit() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["plan", "create", "P", "--days", "A", "--activate", "--store", store], uniqueIDs: true).status == 0)
            #expect(run(["plan", "add-exercise", "P", "A", "Back Squat", "3x5", "--store", store]).status == 0)
            #expect(run(["start", "--at", "2025-01-06T07:00:00+01:00", "--store", store], uniqueIDs: true).status == 0)
            #expect(run(["log", "Back Squat", "230lbsx5x3", "--store", store]).status == 0)
            #expect(run(["finish", "--at", "2025-01-06T08:00:00+01:00", "--store", store]).status == 0)
            #expect(run(["meso", "create", "P", "--start", "2025-01-13", "--weeks", "3", "--store", store], uniqueIDs: true).status == 0)
            #expect(run(["meso", "start", "--store", store]).status == 0)
            let report = try #require(run(["meso", "show", "--store", store, "--json"]).json?["data"])
            let squat = try #require(report["exercises"]?.arrayValue?.first)
            #expect(squat["unit"] == "lbs" && squat["weeks"]?.arrayValue?.first?["target_weight"] == 230, "\(squat)")
            let text = run(["meso", "show", "--store", store]).output
            #expect(text.contains("Back Squat 3x5 (lbs)") && text.contains("unless the heading says otherwise"), "\(text)")
            #expect(!text.contains("104.33") && !text.contains("230.01"), "\(text)")
        }
    }

    @Test("an exercise's own bar: plates, today's plates and warm-ups load on it; a bar out of bounds is refused by edit and by check", arguments: [
        // unit, bar, target, per side (worked out: (target − bar) / 2 in the fewest default plates)
        ("kg", 10.0, 30.0, [10.0]), ("kg", 15, 40, [10, 2.5]), ("lbs", 25, 65, [10, 10]), ("lbs", 35, 95, [25, 5]),
    ])
    func exerciseBar(unit: String, bar: Double, target: Double, perSide: [Double]) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store, "--units", unit]).status == 0)
            #expect(run(["exercise", "add", "EZ Bar Curl", "--modality", "barbell", "--store", store]).status == 0)
            #expect(run(["exercise", "edit", "EZ Bar Curl", "--bar", Formatting.number(bar), "--store", store]).status == 0)
            #expect(readText(store + "/exercises/ez-bar-curl.json")?.contains("\"bar_weight\": \(Formatting.number(bar)),") == true)
            #expect(run(["exercise", "show", "EZ Bar Curl", "--store", store]).output.contains("Bar:        \(Formatting.number(bar)) \(unit)"))
            let plates = try #require(run(["plates", Formatting.number(target), "--exercise", "ez bar curl", "--store", store, "--json"]).json?["data"]?["loadings"]?.arrayValue?.first)
            #expect(plates["bar"] == .number(JSONNumber(bar)) && plates["per_side"] == .array(perSide.map { .number(JSONNumber($0)) }), "\(plates)")
            // Without the exercise, the store's bar (20 kg, 45 lbs).
            #expect(run(["plates", Formatting.number(target), "--store", store, "--json"]).json?["data"]?["loadings"]?.arrayValue?.first?["bar"] == (unit == "kg" ? 20 : 45))
            // A plan's target is loaded on it, and the warm-ups start from it.
            writeText("# Arms\n## A\nEZ Bar Curl / 3x8 / \(Formatting.number(target))\(unit)\n", to: root + "/arms.txt")
            #expect(run(["plan", "import", root + "/arms.txt", "--activate", "--store", store]).status == 0)
            let today = try #require(run(["today", "--plates", "--store", store, "--json"]).json?["data"]?["exercises"]?.arrayValue?.first)
            #expect(today["plates_per_side"] == .array(perSide.map { .number(JSONNumber($0)) }), "\(today)")
            #expect(run(["config", "warmups", "on", "--store", store]).status == 0)
            #expect(run(["start", "--plan-day", "next", "--store", store]).status == 0)
            let sets = try #require(run(["status", "--store", store, "--json"]).json?["data"]?["entries"]?.arrayValue?.first?["sets"]?.arrayValue)
            let warmups = sets.filter { $0["set_type"] == "warmup" }.compactMap { set -> Double? in
                if case .number(let weight)? = set["target_weight"] { return weight.doubleValue }
                return nil
            }
            #expect(warmups.first == bar && warmups.allSatisfy { $0 < target }, "\(warmups)")
            #expect(run(["discard", "--yes", "--store", store]).status == 0)
            // Out of bounds: refused, nothing written; 0 takes the exercise's own bar away.
            let before = readText(store + "/exercises/ez-bar-curl.json")
            let refused = run(["exercise", "edit", "EZ Bar Curl", "--bar", "150", "--store", store, "--json"])
            #expect(refused.status == 4 && refused.errorMessage == "The bar must weigh more than 0 and at most 100, got 150 (0 removes the exercise's own bar).")
            #expect(readText(store + "/exercises/ez-bar-curl.json") == before)
            let unknown = run(["plates", "30", "--exercise", "Zercher Curl", "--store", store, "--json"])
            #expect(unknown.status == 3 && unknown.errorMessage?.hasPrefix("No exercise named 'Zercher Curl'.") == true)
            replaceText(store + "/exercises/ez-bar-curl.json") { $0.replacingOccurrences(of: "\"bar_weight\": \(Formatting.number(bar)),", with: "\"bar_weight\": 0,") }
            let checked = run(["check", "--store", store])
            #expect(checked.status == 7 && checked.output.contains("CORRUPT_FILE: bar_weight: bar_weight must be more than 0 and at most 100, found 0"), "\(checked.output)")
            writeText(before ?? "", to: store + "/exercises/ez-bar-curl.json")
            #expect(run(["exercise", "edit", "EZ Bar Curl", "--bar", "0", "--store", store]).status == 0)
            #expect(readText(store + "/exercises/ez-bar-curl.json")?.contains("bar_weight") == false)
        }
    }
}
