#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Concurrency")
struct ReliabilityConcurrencyTests {
    @Test("8 writers log 100 sets each while readers run history, check and reindex", .timeLimit(.minutes(10)))
    func writersAndReaders() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store, "--no-seed"]).status == 0)
            #expect(runBinary(["start", "--store", store]).status == 0)
            let writers = 8, setsEach = 100
            for writer in 0..<writers { #expect(runBinary(["exercise", "add", "Lift \(writer)", "--store", store]).status == 0) }
            let failures = SharedCounter(), reads = SharedCounter(), finished = SharedCounter()
            let problems = ProblemLog()
            runConcurrently(writers + 3) { thread in
                if thread < writers {
                    for index in 0..<setsEach {
                        let outcome = runBinary(["log", "Lift \(thread)", "\(index + 1)x5", "--store", store], environment: ["LIFTLOG_LOCK_TIMEOUT": "60"])
                        if outcome.status != 0 { failures.add(); problems.add("writer \(thread): \(outcome.error)") }
                    }
                    finished.add()
                    return
                }
                // Readers, until every writer is done.
                let command: [String] = [["history", "--json"], ["check", "--json"], ["reindex", "--json"]][thread - writers]
                while finished.count < writers {
                    let outcome = runBinary(command + ["--store", store], environment: ["LIFTLOG_LOCK_TIMEOUT": "60"])
                    reads.add()
                    guard outcome.status == 0, let json = outcome.json else {
                        problems.add("\(command[0]): exit \(outcome.status) \(outcome.output) \(outcome.error)")
                        continue
                    }
                    if command[0] == "history", json["data"]?["total"] != 1 { problems.add("history saw \(String(describing: json["data"]?["total"])) sessions") }
                    if command[0] == "check", json["data"]?["problems"] != [] { problems.add("check saw \(outcome.output)") }
                }
            }
            #expect(failures.count == 0)
            #expect(problems.all.isEmpty, "\(problems.all.prefix(5))")
            let status = runBinary(["status", "--json", "--store", store])
            guard case .array(let entries)? = status.json?["data"]?["entries"] else { Issue.record("no session"); return }
            #expect(entries.count == writers)
            for entry in entries {
                let sets = try #require(entry["sets"]?.arrayValue, "an entry without sets: \(entry)")
                // Each writer's sets, in the order it logged them.
                #expect(sets.count == setsEach, "\(String(describing: entry["exercise_name"]))")
                #expect(sets.map { $0["weight"] } == (1...setsEach).map { .number(JSONNumber($0)) })
            }
            print("concurrency: \(writers) writers × \(setsEach) sets = \(writers * setsEach) sets, all present; \(reads.count) concurrent reads, none torn")
        }
    }

    @Test("a lock held too long gives a clear error; a killed holder's lock is recovered at once")
    func locks() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store, "--no-seed"]).status == 0)
            #expect(runBinary(["start", "--store", store]).status == 0)
            #expect(runBinary(["log", "Squat", "100x5", "--create", "--store", store]).status == 0)
            let before = snapshot(store)
            // Another process holds the lock (util-linux flock stands in for a stuck liftlog).
            let holder = ChildProcess.spawn(["flock", store + "/.liftlog/lock", "sleep", "30"], environment: [:])
            // Once flock has taken it: a try without waiting is refused.
            while let free = try PosixFileSystem().lockExclusively(store + "/.liftlog/lock", timeout: 0) { PosixFileSystem().close(free); usleep(1_000) }
            let blocked = runBinary(["log", "Squat", "105x5", "--store", store, "--json"], environment: ["LIFTLOG_LOCK_TIMEOUT": "0.5"])
            #expect(blocked.status == 5)
            #expect(blocked.errorMessage == "Another liftlog process has been writing to this store for over 0.5 s; try again when it has finished.")
            #expect(snapshot(store) == before)
            // Reading never waits for the lock.
            #expect(runBinary(["status", "--store", store]).status == 0)
            // The holder dies: its lock goes with it.
            holder.kill()
            _ = holder.wait()
            let after = runBinary(["log", "Squat", "105x5", "--store", store], environment: ["LIFTLOG_LOCK_TIMEOUT": "0.5"])
            #expect(after.status == 0, "\(after.error)")
        }
    }
}

/// Messages several threads may add.
final class ProblemLog: @unchecked Sendable {
    private let lock = Mutex()
    private var messages: [String] = []
    func add(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}
