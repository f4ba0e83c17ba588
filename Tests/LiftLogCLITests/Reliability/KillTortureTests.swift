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
                let process = ChildProcess.start(["log", "Squat", "\(weight)x5", "--store", store], environment: [:])
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

    @Test("SIGKILL during an import leaves the store as it was or with the file's first sessions, whole; importing again completes it", .timeLimit(.minutes(10)))
    func killedImport() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store, "--no-seed"]).status == 0)
            var csv = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
            var dates: [String] = []
            for workout in 0..<150 {
                let date = "2020-\(CivilCalendar.pad(1 + workout / 28, 2))-\(CivilCalendar.pad(1 + workout % 28, 2))"
                dates.append(date)
                for set in 1...5 { csv += "\(date) 18:00:00,Day,30m,Zercher Squat,\(set),\(60 + workout),5,0,0,,,\n" }
            }
            writeText(csv, to: root + "/export.csv")
            let arguments = ["import", "strong", root + "/export.csv", "--unit", "kg", "--utc-offset", "+00:00", "--store", store]
            // How long a whole import takes here, into a store of its own: the kills land anywhere in it.
            #expect(runBinary(["init", root + "/timed", "--no-seed"]).status == 0)
            let whole = ContinuousClock().measure { _ = runBinary(Array(arguments.dropLast()) + [root + "/timed"]) }
            let microseconds = UInt32(max(2_000, whole.components.seconds * 1_000_000 + whole.components.attoseconds / 1_000_000_000_000))
            var random = FuzzGenerator(state: 4_711)
            var killedMidway = 0, partial = 0
            let template = root + "/template"
            copyTree(store, to: template)
            for round in 0..<12 {
                // Each import into the store as it was: one that finished leaves nothing to do.
                removeTree(store)
                copyTree(template, to: store)
                let process = ChildProcess.start(arguments, environment: [:])
                usleep(UInt32.random(in: 1_000...microseconds, using: &random))
                process.kill()
                if process.wait().status != 0 { killedMidway += 1 }
                // Whole sessions, in the file's order from its start: nothing torn, nothing skipped.
                let landed = allFiles(in: store).filter { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") }
                    .map { String($0.split(separator: "/").last!.prefix(10)) }.sorted()
                #expect(landed == Array(dates.prefix(landed.count)), "round \(round): \(landed)")
                if !landed.isEmpty && landed.count < dates.count { partial += 1 }
                let check = runBinary(["check", "--store", store])
                #expect(check.status == 0, "round \(round): \(check.output)")
            }
            #expect(killedMidway > 0, "no kill landed while an import ran")
            // The store of the last round, imported again.
            let again = runBinary(arguments)
            #expect(again.status == 0, "\(again.error)")
            #expect(allFiles(in: store).filter { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") }.count == dates.count)
            #expect(!listEntries(store + "/.liftlog").contains { $0.name == "staged" })
            #expect(runBinary(["check", "--store", store]).status == 0)
            let history = runBinary(["history", "--json", "--per-page", "1", "--store", store])
            #expect(history.json?["data"]?["total"] == .number(JSONNumber(dates.count)), "\(history.output)")
            print("killed import: \(killedMidway) of 12 imports killed before they finished, \(partial) with part of the file in place")
        }
    }
}
