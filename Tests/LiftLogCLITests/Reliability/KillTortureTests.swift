#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// The weights of the completed sets of the active session, from `status --json`.
func loggedWeights(_ store: String) -> [Double]? {
    let status = runBinary(["status", "--json", "--store", store])
    guard status.status == 0, case .array(let entries)? = status.json?["data"]?["entries"] else { return nil }
    return entries.flatMap { entry -> [Double] in
        guard case .array(let sets)? = entry["sets"] else { return [] }
        return sets.compactMap { set in
            guard set["status"] == "completed", case .number(let weight)? = set["weight"] else { return nil }
            return weight.doubleValue
        }
    }
}

@Suite("Kill torture")
struct KillTortureTests {
    @Test("SIGKILL at random instants never loses an acknowledged set, tears a file or confuses the index", .timeLimit(.minutes(20)))
    func killLoop() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store, "--no-seed"]).status == 0)
            #expect(runBinary(["exercise", "add", "Squat", "--store", store]).status == 0)
            #expect(runBinary(["start", "--store", store]).status == 0)
            let kills = longRun ? 3_000 : 250
            var random = FuzzGenerator(state: 1_122)
            var acknowledged: Swift.Set<Double> = [], attempted: Swift.Set<Double> = []
            var killedMidway = 0
            for round in 0..<kills {
                let weight = 20 + Double(round) * 0.5
                attempted.insert(weight)
                let process = Process.start(["log", "Squat", "\(weight)x5", "--store", store], environment: [:])
                usleep(UInt32.random(in: 500...9_000, using: &random))
                process.kill()
                let outcome = process.wait()
                if outcome.status == 0 { acknowledged.insert(weight) } else { killedMidway += 1 }
                // The next command: the session reads, holds every acknowledged set and nothing invented.
                guard let weights = loggedWeights(store) else {
                    Issue.record("round \(round): the active session does not read")
                    break
                }
                let present = Swift.Set(weights)
                #expect(acknowledged.isSubset(of: present), "round \(round): lost \(acknowledged.subtracting(present))")
                #expect(present.isSubset(of: attempted), "round \(round): sets nobody logged")
                #expect(weights.count == present.count, "round \(round): a set was written twice")
                let leftovers = allFiles(in: store).filter { !$0.hasPrefix(".liftlog/") && StoreFiles.isTemporary(String($0.split(separator: "/").last!)) }
                #expect(leftovers.isEmpty, "round \(round): left \(leftovers)")
                if round % 25 == 0 {
                    #expect(runBinary(["check", "--store", store]).status == 0, "round \(round): check found problems")
                    let history = runBinary(["history", "--json", "--store", store])
                    guard case .array(let sessions)? = history.json?["data"]?["sessions"] else { Issue.record("no history"); break }
                    #expect(sessions.first?["set_count"] == .number(JSONNumber(weights.count)), "round \(round): the index disagrees with the file")
                }
            }
            #expect(killedMidway > kills / 10, "too few kills landed while the process ran")
            print("kill torture: \(kills) runs, \(killedMidway) killed before they finished, \(acknowledged.count) acknowledged sets, none lost")
        }
    }
}
