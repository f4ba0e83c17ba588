#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
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
                Refusal(["set", "Back Squat", "1", "--rir", "11"], 4, "VALIDATION_ERROR", "Reps in reserve must be 0–10, got 11."),
                Refusal(["set", "Back Squat", "1", "--type", "superset"], 4, "VALIDATION_ERROR", "--type must be one of normal, warmup, drop, failure, got 'superset'."),
                Refusal(["log", "Back Squat", "100x5", "--rest", "-5"], 4, "VALIDATION_ERROR", "Rest must be 0–86400 seconds, got -5."),
                Refusal(["set", "Back Squat", "1"], 2, "USAGE_ERROR", "Say what to change: --weight, --reps, --rpe, --rir, --type, --note, --done, --skip or --undo."),
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
            #expect(run(["log", "Back Squat", "100x5", "--store", store]).output == "Back Squat  set 5: 100 kg × 5\n")
            #expect(run(["log", "Back Squat", "w:20x10", "--store", store]).output == "Back Squat  set 1: 20 kg × 10 · warm-up\n")
            // With no set, the next one as planned: the next warm-up.
            #expect(run(["log", "Back Squat", "--store", store]).output == "Back Squat  set 2: 50 kg × 5 · warm-up\n")
            #expect(run(["finish", "--store", store, "--json"]).json?["data"]?["total_volume"] == 500)
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
            let running = Process.start(["rest", "30", "--store", store, "--json"], environment: [:])
            usleep(400_000)
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
