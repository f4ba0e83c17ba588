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
