import Foundation
import Testing
@testable import LiftLogKit
import LiftLogTestSupport

/// The models are Codable through their file form: what Foundation's coders make of them is
/// what the store's files hold, by the same rules.
@Suite("Models as Codable")
struct CodableTests {
    /// `bytes` in the store's canonical form.
    private func canonical(_ bytes: some Sequence<UInt8>) throws -> [UInt8] {
        JSONWriter.canonicalBytes(try JSONParser.parse(Array(bytes)))
    }

    private func reencoded<T: Codable>(_ type: T.Type, _ bytes: [UInt8]) throws -> (value: T, bytes: [UInt8]) {
        let value = try JSONDecoder().decode(T.self, from: Data(bytes))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return (value, try canonical(encoder.encode(value)))
    }

    @Test("a session, an exercise, a plan, a body entry: decoded from their files and encoded again, the files' canonical bytes, unknown keys kept")
    func roundTrips() throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s")
            let started = try store.startSession()
            _ = try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5", "102.5x3"], defaultUnit: .kg))
            _ = try store.finish(feel: 4, painTags: ["knee"])
            let path = root + "/s/" + started.path
            let edited = try #require(readText(path)).replacingOccurrences(of: "\"status\":", with: "\"x_app\": {\"tags\": [1, 2.5, true, \"é\"]},\n  \"status\":")
            writeText(edited, to: path)

            let session = try reencoded(Session.self, Array(edited.utf8))
            #expect(session.value == (try store.session(idPrefix: started.session.id.rawValue).session))
            #expect(session.bytes == (try canonical(edited.utf8)))
            #expect(String(decoding: session.bytes, as: UTF8.self).contains("\"x_app\": {\n    \"tags\": [\n      1,\n      2.5,\n      true,\n      \"é\""))

            let exerciseFile = try #require(readBytes(root + "/s/exercises/back-squat.json"))
            let exercise = try reencoded(Exercise.self, exerciseFile)
            #expect(exercise.value.name == "Back Squat" && exercise.bytes == exerciseFile)

            _ = try store.createPlan(name: "Upper Lower", days: ["Upper", "Lower"])
            _ = try store.setPlannedExercise(plan: "Upper Lower", day: "Lower", exercise: "Back Squat", PlanNotation.parse("3x5"))
            let plan = try store.plan(named: "Upper Lower")
            let planFile = try #require(readBytes(root + "/s/" + plan.path))
            let decodedPlan = try reencoded(TrainingPlan.self, planFile)
            #expect(decodedPlan.value == plan.plan && decodedPlan.bytes == planFile)

            let weighIn = try store.weigh(80.5, notes: "morning")
            let bodyFile = try #require(readBytes(root + "/s/" + weighIn.path))
            let body = try reencoded(BodyEntry.self, bodyFile)
            #expect(body.value == weighIn.entry && body.bytes == bodyFile)

            let mesocycle = try store.createMesocycle(plan: "Upper Lower", startDate: try #require(LocalDate("2026-01-05")), weeks: 4).mesocycle
            let encoded = try JSONEncoder().encode(mesocycle)
            #expect(try JSONDecoder().decode(Mesocycle.self, from: encoded) == mesocycle)
        }
    }

    @Test("what the store's rules refuse is a DecodingError naming each problem's path and rule")
    func refused() throws {
        let text = """
            {"id": "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f", "kind": "lifting", "status": "active", "started_at": "2026-01-05T07:00:00+01:00",
             "entries": [{"exercise_name": "Back Squat", "sets": [{"reps": -5, "weight": 100, "unit": "kg"}]}]}
            """
        #expect {
            _ = try JSONDecoder().decode(Session.self, from: Data(text.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == "entries[0].sets[0].reps: reps cannot be negative, found -5 (Use 0 or more.)"
        }
    }
}
