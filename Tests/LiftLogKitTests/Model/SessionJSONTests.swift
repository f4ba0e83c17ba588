import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Session files")
struct SessionJSONTests {
    @Test("a minimal document decodes to the documented defaults")
    func minimalDocument() throws {
        let text = """
        {"id": "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f", "status": "active", "started_at": "2025-01-24T07:30:00+01:00",
         "entries": [{"exercise_name": "Squat", "sets": [{"weight": 100, "reps": 5}]}]}
        """
        let session = try DocumentDecoder.decode(Array(text.utf8), path: "s.json", as: Session.self)
        #expect(session.kind == .lifting)
        #expect(session.painTags.isEmpty)
        let set = try #require(session.entries.first?.sets.first)
        #expect(set.setType == .normal)
        #expect(set.status == .completed)
        #expect(set.setNumber == 1)
        #expect(set.unit == nil)
    }

    @Test("writes the same bytes for the same data, with no nulls")
    func deterministic() {
        let session = Session.fixture()
        let first = JSONWriter.canonicalBytes(session.json)
        let second = JSONWriter.canonicalBytes(session.json)
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(!text.contains("null"))
        #expect(text.hasSuffix("}\n"))
        #expect(!text.contains("\r"))
    }

    @Test("keeps every unknown key of an object with more keys than a set has bits for (64), known ones read wherever they are", arguments: [0, 3, 63, 64, 65, 70, 130])
    func manyUnknownKeys(extra: Int) throws {
        var members: [(String, JSONValue)] = (0..<extra).map { ("x_" + CivilCalendar.pad($0, 3), JSONValue.number(JSONNumber($0))) }
        // Known keys among the unknown ones, including past the 64th member.
        members.insert(("reps", 5), at: min(members.count, 2))
        members.insert(("weight", 100), at: min(members.count, 66))
        members.append(("unit", "kg"))
        let problems = ProblemList()
        let set = try #require(WorkoutSet.decode(.object(JSONObject(uniqueMembers: members.map { JSONObject.Member(key: $0.0, value: $0.1) })), at: .root, problems: problems))
        #expect(problems.isEmpty)
        #expect(set.reps == 5)
        #expect(set.weight == 100)
        #expect(set.unit == .kg)
        #expect(set.unknownFields.count == extra)
        #expect(set.unknownFields["x_000"] == (extra > 0 ? .number(JSONNumber(0)) : nil))
        if extra > 0 { #expect(set.unknownFields["x_" + CivilCalendar.pad(extra - 1, 3)] == .number(JSONNumber(extra - 1))) }
    }

    @Test("a set read in one pass is the set read key by key, and anything else is read key by key: 3,000 generated sets")
    func onePassSets() throws {
        // Each key with values of its type, of another type, out of range, and null.
        let choices: [(String, [JSONValue])] = [
            ("id", ["a1", 5, .null]), ("set_number", [1, 3, 2.5, "2"]), ("set_type", ["normal", "warmup", "drop", "Warmup", 1]),
            ("weight", [100, 102.5, -20, 1e13, "100", .null]), ("unit", ["kg", "lbs", "KG", true]), ("reps", [5, 0, 5.5, "5"]),
            ("bodyweight", [true, false, "yes"]), ("rpe", [8, 8.5, 11, "8"]), ("rir", [2, 1.5]), ("rest_seconds", [90, -1, "90"]),
            ("distance_m", [400, 1.5, .null]), ("duration_seconds", [30, 2.5]), ("target_reps", [5, "5"]), ("target_weight", [100, .bool(false)]),
            ("status", ["completed", "skipped", "planned", "done"]), ("completed_at", ["2025-01-24T07:31:00+01:00", "2025-01-24", 3]),
            ("notes", ["felt good", 4]), ("tempo", ["3-1-1"]), ("wieght", [100]), ("Reps", [5]),
        ]
        var generator = SplitMix(seed: 17)
        var plain = 0
        for _ in 0..<3_000 {
            var members: [JSONObject.Member] = []
            for (key, values) in choices where generator.next() % 3 == 0 || (key == "reps" && generator.next() % 2 == 0) {
                // Mostly valid values (the first two), so that many sets take the one-pass way.
                let pick = generator.next() % 4 == 0 ? Int(generator.next() % UInt64(values.count)) : Int(generator.next() % UInt64(min(2, values.count)))
                if key == "tempo" || key == "wieght" || key == "Reps" { if generator.next() % 4 != 0 { continue } }
                members.append(JSONObject.Member(key: key, value: values[pick]))
            }
            let value = JSONValue.object(JSONObject(uniqueMembers: members))
            let onePass = ProblemList(), byKey = ProblemList()
            let read = WorkoutSet.decode(value, at: .root, problems: onePass)
            let expected = WorkoutSet.decodeWithReader(value, at: .root, problems: byKey)
            #expect(read == expected, "\(value)")
            #expect(onePass.problems == byKey.problems, "\(value)")
            #expect(onePass.warnings == byKey.warnings, "\(value)")
            if case .object(let object) = value, WorkoutSet.decodePlain(object) != nil { plain += 1 }
        }
        // Both ways were taken often.
        #expect(plain > 300)
        #expect(plain < 2_500)
    }

    @Test("keeps unknown keys at the top level, in entries and in sets through a rewrite")
    func unknownKeysSurvive() throws {
        var json = Session.fixture().json
        guard case .object(var top) = json, case .array(var entries)? = top["entries"], case .object(var entry) = entries[0],
              case .array(var sets)? = entry["sets"], case .object(var set) = sets[0] else {
            Issue.record("unexpected shape")
            return
        }
        set["tempo"] = "3-1-1"
        sets[0] = .object(set)
        entry["sets"] = .array(sets)
        entry["coach_cue"] = ["text": "brace"]
        entries[0] = .object(entry)
        top["entries"] = .array(entries)
        top["x_heart_rate"] = [120, 135]
        json = .object(top)

        var session = try Session(json: json)
        session.notes = "edited"
        session.entries[0].sets[0].reps = 6
        let rewritten = try JSONParser.parse(JSONWriter.canonicalBytes(session.json))
        #expect(rewritten["x_heart_rate"] == [120, 135])
        guard case .array(let newEntries)? = rewritten["entries"], case .array(let newSets)? = newEntries[0]["sets"] else {
            Issue.record("unexpected shape")
            return
        }
        #expect(newEntries[0]["coach_cue"] == ["text": "brace"])
        #expect(newSets[0]["tempo"] == "3-1-1")
        #expect(newSets[0]["reps"] == 6)
        #expect(rewritten["notes"] == "edited")
    }

    @Test("reports every broken rule at the line and column of its value")
    func locatedProblems() throws {
        let text = """
        {
          "id": "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f",
          "status": "completed",
          "started_at": "2025-01-24T07:30:00+01:00",
          "completed_at": "2025-01-24T08:30:00+01:00",
          "session_rpe": 9,
          "entries": [
            {
              "exercise_name": "Squat",
              "sets": [
                {"set_number": 1, "weight": 100, "reps": -3},
                {"set_number": 2, "weight": "heavy", "reps": 5, "rpe": 11}
              ]
            }
          ]
        }
        """
        let expected: [(Int, Int, String, String)] = [
            (12, 37, "entries[0].sets[1].weight: expected a number, found a string", "Write a number without quotes, such as 102.5."),
            (6, 18, "session_rpe: session_rpe must be 1–5, found 9", "Rate how the session felt from 1 (awful) to 5 (great)."),
            (11, 50, "entries[0].sets[0].reps: reps cannot be negative, found -3", "Use 0 or more."),
            (12, 64, "entries[0].sets[1].rpe: RPE must be between 1 and 10 in steps of 0.5, found 11", "Use a value such as 7, 8.5 or 10."),
        ]
        #expect(throws: LiftLogError.corruptFile(expected.map { FileProblem(path: "s.json", line: $0.0, column: $0.1, message: $0.2, hint: $0.3) })) {
            try DocumentDecoder.decode(Array(text.utf8), path: "s.json", as: Session.self)
        }
    }

    @Test("rejects a completed session without an end and an active one with an end")
    func lifecycleRules() throws {
        var session = Session.fixture()
        session.completedAt = nil
        #expect(throws: DocumentError.self) { try Session(json: session.json) }
        session.status = .active
        session.completedAt = session.startedAt.adding(seconds: 60)
        #expect(throws: DocumentError.self) { try Session(json: session.json) }
    }

    @Test("refuses a store of a newer format version")
    func newerFormat() {
        let text = #"{"format": "liftlog", "format_version": 2}"#
        #expect(throws: LiftLogError.corruptFile([FileProblem(path: "liftlog.json", line: 1, column: 41, message: "format_version: this store has format version 2; this liftlog reads up to version 1", hint: "Upgrade liftlog to open it.")])) {
            try DocumentDecoder.decode(Array(text.utf8), path: "liftlog.json", as: StoreManifest.self)
        }
    }

    @Test("computes duration, volume and counts, leaving out warm-ups and pending sets")
    func metrics() {
        var session = Session.fixture(sets: 3)
        session.entries[0].sets[0].setType = .warmup
        session.entries[0].sets[2].status = .pending
        session.entries.append(Session.Entry(exerciseID: nil, exerciseName: "Curl", order: 2, sets: [WorkoutSet(setNumber: 1, weight: 50, unit: .lbs, reps: 10)]))
        let metrics = session.metrics(in: .kg)
        #expect(metrics.durationSeconds == 3600)
        #expect(metrics.setCount == 3)
        #expect(metrics.exerciseCount == 2)
        #expect(metrics.totalVolume == 500 + 226.8)
    }
}

/// A small seeded generator (SplitMix64), so that generated cases are the same every run.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
