import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Swapped weight and reps")
struct SwappedNumbersTests {
    /// An lbs store whose last Back Squat session was 225 × 5, and a session started after it.
    private func storeWithSquats(_ root: String) -> String {
        let store = root + "/s"
        #expect(run(["init", store, "--units", "lbs"]).status == 0)
        #expect(run(["start", "--at", "2025-01-20 07:00", "--store", store]).status == 0)
        #expect(run(["log", "Back Squat", "225x5x3", "--store", store]).status == 0)
        #expect(run(["finish", "--store", store]).status == 0)
        #expect(run(["start", "--store", store]).status == 0)
        return store
    }

    private func squats(_ store: String) -> [JSONValue] {
        run(["status", "--store", store, "--json"]).json?["data"]?["entries"]?.arrayValue?.first?["sets"]?.arrayValue ?? []
    }

    @Test("log 5x225 after 225 × 5: asked on a terminal (no logs nothing), said with --json and on standard error, logged with --yes")
    func asked() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithSquats(root)
            let said = "5 lbs × 225 reads like 225 lbs × 5 with its numbers swapped."
            let declined = run(["log", "back squat", "5x225", "--store", store], stdin: ["n"], terminal: true)
            #expect(declined.status == 0)
            #expect(declined.error.contains(said + " Log it as written? [y/N]"), "\(declined.error)")
            #expect(declined.output == "Nothing was logged.\n", "\(declined.output)")
            #expect(squats(store).isEmpty)
            let json = run(["log", "back squat", "5x225", "--store", store, "--json"])
            #expect(json.status == 0)
            #expect(json.json?["data"]?["warnings"] == [.string(said)], "\(json.output)")
            #expect(squats(store).map { $0["weight"] } == [5] && squats(store).map { $0["reps"] } == [225])
            let text = run(["log", "back squat", "5x225", "--store", store])
            #expect(text.error == "Warning: \(said) Logged as written; 'liftlog set' changes it.\n", "\(text.error)")
            let accepted = run(["log", "back squat", "5x225", "--yes", "--store", store], terminal: true)
            #expect(accepted.status == 0 && !accepted.error.contains("swapped"), "\(accepted.error)")
            #expect(squats(store).count == 3)
            // The right way round, or a light set of many reps far from the squats: no word.
            let right = run(["log", "back squat", "225x5", "--store", store, "--json"])
            #expect(right.json?["data"]?["warnings"] == nil)
            let light = run(["log", "back squat", "20x40", "--store", store, "--json"])
            #expect(light.json?["data"]?["warnings"] == nil, "\(light.output)")
        }
    }

    @Test("the rule: a loaded set of over 30 reps at 30 or less, whose reps as a weight are near a recent weight, or over 100 reps without one", arguments: [
        ("5x225", [225.0], true), ("5x230", [225], true), ("5x300", [225], false), ("30x31", [30], true), ("31x40", [40], false),
        ("5x30", [30], false), ("10x150", [], true), ("10x90", [], false), ("bwx50", [50], false), ("bw+10x50", [50], false), ("5x60s", [60], false),
    ])
    func rule(text: String, recent: [Double], swapped: Bool) throws {
        let set = try SetNotation.parse(text, defaultUnit: .kg)
        #expect(set.looksSwapped(recentWeights: recent) == swapped, "\(text) against \(recent)")
    }
}
