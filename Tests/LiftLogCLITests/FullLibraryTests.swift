import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("seed --library full")
struct FullLibraryTests {
    @Test("adds free-exercise-db's exercises once, with muscles and instructions, and search ranks them")
    func full() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let seeded = try #require(run(["seed", "--library", "full", "--store", store, "--json"]).json?["data"])
            let added = try #require(seeded["added"]?.arrayValue)
            // Names the default library already has are left alone.
            #expect(seeded["skipped"] == .number(JSONNumber(873 - added.count)))
            #expect(added.count == 864)
            #expect(!added.contains("Deadlift"))
            #expect(run(["seed", "--library", "full", "--store", store]).output == "Nothing to add: all 873 exercises are already in the library.\n")
            let library = try #require(run(["exercises", "--store", store, "--json"]).json?["data"]?["exercises"]?.arrayValue)
            #expect(library.count == 34 + added.count)
            let squat = try #require(run(["exercise", "show", "Barbell Squat", "--store", store, "--json"]).json?["data"])
            #expect(squat["modality"] == "barbell")
            #expect(squat["muscle_groups"] == ["quadriceps", "calves", "glutes", "hamstrings", "lower back"])
            #expect(squat["notes"]?.stringValue?.hasPrefix("This exercise is best performed inside a squat rack") == true)
            let shown = run(["exercise", "show", "Barbell Squat", "--store", store]).output
            #expect(shown.contains("\n  Notes:\n    This exercise is best performed"))
            // exact > prefix > substring
            let found = try #require(run(["exercises", "--search", "barbell squat", "--store", store, "--json"]).json?["data"]?["exercises"]?.arrayValue)
            #expect(found.first?["name"] == "Barbell Squat")
            #expect(found.dropFirst().first?["name"]?.stringValue?.lowercased().hasPrefix("barbell squat") == true)
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("an unknown library or a file with --library is refused and changes nothing")
    func badLibrary() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let before = snapshot(store)
            let unknown = run(["seed", "--library", "huge", "--store", store, "--json"])
            #expect(unknown.status == 4)
            #expect(unknown.errorCode == "VALIDATION_ERROR")
            #expect(unknown.errorMessage == "Unknown library 'huge'; choose default or full.")
            let both = run(["seed", root + "/x.json", "--library", "full", "--store", store, "--json"])
            #expect(both.status == 2)
            #expect(both.errorCode == "USAGE_ERROR")
            #expect(both.errorMessage == "Give a FILE or '--library', not both.")
            #expect(snapshot(store) == before)
        }
    }
}
