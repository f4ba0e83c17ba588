import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("config")
struct ConfigCommandTests {
    @Test("lists, reads and changes settings in liftlog.json, keeping its unknown keys")
    func roundTrip() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            replaceText(store + "/liftlog.json") { $0.replacingOccurrences(of: "\"format\": \"liftlog\",", with: "\"format\": \"liftlog\",\n  \"synced_by\": \"phone\",") }
            #expect(run(["config", "--store", store]).output == "unit = kg\nweek_start = monday\nbar = (not set)\nrest = (not set)\nwarmups = (not set)\nsex = (not set)\nplates = (not set)\ndistance = (not set)\n")
            #expect(run(["config", "unit", "lbs", "--store", store]).output == "unit = lbs\n")
            #expect(run(["config", "week-start", "sunday", "--store", store]).output == "week_start = sunday\n")
            #expect(run(["config", "plates", "20, 25,10,5", "--store", store]).output == "plates = 25,20,10,5\n")
            #expect(run(["config", "warmups", "on", "--store", store, "--json"]).json?["data"]?["warmups"] == "on")
            let manifest = try #require(readText(store + "/liftlog.json"))
            #expect(manifest.contains("\"unit\": \"lbs\"") && manifest.contains("\"week_start\": \"sunday\"") && manifest.contains("\"warmups\": true"))
            #expect(manifest.contains("\"synced_by\": \"phone\""))
            #expect(run(["config", "plates", "", "--store", store]).output == "plates = (not set)\n")
            #expect(run(["check", "--store", store]).status == 0)
            // The new unit is the one totals are shown in.
            #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            #expect(run(["log", "Deadlift", "100kgx1", "--store", store]).status == 0)
            #expect(run(["history", "--store", store, "--json"]).json?["data"]?["sessions"]?.arrayValue?.first?["volume_unit"] == "lbs")
        }
    }

    @Test("refuses unknown settings and bad values, changing nothing")
    func refusals() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let before = snapshot(store)
            expectRefused([
                Refusal(["config", "unti", "lbs"], 4, "VALIDATION_ERROR", "There is no setting 'unti'. Did you mean 'unit'? Settings: unit, week_start, bar, rest, warmups, sex, plates, distance."),
                Refusal(["config", "unit", "stone"], 4, "VALIDATION_ERROR", "'stone' is not a value of unit: the unit of weights typed without one, and of totals: kg or lbs."),
                Refusal(["config", "rest", "-5"], 4, "VALIDATION_ERROR", "'-5' is not a value of rest: rest between sets in seconds when an exercise has none (0–3600)."),
                Refusal(["config", "plates", "20,abc"], 4, "VALIDATION_ERROR", "'20,abc' is not a value of plates: the gym's plates in the store's unit, comma-separated (25,20,15,10,5,2.5,1.25)."),
                Refusal(["init", store, "--units", "lbs", "--git"], 2, "USAGE_ERROR", "The store at \(store) exists; --units applies only to a new store. Change its unit with 'liftlog config unit lbs'."),
                Refusal(["init", store, "--no-seed", "--schemas"], 2, "USAGE_ERROR", "The store at \(store) exists; --no-seed applies only to a new store."),
            ], store: store)
            #expect(snapshot(store) == before)
        }
    }
}
