import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("resolve")
struct ResolveTests {
    /// A store with one finished session; `copy` gets a copy of it changed by `change`.
    private func conflicted(_ root: String, change: (inout Session) -> Void) throws -> (store: String, original: String, copy: String) {
        let store = root + "/s"
        #expect(run(["init", store]).status == 0)
        #expect(run(["start", "--store", store, "--at", "2025-01-24T06:00:00+01:00"]).status == 0)
        #expect(run(["log", "--store", store, "Deadlift", "140x5x3"]).status == 0)
        #expect(run(["finish", "--store", store]).status == 0)
        let original = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") })
        var session = try Session(json: try JSONParser.parse(Array(try #require(readText(store + "/" + original)).utf8)))
        change(&session)
        let copy = original.replacingOccurrences(of: ".json", with: " (Alex's conflicted copy 2025-01-25).json")
        writeText(JSONWriter.canonicalString(session.json), to: store + "/" + copy)
        return (store, original, copy)
    }

    @Test("merges the sets of two sides that each only added")
    func merge() throws {
        try withTemporaryDirectory { root throws in
            let (store, original, copy) = try conflicted(root) { session in
                session.entries[0].sets.append(WorkoutSet(setNumber: 4, weight: 140, unit: .kg, reps: 3))
                session.entries.append(Session.Entry(exerciseID: nil, exerciseName: "Farmer Walk", order: 2, sets: [WorkoutSet(setNumber: 1, weight: 40, unit: .kg, reps: 1)]))
            }
            #expect(run(["check", "--store", store]).status == 7)
            let outcome = run(["resolve", "--store", store], stdin: ["m"], terminal: true)
            #expect(outcome.status == 0)
            #expect(outcome.error.contains("    entries[0].sets[3]: – | set 4: 140 kg × 3\n"))
            #expect(outcome.error.contains("    entries[1]: – | Farmer Walk (1 set)\n"))
            #expect(outcome.output == "Kept the merged sets for \(original); removed \(copy).\n")
            let merged = run(["show", "00000000", "--store", store, "--json"]).json?["data"]
            #expect(merged?["set_count"] == 5)
            #expect(readText(store + "/" + copy) == nil)
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("keeps the copy or the original on request")
    func keep() throws {
        try withTemporaryDirectory { root throws in
            let (store, original, copy) = try conflicted(root) { session in session.notes = "From the phone" }
            let kept = run(["resolve", copy, "--keep", "copy", "--store", store])
            #expect(kept.status == 0)
            #expect(readText(store + "/" + original)?.contains("From the phone") == true)
            #expect(readText(store + "/" + copy) == nil)
            writeText("{\"name\": \"Deadlift\"}\n", to: store + "/exercises/deadlift 2.json")
            #expect(run(["resolve", "--keep", "original", "--store", store]).output == "Kept the original for exercises/deadlift.json; removed exercises/deadlift 2.json.\n")
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("refuses to merge changes to the same sets, and asks for --keep off a terminal")
    func refusals() throws {
        try withTemporaryDirectory { root throws in
            let (store, original, copy) = try conflicted(root) { session in session.entries[0].sets[1].reps = 4 }
            let before = snapshot(store)
            let merge = run(["resolve", "--keep", "merged", "--store", store, "--json"])
            #expect(merge.status == 4)
            #expect(merge.errorMessage == "\(copy) and \(original) cannot be merged: they changed the same sets or details differently. Keep one with --keep original or --keep copy.")
            let quiet = run(["resolve", "--store", store, "--json"])
            #expect(quiet.status == 2)
            #expect(quiet.errorMessage == "Say what to keep with --keep original, --keep copy or --keep merged.")
            #expect(snapshot(store) == before)
        }
    }

    /// A store in git whose branch `phone` ran `phone` and whose own branch ran `laptop`
    /// (liftlog commands, each given the store), merged: git stops on what both changed.
    private func mergeStopped(_ root: String, phone: [[String]], laptop: [[String]]) -> String {
        let store = root + "/s"
        func git(_ arguments: [String]) -> Outcome { runProgram(["git", "-C", store] + arguments, environment: gitIdentity) }
        #expect(runBinary(["init", store, "--git"]).status == 0)
        #expect(git(["add", "-A"]).status == 0)
        #expect(git(["commit", "-q", "-m", "Start"]).status == 0)
        #expect(git(["checkout", "-q", "-b", "phone"]).status == 0)
        for command in phone { #expect(runBinary(command + ["--store", store]).status == 0) }
        #expect(git(["commit", "-q", "-am", "Phone"]).status == 0)
        #expect(git(["checkout", "-q", "-"]).status == 0)
        for command in laptop { #expect(runBinary(command + ["--store", store]).status == 0) }
        #expect(git(["commit", "-q", "-am", "Laptop"]).status == 0)
        #expect(git(["merge", "-q", "phone"]).status != 0)
        return store
    }

    @Test("a file git could not merge is settled value by value on a terminal, and staged")
    func gitConflictOnATerminal() throws {
        try withTemporaryDirectory { root throws in
            let store = mergeStopped(root, phone: [["exercise", "edit", "Deadlift", "--notes", "Sumo", "--rest", "240", "--increment", "2.5"]],
                                     laptop: [["exercise", "edit", "Deadlift", "--notes", "Conventional", "--rest", "180"]])
            func git(_ arguments: [String]) -> Outcome { runProgram(["git", "-C", store] + arguments, environment: gitIdentity) }

            // notes: keep ours; rest_seconds: keep theirs; the increment only the phone changed.
            let settled = run(["resolve", "exercises/deadlift", "--store", store], stdin: ["o", "t"], terminal: true)
            #expect(settled.status == 0, "\(settled.error)")
            #expect(settled.error.contains("    notes: \"Conventional\" | \"Sumo\"\n    rest_seconds: 180 | 240\n"), "\(settled.error)")
            #expect(settled.output == "Merged exercises/deadlift.json and staged it.\nEvery file is merged: 'liftlog sync' commits the merge and pushes it.\n")
            let deadlift = run(["exercise", "show", "Deadlift", "--store", store, "--json"]).json?["data"]
            #expect(deadlift?["notes"] == "Conventional")
            #expect(deadlift?["rest_seconds"] == 240)
            #expect(deadlift?["weight_increment"] == 2.5)
            #expect(git(["diff", "--name-only", "--diff-filter=U"]).output.isEmpty)
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("a file git could not merge is left as it was when the person skips it")
    func gitConflictSkipped() throws {
        try withTemporaryDirectory { root throws in
            let store = mergeStopped(root, phone: [["config", "rest", "120"]], laptop: [["config", "rest", "150"]])
            // liftlog.json itself: the store does not open until it is settled.
            let before = snapshot(store)
            let skipped = run(["resolve", "--store", store], stdin: ["s"], terminal: true)
            #expect(skipped.status == 7, "\(skipped.output) \(skipped.error)")
            #expect(snapshot(store) == before)
            let kept = run(["resolve", "--keep", "theirs", "--store", store])
            #expect(kept.status == 0 && kept.output.hasPrefix("Merged liftlog.json (theirs where both changed a value) and staged it.\n"), "\(kept.output) \(kept.error)")
            #expect(run(["config", "rest", "--store", store]).output == "rest = 120\n")
        }
    }

    @Test("merging requires that each side only added", arguments: [
        (3, 5, true), (5, 3, true), (4, 4, true),
    ])
    func mergeRule(left: Int, right: Int, mergeable: Bool) {
        let base = Session.fixtureForResolve(sets: max(left, right))
        var a = base, b = base
        a.entries[0].sets = Array(base.entries[0].sets.prefix(left))
        b.entries[0].sets = Array(base.entries[0].sets.prefix(right))
        #expect((Store.mergeAdditions(a, b) != nil) == mergeable)
        #expect(Store.mergeAdditions(a, b)?.entries[0].sets.count == max(left, right))
        var c = b
        if !c.entries[0].sets.isEmpty { c.entries[0].sets[0].reps = 99 }
        #expect(Store.mergeAdditions(a, c) == nil)
    }
}

extension Session {
    static func fixtureForResolve(sets: Int) -> Session {
        let start = Timestamp("2025-01-24T07:30:00+01:00")!
        return Session(id: Session.ID(rawValue: "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f")!, status: .completed, startedAt: start, completedAt: start.adding(seconds: 3600),
                       entries: [Session.Entry(exerciseID: nil, exerciseName: "Squat", order: 1, sets: (1...sets).map { WorkoutSet(setNumber: $0, weight: 100, unit: .kg, reps: 5) })])
    }
}
