import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Sessions read straight from their bytes")
struct SessionDirectDecodingTests {
    /// The session the tree's decoder reads from `bytes`, or `nil` when it finds a problem.
    static func readAsTree(_ bytes: [UInt8]) -> Session? {
        guard let value = try? JSONParser.parse(bytes) else { return nil }
        return try? Session.decodeDocument(value)
    }

    static let text = "a \"quoted\" \\ back\nslash\té — ü 🏋️ \u{1F}"

    /// A document with every key of a session, an entry and a set, each value of its type.
    static var everyKey: JSONValue {
        [
            "id": "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f", "kind": "lifting", "status": "completed",
            "started_at": "2025-01-24T07:30:00+01:00", "completed_at": "2025-01-24T08:45:10+01:00", "plan": "5/3/1", "plan_day": .string(text),
            "week_number": 3, "session_rpe": 4, "pain_tags": ["knee", .string(text)], "notes": .string(text), "source": "strong",
            "source_digest": "abc123", "duration_seconds": 4510, "regions": [], "meditation_type": "breath",
            "entries": [
                ["exercise_id": "a846994e-da3a-5102-b5da-668dbe1737f9", "exercise_name": "Bench Press", "order": 1, "notes": .string(text),
                 "superset": "A", "method": "rest_pause",
                 "sets": [
                    ["id": "s1", "set_number": 1, "set_type": "warmup", "weight": 60, "unit": "kg", "reps": 8, "bodyweight": false, "rpe": 6.5,
                     "rir": 4, "rest_seconds": 90, "distance_m": 0, "duration_seconds": 20, "target_reps": 8, "target_weight": 60.5,
                     "amrap": true, "status": "completed", "completed_at": "2025-01-24T07:35:00+01:00", "notes": .string(text)],
                    ["set_number": 2, "weight": 102.5, "unit": "lbs", "reps": 5, "rpe": 9, "status": "skipped"],
                    ["set_number": 3, "weight": -20, "bodyweight": true, "reps": 6],
                    ["set_number": 4, "weight": 1.0e2, "reps": 5.0],
                 ]],
                ["exercise_name": "Row", "sets": []],
                ["exercise_name": "Run", "order": 3, "sets": [["distance_m": 5000.25, "duration_seconds": 1500]]],
            ],
        ]
    }

    @Test("reads a document with every key as the tree's decoder does, however it is spaced or ordered")
    func everyKeyRead() throws {
        let value = Self.everyKey
        let expected = try #require(Self.readAsTree(JSONWriter.canonicalBytes(value)))
        for bytes in [JSONWriter.canonicalBytes(value), JSONWriter.compactBytes(value), [0xEF, 0xBB, 0xBF] + JSONWriter.canonicalBytes(value),
                      JSONWriter.canonicalBytes(value).flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }, Array(" \t\n".utf8) + JSONWriter.compactBytes(value) + Array("\n\n".utf8)] {
            #expect(Session.decodeDirect(bytes) == expected, "\(String(decoding: bytes, as: UTF8.self))")
        }
        // Keys in another order, and escapes the writer does not use.
        let text = """
        {"status":"active","entries":[{"sets":[{"reps":5,"weight":1e2,"notes":"\\u00e9\\ud83c\\udfcb\\/\\b\\f\\r",
          "unit":"k\\u0067","set_type":"w\\u0061rmup","status":"c\\u006fmpleted"},
          {"reps":1E1,"rir":-0,"set_number":2.0,"duration_seconds":3600,"rest_seconds":12,"weight":-0.5e1,"bodyweight":true,
           "completed_at":"2025-01-24T07:31:00\\u002b01:00"}, {"completed_at":"2025-01-24T07:32:00.250Z","rpe":8.50}],"exercise_name":"Sq\\u0075at"}],
          "started_at" : "2025-01-24T07:30:00Z" , "id":"3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f" }
        """
        let direct = try #require(Session.decodeDirect(Array(text.utf8)))
        #expect(direct == Self.readAsTree(Array(text.utf8)))
        #expect(direct.entries[0].exerciseName == "Squat")
        #expect(direct.entries[0].sets[0].notes == "é\u{1F3CB}/\u{08}\u{0C}\r")
        #expect(direct.entries[0].sets[0].unit == .kg && direct.entries[0].sets[0].setType == .warmup && direct.entries[0].sets[0].status == .completed)
        let second = direct.entries[0].sets[1]
        #expect([second.reps, second.rir, second.setNumber, second.restSeconds, second.durationSeconds] == [10, 0, 2, 12, 3600])
        #expect(second.weight == -5 && second.completedAt == Timestamp("2025-01-24T07:31:00+01:00"))
        #expect(direct.entries[0].sets[2].rpe == 8.5 && direct.entries[0].sets[2].completedAt == Timestamp("2025-01-24T07:32:00.250Z"))
        // The decoder of store files takes this way and gives the same session.
        #expect(try DocumentDecoder.decode(JSONWriter.canonicalBytes(value), path: "s.json", as: Session.self) == expected)
        // A key this version does not know, anywhere, is kept where it sorts when written.
        var unknown = expected
        unknown.entries[0].sets[1].unknownFields = ["tempo": "3-1-1", "a_first": true]
        let written = String(decoding: unknown.canonicalBytes, as: UTF8.self)
        #expect(written.contains("\"tempo\": \"3-1-1\"") && written.contains("\"a_first\": true"))
    }

    @Test("gives up on what only the tree's decoder reads right: unknown keys, null, duplicates, escaped keys, a broken rule")
    func givesUp() throws {
        let base = String(decoding: JSONWriter.compactBytes(Self.everyKey), as: UTF8.self)
        let cases: [(String, String)] = [
            ("\"plan\":", "\"x_heart_rate\":[120],\"plan\":"), ("\"superset\":", "\"coach_cue\":{\"a\":1},\"superset\":"),
            ("\"rir\":", "\"tempo\":\"3-1-1\",\"rir\":"), ("\"plan\":\"5/3/1\"", "\"plan\":null"), ("\"rir\":4", "\"rir\":null"),
            ("\"plan\":\"5/3/1\"", "\"plan\":\"5/3/1\",\"plan\":\"x\""), ("\"reps\":8", "\"reps\":8,\"reps\":9"),
            ("\"plan\":", "\"pl\\u0061n\":"), ("\"reps\":8", "\"reps\":-8"), ("\"session_rpe\":4", "\"session_rpe\":6"),
            ("\"reps\":8", "\"reps\":8.5"), ("\"weight\":60", "\"weight\":1e13"), ("\"unit\":\"kg\"", "\"unit\":\"KG\""),
            ("\"week_number\":3", "\"week_number\":\"3\""), ("\"exercise_name\":\"Row\"", "\"exercise_name\":\" \""),
            ("\"started_at\":", "\"id\":\"3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f\",\"started_at\":"),
        ]
        for (target, replacement) in cases {
            #expect(base.contains(target), "\(target)")
            let bytes = Array(base.replacingOccurrences(of: target, with: replacement).utf8)
            #expect(Session.decodeDirect(bytes) == nil, "\(replacement)")
        }
        // What the tree's decoder then does: keep the unknown key, or say where the problem is.
        let unknown = Array(base.replacingOccurrences(of: "\"plan\":", with: "\"x_heart_rate\":[120],\"plan\":").utf8)
        #expect(try DocumentDecoder.decode(unknown, path: "s.json", as: Session.self).unknownFields == ["x_heart_rate": [120]])
        let negative = Array(base.replacingOccurrences(of: "\"reps\":8", with: "\"reps\":-8").utf8)
        #expect(throws: LiftLogError.self) { try DocumentDecoder.decode(negative, path: "s.json", as: Session.self) }
        // Not JSON, or not all of it.
        for text in ["", "{", "[]", "{\"id\":1}", base + "x", base + ",", "{" + base, String(base.dropLast())] {
            #expect(Session.decodeDirect(Array(text.utf8)) == nil, "\(text)")
        }
    }

    @Test("a document read straight is the document read as a tree: 4,000 generated documents, and 6,000 damaged ones")
    func generatedDocuments() throws {
        // Each key with values of its type (the first two), of another type, out of range, and null.
        let setChoices: [(String, [JSONValue])] = [
            ("id", ["a1", "b", 5, .null]), ("set_number", [1, 3, 2.5, "2"]), ("set_type", ["normal", "warmup", "Warmup", 1]),
            ("weight", [100, 102.5, -20, 1e13, .null, .number(JSONNumber(validatedText: "1.25E2")), .number(JSONNumber(validatedText: "-0.0"))]),
            ("unit", ["kg", "lbs", "KG"]),
            ("reps", [5, 12, -1, 5.5, "5", .number(JSONNumber(validatedText: "1E1")), .number(JSONNumber(validatedText: "12345678901234567890")),
                      .number(JSONNumber(validatedText: "-0")), .number(JSONNumber(validatedText: "123456789012345678")), .number(JSONNumber(validatedText: "3.0"))]),
            ("bodyweight", [true, false, "yes"]), ("amrap", [true, false, 1]), ("rpe", [8, 8.5, 11]), ("rir", [2, 0, 1.5]), ("rest_seconds", [90, 0, -1]),
            ("distance_m", [400, 1.5, .null]), ("duration_seconds", [30, 60, 2.5]), ("target_reps", [5, 8, "5"]), ("target_weight", [100, 60, false]),
            ("status", ["completed", "skipped", "done"]), ("completed_at", ["2025-01-24T07:31:00+01:00", "2025-01-24T07:31:00Z", "2025-01-24", "2025-01-24T07:31:00.5-05:30", "2025-02-30T07:31:00Z", "2025-01-24T07:31:00Z\u{E9}"]),
            ("notes", ["felt good", .string(Self.text), 4]), ("tempo", ["3-1-1"]),
        ]
        let entryChoices: [(String, [JSONValue])] = [
            ("exercise_id", ["a846994e-da3a-5102-b5da-668dbe1737f9", "b846994e-da3a-5102-b5da-668dbe1737f9", "A846994E-DA3A-5102-B5DA-668DBE1737F9"]),
            ("order", [1, 2, -1, .null]), ("notes", [.string(Self.text), "ok", 5]), ("superset", ["A", "B"]), ("method", ["standard", "timed", "fast"]),
            ("coach_cue", ["brace"]),
        ]
        let sessionChoices: [(String, [JSONValue])] = [
            ("kind", ["lifting", "stretch", "cardio", "meditation", "yoga"]), ("completed_at", ["2025-01-24T08:30:00+01:00", "2025-01-24T09:00:00+01:00", "2025-01-24T06:00:00+01:00"]),
            ("plan", ["5/3/1", .string(Self.text), .null]), ("plan_day", ["Day A", "B"]), ("week_number", [1, 4, 0]), ("session_rpe", [3, 5, 9]),
            ("pain_tags", [["knee"], [], [1]]), ("notes", [.string(Self.text), "x", [:]]), ("source", ["strong", "hevy"]), ("source_digest", ["abc", "d"]),
            ("duration_seconds", [3600, 0, -5]), ("regions", [["hips", "back"], []]), ("meditation_type", ["breath", "body scan"]), ("x_mood", ["good"]),
        ]
        var generator = SplitMix(seed: 23)
        func pick(_ values: [JSONValue]) -> (value: JSONValue, plain: Bool) {
            // Mostly values of the key's type, so that many documents are plain.
            let index = generator.next() % 5 == 0 ? Int(generator.next() % UInt64(values.count)) : Int(generator.next() % UInt64(min(2, values.count)))
            return (values[index], values[index] != .null)
        }
        func object(_ choices: [(String, [JSONValue])], unknown: Set<String>, into members: inout [JSONObject.Member], plain: inout Bool) {
            for (key, values) in choices where generator.next() % 3 == 0 {
                if unknown.contains(key) && generator.next() % 4 != 0 { continue }
                let chosen = pick(values)
                members.append(JSONObject.Member(key: key, value: chosen.value))
                if !chosen.plain || unknown.contains(key) { plain = false }
            }
            // Keys in any order.
            members.shuffle(using: &generator)
        }
        var documents: [[UInt8]] = []
        var direct = 0, plainRead = 0, writtenStraight = 0
        for _ in 0..<4_000 {
            var plain = true
            var members: [JSONObject.Member] = [
                JSONObject.Member(key: "id", value: "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f"),
                JSONObject.Member(key: "status", value: generator.next() % 4 == 0 ? "active" : "completed"),
                JSONObject.Member(key: "started_at", value: "2025-01-24T07:30:00+01:00"),
            ]
            object(sessionChoices, unknown: ["x_mood"], into: &members, plain: &plain)
            var entries: [JSONValue] = []
            for _ in 0..<Int(generator.next() % 3) {
                var entry = [JSONObject.Member(key: "exercise_name", value: generator.next() % 8 == 0 ? "" : "Squat")]
                object(entryChoices, unknown: ["coach_cue"], into: &entry, plain: &plain)
                var sets: [JSONValue] = []
                for _ in 0..<Int(generator.next() % 4) {
                    var set: [JSONObject.Member] = []
                    object(setChoices, unknown: ["tempo"], into: &set, plain: &plain)
                    sets.append(.object(JSONObject(uniqueMembers: set)))
                }
                entry.append(JSONObject.Member(key: "sets", value: .array(sets)))
                entries.append(.object(JSONObject(uniqueMembers: entry)))
            }
            members.append(JSONObject.Member(key: "entries", value: .array(entries)))
            let value = JSONValue.object(JSONObject(uniqueMembers: members))
            let bytes = generator.next() % 2 == 0 ? JSONWriter.compactBytes(value) : JSONWriter.canonicalBytes(value)
            let tree = Self.readAsTree(bytes)
            let read = Session.decodeDirect(bytes)
            // Written straight from the model (no unknown keys) or through the tree: the same bytes.
            if let tree {
                #expect(tree.canonicalBytes == JSONWriter.canonicalBytes(tree.jsonValue), "\(String(decoding: bytes, as: UTF8.self))")
                if tree.unknownFields.isEmpty && tree.entries.allSatisfy({ $0.unknownFields.isEmpty && $0.sets.allSatisfy { $0.unknownFields.isEmpty } }) {
                    writtenStraight += 1
                }
            }
            if let read {
                direct += 1
                #expect(read == tree, "\(String(decoding: bytes, as: UTF8.self))")
            }
            // Every plain document the tree's decoder reads is read straight.
            if plain, tree != nil {
                plainRead += 1
                #expect(read != nil, "\(String(decoding: bytes, as: UTF8.self))")
            }
            if documents.count < 30, read != nil { documents.append(bytes) }
        }
        #expect(direct > 500)
        #expect(plainRead == direct)
        #expect(writtenStraight > 500)
        // Damaged as a hand edit or a broken disk might: what is read straight is what the
        // tree gives.
        var random = FuzzGenerator(state: 41)
        var damagedRead = 0
        for index in 0..<6_000 {
            let bytes = Mutation.allCases.randomElement(using: &random)!.apply(to: documents[index % documents.count], using: &random)
            guard let read = Session.decodeDirect(bytes) else { continue }
            damagedRead += 1
            #expect(read == Self.readAsTree(bytes), "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(damagedRead > 100)
    }
}
