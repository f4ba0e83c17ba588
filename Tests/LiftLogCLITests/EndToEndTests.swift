#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// The built `liftlog` binary, run as a real process.
@Suite("End to end")
struct EndToEndTests {
    @Test("a scripted workout survives a killed process and reads back in history")
    func scriptedWorkout() throws {
        try withTemporaryDirectory { root throws in
            let env = ["LIFTLOG_STORE": root + "/log", "TZ": "Europe/Paris"]
            #expect(runBinary(["init", root + "/log"]).status == 0)
            #expect(runBinary(["start"], environment: env).status == 0)
            var acknowledged = 0
            for (exercise, sets) in [("Back Squat", ["100x5", "105x5", "110x5"]), ("Bench Press", ["80x5", "80x5", "80x5@9"]), ("Barbell Row", ["70x8", "70x8", "70x8"])] {
                for set in sets {
                    let outcome = runBinary(["log", exercise, set], environment: env)
                    #expect(outcome.status == 0, "\(outcome.error)")
                    if outcome.status == 0 { acknowledged += 1 }
                }
                // A process killed between two log calls, at a random instant of its run.
                let victim = ChildProcess.start(["log", exercise, "1x1"], environment: env)
                usleep(UInt32.random(in: 0...3000))
                victim.kill()
                _ = victim.wait()
                // Undo whatever the killed process may have written.
                let status = runBinary(["status", "--json"], environment: env)
                if let entries = status.json?["data"]?["entries"], case .array(let list) = entries,
                   let entry = list.first(where: { $0["exercise_name"] == .string(exercise) }), case .array(let sets)? = entry["sets"], sets.count == 4 {
                    #expect(runBinary(["set", exercise, "4", "--skip"], environment: env).status == 0)
                }
            }
            let status = runBinary(["status", "--json"], environment: env)
            #expect(status.status == 0)
            let data = try #require(status.json?["data"])
            guard case .array(let entries)? = data["entries"] else { Issue.record("no entries"); return }
            #expect(entries.map { $0["exercise_name"] } == ["Back Squat", "Bench Press", "Barbell Row"])
            let completed = entries.flatMap { entry -> [JSONValue] in
                guard case .array(let sets)? = entry["sets"] else { return [] }
                return sets.filter { $0["status"] == "completed" }
            }
            #expect(completed.count == acknowledged)
            #expect(allFiles(in: root + "/log").allSatisfy { !$0.hasSuffix(StoreFiles.temporarySuffix) })

            let finish = runBinary(["finish", "--feel", "4", "--notes", "heavy day"], environment: env)
            #expect(finish.status == 0)
            #expect(finish.output.contains("3 exercises · 9 sets · volume"))
            let history = runBinary(["history"], environment: env)
            #expect(history.status == 0)
            #expect(history.output.contains("lifting"))
            #expect(history.output.contains("Page 1 of 1 · 1 session"))
            let id = try #require(runBinary(["history", "--json"], environment: env).json?["data"]?["sessions"].flatMap { value -> String? in
                guard case .array(let list) = value else { return nil }
                return list.first?["id"]?.stringValue
            })
            let show = runBinary(["show", String(id.prefix(6))], environment: env)
            #expect(show.status == 0)
            #expect(show.output.contains("Notes: heavy day"))
            #expect(show.output.contains("   3  110 kg × 5"))
            // The file's name comes from the local start time in the recorded offset.
            let file = try #require(allFiles(in: root + "/log").first { $0.hasPrefix("sessions/") })
            let text = try #require(readText(root + "/log/" + file))
            #expect(text.contains("+01:00\"") || text.contains("+02:00\""))
        }
    }

    @Test("finds the store by --store, $LIFTLOG_STORE, the enclosing folder, or the default location")
    func storeDiscovery() throws {
        try withTemporaryDirectory { root throws in
            #expect(runBinary(["init", root + "/a", "--no-seed"]).status == 0)
            #expect(runBinary(["init", root + "/b", "--no-seed"]).status == 0)
            #expect(runBinary(["exercise", "add", "Only In A", "--store", root + "/a"]).status == 0)
            #expect(runBinary(["exercise", "add", "Only In B"], environment: ["LIFTLOG_STORE": root + "/b"]).status == 0)
            makeDirectories(root + "/a/sessions/deep")
            let inside = runProgram(["/bin/sh", "-c", "cd \"$1\" && exec \"$2\" exercises --json", "sh", root + "/a/sessions/deep", liftlogBinary])
            #expect(inside.json?["data"]?["exercises"].map { value -> Int in
                if case .array(let list) = value { return list.count }
                return -1
            } == 1)
            let fresh = runBinary(["exercises"], environment: ["XDG_DATA_HOME": root + "/xdg"])
            #expect(fresh.status == 0)
            #expect(fresh.error == "Created a new store at \(root)/xdg/liftlog.\n")
            #expect(allFiles(in: root + "/xdg/liftlog").contains("exercises/back-squat.json"))
        }
    }

    @Test("says on standard error when a session started over an hour ago is still active")
    func resumePrompt() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store, "--at", "2025-01-24T05:00:00+01:00"]).status == 0)
            let outcome = run(["history", "--store", store])
            #expect(outcome.error == "Note: the session started 2025-01-24 05:00 (2h 30m ago) is still active; 'liftlog status' shows it, 'liftlog finish' or 'liftlog discard' closes it.\n")
            let json = run(["history", "--store", store, "--json"])
            #expect(json.json?["success"] == true)
            // Not while logging into it: a backdated session is what its user means.
            for command in [["log", "Back Squat", "100x5"], ["superset", "Bench Press", "80x8", "Barbell Row", "70x8"], ["set", "Back Squat", "1", "--reps", "6"], ["status"]] {
                let quiet = run(command + ["--store", store])
                #expect(quiet.status == 0 && quiet.error.isEmpty, "\(command): \(quiet.error)")
            }
            #expect(run(["finish", "--store", store]).error.isEmpty)
        }
    }

    @Test("prints the documented JSON shapes")
    func jsonShapes() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            let started = try #require(run(["start", "--store", store, "--json"]).json?["data"])
            for key in ["id", "kind", "status", "started_at", "entries", "duration_seconds", "total_volume", "exercise_count", "set_count", "path"] {
                #expect(started[key] != nil, "start lacks \(key)")
            }
            let logged = try #require(run(["log", "--store", store, "--json", "Deadlift", "140kgx5x2"]).json?["data"])
            #expect(logged["total_volume"] == 1400)
            #expect(logged["set_count"] == 2)
            _ = run(["finish", "--store", store])
            let history = try #require(run(["history", "--store", store, "--json"]).json?["data"])
            #expect(Set(history.objectValue?.keys.map { $0 } ?? []) == ["page", "per_page", "total", "total_pages", "sessions"])
            guard case .array(let sessions)? = history["sessions"] else { Issue.record("no sessions"); return }
            #expect(Set(sessions[0].objectValue?.keys.map { $0 } ?? []) == ["id", "kind", "status", "started_at", "completed_at", "plan", "plan_day", "week_number", "duration_seconds", "exercise_count", "set_count", "total_volume", "volume_unit", "total_distance_m", "path"])
            let exercises = try #require(run(["exercises", "--store", store, "--json", "--modality", "cable"]).json?["data"]?["exercises"])
            guard case .array(let list) = exercises else { Issue.record("no exercises"); return }
            #expect(list.count == 6)
        }
    }

    @Test("asks before discarding on a terminal, and not with --yes")
    func confirmations() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(run(["start", "--store", store]).status == 0)
            let declined = run(["discard", "--store", store], stdin: ["n"], terminal: true)
            #expect(declined.output == "Kept the session.\n")
            #expect(run(["status", "--store", store, "--json"]).json?["data"]?["status"] == "active")
            let accepted = run(["discard", "--store", store, "--yes"])
            #expect(accepted.output.hasPrefix("Discarded session "))
            #expect(run(["status", "--store", store]).output == "No active session. Start one with 'liftlog start'.\n")
        }
    }

    @Test("never colours output that is not a terminal, nor with NO_COLOR")
    func colour() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(run(["init", store]).status == 0)
            #expect(!run(["exercises", "--store", store]).output.contains("\u{1B}["))
            #expect(run(["exercises", "--store", store], terminal: true).output.contains("\u{1B}[1m"))
            #expect(!run(["exercises", "--store", store], environment: ["NO_COLOR": "1"], terminal: true).output.contains("\u{1B}["))
        }
    }
}

@Suite("Concurrent writers")
struct ConcurrencyTests {
    @Test("processes logging into the same session at once lose no set")
    func concurrentLogs() throws {
        try withTemporaryDirectory { root throws in
            let env = ["LIFTLOG_STORE": root + "/s"]
            #expect(runBinary(["init", root + "/s"]).status == 0)
            #expect(runBinary(["start"], environment: env).status == 0)
            let exercises = ["Back Squat", "Bench Press", "Deadlift", "Barbell Row"]
            let logsEach = 8
            var processes: [ChildProcess] = []
            for round in 0..<logsEach {
                for exercise in exercises {
                    processes.append(ChildProcess.start(["log", exercise, "\(60 + round)x5"], environment: env))
                }
            }
            let outcomes = processes.map { $0.wait() }
            #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes.filter { $0.status != 0 }.map(\.error))")
            let status = runBinary(["status", "--json"], environment: env)
            guard case .array(let entries)? = status.json?["data"]?["entries"] else { Issue.record("no entries"); return }
            #expect(entries.count == exercises.count)
            for entry in entries {
                let sets = try #require(entry["sets"]?.arrayValue, "an entry without sets: \(entry)")
                #expect(sets.count == logsEach)
                #expect(sets.map { $0["set_number"] } == (1...logsEach).map { .number(JSONNumber($0)) })
            }
        }
    }
}
