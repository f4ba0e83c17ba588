#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// Times that are right: inside their session, never in the future, and only times that exist.
@Suite("Times")
struct TimesTests {
    @Test("sets of a backdated session carry no wall-clock time; sets of a live one carry theirs, inside it")
    func backdatedSetTimes() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            // The clock says 2025-01-24 07:30 (+01:00); the session was 20 days earlier.
            #expect(run(["start", "--store", store, "--at", "2025-01-04T18:00:00+01:00"], uniqueIDs: true).status == 0)
            let logged = run(["log", "Deadlift", "140x5", "--store", store, "--json"])
            #expect(logged.error.isEmpty, "no nagging while logging into it: \(logged.error)")
            #expect(logged.json?["data"]?["entries"]?.arrayValue?.first?["sets"]?.arrayValue?.first?["completed_at"] == nil)
            #expect(run(["finish", "--store", store, "--at", "2025-01-04T19:00:00+01:00"]).status == 0)
            // A live session: the set's time is now.
            #expect(run(["start", "--store", store, "--at", "2025-01-24T07:00:00+01:00"], uniqueIDs: true).status == 0)
            let live = run(["log", "Deadlift", "140x5", "--store", store, "--json"])
            #expect(live.json?["data"]?["entries"]?.arrayValue?.first?["sets"]?.arrayValue?.first?["completed_at"] == "2025-01-24T07:30:00+01:00")
            // Finished earlier than a set's time: the set keeps no time outside its session.
            let finished = run(["finish", "--store", store, "--at", "2025-01-24T07:20:00+01:00", "--json"])
            #expect(finished.status == 0)
            #expect(finished.json?["data"]?["entries"]?.arrayValue?.first?["sets"]?.arrayValue?.first?["completed_at"] == nil)
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("finish --at, start --at and stretch --at refuse the future alike")
    func future() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
            let before = snapshot(store)
            expectRefused([
                Refusal(["finish", "--at", "2025-01-25T05:00:00+01:00"], 4, "VALIDATION_ERROR", "End time 2025-01-25 05:00 is in the future."),
                Refusal(["stretch", "--minutes", "10", "--at", "2025-01-25T05:00:00+01:00"], 4, "VALIDATION_ERROR", "Start time 2025-01-25 05:00 is in the future."),
            ], store: store)
            #expect(snapshot(store) == before)
        }
    }

    @Test("a time the clocks skipped is refused with the one that existed; one they passed twice is the first", arguments: [
        ("Europe/Berlin", "2025-03-30 02:30", "2025-03-30 02:30 did not exist here: the clocks went forward past it. Did you mean 2025-03-30 03:30 (2025-03-30T03:30:00+02:00)?", "2025-10-26 02:30", "2025-10-26T02:30:00+02:00"),
        ("America/New_York", "2025-03-09 02:15", "2025-03-09 02:15 did not exist here: the clocks went forward past it. Did you mean 2025-03-09 03:15 (2025-03-09T03:15:00-04:00)?", "2025-11-02 01:30", "2025-11-02T01:30:00-04:00"),
    ])
    func daylightSaving(zone: String, gap: String, message: String, overlap: String, resolved: String) throws {
        guard access("/usr/share/zoneinfo/" + zone, R_OK) == 0 else {
            Issue.record("no time-zone database: install it with 'apt-get install tzdata' (bash scripts/test-env.sh does)")
            return
        }
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            let refused = runBinary(["start", "--at", gap, "--store", store, "--json"], environment: ["TZ": zone])
            #expect(refused.status == 4)
            #expect(refused.errorMessage == message)
            #expect(allFiles(in: store).allSatisfy { !$0.hasPrefix("sessions/") })
            let started = runBinary(["start", "--at", overlap, "--store", store, "--json"], environment: ["TZ": zone])
            #expect(started.json?["data"]?["started_at"]?.stringValue == resolved)
        }
    }
}
