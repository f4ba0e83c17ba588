import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
@testable import LiftLogServer
import LiftLogTestSupport

/// SPEC §4's one rule set: every writer (the CLI, the HTTP API, the importers) applies the
/// rules `check` applies when it reads, so nothing liftlog writes is refused by `check`, and
/// every surface shows the same derived numbers.
@Suite("One rule set for every writer and for check")
struct OneRuleTests {
    /// The session file of an answer, parsed.
    private func onDisk(_ store: String, _ reply: ServerProcess.Reply) -> JSONValue? {
        guard let path = reply.json?["data"]?["path"]?.stringValue, let text = readText(store + "/" + path) else { return nil }
        return try? JSONParser.parse(Array(text.utf8))
    }

    @Test("a value the rules refuse is refused by the API's two set writers with one message, nothing is written, and check refuses it in a file", arguments: [
        ("reps", "-5", "Reps cannot be negative, found -5."),
        ("weight", "-100", "Weight cannot be negative, found -100."),
        ("reps", "100000", "Reps must be at most 1000, found 100000."),
        ("rpe", "15", "RPE must be between 1 and 10 in steps of 0.5, found 15."),
        ("weight", "1e9", "Weight must be at most 5000, found 1000000000."),
        ("duration_seconds", "-30", "duration_seconds cannot be negative, found -30."),
        ("distance_m", "-400", "distance_m cannot be negative, found -400."),
        ("rir", "-2", "RIR must be 0–10, found -2."),
    ] as [(String, String, String)])
    func badSetValues(key: String, value: String, message: String) throws {
        try ServerProcess.withServer { server, store in
            let id = "7a000000-0000-4000-8000-0000000000aa"
            #expect(server.request("POST", "/api/workouts", body: "{\"id\": \"\(id)\"}").status == 201)
            let first = server.request("POST", "/api/workouts/\(id)/sets", body: #"{"exercise": "Back Squat", "weight": 100, "reps": 5}"#)
            #expect(first.status == 201, "\(first.body)")
            let setID = try #require(first.json?["data"]?["logged_set_ids"]?.arrayValue?.first?.stringValue)
            let before = snapshot(store)

            // The field form of POST /workouts/:id/sets.
            var fields = ["\"exercise\": \"Back Squat\"", "\"\(key)\": \(value)"]
            for (name, good) in [("weight", "100"), ("reps", "5")] where name != key { fields.append("\"\(name)\": \(good)") }
            let logged = server.request("POST", "/api/workouts/\(id)/sets", body: "{" + fields.joined(separator: ", ") + "}")
            #expect(logged.status == 400 && logged.json?["error"]?["code"] == "VALIDATION_ERROR", "\(logged.body)")
            #expect(logged.json?["error"]?["message"]?.stringValue == message, "\(logged.body)")
            // PUT /workout-sets/:id, the same rule and words.
            let changed = server.request("PUT", "/api/workout-sets/\(setID)", body: "{\"\(key)\": \(value)}")
            #expect(changed.status == 400 && changed.json?["error"]?["message"]?.stringValue == message, "\(changed.body)")
            #expect(snapshot(store) == before, "a refused set changed the store")
            // The live workout is not stuck: the next command reads it.
            #expect(runBinary(["status", "--store", store]).status == 0)

            // The same value written by hand: check refuses it with the rule's words.
            let path = try #require(first.json?["data"]?["path"]?.stringValue)
            let text = try #require(readText(store + "/" + path))
            let edited = ["weight", "reps"].contains(key)
                ? text.replacingOccurrences(of: "\"\(key)\": \(key == "weight" ? "100" : "5")", with: "\"\(key)\": \(value)")
                : text.replacingOccurrences(of: "\"set_number\": 1,", with: "\"set_number\": 1,\n          \"\(key)\": \(value),")
            #expect(edited != text)
            writeText(edited, to: store + "/" + path)
            let checked = runBinary(["check", "--store", store, "--json"])
            #expect(checked.status == 7, "\(checked.output)")
            // The rule as check words it inside a file: the same text, in lower case where it starts a sentence.
            let rule = String(message.dropLast())
            let inFile = message.hasPrefix("RPE") || message.hasPrefix("RIR") ? rule : rule.prefix(1).lowercased() + rule.dropFirst()
            #expect(checked.output.contains("sets[0].\(key): \(inFile)"), "\(checked.output)")
        }
    }

    @Test("the seed client's PUT /workout-sets/:id/log saves its actual reps and weight; a body with a key it does not take changes nothing")
    func seedClientLog() throws {
        try ServerProcess.withServer { server, store in
            #expect(server.request("POST", "/api/plans", body: #"{"name": "Strength", "days": ["A"], "active": true}"#).status == 201)
            #expect(server.request("POST", "/api/plans/Strength/days/A/exercises", body: #"{"exercise": "Bench Press", "scheme": "3x12"}"#).status == 201)
            let id = "7a000000-0000-4000-8000-0000000000ab"
            let started = server.request("POST", "/api/workouts", body: "{\"id\": \"\(id)\", \"plan_day\": \"A\"}")
            let setID = try #require(started.json?["data"]?["entries"]?.arrayValue?.first?["sets"]?.arrayValue?.first?["set_id"]?.stringValue)
            let before = snapshot(store)
            let unknown = server.request("PUT", "/api/workout-sets/\(setID)/log", body: #"{"actual_reps": 7, "actual_wieght": 140}"#)
            #expect(unknown.status == 400 && unknown.json?["error"]?["code"] == "VALIDATION_ERROR", "\(unknown.body)")
            #expect(unknown.json?["error"]?["message"]?.stringValue?.hasPrefix("Unknown field \"actual_wieght\". Did you mean \"actual_weight\"? This request takes \"weight\", \"actual_weight\",") == true,
                    "\(unknown.body)")
            #expect(snapshot(store) == before)
            let both = server.request("PUT", "/api/workout-sets/\(setID)/log", body: #"{"reps": 8, "actual_reps": 7}"#)
            #expect(both.status == 400 && both.json?["error"]?["message"] == "reps and actual_reps say the same; give one of them.", "\(both.body)")

            let logged = server.request("PUT", "/api/workout-sets/\(setID)/log", body: #"{"actual_reps": 7, "actual_weight": 140}"#)
            #expect(logged.status == 200 && logged.json?["data"]?["actual_reps"] == 7 && logged.json?["data"]?["actual_weight"] == 140
                    && logged.json?["data"]?["target_reps"] == 12 && logged.json?["data"]?["status"] == "completed", "\(logged.body)")
            let set = try #require(onDisk(store, server.request("GET", "/api/workouts/\(id)"))?["entries"]?.arrayValue?.first?["sets"]?.arrayValue?.first)
            #expect(set["reps"] == 7 && set["weight"] == 140 && set["unit"] == "kg" && set["status"] == "completed" && set["target_reps"] == 12, "\(set)")
            let unknownLog = server.request("POST", "/api/workouts/\(id)/sets", body: #"{"exercise": "Bench Press", "wieght": 100, "reps": 5}"#)
            #expect(unknownLog.status == 400 && unknownLog.json?["error"]?["message"]?.stringValue?.hasPrefix("Unknown field \"wieght\". Did you mean \"weight\"?") == true,
                    "\(unknownLog.body)")
        }
    }

    @Test("a completed session takes sets over the API only when the request says it means it, as the CLI's --session does")
    func completedSession() throws {
        try ServerProcess.withServer { server, store in
            let id = "7a000000-0000-4000-8000-0000000000ac"
            #expect(server.request("POST", "/api/workouts", body: "{\"id\": \"\(id)\"}").status == 201)
            #expect(server.request("POST", "/api/workouts/\(id)/sets", body: #"{"exercise": "Back Squat", "sets": ["100x5"]}"#).status == 201)
            #expect(server.request("PUT", "/api/workouts/\(id)/complete", body: "{}").status == 200)
            let before = snapshot(store)
            let refused = server.request("POST", "/api/workouts/\(id)/sets", body: #"{"exercise": "Back Squat", "sets": ["100x5"]}"#)
            #expect(refused.status == 403 && refused.json?["error"]?["code"] == "FORBIDDEN", "\(refused.body)")
            #expect(refused.json?["error"]?["message"] == "Session 7a000000 is completed; sets are logged into it only when you say you mean to change its history. Send \"into_completed_session\": true to add them to its history.",
                    "\(refused.body)")
            #expect(refused.json?["error"]?["details"]?["remedy"] == "log_into_completed_session", "\(refused.body)")
            #expect(snapshot(store) == before)
            let fixed = server.request("POST", "/api/workouts/\(id)/sets", body: #"{"exercise": "Back Squat", "sets": ["90x5"], "into_completed_session": true}"#)
            #expect(fixed.status == 201, "\(fixed.body)")
            #expect(onDisk(store, fixed)?["entries"]?.arrayValue?.first?["sets"]?.arrayValue?.count == 2)
            // The CLI: --session is that explicit choice.
            let cli = runBinary(["log", "Back Squat", "80x5", "--session", "7a00", "--store", store])
            #expect(cli.status == 0, "\(cli.error)")
            #expect(runBinary(["check", "--store", store]).status == 0)
        }
    }

    @Test("an import applies the rules check applies: a row of 4,500 reps or 6,000 kg is refused at its line, or left out and listed; check passes after")
    func importLimits() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let header = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
            writeText(header + """
                2021-04-01 18:00:00,A,30m,Squat (Barbell),1,100,5,0,0,,,
                2021-04-01 18:00:00,A,30m,Squat (Barbell),2,100,4500,0,0,,,
                2021-04-02 18:00:00,B,30m,Deadlift (Barbell),1,6000,1,0,0,,,
                2021-04-03 18:00:00,C,30m,Deadlift (Barbell),1,140,5,0,0,,,

                """, to: root + "/strong.csv")
            let before = snapshot(store)
            let refused = run(["import", "strong", root + "/strong.csv", "--unit", "kg", "--store", store, "--json"])
            #expect(refused.status == 4 && refused.errorCode == "VALIDATION_ERROR")
            #expect(refused.errorMessage == "\(root)/strong.csv:3: reps must be at most 1000, found 4500 (and 1 more bad row). Nothing was imported. --skip-bad-rows imports the others.",
                    "\(refused.output)")
            #expect(snapshot(store) == before)
            let skipped = run(["import", "strong", root + "/strong.csv", "--unit", "kg", "--skip-bad-rows", "--store", store, "--json"])
            #expect(skipped.status == 0, "\(skipped.output)")
            let rows = skipped.json?["data"]?["skipped_rows"]?.arrayValue ?? []
            #expect(rows.map { $0["line"] } == [3, 4], "\(skipped.output)")
            #expect(rows.last?["reason"] == "weight must be at most 5000, found 6000", "\(skipped.output)")
            #expect(run(["check", "--store", store]).status == 0)
            #expect(run(["export", "ndjson", "--store", store]).status == 0)
            // Imported again: nothing new, nothing rewritten.
            let after = snapshot(store)
            let again = run(["import", "strong", root + "/strong.csv", "--unit", "kg", "--skip-bad-rows", "--store", store, "--json"])
            #expect(again.json?["data"]?["sessions_created"] == 0, "\(again.output)")
            #expect(snapshot(store) == after)
        }
    }

    /// A store in `unit` with a weigh-in of 80 on 2025-01-20 and a session started that evening.
    private func weighedAndStarted(_ root: String, unit: WeightUnit) -> String {
        let store = root + "/s"
        #expect(run(["init", store, "--units", unit.rawValue]).status == 0)
        #expect(run(["weigh", "80", "--at", "2025-01-20 07:00", "--store", store]).status == 0)
        #expect(run(["start", "--at", "2025-01-20 18:00", "--store", store]).status == 0)
        return store
    }

    @Test("history and show give one volume for a session with a bodyweight set written as reps alone", arguments: [WeightUnit.kg, .lbs])
    func oneVolume(unit: WeightUnit) throws {
        try withTemporaryDirectory { root throws in
            let store = weighedAndStarted(root, unit: unit)
            #expect(run(["log", "Back Squat", "100x5", "--store", store]).status == 0)
            #expect(run(["log", "Pull-up", "bwx10", "--store", store]).status == 0)
            #expect(run(["finish", "--at", "2025-01-20 19:00", "--store", store]).status == 0)
            // The pull-ups as a person (or another app) writes them: reps, no weight, no flag.
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") })
            let text = try #require(readText(store + "/" + path))
            #expect(text.contains("\"bodyweight\": true,\n"))
            writeText(text.replacingOccurrences(of: "\"bodyweight\": true,\n", with: ""), to: store + "/" + path)
            #expect(run(["check", "--store", store]).status == 0)
            // 100 × 5 + 80 × 10, in the store's unit; computed here, not read from liftlog.
            let expected = 100.0 * 5 + 80 * 10
            let history = run(["history", "--json", "--store", store]).json?["data"]?["sessions"]?.arrayValue?.first?["total_volume"]?.numberValue
            let id = try #require(run(["history", "--json", "--store", store]).json?["data"]?["sessions"]?.arrayValue?.first?["id"]?.stringValue)
            let show = run(["show", id, "--json", "--store", store]).json?["data"]?["total_volume"]?.numberValue
            #expect(history == expected && show == expected, "history \(String(describing: history)), show \(String(describing: show))")
            #expect(run(["reindex", "--store", store]).status == 0)
            #expect(run(["history", "--json", "--store", store]).json?["data"]?["sessions"]?.arrayValue?.first?["total_volume"]?.numberValue == expected)
        }
    }

    @Test("show gives each exercise's best e1RM of the session, the figure progress gives for it, in the store's unit", arguments: [WeightUnit.kg, .lbs])
    func bestEstimates(unit: WeightUnit) throws {
        try withTemporaryDirectory { root throws in
            let store = weighedAndStarted(root, unit: unit)
            // A warm-up, then 100 × 5 and 110 × 3: Epley, w × (1 + r/30), the best of the work sets.
            #expect(run(["log", "Back Squat", "w:60x10", "100x5", "110x3", "--store", store]).status == 0)
            // 20 added to 80 of body weight, for 6.
            #expect(run(["log", "Pull-up", "bw+20x6", "--store", store]).status == 0)
            // 13 reps: beyond the formulas, no estimate.
            #expect(run(["log", "Bench Press", "60x13", "--store", store]).status == 0)
            #expect(run(["finish", "--at", "2025-01-20 19:00", "--store", store]).status == 0)
            func epley(_ weight: Double, _ reps: Double) -> Double { (weight * (1 + reps / 30) * 100).rounded() / 100 }
            let expected: [Double?] = [max(epley(100, 5), epley(110, 3)), epley(80 + 20, 6), nil]
            let id = try #require(run(["history", "--json", "--store", store]).json?["data"]?["sessions"]?.arrayValue?.first?["id"]?.stringValue)
            let entries = run(["show", id, "--json", "--store", store]).json?["data"]?["entries"]?.arrayValue ?? []
            #expect(entries.map { $0["best_e1rm"]?.numberValue } == expected)
            let text = run(["show", id, "--store", store]).output
            #expect(text.contains("1. Back Squat · best e1RM \(Formatting.number(expected[0]!)) \(unit.rawValue)\n"), "\(text)")
            #expect(text.contains("2. Pull-up · best e1RM \(Formatting.number(expected[1]!)) \(unit.rawValue)\n"), "\(text)")
            #expect(text.contains("3. Bench Press\n"), "\(text)")
            let progress = run(["progress", "Back Squat", "--json", "--store", store]).json?["data"]?["entries"]?.arrayValue?.first?["e1rm"]?.numberValue
            #expect(progress == expected[0])
        }
    }

    @Test("the API's session gives each exercise's best e1RM, as show does")
    func bestEstimateOverHTTP() throws {
        try ServerProcess.withServer { server, _ in
            let id = "7a000000-0000-4000-8000-0000000000ab"
            #expect(server.request("POST", "/api/workouts", body: "{\"id\": \"\(id)\"}").status == 201)
            for (weight, reps) in [(100, 5), (110, 3)] {
                let logged = server.request("POST", "/api/workouts/\(id)/sets", body: "{\"exercise\": \"Back Squat\", \"weight\": \(weight), \"reps\": \(reps)}")
                #expect(logged.status == 201, "\(logged.body)")
            }
            let session = server.request("GET", "/api/workouts/\(id)")
            // 110 × (1 + 3/30), computed here.
            #expect(session.json?["data"]?["entries"]?.arrayValue?.first?["best_e1rm"]?.numberValue == 121, "\(session.body)")
        }
    }

    @Test("a key typo that loses a value is an error of check at its place, with the key it stands for; a second spelling beside the key is a warning shown with the errors")
    func keyTypo() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store]).status == 0)
            #expect(run(["log", "Back Squat", "120x5", "--store", store]).status == 0)
            #expect(run(["finish", "--store", store]).status == 0)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") })
            let text = try #require(readText(store + "/" + path))
            writeText(text.replacingOccurrences(of: "\"weight\": 120", with: "\"wieght\": 120"), to: store + "/" + path)
            let checked = run(["check", "--store", store, "--json"])
            #expect(checked.status == 7, "\(checked.output)")
            let problems = checked.json?["error"]?["details"]?["problems"]?.arrayValue ?? checked.json?["data"]?["problems"]?.arrayValue ?? []
            let problem = try #require(problems.first, "\(checked.output)")
            #expect(problem["message"] == "entries[0].sets[0].wieght: unknown key \"wieght\" is not read; did you mean \"weight\"?", "\(problem)")
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"weight\": 120") }.map { $0 + 1 }
            #expect(problem["line"]?.numberValue.map(Int.init) == line)
            // Nothing reads the set without its weight.
            #expect(run(["show", "--store", store, String(path.split(separator: "-").last!.prefix(8))]).status == 7)
            // Both spellings: the weight is read; the other is a warning, shown beside an error elsewhere in the file.
            writeText(text.replacingOccurrences(of: "\"weight\": 120", with: "\"weight\": 120,\n          \"wieght\": 125")
                        .replacingOccurrences(of: "\"reps\": 5", with: "\"reps\": -5"), to: store + "/" + path)
            let both = run(["check", "--store", store, "--json"])
            #expect(both.status == 7)
            let human = run(["check", "--store", store])
            #expect(human.output.contains("reps cannot be negative, found -5") && human.output.contains("unknown key \"wieght\" is kept but not read; \"weight\" is the one read"),
                    "\(human.output)")
        }
    }

    @Test("the JSON Schemas liftlog writes are canonical, and fmt --check looks at them")
    func canonicalSchemas() throws {
        for (name, text) in StoreSchemas.files {
            let parsed = try JSONParser.parse(Array(text.utf8))
            #expect(JSONWriter.canonicalBytes(parsed) == Array(text.utf8), "\(name) is not in canonical form")
        }
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store, "--schemas"]).status == 0)
            #expect(run(["fmt", "--check", "--store", store]).status == 0)
            let path = store + "/schemas/session.schema.json"
            let text = try #require(readText(path))
            writeText(text.replacingOccurrences(of: "\n  \"type\": \"object\"", with: "\n  \"type\":  \"object\""), to: path)
            let checked = run(["fmt", "--check", "--store", store])
            #expect(checked.status != 0 && (checked.output + checked.error).contains("schemas/session.schema.json"), "\(checked.output)\(checked.error)")
            #expect(run(["fmt", "--store", store]).status == 0)
            #expect(readText(path) == text)
        }
    }
    @Test("a date range that ends before it starts is refused in words of the range, by the CLI and the API alike")
    func backwardRange() throws {
        try ServerProcess.withServer { server, store in
            let before = snapshot(store)
            let cli = runBinary(["history", "--from", "2025-02-01", "--to", "2025-01-01", "--store", store, "--json"])
            #expect(cli.status == 4 && cli.errorCode == "VALIDATION_ERROR")
            #expect(cli.errorMessage == "The first day 2025-02-01 is after the last day 2025-01-01.", "\(cli.output)")
            let api = server.request("GET", "/api/workouts?from=2025-02-01&to=2025-01-01")
            #expect(api.status == 400 && api.json?["error"]?["message"] == "The first day 2025-02-01 is after the last day 2025-01-01.", "\(api.body)")
            #expect(snapshot(store) == before)
        }
    }
}
