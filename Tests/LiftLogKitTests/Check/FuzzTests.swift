import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Fuzzing hand-damaged session files")
struct FuzzTests {
    @Test("thousands of damaged files: no crash, no hang, every problem located, no file modified", .timeLimit(.minutes(30)))
    func damagedSessions() throws {
        try withTemporaryDirectory { root throws in
            let clock = TestClock()
            let store = try makeStore(at: root, clock: clock, seed: false)
            try store.addExercise(name: "Back Squat")
            let stored = try store.startSession()
            try store.log(exercise: "Back Squat", sets: [SetNotation(weight: 100, unit: .kg, reps: 5, rpe: 8, count: 3)])
            try store.finish(feel: 4, notes: "Solid — «día» 💪")
            let path = root + "/store/" + stored.path
            let original = Array(try #require(readText(path)).utf8)
            var random = FuzzGenerator(state: 20_251_122)
            var outcomes: [String: Int] = [:]
            let rounds = longRun ? 20_000 : 2_000
            for round in 0..<rounds {
                var bytes = original
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    bytes = Mutation.allCases.randomElement(using: &random)!.apply(to: bytes, using: &random)
                }
                writeBytes(bytes, to: path)
                // Every way the file is read.
                let report = try Store.check(at: root + "/store")
                for problem in report.problems where problem.path == stored.path {
                    #expect(problem.line >= 1 || problem.message.contains("larger than"), "round \(round): unlocated problem \(problem)")
                }
                do {
                    _ = try store.session(idPrefix: stored.session.id.rawValue)
                    outcomes["read", default: 0] += 1
                } catch let error as LiftLogError {
                    #expect(error.code == .corruptFile || error.code == .notFound, "round \(round): \(error)")
                    if case .corruptFile(let problems) = error { #expect(problems.allSatisfy { $0.line >= 1 }, "round \(round): \(problems)") }
                    outcomes[error.code.rawValue, default: 0] += 1
                }
                _ = try store.history(HistoryQuery())
                _ = try store.format(apply: false)
                #expect(readBytes(path) == bytes, "round \(round): a read changed the file")
            }
            // The mutations produced both readable and broken files.
            #expect(outcomes["read", default: 0] > rounds / 40)
            #expect(outcomes["CORRUPT_FILE", default: 0] > rounds / 4)
            print("fuzz (library): \(rounds) damaged session files, \(outcomes["CORRUPT_FILE", default: 0]) reported as corrupt with their location, \(outcomes["read", default: 0]) still readable, none modified")
        }
    }
}
