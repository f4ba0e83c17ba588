import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Damaged files through every reading command")
struct FuzzCommandTests {
    @Test("status, show, history, check and fmt --check never crash, always exit with a code, and change nothing", .timeLimit(.minutes(30)))
    func commandsOnDamagedFiles() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store, "--no-seed"]).status == 0)
            #expect(run(["start", "--store", store]).status == 0)
            #expect(run(["log", "--store", store, "Squat", "100x5@8", "bwx3", "--create"]).status == 0)
            let path = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") })
            let original = try #require(readBytes(store + "/" + path))
            let id = String(path.suffix(13).prefix(8))
            var random = FuzzGenerator(state: 7)
            let codes: Swift.Set<Int32> = [0, 3, 4, 5, 7]
            let rounds = longRun ? 3_000 : 300
            for round in 0..<rounds {
                var bytes = original
                for _ in 0..<Int.random(in: 1...2, using: &random) {
                    bytes = Mutation.allCases.randomElement(using: &random)!.apply(to: bytes, using: &random)
                }
                writeBytes(bytes, to: store + "/" + path)
                for command in [["status"], ["show", id], ["history"], ["check"], ["fmt", "--check"]] {
                    let outcome = run(command + ["--store", store, "--json"])
                    #expect(codes.contains(outcome.status), "round \(round) \(command): exit \(outcome.status)")
                    #expect(outcome.json != nil, "round \(round) \(command): output is not one JSON document")
                    if outcome.status == 7, case .array(let problems)? = outcome.json?["error"]?["details"]?["problems"] {
                        #expect(problems.allSatisfy { ($0["line"].flatMap { if case .number(let n) = $0 { return n.intValue } else { return nil } } ?? 0) >= 1 || $0["path"]?.stringValue != path },
                                "round \(round) \(command): an unlocated problem")
                    }
                }
                #expect(readBytes(store + "/" + path) == bytes, "round \(round): a reading command changed the file")
            }
            print("fuzz (commands): \(rounds) damaged files through 5 reading commands each, every exit a documented code, none modified")
        }
    }
}
