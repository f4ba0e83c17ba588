import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("an exercise's own aliases")
struct ExerciseAliasTests {
    @Test("every command finds an exercise by its aliases; show lists them; '' removes them")
    func lookup() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let edited = run(["exercise", "edit", "Back Squat", "--aliases", "SBD Squat, hbbs", "--store", store, "--json"])
            #expect(edited.status == 0 && edited.json?["data"]?["aliases"] == ["SBD Squat", "hbbs"], "\(edited.output)\(edited.error)")
            #expect(readText(store + "/exercises/back-squat.json")?.contains("\"aliases\": [\n    \"SBD Squat\",\n    \"hbbs\"\n  ]") == true)
            let shown = run(["exercise", "show", "HBBS", "--store", store])
            #expect(shown.status == 0 && shown.output.hasPrefix("Back Squat\n") && shown.output.contains("Aliases:    SBD Squat, hbbs\n"), "\(shown.output)")
            #expect(run(["start", "--store", store]).status == 0)
            #expect(run(["log", "sbd squat", "100x5", "--store", store]).output == "Back Squat  set 1: 100 kg × 5\n")
            #expect(run(["log", "hbbs", "105x5", "--store", store]).output == "Back Squat  set 2: 105 kg × 5\n")
            #expect(run(["finish", "--store", store]).status == 0)
            #expect(run(["pr", "hbbs", "--store", store, "--json"]).json?["data"]?["personal_record"]?["weight"] == 105)
            // Searched as names are: an alias's prefix ranks as a name's prefix.
            let found = try #require(run(["exercises", "--search", "hbb", "--store", store, "--json"]).json?["data"]?["exercises"]?.arrayValue)
            #expect(found.first?["name"] == "Back Squat")
            #expect(run(["check", "--store", store]).status == 0)
            #expect(run(["exercise", "edit", "back squat", "--aliases", "", "--store", store]).status == 0)
            #expect(readText(store + "/exercises/back-squat.json")?.contains("aliases") == false)
            #expect(run(["exercise", "show", "hbbs", "--store", store, "--json"]).errorCode == "NOT_FOUND")
        }
    }

    @Test("an alias is one exercise's: a clash with a name or an alias, or a bad alias, is refused and changes nothing", arguments: [
        (["exercise", "edit", "Deadlift", "--aliases", "HBBS"], 5, "CONFLICT", "The alias 'HBBS' is already an alias of Back Squat."),
        (["exercise", "edit", "Deadlift", "--aliases", "dl2,front squat"], 5, "CONFLICT", "The alias 'front squat' is already the name of Front Squat."),
        (["exercise", "add", "Hbbs"], 5, "CONFLICT", "The name 'Hbbs' is already an alias of Back Squat."),
        (["exercise", "rename", "Front Squat", "hbbs"], 5, "CONFLICT", "The name 'hbbs' is already an alias of Back Squat."),
        (["exercise", "edit", "Deadlift", "--aliases", "dl2,DL2"], 4, "VALIDATION_ERROR", "The alias \"DL2\" is given twice."),
        (["exercise", "edit", "Deadlift", "--aliases", "deadlift"], 4, "VALIDATION_ERROR", "The alias \"deadlift\" is the exercise's own name."),
        (["exercise", "edit", "Deadlift", "--aliases", "a,b,c,d,e,f,g,h,i,j,k"], 4, "VALIDATION_ERROR", "An exercise has at most 10 aliases, found 11."),
        (["exercise", "edit", "Deadlift", "--aliases", String(repeating: "x", count: 101)], 4, "VALIDATION_ERROR", "Alias is 101 characters long; the limit is 100."),
        (["exercise", "edit", "Deadlift", "--aliases", "dead\u{200B}lift 2"], 4, "VALIDATION_ERROR",
         "Alias cannot contain invisible characters (U+200B); type the name again without it."),
    ])
    func refused(arguments: [String], status: Int32, code: String, message: String) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["exercise", "edit", "Back Squat", "--aliases", "sbd squat,hbbs", "--store", store]).status == 0)
            let before = snapshot(store)
            let outcome = run(arguments + ["--store", store, "--json"])
            #expect(outcome.status == status && outcome.errorCode == code && outcome.errorMessage == message, "\(outcome.output)")
            #expect(snapshot(store) == before)
        }
    }

    @Test("check reports an alias written by hand that is another exercise's name or alias, where it is")
    func checkReportsClash() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["exercise", "edit", "Back Squat", "--aliases", "hbbs", "--store", store]).status == 0)
            replaceText(store + "/exercises/deadlift.json") { "{\n  \"aliases\": [\"HBBS\", \"front squat\"],\n" + $0.dropFirst(2) }
            let checked = run(["check", "--store", store])
            #expect(checked.status == 7, "\(checked.output)")
            #expect(checked.output.contains("exercises/deadlift.json:2:15: CONFLICT: aliases[0]: the alias \"HBBS\" is already an alias of Back Squat (exercises/back-squat.json)"), "\(checked.output)")
            #expect(checked.output.contains("exercises/deadlift.json:2:23: CONFLICT: aliases[1]: the alias \"front squat\" is already the name of Front Squat (exercises/front-squat.json)"), "\(checked.output)")
            #expect(checked.output.contains("exercises/back-squat.json:") && checked.output.contains("aliases[0]: the alias \"hbbs\" is already an alias of Deadlift (exercises/deadlift.json)"), "\(checked.output)")
            // An alias given twice in one file is an error of that file.
            replaceText(store + "/exercises/front-squat.json") { "{\n  \"aliases\": [\"fs2\", \"FS2\"],\n" + $0.dropFirst(2) }
            let twice = run(["check", "--store", store])
            #expect(twice.output.contains("exercises/front-squat.json:2:14: CORRUPT_FILE: aliases: The alias \"FS2\" is given twice.\n"), "\(twice.output)")
        }
    }

    @Test("a name no exercise has suggests the close ones, those logged most first, and an exercise by its alias")
    func suggestionsByUsage() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store]).status == 0)
            let before = run(["log", "squaat", "100x5", "--store", store, "--json"])
            #expect(before.json?["error"]?["details"]?["suggestions"] == ["Back Squat", "Front Squat", "Goblet Squat"], "\(before.output)")
            #expect(run(["finish", "--store", store]).status == 0)
            for day in ["2025-01-06", "2025-01-08"] {
                #expect(run(["start", "--store", store, "--at", day + "T07:00:00Z"]).status == 0)
                #expect(run(["log", "Goblet Squat", "24x10", "--store", store]).status == 0)
                #expect(run(["finish", "--store", store, "--at", day + "T08:00:00Z"]).status == 0)
            }
            #expect(run(["start", "--store", store]).status == 0)
            let after = run(["log", "squaat", "100x5", "--store", store, "--json"])
            #expect(after.errorCode == "NOT_FOUND" && after.errorMessage == "No exercise named 'squaat'. Did you mean 'Goblet Squat', 'Back Squat' or 'Front Squat'?", "\(after.output)")
            #expect(after.json?["error"]?["details"]?["suggestions"] == ["Goblet Squat", "Back Squat", "Front Squat"], "\(after.output)")
            #expect(run(["exercise", "edit", "Deadlift", "--aliases", "pulls from floor", "--store", store]).status == 0)
            #expect(run(["log", "pulls from flor", "100x5", "--store", store, "--json"]).json?["error"]?["details"]?["suggestions"] == ["Deadlift"])
        }
    }

    @Test("an import names a row by an exercise's alias: that exercise, no new one")
    func importByAlias() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["exercise", "edit", "Back Squat", "--aliases", "SBD Squat", "--store", store]).status == 0)
            let exercises = allFiles(in: store + "/exercises").count
            writeText("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n2025-01-06 07:00:00,Legs,30m,SBD Squat,1,100,5,0,0,,,\n",
                      to: root + "/strong.csv")
            let imported = run(["import", "strong", root + "/strong.csv", "--unit", "kg", "--store", store])
            #expect(imported.status == 0, "\(imported.output)\(imported.error)")
            #expect(allFiles(in: store + "/exercises").count == exercises)
            #expect(run(["pr", "back squat", "--store", store, "--json"]).json?["data"]?["personal_record"]?["weight"] == 100)
        }
    }
}
