#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import LiftLogCatalog
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Set types and reps in reserve")
struct SetKindsTests {
    @Test("warm-up, drop and failure sets and RIR log through the binary, show, and warm-ups never count")
    func mixedSets() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            #expect(runBinary(["start", "--store", store]).status == 0)
            let logged = runBinary(["log", "Back Squat", "w:140x5", "w:60x5", "100x5@rir2", "f:100x6", "d:80x8", "--store", store])
            #expect(logged.status == 0, "\(logged.error)")
            #expect(logged.output == "Back Squat  set 1: 140 kg × 5 · warm-up · set 2: 60 kg × 5 · warm-up · set 3: 100 kg × 5 (2 RIR) · set 4: 100 kg × 6 · to failure · set 5: 80 kg × 8 · drop\n")
            let session = try #require(runBinary(["status", "--store", store, "--json"]).json?["data"])
            let sets = try #require(session["entries"]?.arrayValue?.first?["sets"]?.arrayValue)
            #expect(sets.map { $0["set_type"] } == ["warmup", "warmup", "normal", "failure", "drop"])
            #expect(sets[2]["rir"] == 2)
            // Volume leaves the warm-ups out: 500 + 600 + 640.
            #expect(session["total_volume"] == 1740)
            #expect(runBinary(["finish", "--store", store]).status == 0)
            // The heaviest set is the warm-up's 140 kg only if warm-ups counted: they do not.
            let pr = try #require(runBinary(["pr", "Back Squat", "--store", store, "--json"]).json?["data"])
            #expect(pr["personal_record"]?["weight"] == 100)
            #expect(pr["personal_record"]?["reps"] == 6)
            // The file keeps what was typed.
            let ndjson = runBinary(["export", "ndjson", "--store", store])
            #expect(ndjson.output.contains("\"set_type\":\"failure\""))
            #expect(ndjson.output.contains("\"rir\":2"))
            #expect(runBinary(["check", "--store", store]).status == 0)
        }
    }
}

@Suite("Notes, rest and every field of a set")
struct SetFieldsTests {
    private func at(_ time: String) -> Timestamp { Timestamp("2025-01-24T\(time):00+01:00")! }

    @Test("log records a note and the rest since the previous set (or as given); set changes type, RIR and note")
    func notesAndRest() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store], now: at("07:00")).status == 0)
            #expect(run(["log", "Back Squat", "100x5", "--note", "belt on", "--store", store], now: at("07:05")).status == 0)
            #expect(run(["log", "Back Squat", "100x5", "100x5", "--store", store], now: at("07:08")).status == 0)
            #expect(run(["log", "Deadlift", "140x3", "--rest", "240", "--store", store], now: at("07:20")).status == 0)
            var sets = try #require(run(["status", "--store", store, "--json"], now: at("07:21")).json?["data"]?["entries"]?.arrayValue)
            let squat = try #require(sets[0]["sets"]?.arrayValue)
            #expect(squat.map { $0["rest_seconds"] } == [nil, 180, nil])
            #expect(squat[0]["notes"] == "belt on")
            #expect(sets[1]["sets"]?.arrayValue?.first?["rest_seconds"] == 240)
            let changed = run(["set", "Back Squat", "3", "--type", "failure", "--rir", "0", "--note", "grinder", "--store", store, "--json"], now: at("07:22"))
            #expect(changed.status == 0, "\(changed.output)")
            sets = try #require(changed.json?["data"]?["entries"]?.arrayValue)
            let third = try #require(sets[0]["sets"]?.arrayValue?[2])
            #expect(third["set_type"] == "failure")
            #expect(third["rir"] == 0)
            #expect(third["notes"] == "grinder")
            #expect(run(["set", "Back Squat", "1", "--note", "", "--store", store, "--json"], now: at("07:23")).json?["data"]?["entries"]?.arrayValue?[0]["sets"]?.arrayValue?[0]["notes"] == nil)
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("bad values for the new fields are refused with their message, changing nothing")
    func refusals() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store]).status == 0)
            #expect(run(["log", "Back Squat", "100x5", "--store", store]).status == 0)
            let before = snapshot(store)
            expectRefused([
                Refusal(["set", "Back Squat", "1", "--rir", "11"], 4, "VALIDATION_ERROR", "RIR must be 0–10, found 11."),
                // The rules and words of every writer (the API's, check's).
                Refusal(["set", "Back Squat", "1", "--rpe", "7.3"], 4, "VALIDATION_ERROR", "RPE must be between 1 and 10 in steps of 0.5, found 7.3."),
                Refusal(["set", "Back Squat", "1", "--reps", "-1"], 4, "VALIDATION_ERROR", "Reps cannot be negative, found -1."),
                Refusal(["set", "Back Squat", "1", "--reps", "5000"], 4, "VALIDATION_ERROR", "Reps must be at most 1000, found 5000."),
                Refusal(["set", "Back Squat", "1", "--type", "superset"], 4, "VALIDATION_ERROR", "--type must be one of normal, warmup, drop, failure, got 'superset'."),
                Refusal(["log", "Back Squat", "100x5", "--rest", "-5"], 4, "VALIDATION_ERROR", "Rest must be 0–86400 seconds, got -5."),
                Refusal(["set", "Back Squat", "1"], 2, "USAGE_ERROR", "Say what to change: --weight, --reps, --seconds, --distance, --rpe, --rir, --type, --note, --remove, --done, --skip or --undo."),
            ], store: store)
            #expect(snapshot(store) == before)
        }
    }
}

@Suite("plates and warmup")
struct GymCommandTests {
    @Test("use the plates and bar of config, and say when a weight cannot be made")
    func commands() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["plates", "142.5", "--store", store]).output == "142.5 kg: the 20 kg bar and, on each side, 25 + 25 + 10 + 1.25\n")
            #expect(run(["config", "plates", "20,10,5", "--store", store]).status == 0)
            #expect(run(["config", "bar", "15", "--store", store]).status == 0)
            let made = run(["plates", "72", "--store", store, "--json"]).json?["data"]
            #expect(made?["exact"] == false)
            #expect(made?["loadings"]?.arrayValue?.map { $0["total"] } == [65, 75])
            #expect(run(["warmup", "100", "--sets", "3", "--store", store, "--json"]).json?["data"]?["sets"]?.arrayValue?.map { $0["weight"] } == [15, 45, 85])
            expectRefused([
                Refusal(["plates", "10"], 4, "VALIDATION_ERROR", "10 kg is lighter than the bar (15 kg)."),
                Refusal(["plates", "heavy"], 4, "VALIDATION_ERROR", "The weight must be a number, such as 142.5, got 'heavy'."),
                Refusal(["plates", "100", "--bar", "-5"], 4, "VALIDATION_ERROR", "The bar must weigh more than 0 and at most 100, got -5."),
                Refusal(["warmup", "100", "--bar", "0"], 4, "VALIDATION_ERROR", "The bar must weigh more than 0 and at most 100, got 0."),
                Refusal(["warmup", "100", "--sets", "0"], 4, "VALIDATION_ERROR", "Warm-up sets must be 1–8, got 0."),
            ], store: store)
        }
    }
}

@Suite("today --plates")
struct TodayPlatesTests {
    @Test("each target of the next plan day with its plates per side")
    func todayWithPlates() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            copyTree(repository + "/SampleData/store", to: store)
            let now = Timestamp("2025-11-16T09:00:00+01:00")!
            let data = try #require(run(["today", "--plates", "--store", store, "--json"], now: now).json?["data"])
            let exercises = try #require(data["exercises"]?.arrayValue)
            // Day B: Back Squat 150, Overhead Press 100, Deadlift 167.5 kg on a 20 kg bar.
            #expect(exercises.map { $0["target_weight"] } == [150, 100, 167.5])
            #expect(exercises.map { $0["plates_per_side"] } == [[25, 25, 15], [25, 15], [25, 25, 20, 2.5, 1.25]])
            let text = run(["today", "--plates", "--store", store], now: now).output
            #expect(text.contains("PLATES PER SIDE"))
            #expect(text.contains("167.5 kg  25 + 25 + 20 + 2.5 + 1.25"))
            // Without --plates, as before.
            #expect(!run(["today", "--store", store], now: now).output.contains("PLATES"))
        }
    }
}

@Suite("Warm-ups in planned sessions")
struct PlannedWarmupTests {
    @Test("with config warmups on, start --plan-day adds a loadable ramp; warm-ups and work sets fill in their own order")
    func ramp() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store, "--at", "2025-01-20T07:00:00+01:00"], uniqueIDs: true).status == 0)
            #expect(run(["log", "Back Squat", "100x5", "--store", store]).status == 0)
            #expect(run(["finish", "--store", store, "--at", "2025-01-20T08:00:00+01:00"]).status == 0)
            #expect(run(["plan", "create", "P", "--days", "A", "--activate", "--store", store], uniqueIDs: true).status == 0)
            #expect(run(["plan", "add-exercise", "P", "A", "Back Squat", "3x5", "--store", store]).status == 0)
            #expect(run(["config", "warmups", "on", "--store", store]).status == 0)
            let started = try #require(run(["start", "--plan-day", "A", "--store", store, "--json"], uniqueIDs: true).json?["data"])
            let sets = try #require(started["entries"]?.arrayValue?.first?["sets"]?.arrayValue)
            // 20 × 10, then 50%, 67.5% and 85% of 100 kg rounded down to what the plates make.
            #expect(sets.map { $0["set_type"] } == ["warmup", "warmup", "warmup", "warmup", "normal", "normal", "normal"])
            #expect(sets.map { $0["target_weight"] } == [20, 50, 67.5, 85, 100, 100, 100])
            #expect(sets.map { $0["target_reps"] } == [10, 5, 3, 2, 5, 5, 5])
            // A work set completes the first work set, a warm-up the first warm-up.
            #expect(run(["log", "Back Squat", "100x5", "--store", store]).output == "Back Squat  set 5: 100 kg × 5 (last 100 kg × 5)\n")
            #expect(run(["log", "Back Squat", "w:20x10", "--store", store]).output == "Back Squat  set 1: 20 kg × 10 · warm-up\n")
            // With no set, the next one as planned: the next warm-up.
            #expect(run(["log", "Back Squat", "--store", store]).output == "Back Squat  set 2: 50 kg × 5 · warm-up\n")
            // A set of no type at the next warm-up's load, lighter than the work, is that warm-up.
            #expect(run(["log", "Back Squat", "67.5x3", "--store", store]).output == "Back Squat  set 3: 67.5 kg × 3 · warm-up\n")
            // At another load it is work, even below the work's target.
            #expect(run(["log", "Back Squat", "80x5", "--store", store]).output == "Back Squat  set 6: 80 kg × 5\n")
            #expect(run(["finish", "--store", store, "--json"]).json?["data"]?["total_volume"] == 900)
        }
    }

    @Test("a climbing prescription (5/3/1) warms up to its first work set: no warm-up is as heavy as the work after it")
    func rampBelowFirstWorkSet() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["plan", "create", "Press", "--days", "A", "--activate", "--store", store], uniqueIDs: true).status == 0)
            #expect(run(["plan", "add-exercise", "Press", "A", "Overhead Press", "3x5+", "--progress", "pct(50kg, 531, +2.5kg)", "--store", store]).status == 0)
            #expect(run(["config", "warmups", "on", "--store", store]).status == 0)
            let started = try #require(run(["start", "--plan-day", "A", "--store", store, "--json"], uniqueIDs: true).json?["data"])
            let sets = try #require(started["entries"]?.arrayValue?.first?["sets"]?.arrayValue)
            func weight(_ set: JSONValue) -> Double? {
                guard case .number(let number)? = set["target_weight"] else { return nil }
                return number.doubleValue
            }
            let warmups = sets.filter { $0["set_type"] == "warmup" }.compactMap(weight)
            let work = sets.filter { $0["set_type"] != "warmup" }.compactMap(weight)
            // Week 1 of 5/3/1 from a 50 kg training max: 65%, 75%, 85+% (32.5, 37.5, 42.5 kg).
            #expect(work == [32.5, 37.5, 42.5], "\(sets)")
            #expect(!warmups.isEmpty && warmups.allSatisfy { $0 < work[0] } && warmups == warmups.sorted(), "warm-ups \(warmups) against work \(work)")
        }
    }
}

@Suite("rest")
struct RestCommandTests {
    @Test("counts down and rings; Ctrl-C ends it early and cleanly; bad lengths are refused")
    func countdown() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            let done = runBinary(["rest", "1", "--store", store])
            #expect(done.status == 0)
            #expect(done.output == "\u{7}Rest is over (1s).\n")
            let running = ChildProcess.start(["rest", "30", "--store", store, "--json"], environment: [:])
            #expect(waitUntilCatching(SIGINT, pid: running.pid))
            running.kill(SIGINT)
            let stopped = running.wait()
            #expect(stopped.status == 0, "\(stopped.error)")
            #expect(stopped.json?["data"]?["completed"] == false)
            #expect(stopped.json?["data"]?["seconds"] == 30)
            expectRefused([
                Refusal(["rest", "0"], 4, "VALIDATION_ERROR", "Rest must be 1–3600 seconds, got '0'."),
                Refusal(["rest", "soon"], 4, "VALIDATION_ERROR", "Rest must be 1–3600 seconds, got 'soon'."),
            ], store: store)
        }
    }
}

@Suite("Every kind of set")
struct EveryKindOfSetTests {
    @Test("each row of the notation table logs through the binary, is stored as SPEC §7 says and shows right")
    func everyRow() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            #expect(runBinary(["start", "--store", store]).status == 0)
            let rows: [(exercise: String, set: String, shown: String, stored: JSONValue)] = [
                ("Pull-up", "bw+20x5", "bodyweight + 20 kg × 5", ["bodyweight": true, "weight": 20, "unit": "kg", "reps": 5]),
                ("Pull-up", "bw-25x8", "bodyweight − 25 kg × 8", ["bodyweight": true, "weight": -25, "unit": "kg", "reps": 8]),
                ("Pull-up", "bwx12", "bodyweight × 12", ["bodyweight": true, "reps": 12]),
                ("Plank", "60s", "1:00", ["duration_seconds": 60]),
                ("Plank", "1:30", "1:30", ["duration_seconds": 90]),
                ("Plank", "2min", "2:00", ["duration_seconds": 120]),
                ("Plank", "20x45s", "20 kg × 0:45", ["weight": 20, "unit": "kg", "duration_seconds": 45]),
                ("Run", "5km/25:00", "25:00 · 5.00 km · 5:00/km", ["distance_m": 5000, "duration_seconds": 1500]),
                ("Run", "3mi", "4.83 km", ["distance_m": 4828.032]),
                ("Row", "2000m/7:45", "7:45 · 2.00 km · 3:53/km", ["distance_m": 2000, "duration_seconds": 465]),
                ("Sled Push", "100x20m", "20 m · 100 kg", ["weight": 100, "unit": "kg", "distance_m": 20]),
            ]
            for row in rows {
                let logged = runBinary(["log", row.exercise, row.set, "--create", "--store", store])
                #expect(logged.status == 0, "\(row.set): \(logged.error)")
                #expect(logged.output.hasSuffix(": \(row.shown)\n"), "\(row.set): \(logged.output)")
            }
            let intervals = runBinary(["log", "Track", "400mx6", "--create", "--rest", "90", "--store", store])
            #expect(intervals.output.split(separator: "·").count == 6 && intervals.output.hasSuffix("set 6: 400 m\n"), "\(intervals.output)")
            let holds = runBinary(["log", "Plank", "60sx3", "--store", store])
            #expect(holds.output == "Plank  set 5: 1:00 · set 6: 1:00 · set 7: 1:00\n")
            #expect(runBinary(["finish", "--store", store]).status == 0)
            let id = try #require(runBinary(["history", "--store", store, "--json"]).json?["data"]?["sessions"]?.arrayValue?.first?["id"]?.stringValue)
            let session = try #require(runBinary(["show", id, "--store", store, "--json"]).json?["data"])
            let entries = try #require(session["entries"]?.arrayValue)
            for row in rows {
                let entry = try #require(entries.first { $0["exercise_name"] == .string(row.exercise) })
                let match = entry["sets"]?.arrayValue?.contains { set in
                    guard case .object(let expected) = row.stored else { return false }
                    return expected.allSatisfy { set[$0.key] == $0.value } && (row.stored["reps"] != nil || set["reps"] == nil)
                }
                #expect(match == true, "\(row.set) not stored as \(row.stored)")
            }
            let track = try #require(entries.first { $0["exercise_name"] == "Track" }?["sets"]?.arrayValue)
            #expect(track.count == 6 && track.allSatisfy { $0["distance_m"] == 400 && $0["rest_seconds"] == 90 || $0["set_number"] == 1 })
            // show prints every kind right: no volume for what has none, the distance run.
            let text = runBinary(["show", id, "--store", store]).output
            for row in rows { #expect(text.contains(row.shown), "show lacks \(row.shown)") }
            #expect(text.contains("· 14.25 km"), "\(text)")
            #expect(!text.contains("volume"), "\(text)")
            // export ndjson carries the fields as stored.
            let ndjson = runBinary(["export", "ndjson", "--store", store]).output
            #expect(ndjson.contains("\"bodyweight\":true") && ndjson.contains("\"distance_m\":4828.032") && ndjson.contains("\"weight\":-25"))
            #expect(runBinary(["check", "--store", store]).status == 0)
        }
    }

    @Test("set changes a set's time, distance and bodyweight load; log and set fix a completed session by --session")
    func changeEveryField() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            #expect(runBinary(["start", "--store", store]).status == 0)
            #expect(runBinary(["log", "Run", "5km/25:00", "--create", "--store", store]).status == 0)
            #expect(runBinary(["finish", "--store", store]).status == 0)
            let id = try #require(runBinary(["history", "--store", store, "--json"]).json?["data"]?["sessions"]?.arrayValue?.first?["id"]?.stringValue)
            let short = String(id.prefix(8))
            // Without --session there is nothing to change.
            let refused = runBinary(["set", "Run", "1", "--seconds", "24:30", "--store", store, "--json"])
            #expect(refused.errorCode == "NOT_FOUND" && refused.errorMessage == "No active session. Start one with 'liftlog start'.")
            let changed = runBinary(["set", "Run", "1", "--seconds", "24:30", "--distance", "5.2km", "--session", short, "--store", store])
            #expect(changed.status == 0, "\(changed.error)")
            #expect(changed.output.contains("24:30 · 5.20 km · 4:43/km"), "\(changed.output)")
            let added = runBinary(["log", "Pull-Up", "bw+10x5", "--create", "--session", short, "--store", store, "--json"])
            #expect(added.status == 0, "\(added.error)")
            #expect(added.json?["data"]?["status"] == "completed")
            let set = runBinary(["set", "Pull-Up", "1", "--weight", "bw-15", "--session", short, "--store", store, "--json"])
            let stored = set.json?["data"]?["entries"]?.arrayValue?.last?["sets"]?.arrayValue?.first
            #expect(stored?["bodyweight"] == true && stored?["weight"] == -15 && stored?["completed_at"] == nil)
            let plain = runBinary(["set", "Pull-Up", "1", "--weight", "30", "--session", short, "--store", store, "--json"])
            #expect(plain.json?["data"]?["entries"]?.arrayValue?.last?["sets"]?.arrayValue?.first?["bodyweight"] == nil)
            #expect(runBinary(["check", "--store", store]).status == 0)
        }
    }
}

@Suite("weigh, measure, body, and records of every kind")
struct BodyCommandTests {
    @Test("weigh and measure through the binary; body shows the series, its average, measurements and DOTS/Wilks; mistakes change nothing")
    func bodyCommands() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            let env = newStore(root)
            #expect(runBinary(["weigh", "82.4", "--at", "yesterday 07:00"], environment: env).output.hasPrefix("Weighed 82.4 kg on "))
            // Now, not a fixed time of day: before 07:00 a time of today is in the future.
            let second = runBinary(["weigh", "181lbs"], environment: env)
            #expect(second.output.hasPrefix("Weighed 181 lbs on ") && second.output.hasSuffix(" 7-day average 181.33 lbs.\n"), "\(second.output)")
            let measured = runBinary(["measure", "waist=84", "body-fat=18.5", "arm=14.5in"], environment: env)
            #expect(measured.output.hasPrefix("Recorded arm 14.5 in, body_fat 18.5%, waist 84 cm on "), "\(measured.output)")
            // Mistakes: the message, nothing written.
            let before = snapshot(store)
            let refusals: [([String], String)] = [
                (["weigh", "heavy"], "The body weight must be a number with an optional unit (cm, mm, in, kg, lbs, %, bpm), such as 82.4 or 84cm, got 'heavy'."),
                (["weigh", "82", "--unit", "stone"], "--unit must be one of kg, lbs, got 'stone'."),
                (["weigh", "82kg", "--unit", "lbs"], "The weight says kg and --unit says lbs; give one."),
                (["weigh", "84cm"], "A body weight is in kg or lbs, got 'cm'."),
                (["measure", "waist"], "Write measurements as NAME=VALUE, such as waist=84, got 'waist'."),
                (["measure", "waist=84furlongs"], "Unknown unit 'furlongs' in '84furlongs'; use one of cm, mm, in, kg, lbs, %, bpm."),
                (["measure", "waist=84", "waist=85"], "waist is given twice."),
                (["measure", "body_weight=84cm"], "Cannot record it: body_weight must be in kg or lbs, found \"cm\". Use kg or lbs."),
                (["body", "--weeks", "0"], "Weeks must be 1–520, got 0."),
            ]
            for (arguments, message) in refusals {
                let outcome = runBinary(arguments + ["--json"], environment: env)
                #expect(outcome.status == 4 || outcome.status == 2, "\(arguments)")
                #expect(outcome.errorMessage == message, "\(arguments): \(outcome.errorMessage ?? "")")
            }
            #expect(snapshot(store) == before)
            // Relative strength needs the sex and the three lifts.
            #expect(runBinary(["config", "sex", "male"], environment: env).status == 0)
            #expect(runBinary(["start"], environment: env).status == 0)
            #expect(runBinary(["log", "Back Squat", "w:60x5", "140x3"], environment: env).status == 0)
            #expect(runBinary(["log", "Bench Press", "100x3"], environment: env).status == 0)
            #expect(runBinary(["log", "Deadlift", "180x1"], environment: env).status == 0)
            #expect(runBinary(["finish"], environment: env).status == 0)
            let body = runBinary(["body", "--svg", root + "/body.svg"], environment: env)
            #expect(body.status == 0, "\(body.error)")
            #expect(body.output.contains("7-DAY AVERAGE") && body.output.contains("waist        84 cm"), "\(body.output)")
            // 420 kg at 82.1 kg (181 lbs): DOTS and Wilks 2020 as defined.
            let json = try #require(runBinary(["body", "--json"], environment: env).json?["data"])
            let strength = try #require(json["strength"])
            #expect(strength["total_kg"] == 420 && strength["body_weight_kg"] == 82.1)
            let dots = RelativeStrength.dots(total: 420, bodyWeight: 181 * 0.45359237, sex: .male)
            #expect(strength["dots"] == .number(JSONNumber((dots * 100).rounded() / 100)))
            #expect(body.output.contains("Relative strength: DOTS \(Formatting.number(dots))"), "\(body.output)")
            #expect(json["weigh_ins"]?.arrayValue?.map { $0["average_7_days"] } == [82.4, 82.25])
            #expect(readText(root + "/body.svg")?.hasPrefix("<svg") == true)
            #expect(runBinary(["check"], environment: env).status == 0)
            #expect(runBinary(["fmt", "--check"], environment: env).status == 0)
        }
    }

    @Test("a run written in miles counts for the standard distance its rounding covers (3.1 mi a 5 km, 6.2 mi a 10 km); one short of it by more does not",
          arguments: [(5000.0, 4988.97, true), (5000, 4950, true), (5000, 4949, false), (10_000, 9977.9, true), (10_000, 9919.6, true), (10_000, 9919.5, false),
                      (2000, 1980, true), (2000, 1979, false), (1000, 990, true), (1000, 989, false), (1609.344, 1593.26, true), (1609.344, 1593.24, false)])
    func standardDistanceCovered(standard: Double, meters: Double, covered: Bool) {
        #expect(ExerciseReport.covers(meters, standard: standard) == covered, "\(meters) m for \(standard) m")
    }

    @Test("pr: a 3.1 mi run is the fastest 5 km; a 4.9 km one is not")
    func milesForStandardDistances() throws {
        try withTemporaryDirectory { root throws in
            let env = startedStore(root)
            #expect(runBinary(["log", "Run", "5km/25:00", "--create"], environment: env).status == 0)
            #expect(runBinary(["finish", "--at", "2025-01-20 08:00"], environment: env).status == 0)
            #expect(runBinary(["cardio", "Run", "3.1mi/24:00", "--at", "2025-01-22 07:00"], environment: env).status == 0)
            #expect(runBinary(["cardio", "Run", "4.9km/20:00", "--at", "2025-01-24 07:00"], environment: env).status == 0)
            let run = runBinary(["pr", "Run"], environment: env).output
            // 24:00 over 4,988.97 m: 4:49/km; 20:00 over 4.9 km is faster but no 5 km.
            #expect(run.contains("\nFastest 5 km: 4:49/km over 4.99 km on 2025-01-22\n"), "\(run)")
            // In miles, as the lifter set it: the same numbers, per mile (24:00 over 3.1 mi: 464.5 s, 7:45/mi).
            #expect(runBinary(["config", "distance", "mi"], environment: env).status == 0)
            let miles = runBinary(["pr", "Run"], environment: env).output
            #expect(miles.contains("\nFastest 5 km: 7:45/mi over 3.10 mi on 2025-01-22\n"), "\(miles)")
            #expect(runBinary(["history"], environment: env).output.contains("  3.10 mi  "))
            let logged = runBinary(["cardio", "Run", "2mi/16:00", "--at", "2025-01-26 07:00"], environment: env).output
            #expect(logged.hasPrefix("Recorded Run 16:00 · 2.00 mi · 8:00/mi on 2025-01-26 07:00"), "\(logged)")
            let refused = runBinary(["config", "distance", "yards", "--json"], environment: env)
            #expect(refused.status == 4 && refused.errorMessage == "'yards' is not a value of distance: the unit distances and paces are shown in: km or mi (default km).")
            #expect(runBinary(["config", "distance"], environment: env).output == "distance = mi\n")
            #expect(runBinary(["check"], environment: env).status == 0)
        }
    }

    @Test("which names are rowing machines and ski ergs (paced per 500 m)",
          arguments: [("Rowing Machine", true), ("Rowing (Machine)", true), ("Rowing, Stationary", true), ("Concept2 Rower", true), ("Indoor Row", true),
                      ("SkiErg", true), ("Ski Erg", true), ("RowErg", true), ("Barbell Row", false), ("Seated Cable Row", false), ("Bike Erg", false),
                      ("BikeErg", false), ("Run", false), ("Cycling", false)])
    func ergNames(name: String, erg: Bool) {
        #expect(DistanceScale.isErg(named: name) == erg, "\(name)")
        #expect(DistanceScale(exerciseNamed: name, preference: .mi) == (erg ? .erg : .unit(.mi)))
    }

    @Test("a rowing machine and a ski erg show metres and the time per 500 m, in km and in miles; their records are a rower's distances")
    func ergPaces() throws {
        try withTemporaryDirectory { root throws in
            let env = newStore(root)
            // 2,000 m in 8:00: 480 s × 500 / 2,000 = 120 s; 5,000 m in 21:40: 1,300 s × 500 / 5,000 = 130 s.
            let logged = runBinary(["cardio", "Rowing Machine", "2000m/8:00", "--at", "2025-01-20 07:00"], environment: env)
            #expect(logged.output.hasPrefix("Recorded Rowing Machine 8:00 · 2,000 m · 2:00/500m on 2025-01-20 07:00"), "\(logged.output) \(logged.error)")
            #expect(runBinary(["cardio", "Rowing Machine", "5km/21:40", "--at", "2025-01-22 07:00"], environment: env).status == 0)
            #expect(runBinary(["cardio", "Ski Erg", "500m/1:52", "--at", "2025-01-23 07:00"], environment: env).output.contains(" 1:52 · 500 m · 1:52/500m "))
            let expected = """
                Rowing Machine
                Longest: 5,000 m in 21:40 on 2025-01-22
                Fastest 500 m: 2:00/500m over 2,000 m on 2025-01-20
                Fastest 1,000 m: 2:00/500m over 2,000 m on 2025-01-20
                Fastest 2,000 m: 2:00/500m over 2,000 m on 2025-01-20
                Fastest 5,000 m: 2:10/500m over 5,000 m on 2025-01-22

                """
            #expect(runBinary(["pr", "Rowing Machine"], environment: env).output == expected)
            let progress = runBinary(["progress", "Rowing Machine"], environment: env).output
            #expect(progress.contains("values in s/500m") && progress.contains("2025-01-22  1     5,000 m   2:10/500m"), "\(progress)")
            // A lifter in miles still rows in metres; a run beside it is in miles.
            #expect(runBinary(["config", "distance", "mi"], environment: env).status == 0)
            #expect(runBinary(["pr", "Rowing Machine"], environment: env).output == expected)
            #expect(runBinary(["cardio", "Run", "2mi/16:00", "--at", "2025-01-26 07:00"], environment: env).output.contains(" 16:00 · 2.00 mi · 8:00/mi "))
            let all = runBinary(["pr"], environment: env).output
            #expect(all.contains("Rowing Machine  5,000 m at 2:10/500m  2025-01-22") && all.contains("Ski Erg         500 m at 1:52/500m    2025-01-23"), "\(all)")
            #expect(runBinary(["progress", "Rowing Machine", "--svg", root + "/row.svg"], environment: env).status == 0)
            #expect(readText(root + "/row.svg")?.contains("s/500m") == true)
            #expect(runBinary(["check"], environment: env).status == 0)
        }
    }

    @Test("pr and progress for bodyweight, timed and distance sets; --metric reps, duration, distance, pace")
    func recordsOfEveryKind() throws {
        try withTemporaryDirectory { root throws in
            let env = startedStore(root)
            #expect(runBinary(["log", "Pull-up", "bw+20x5", "bwx12"], environment: env).status == 0)
            #expect(runBinary(["log", "Plank", "60s", "1:30", "20x45s"], environment: env).status == 0)
            #expect(runBinary(["log", "Run", "5km/25:00", "--create"], environment: env).status == 0)
            #expect(runBinary(["finish", "--at", "2025-01-20 08:00"], environment: env).status == 0)
            #expect(runBinary(["start", "--at", "2025-01-22 07:00"], environment: env).status == 0)
            #expect(runBinary(["log", "Run", "1mi/7:00", "10km/52:30"], environment: env).status == 0)
            #expect(runBinary(["finish", "--at", "2025-01-22 08:00"], environment: env).status == 0)
            let pull = runBinary(["pr", "Pull-up"], environment: env).output
            #expect(pull == "Pull-up\nMost reps without added weight: 12 on 2025-01-20\nMost weight added: bodyweight + 20 kg × 5 on 2025-01-20\n", "\(pull)")
            let plank = runBinary(["pr", "Plank"], environment: env).output
            #expect(plank == "Plank\nLongest hold: 1:30 on 2025-01-20\nHeaviest hold: 20 kg for 0:45 on 2025-01-20\n", "\(plank)")
            let run = runBinary(["pr", "Run"], environment: env).output
            #expect(run == """
                Run
                Longest: 10.00 km in 52:30 on 2025-01-22
                Fastest 1 km: 4:21/km over 1.61 km on 2025-01-22
                Fastest 1 mi: 4:21/km over 1.61 km on 2025-01-22
                Fastest 2,000 m: 5:00/km over 5.00 km on 2025-01-20
                Fastest 5 km: 5:00/km over 5.00 km on 2025-01-20
                Fastest 10 km: 5:15/km over 10.00 km on 2025-01-22

                """, "\(run)")
            let json = try #require(runBinary(["pr", "Run", "--json"], environment: env).json?["data"])
            #expect(json["longest_distance"]?["meters"] == 10000 && json["paces"]?.arrayValue?.count == 5)
            #expect(json["paces"]?.arrayValue?.last?["seconds_per_km"] == 315)
            // progress picks the metric the sets record; --metric chooses another.
            let progress = runBinary(["progress", "Run"], environment: env).output
            #expect(progress.hasPrefix("Run — best pace") && progress.contains("DISTANCE") && progress.contains("11.61 km") && progress.contains("4:21/km"), "\(progress)")
            #expect(runBinary(["progress", "Run", "--metric", "distance"], environment: env).output.hasPrefix("Run — distance"))
            #expect(runBinary(["progress", "Plank"], environment: env).output.hasPrefix("Plank — longest hold"))
            #expect(runBinary(["progress", "Pull-up", "--metric", "reps"], environment: env).output.hasPrefix("Pull-up — most reps in a set"))
            let entries = runBinary(["progress", "Run", "--json"], environment: env).json?["data"]?["entries"]?.arrayValue
            #expect(entries?.map { $0["distance_m"] } == [11609.34, 5000] && entries?.map { $0["seconds_per_km"] } == [261, 300])
            let bad = runBinary(["progress", "Run", "--metric", "speed", "--json"], environment: env)
            #expect(bad.errorMessage == "--metric must be e1rm, weight, volume, reps, duration, distance or pace, got 'speed'.")
            // pr of everything lists each kind by its best.
            let all = runBinary(["pr"], environment: env).output
            #expect(all.contains("Plank     1:30 hold") && all.contains("Run       10 km at 5:15/km") && all.contains("Pull-up   bodyweight + 20 kg × 5"), "\(all)")
        }
    }
}

@Suite("Cardio, supersets and intervals")
struct CardioAndSupersetTests {
    @Test("start --kind cardio hints at cardio; log creates the exercise as cardio; cardio records a session in one line")
    func cardio() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            let env = newStore(root)
            let started = runBinary(["start", "--kind", "cardio", "--at", "2025-01-20 07:00"], environment: env)
            #expect(started.output.contains("Log what you do with 'liftlog log Run 5km/25:00'") && !started.output.contains("100x5"), "\(started.output)")
            let logged = runBinary(["log", "Run", "5km/25:00"], environment: env)
            #expect(logged.output == "Added Run to the library.\nRun  set 1: 25:00 · 5.00 km · 5:00/km\n", "\(logged.output)")
            #expect(runBinary(["exercise", "show", "Run", "--json"], environment: env).json?["data"]?["modality"] == "cardio")
            #expect(runBinary(["finish", "--at", "2025-01-20 07:30"], environment: env).status == 0)
            let recorded = runBinary(["cardio", "Rowing", "2000m/7:45", "--at", "2025-01-21 18:00", "--notes", "erg"], environment: env)
            // An erg: metres, and 465 s × 500 / 2,000 = 116.25 s per 500 m.
            #expect(recorded.output.hasPrefix("Recorded Rowing 7:45 · 2,000 m · 1:56/500m on 2025-01-21 18:00 ("), "\(recorded.output)")
            let session = try #require(runBinary(["history", "--json", "--per-page", "1"], environment: env).json?["data"]?["sessions"]?.arrayValue?.first)
            #expect(session["kind"] == "cardio" && session["duration_seconds"] == 465 && session["total_distance_m"] == 2000)
            let history = runBinary(["history"], environment: env).output
            #expect(history.contains("2.00 km") && history.contains("5.00 km"), "\(history)")
            #expect(runBinary(["stats", "--json"], environment: env).json?["data"]?["cardio"]?["total_sessions"] == 2)
            // Mistakes change nothing.
            let before = snapshot(store)
            #expect(runBinary(["cardio", "Rowing", "--json"], environment: env).errorMessage == "Missing expected argument '<set>'.")
            #expect(runBinary(["cardio", "Rowing", "2000m/7:4", "--json"], environment: env).errorCode == "VALIDATION_ERROR")
            #expect(runBinary(["cardio", "Rowing", "5km", "--at", "2099-01-01 07:00", "--json"], environment: env).errorMessage == "Start time 2099-01-01 07:00 is in the future.")
            #expect(snapshot(store) == before)
        }
    }

    @Test("superset logs several exercises in one command, shows one block of rounds, counts each exercise's sets")
    func superset() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            let env = startedStore(root)
            let logged = runBinary(["superset", "Bench Press", "80x8x3", "Barbell Row", "70x8", "70x8", "72.5x8"], environment: env)
            #expect(logged.output == """
                Superset A:
                  Bench Press  set 1: 80 kg × 8 · set 2: 80 kg × 8 · set 3: 80 kg × 8
                  Barbell Row  set 1: 70 kg × 8 · set 2: 70 kg × 8 · set 3: 72.5 kg × 8

                """, "\(logged.output)")
            #expect(runBinary(["log", "Plank", "45s", "--superset", "B", "--method", "timed"], environment: env).status == 0)
            #expect(runBinary(["log", "Push-up", "bwx20", "--superset", "B"], environment: env).status == 0)
            #expect(runBinary(["superset", "Dip", "bwx10", "Chin-up", "bwx8"], environment: env).output.hasPrefix("Superset C:"))
            let status = runBinary(["status"], environment: env).output
            #expect(status.contains("""
                1, 2. Superset A: Bench Press + Barbell Row
                   Round 1  Bench Press 80 kg × 8 · Barbell Row 70 kg × 8
                   Round 2  Bench Press 80 kg × 8 · Barbell Row 70 kg × 8
                   Round 3  Bench Press 80 kg × 8 · Barbell Row 72.5 kg × 8
                """), "\(status)")
            #expect(status.contains("3, 4. Superset B (timed): Plank + Push-up\n   Round 1  Plank 0:45 · Push-up bodyweight × 20"), "\(status)")
            let session = try #require(runBinary(["status", "--json"], environment: env).json?["data"])
            let entries = try #require(session["entries"]?.arrayValue)
            #expect(entries.map { $0["superset"] } == ["A", "A", "B", "B", "C", "C"])
            #expect(entries.map { $0["method"] } == ["standard", "standard", "timed", nil, "standard", "standard"])
            // Volume and records per exercise: 3 × 640 + 2 × 560 + 580.
            #expect(session["total_volume"] == 3620)
            #expect(runBinary(["finish"], environment: env).status == 0)
            #expect(runBinary(["pr", "Barbell Row", "--json"], environment: env).json?["data"]?["personal_record"]?["weight"] == 72.5)
            // Mistakes: the message, nothing written.
            #expect(runBinary(["start"], environment: env).status == 0)
            let before = snapshot(store)
            let refusals: [([String], String)] = [
                (["superset", "Bench Press", "80x8"], "A superset needs at least two exercises, each with its sets, such as 'Bench Press' 80x8x3 and 'Barbell Row' 70x8x3."),
                (["superset", "80x8", "Barbell Row", "70x8"], "Name the exercise before its sets: liftlog superset 'Bench Press' 80x8x3 'Barbell Row' 70x8x3."),
                (["superset", "Bench Press", "Barbell Row", "70x8"], "Give the sets of 'Bench Press', such as 80x8x3."),
                (["superset", "Bench Press", "80x8", "bench press", "80x8"], "'bench press' is given twice; give each exercise of a superset once, with all its sets."),
                (["superset", "Bench Press", "80x8x", "Barbell Row", "70x8"], "Invalid set '80x8x': the number of sets is missing after 'x'. Did you mean 80x8x3?"),
                (["log", "Bench Press", "80x8", "--method", "timed"], "--method goes with --superset LABEL (or use 'liftlog superset')."),
                (["log", "Bench Press", "80x8", "--superset", " "], "A superset label must be 1–20 characters, such as A, got ' '."),
            ]
            for (arguments, message) in refusals {
                let outcome = runBinary(arguments + ["--json"], environment: env)
                #expect(outcome.errorMessage == message, "\(arguments): \(outcome.errorMessage ?? "")")
            }
            #expect(snapshot(store) == before)
        }
    }

    @Test("a mixed week's volume counts bodyweight sets at the nearest weigh-in in show, history and trends")
    func bodyweightVolumeEverywhere() throws {
        try withTemporaryDirectory { root throws in
            let env = startedStore(root)
            #expect(runBinary(["log", "Pull-up", "w:bwx5", "bw+20x5x3", "bwx12"], environment: env).status == 0)
            #expect(runBinary(["log", "Back Squat", "w:60x5", "100x5"], environment: env).status == 0)
            #expect(runBinary(["finish", "--at", "2025-01-20 08:00"], environment: env).status == 0)
            let id = try #require(runBinary(["history", "--json"], environment: env).json?["data"]?["sessions"]?.arrayValue?.first?["id"]?.stringValue)
            // Without a weigh-in: only the squat's 500 kg.
            #expect(runBinary(["show", id, "--json"], environment: env).json?["data"]?["total_volume"] == 500)
            #expect(runBinary(["weigh", "80", "--at", "2025-01-22 07:00"], environment: env).status == 0)
            // 3 × 5 × 100 + 12 × 80 + 500, the warm-ups left out.
            #expect(runBinary(["show", id, "--json"], environment: env).json?["data"]?["total_volume"] == 2960)
            #expect(runBinary(["show", id], environment: env).output.contains("volume 2,960 kg"))
            #expect(runBinary(["history", "--json"], environment: env).json?["data"]?["sessions"]?.arrayValue?.first?["total_volume"] == 2960)
            let weeks = runBinary(["trends", "--to", "2025-01-24", "--json"], environment: env).json?["data"]?["weeks"]?.arrayValue
            #expect(weeks?.last?["volume"] == 2960, "\(String(describing: weeks?.last))")
        }
    }
}

@Suite("Hard sets per muscle group")
struct MuscleSetsTests {
    @Test("log --create takes an exercise's muscle groups from the exercise catalogue when it has that name; else it says how to add them; a refused log adds nothing")
    func createdFromCatalogue() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            let env = newStore(root)
            let before = snapshot(store)
            let refused = runBinary(["log", "--create", "barbell hip thrust", "100x10", "--json"], environment: env)
            #expect(refused.errorMessage == "No active session. Start one with 'liftlog start'." && snapshot(store) == before)
            #expect(runBinary(["start", "--at", "2025-01-20 07:00"], environment: env).status == 0)
            let logged = runBinary(["log", "--create", "barbell hip thrust", "100x10"], environment: env)
            // The catalogue's own entry, read here from its JSON.
            let catalogue = try JSONParser.parse(ExerciseCatalog.json)
            let entry = try #require(catalogue["exercises"]?.arrayValue?.first { $0["name"] == "Barbell Hip Thrust" })
            let secondary = entry["secondaryMuscles"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let primary = (entry["muscleGroups"]?.arrayValue?.compactMap(\.stringValue) ?? []).filter { !secondary.contains($0) }
            #expect(logged.output.hasPrefix("Added Barbell Hip Thrust to the library, with the muscle groups of the exercise catalogue: \((primary + secondary).joined(separator: ", ")).\n"), "\(logged.output)")
            let file = try JSONParser.parse(Array(try #require(readText(store + "/exercises/barbell-hip-thrust.json")).utf8))
            #expect(file["muscle_groups"]?.arrayValue?.compactMap(\.stringValue) == primary + secondary)
            #expect(file["secondary_muscles"]?.arrayValue?.compactMap(\.stringValue) ?? [] == secondary)
            let unknown = runBinary(["log", "--create", "Hip Airplane", "bwx10"], environment: env)
            #expect(unknown.output.hasPrefix("Added Hip Airplane to the library, without muscle groups (none in the exercise catalogue): give them with 'liftlog exercise edit 'Hip Airplane' --muscles a,b'.\n"), "\(unknown.output)")
            #expect(runBinary(["finish", "--at", "2025-01-20 08:00"], environment: env).status == 0)
            let muscles = try #require(runBinary(["muscles", "--to", "2025-01-22", "--weeks", "1", "--json"], environment: env).json?["data"])
            #expect(muscles["not_counted"] == ["Hip Airplane"])
            #expect(muscles["weeks"]?.arrayValue?.last?["muscle_sets"]?[primary[0]] == 1)
        }
    }

    @Test("muscles says which exercises it could not count, without muscle groups; with them added they count")
    func notCounted() throws {
        try withTemporaryDirectory { root throws in
            let env = startedStore(root)
            #expect(runBinary(["log", "Back Squat", "100x5"], environment: env).status == 0)
            #expect(runBinary(["log", "--create", "Hip Airplane", "bwx10x2"], environment: env).status == 0)
            #expect(runBinary(["finish", "--at", "2025-01-20 08:00"], environment: env).status == 0)
            let arguments = ["muscles", "--to", "2025-01-22", "--weeks", "2"]
            #expect(runBinary(arguments + ["--json"], environment: env).json?["data"]?["not_counted"] == ["Hip Airplane"])
            let text = runBinary(arguments, environment: env).output
            #expect(text.hasSuffix("\n\nNot counted, without muscle groups: Hip Airplane. Add them with 'liftlog exercise edit NAME --muscles a,b --secondary c'.\n"), "\(text)")
            #expect(runBinary(["exercise", "edit", "Hip Airplane", "--muscles", "glutes"], environment: env).status == 0)
            let after = try #require(runBinary(arguments + ["--json"], environment: env).json?["data"])
            #expect(after["not_counted"] == [])
            // The squat's set: 0.5 for glutes (secondary); the airplanes' 2 sets: 2.
            #expect(after["weeks"]?.arrayValue?.last?["muscle_sets"]?["glutes"] == 2.5)
        }
    }

    @Test("each working set counts 1 per primary and 0.5 per secondary muscle, in muscles and trends; warm-ups never")
    func muscles() throws {
        try withTemporaryDirectory { root throws in
            let env = newStore(root)
            // Explicit secondary muscles win over the first-is-primary rule.
            #expect(runBinary(["exercise", "add", "Sled Push", "--muscles", "quadriceps,glutes,calves", "--secondary", "calves"], environment: env).status == 0)
            let shown = runBinary(["exercise", "show", "Sled Push"], environment: env).output
            #expect(shown.contains("quadriceps, glutes, calves (secondary)"), "\(shown)")
            #expect(runBinary(["start", "--at", "2025-01-20 07:00"], environment: env).status == 0)
            #expect(runBinary(["log", "Back Squat", "w:60x5", "w:80x3", "100x5x3"], environment: env).status == 0)
            #expect(runBinary(["superset", "Bench Press", "80x8x3", "Barbell Row", "70x8x3"], environment: env).status == 0)
            #expect(runBinary(["log", "Sled Push", "100x20x2"], environment: env).status == 0)
            #expect(runBinary(["set", "Back Squat", "5", "--skip"], environment: env).status == 0)
            #expect(runBinary(["finish", "--at", "2025-01-20 08:00"], environment: env).status == 0)
            let json = try #require(runBinary(["muscles", "--to", "2025-01-22", "--weeks", "2", "--json"], environment: env).json?["data"])
            let week = try #require(json["weeks"]?.arrayValue?.last?["muscle_sets"])
            // Squat: 2 sets (warm-ups out, one skipped): quadriceps 2, glutes 1, hamstrings 1.
            // Bench: chest 3, triceps 1.5, shoulders 1.5. Row: lats 3, rhomboids 1.5, biceps 1.5.
            // Sled Push: quadriceps 2, glutes 2, calves 1.
            let expected: [String: Double] = ["quadriceps": 4, "glutes": 3, "hamstrings": 1, "chest": 3, "triceps": 1.5, "shoulders": 1.5,
                                              "lats": 3, "rhomboids": 1.5, "biceps": 1.5, "calves": 1]
            #expect(week == .object(JSONObject(expected.mapValues { .number(JSONNumber($0)) })))
            #expect(json["average"]?["quadriceps"] == 2)
            let text = runBinary(["muscles", "--to", "2025-01-22", "--weeks", "2"], environment: env).output
            let firstRow = text.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
            #expect(firstRow.hasPrefix("quadriceps") && firstRow.contains("4") && firstRow.hasSuffix("2"), "\(text)")
            let trends = runBinary(["trends", "--to", "2025-01-22"], environment: env).output
            #expect(trends.contains("Hard sets per muscle this week: quadriceps 4, chest 3, glutes 3, lats 3,"), "\(trends)")
            #expect(runBinary(["muscles", "--weeks", "0", "--json"], environment: env).errorMessage == "Weeks must be 1–104, got 0.")
            #expect(runBinary(["check"], environment: env).status == 0)
        }
    }

    @Test("the full library carries free-exercise-db's secondary muscles")
    func fullLibrary() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store, "--no-seed"]).status == 0)
            #expect(runBinary(["seed", "--library", "full", "--store", store]).status == 0)
            let squat = try #require(runBinary(["exercise", "show", "Barbell Squat", "--store", store, "--json"]).json?["data"])
            #expect(squat["muscle_groups"]?.arrayValue?.first == "quadriceps")
            #expect(squat["secondary_muscles"]?.arrayValue?.contains("hamstrings") == true)
            #expect(squat["secondary_muscles"]?.arrayValue?.contains("quadriceps") == false)
        }
    }
}

/// The environment of a new store at `root/s` (`LIFTLOG_STORE`, `TZ=UTC`) with a session
/// started on 2025-01-20 at 07:00.
func startedStore(_ root: String) -> [String: String] {
    let env = newStore(root)
    #expect(runBinary(["start", "--at", "2025-01-20 07:00"], environment: env).status == 0)
    return env
}

/// The environment of a new store at `root/s` (`LIFTLOG_STORE`, `TZ=UTC`).
func newStore(_ root: String) -> [String: String] {
    #expect(runBinary(["init", root + "/s"]).status == 0)
    return ["LIFTLOG_STORE": root + "/s", "TZ": "UTC"]
}
