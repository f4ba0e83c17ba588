import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// Validates with Python's jsonschema (scripts/validate-with-schemas.py); returns its lines.
private func validate(_ arguments: [String]) -> (status: Int32, lines: [String]) {
    let outcome = runProgram(["python3", repository + "/scripts/validate-with-schemas.py"] + arguments)
    #expect(!outcome.error.contains("ModuleNotFoundError"), "install Python's jsonschema: pip install jsonschema")
    return (outcome.status, outcome.output.split(separator: "\n").map(String.init))
}

@Suite("JSON Schemas")
struct SchemaTests {
    @Test("the schemas compiled into LiftLogKit are the files in schemas/")
    func embedded() throws {
        for (name, _) in StoreSchemas.mapping {
            #expect(StoreSchemas.text(of: name) == readText(repository + "/schemas/" + name), "\(name)")
        }
    }

    @Test("every file of the sample store and of a store liftlog writes is valid, for an independent validator")
    func everythingValidates() throws {
        let sample = validate([repository + "/SampleData/store"])
        #expect(sample.status == 0, "\(sample.lines.filter { !$0.hasPrefix("ok") })")
        #expect(sample.lines.count > 100)
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store, "--units", "lbs"]).status == 0)
            #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            #expect(run(["log", "--store", store, "Deadlift", "315x5@8", "bwx3", "100kgx2x2"]).status == 0)
            #expect(run(["log", "--store", store, "Sled Push", "90x20", "--create"]).status == 0)
            #expect(run(["log", "--store", store, "Pull-up", "bw+20x5", "bw-25x8", "bwx1:00"]).status == 0)
            #expect(run(["log", "--store", store, "Sled Push", "5km/25:00", "400mx2"]).status == 0)
            #expect(run(["log", "--store", store, "Plank", "60s", "20x45s"]).status == 0)
            #expect(run(["set", "--store", store, "Deadlift", "2", "--skip"]).status == 0)
            #expect(run(["finish", "--store", store, "--feel", "3", "--pain", "knee,back", "--notes", "Heavy \"day\""]).status == 0)
            #expect(run(["weigh", "--store", store, "182.4", "--at", "2025-01-24 06:00"]).status == 0)
            // The real binary, for a new random ID (in-process runs each count IDs from 1).
            #expect(runBinary(["measure", "--store", store, "waist=33", "body_fat=18.5", "neck=38cm", "--at", "2025-01-24T06:30:00+01:00"]).status == 0)
            // The real binary, for a new random ID (in-process runs each count IDs from 1).
            #expect(runBinary(["start", "--store", store]).status == 0)
            let generated = validate([store])
            #expect(generated.status == 0, "\(generated.lines.filter { !$0.hasPrefix("ok") })")
            #expect(generated.lines.count == 35 + 1 + 2 + 2)
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("check and the schemas agree on broken files", arguments: [
        ("\"reps\": 5", "\"reps\": -5"), ("\"reps\": 5", "\"reps\": \"5\""), ("\"rpe\": 8", "\"rpe\": 8.3"),
        ("\"rpe\": 8", "\"rpe\": 11"), ("\"status\": \"completed\",", "\"status\": \"done\","),
        ("\"unit\": \"kg\"", "\"unit\": \"stone\""), ("\"session_rpe\": 4", "\"session_rpe\": 6"),
        ("\"kind\": \"lifting\"", "\"kind\": \"yoga\""), ("\"id\": \"00000000", "\"id\": \"0000000G"),
        ("\"started_at\": \"2025-01-24T06:00:00+01:00\"", "\"started_at\": \"2025-01-24 06:00\""),
        ("\"set_type\": \"normal\"", "\"set_type\": \"giant\""), ("\"weight\": 140", "\"weight\": -140"),
        ("\"order\": 1", "\"order\": -1"), ("\"status\": \"completed\"\n}", "\"status\": \"active\"\n}"),
        ("\"set_number\": 1", "\"set_number\": 0"), ("\"exercise_name\": \"Deadlift\"", "\"exercise_name\": 7"),
        ("\"reps\": 5", "\"reps\": 5, \"bodyweight\": \"yes\""), ("\"reps\": 5", "\"reps\": 5, \"distance_m\": -400"),
        ("\"reps\": 5", "\"reps\": 5, \"duration_seconds\": 90000"), ("\"weight\": 140", "\"weight\": -140, \"bodyweight\": false"),
        // The limits of the one rule set (WorkoutSet.maximumReps, maximumWeight, a request ID's 1–128 characters).
        ("\"reps\": 5", "\"reps\": \(WorkoutSet.maximumReps + 1)"), ("\"weight\": 140", "\"weight\": \(Int(WorkoutSet.maximumWeight) + 1)"),
        ("\"reps\": 5", "\"reps\": 5, \"request_id\": \"\""), ("\"reps\": 5", "\"reps\": 5, \"request_id\": \"\(String(repeating: "r", count: 129))\""),
    ])
    func agreement(original: String, broken: String) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store, "--no-seed"]).status == 0)
            #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            #expect(run(["log", "--store", store, "Deadlift", "140x5@8", "--create"]).status == 0)
            #expect(run(["finish", "--store", store, "--feel", "4"]).status == 0)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") })
            let text = try #require(readText(store + "/" + path))
            #expect(text.contains(original), "fixture lacks \(original)")
            #expect(validate(["\(store)::\(path)"]).status == 0)
            #expect(run(["check", "--store", store]).status == 0)
            writeText(text.replacingOccurrences(of: original, with: broken), to: store + "/" + path)
            let schema = validate(["\(store)::\(path)"])
            #expect(schema.status == 1, "the schema accepts \(broken)")
            let check = run(["check", "--store", store])
            #expect(check.status == 7, "check accepts \(broken)")
        }
    }

    @Test("check and the schema agree on broken body entries", arguments: [
        ("\"value\": 82.4", "\"value\": -82.4"), ("\"unit\": \"kg\"", "\"unit\": \"stone\""),
        ("\"body_weight\"", "\"Body Weight\""), ("\"value\": 18.5", "\"value\": 118.5"),
        ("\"measured_at\": \"2025-01-24T06:00:00+01:00\"", "\"measured_at\": \"yesterday\""),
        ("\"value\": 82.4", "\"value\": \"82.4\""),
    ])
    func bodyAgreement(original: String, broken: String) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store, "--no-seed"]).status == 0)
            #expect(run(["measure", "--store", store, "body_weight=82.4", "body_fat=18.5", "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("body/") })
            #expect(path.hasPrefix("body/2025/2025-01-24-0600-"))
            let text = try #require(readText(store + "/" + path))
            #expect(text.contains(original), "fixture lacks \(original)")
            #expect(validate(["\(store)::\(path)"]).status == 0)
            #expect(run(["check", "--store", store]).status == 0)
            writeText(text.replacingOccurrences(of: original, with: broken), to: store + "/" + path)
            #expect(validate(["\(store)::\(path)"]).status == 1, "the schema accepts \(broken)")
            let check = run(["check", "--store", store, "--json"])
            #expect(check.status == 7, "check accepts \(broken)")
            #expect(check.json?["data"]?["problems"]?.arrayValue?.first?["path"] == .string(path))
        }
    }
}
