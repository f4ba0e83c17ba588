import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// Clones of one log that each change every kind of document, merged with real git and
/// liftlog's merge driver: no conflict markers, `check` clean, the union of what each clone did,
/// the same store whichever side merges, and a conflict only where two clones changed one value
/// differently. RELIABILITY.md reports the counts.
@Suite("Clones changing everything merge into one store", .serialized)
struct SyncMergeTests {
    private let identity = gitIdentity

    private func git(_ arguments: [String], in folder: String) -> Outcome {
        runProgram(["git", "-C", folder] + arguments, environment: identity)
    }

    private func liftlog(_ arguments: [String], in store: String) -> Outcome {
        runBinary(arguments + ["--store", store], environment: identity.merging(["TZ": "UTC"]) { $1 })
    }

    /// One clone and what it did since the last merge.
    final class Clone {
        let path: String
        let index: Int
        var plan = "Strength"
        /// Bench Press's name here (one clone renames it once).
        var bench = "Bench Press"
        /// The sessions it logged: the only ones it deletes.
        var logged: [String] = []
        /// The exercises it created.
        var created = Set<String>()
        /// Values it set since the last merge, by "file|path in the file".
        var edits: [String: String] = [:]
        init(path: String, index: Int) { self.path = path; self.index = index }
    }

    /// What every clone did, which the merged store must hold.
    struct Ledger {
        var sessions = Set<String>()
        var deleted = Set<String>()
        var exercises = Set<String>()
        var removedExercises = Set<String>()
        /// The exercises every clone has had since the last merge.
        var merged = Set<String>()
        var sharedSets = 1
        var weighIns = 0
        var planned = Set<String>()
        var operations = 0
        /// Renames (plan, exercise) and exercises removed, among the operations.
        var renamesAndRemovals = 0
        var merges = 0
        var conflictedValues = 0
        /// The value of each edited field as merged, by "file|path in the file".
        var values: [String: String] = [:]
    }

    static let customNames = ["Hip Airplane", "Copenhagen Plank", "Sled Drag", "Reverse Hyper", "Nordic Curl"]
    static let plannedNames = ["Deadlift", "Bench Press", "Barbell Row", "Overhead Press", "Pull-up", "Dip"]

    /// A store with a plan and one finished session every clone may add sets to.
    private func makeFirst(_ path: String) throws -> (shared: String, sharedPath: String) {
        #expect(runBinary(["init", path, "--git"]).status == 0)
        #expect(liftlog(["plan", "create", "Strength"], in: path).status == 0)
        #expect(liftlog(["plan", "add-day", "Strength", "Day A"], in: path).status == 0)
        #expect(liftlog(["plan", "add-exercise", "Strength", "Day A", "Back Squat", "3x5"], in: path).status == 0)
        let started = liftlog(["start", "--at", "2025-01-01 07:00", "--json"], in: path)
        let shared = try #require(started.json?["data"]?["id"]?.stringValue)
        let sharedPath = try #require(started.json?["data"]?["path"]?.stringValue)
        #expect(liftlog(["log", "Back Squat", "100x5"], in: path).status == 0)
        #expect(liftlog(["finish", "--at", "2025-01-01 08:00"], in: path).status == 0)
        return (shared, sharedPath)
    }

    /// Does one random thing to `clone`, recording it.
    private func operate(_ clone: Clone, round: Int, step: Int, shared: String, sharedPath: String, ledger: inout Ledger, random: inout FuzzGenerator) {
        let store = clone.path
        ledger.operations += 1
        let minute = clone.index * 5_000 + round * 100 + step
        let day = LocalDate(year: 2025, month: 2, day: 1)!.adding(days: minute / 60)
        let time = "\(day) \(String(format2: 6 + minute % 12)):\(String(format2: minute % 60))"
        func edit(_ key: String, _ value: String) { clone.edits[key] = value }
        // Edits of one value (3, 5, 7, 8) come often, so that two clones meet on one.
        switch [0, 1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 8, 8, 9, 10].randomElement(using: &random)! {
        case 0, 1:
            let started = liftlog(["start", "--at", time, "--json"], in: store)
            guard let id = started.json?["data"]?["id"]?.stringValue else { Issue.record("start: \(started.output) \(started.error)"); return }
            let exercise = (["Back Squat", clone.bench, "Deadlift"] + SyncMergeTests.customNames.filter { (ledger.merged.contains($0) || clone.created.contains($0)) && !ledger.removedExercises.contains($0) }).randomElement(using: &random)!
            #expect(liftlog(["log", exercise, "\(Int.random(in: 40...140, using: &random))x5x2"], in: store).status == 0)
            #expect(liftlog(["finish", "--at", "\(day) 23:59"], in: store).status == 0)
            ledger.sessions.insert(id)
            clone.logged.append(id)
        case 2:
            guard let name = SyncMergeTests.customNames.filter({ !ledger.removedExercises.contains($0) }).randomElement(using: &random) else { return }
            let muscles = Bool.random(using: &random) ? ["--muscles", "glutes"] : []
            if liftlog(["exercise", "add", name] + muscles, in: store).status == 0 {
                ledger.exercises.insert(name)
                clone.created.insert(name)
            }
        case 3:
            let (exercise, file) = Bool.random(using: &random) ? ("Deadlift", "exercises/deadlift.json") : (clone.bench, "exercises/bench-press.json")
            if Bool.random(using: &random) {
                let notes = ["Conventional", "Sumo", "Paused"].randomElement(using: &random)!
                #expect(liftlog(["exercise", "edit", exercise, "--notes", notes], in: store).status == 0)
                edit(file + "|notes", "\"\(notes)\"")
            } else {
                let rest = [120, 180, 240].randomElement(using: &random)!
                #expect(liftlog(["exercise", "edit", exercise, "--rest", "\(rest)"], in: store).status == 0)
                edit(file + "|rest_seconds", "\(rest)")
            }
        case 4:
            let logged = liftlog(["log", "--session", shared, "Back Squat", "\(Int.random(in: 90...110, using: &random))x5"], in: store)
            #expect(logged.status == 0, "\(logged.error)")
            ledger.sharedSets += 1
        case 5:
            let reps = Int.random(in: 3...6, using: &random)
            #expect(liftlog(["set", "Back Squat", "1", "--reps", "\(reps)", "--session", shared], in: store).status == 0)
            edit(sharedPath + "|entries[0].sets[0].reps", "\(reps)")
        case 6:
            #expect(liftlog(["weigh", "\(Int.random(in: 75...85, using: &random))", "--at", time], in: store).status == 0)
            ledger.weighIns += 1
        case 7:
            let (setting, key, value) = Bool.random(using: &random)
                ? ("rest", "rest_seconds", [90, 120, 150].randomElement(using: &random)!)
                : ("bar", "bar", [15, 20].randomElement(using: &random)!)
            #expect(liftlog(["config", setting, "\(value)"], in: store).status == 0)
            edit("liftlog.json|preferences.\(key)", "\(value)")
        case 8:
            if Bool.random(using: &random) {
                let notes = ["Heavy", "Light", "Deload"].randomElement(using: &random)!
                #expect(liftlog(["plan", "edit", clone.plan, "--notes", notes], in: store).status == 0)
                edit("plan|notes", "\"\(notes)\"")
            } else {
                // The same exercise planned on two clones is planned alike: one, not a conflict.
                let exercise = SyncMergeTests.plannedNames.randomElement(using: &random)!
                let added = liftlog(["plan", "add-exercise", clone.plan, "Day A", exercise == "Bench Press" ? clone.bench : exercise, "3x8"], in: store)
                #expect(added.status == 0, "\(added.error)")
                ledger.planned.insert(exercise)
            }
        case 10:
            // Renamed on one clone while the others log, edit and plan it; or a custom
            // exercise this clone made removed.
            if clone.index == 1, clone.bench == "Bench Press", round >= 2 {
                #expect(liftlog(["exercise", "rename", "Bench Press", "Flat Bench Press"], in: store).status == 0)
                clone.bench = "Flat Bench Press"
                ledger.renamesAndRemovals += 1
            } else if let made = clone.created.sorted().first(where: { ledger.exercises.contains($0) && ledger.merged.contains($0) }) {
                // One every clone has had since the last merge: none can be adding it now.
                let removed = liftlog(["exercise", "rm", made, "--yes"], in: store)
                #expect(removed.status == 0, "\(removed.error)")
                ledger.exercises.remove(made)
                ledger.removedExercises.insert(made)
                clone.created.remove(made)
                ledger.renamesAndRemovals += 1
            }
        default:
            if clone.index == 0, clone.plan == "Strength", round >= 1 {
                #expect(liftlog(["plan", "rename", "Strength", "Power"], in: store).status == 0)
                clone.plan = "Power"
                ledger.renamesAndRemovals += 1
            } else if let own = clone.logged.first(where: ledger.sessions.contains) {
                #expect(liftlog(["rm", own, "--yes"], in: store).status == 0)
                ledger.sessions.remove(own)
                ledger.deleted.insert(own)
                ledger.renamesAndRemovals += 1
            }
        }
    }

    private func sessions(in store: String) -> [String] {
        let history = liftlog(["history", "--json", "--per-page", "1000"], in: store)
        return (history.json?["data"]?["sessions"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    /// The conflicts `resolve` lists, as "file|path", plans' files as "plan".
    private func listedConflicts(in store: String) -> Set<String> {
        let shown = liftlog(["resolve", "--json"], in: store)
        let unmerged = shown.json?["data"]?["unmerged"]?.arrayValue ?? []
        var listed = Set<String>()
        for file in unmerged {
            // Bench Press is one exercise under either of its names.
            let path = (file["path"]?.stringValue ?? "?").replacingOccurrences(of: "flat-bench-press", with: "bench-press")
            for difference in file["differences"]?.arrayValue ?? [] {
                listed.insert((path.hasPrefix("plans/") ? "plan" : path) + "|" + (difference["path"]?.stringValue ?? "?"))
            }
        }
        return listed
    }

    /// What must conflict: a value both clones changed, to different things, each away from
    /// what it was after the last merge.
    private func expectedConflicts(_ a: Clone, _ b: Clone, ledger: Ledger) -> Set<String> {
        Set(a.edits.keys.filter { key in
            guard let x = a.edits[key], let y = b.edits[key], x != y else { return false }
            return x != ledger.values[key] && y != ledger.values[key]
        })
    }

    /// The union every clone must hold, and a clean check with no conflict markers.
    private func expectWhole(_ store: String, ledger: Ledger, shared: String) {
        let check = liftlog(["check"], in: store)
        #expect(check.status == 0, "\(store): \(check.output)")
        for file in allFiles(in: store) where !file.hasPrefix(".git/") && !file.hasPrefix(".liftlog/") {
            #expect(readText(store + "/" + file)?.contains("<<<<<<<") != true, "\(file) has conflict markers")
        }
        let present = Set(sessions(in: store))
        #expect(ledger.sessions.isSubset(of: present), "sessions lost: \(ledger.sessions.subtracting(present))")
        #expect(ledger.deleted.isDisjoint(with: present), "deleted sessions back: \(ledger.deleted.intersection(present))")
        #expect(present.count == ledger.sessions.count + 1)
        #expect(liftlog(["show", shared, "--json"], in: store).json?["data"]?["set_count"] == .number(JSONNumber(Double(ledger.sharedSets))))
        #expect(allFiles(in: store + "/body").count == ledger.weighIns)
        let library = Set((liftlog(["exercises", "--json"], in: store).json?["data"]?["exercises"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue })
        #expect(ledger.exercises.isSubset(of: library), "exercises lost: \(ledger.exercises.subtracting(library))")
        #expect(ledger.removedExercises.isDisjoint(with: library), "removed exercises back: \(ledger.removedExercises.intersection(library))")
        let planText = liftlog(["plan", "export", currentPlan(in: store)], in: store).output
        for exercise in ledger.planned { #expect(planText.contains(exercise), "\(exercise) not planned: \(planText)") }
    }

    private func currentPlan(in store: String) -> String {
        liftlog(["plan", "list", "--json"], in: store).json?["data"]?["plans"]?.arrayValue?.first?["name"]?.stringValue ?? "?"
    }

    private func benchName(in store: String) -> String {
        liftlog(["exercise", "show", "Flat Bench Press"], in: store).status == 0 ? "Flat Bench Press" : "Bench Press"
    }

    private func tree(_ store: String) -> String { git(["rev-parse", "HEAD^{tree}"], in: store).output }

    @Test("two clones, each merging the other: the same store either way, conflicts only where both changed a value")
    func twoClonesBothOrders() throws {
        try withTemporaryDirectory { root throws in
            let a = Clone(path: root + "/a", index: 0), b = Clone(path: root + "/b", index: 1)
            let (shared, sharedPath) = try makeFirst(a.path)
            #expect(liftlog(["sync"], in: a.path).status == 0)
            #expect(runProgram(["git", "clone", "-q", a.path, b.path]).status == 0)
            #expect(git(["remote", "remove", "origin"], in: b.path).status == 0)
            #expect(liftlog(["sync"], in: b.path).status == 0)
            #expect(git(["remote", "add", "peer", b.path], in: a.path).status == 0)
            #expect(git(["remote", "add", "peer", a.path], in: b.path).status == 0)
            let branch = git(["rev-parse", "--abbrev-ref", "HEAD"], in: a.path).output.trimmingWhitespace()
            var ledger = Ledger()
            ledger.values[sharedPath + "|entries[0].sets[0].reps"] = "5"
            var random = FuzzGenerator(state: 0x5EED_0057)
            let rounds = longRun ? 100 : 16
            for round in 0..<rounds {
                for clone in [a, b] {
                    for step in 0..<Int.random(in: 2...6, using: &random) {
                        operate(clone, round: round, step: step, shared: shared, sharedPath: sharedPath, ledger: &ledger, random: &random)
                    }
                    #expect(git(["add", "-A", "--", "."], in: clone.path).status == 0)
                    _ = git(["commit", "-q", "-m", "Round \(round)"], in: clone.path)
                }
                // Each merges the other's commit: a's merge and b's must give one store.
                for clone in [a, b] { #expect(git(["fetch", "-q", "peer"], in: clone.path).status == 0) }
                let mergedA = git(["merge", "-q", "--no-edit", "peer/\(branch)"], in: a.path)
                let mergedB = git(["merge", "-q", "--no-edit", "peer/\(branch)"], in: b.path)
                ledger.merges += 2
                let expected = expectedConflicts(a, b, ledger: ledger)
                #expect((mergedA.status == 0) == expected.isEmpty, "round \(round): \(mergedA.output) \(mergedA.error); expected \(expected)")
                #expect((mergedA.status == 0) == (mergedB.status == 0))
                if mergedA.status != 0 {
                    #expect(listedConflicts(in: a.path) == expected, "round \(round)")
                    #expect(listedConflicts(in: b.path) == expected, "round \(round)")
                    ledger.conflictedValues += expected.count
                    // The same side kept on both: a keeps its own, b keeps a's.
                    #expect(liftlog(["resolve", "--keep", "ours"], in: a.path).status == 0)
                    #expect(liftlog(["resolve", "--keep", "theirs"], in: b.path).status == 0)
                    for clone in [a, b] { #expect(git(["commit", "-q", "--no-edit"], in: clone.path).status == 0) }
                }
                #expect(tree(a.path) == tree(b.path), "round \(round): the two merges differ")
                for clone in [a, b] { expectWhole(clone.path, ledger: ledger, shared: shared) }
                // Record what is merged now; b takes a's merge, as a push would give it.
                for key in Set(a.edits.keys).union(b.edits.keys) {
                    if let mine = a.edits[key], mine != ledger.values[key] { ledger.values[key] = mine } else if let theirs = b.edits[key] { ledger.values[key] = theirs }
                }
                a.edits = [:]; b.edits = [:]
                ledger.merged = ledger.exercises
                #expect(git(["fetch", "-q", "peer"], in: b.path).status == 0)
                #expect(git(["reset", "-q", "--hard", "peer/\(branch)"], in: b.path).status == 0)
                b.plan = currentPlan(in: b.path)
                for clone in [a, b] { clone.bench = benchName(in: clone.path) }
            }
            print("Two clones: \(ledger.operations) operations (\(ledger.renamesAndRemovals) renames and removals), \(ledger.merges) merges, \(ledger.conflictedValues) values changed differently on both")
            #expect(ledger.merges == rounds * 2)
        }
    }

    @Test("three clones syncing through one remote in any order converge on one store")
    func threeClonesThroughARemote() throws {
        try withTemporaryDirectory { root throws in
            let origin = root + "/origin.git"
            let clones = (0..<3).map { Clone(path: root + "/clone\($0)", index: $0) }
            let (shared, sharedPath) = try makeFirst(clones[0].path)
            #expect(runProgram(["git", "init", "-q", "--bare", origin]).status == 0)
            #expect(git(["remote", "add", "origin", origin], in: clones[0].path).status == 0)
            #expect(liftlog(["sync"], in: clones[0].path).status == 0)
            for clone in clones.dropFirst() {
                #expect(runProgram(["git", "clone", "-q", origin, clone.path]).status == 0)
                #expect(liftlog(["sync"], in: clone.path).status == 0)
            }
            var ledger = Ledger()
            var random = FuzzGenerator(state: 0x5EED_0003)
            let rounds = longRun ? 60 : 8
            var syncs = 0
            for round in 0..<rounds {
                for clone in clones {
                    for step in 0..<Int.random(in: 2...5, using: &random) {
                        operate(clone, round: round, step: step, shared: shared, sharedPath: sharedPath, ledger: &ledger, random: &random)
                    }
                }
                // A value two clones changed is the only thing that may conflict.
                var editedTwice = Set<String>()
                for (index, clone) in clones.enumerated() {
                    for other in clones[(index + 1)...] { editedTwice.formUnion(Set(clone.edits.keys).intersection(other.edits.keys)) }
                }
                let plans = Set(editedTwice.filter { $0.hasPrefix("plan|") })
                for clone in clones.shuffled(using: &random) + clones {
                    let synced = liftlog(["sync"], in: clone.path)
                    syncs += 1
                    if synced.output.contains("Pulled from origin.") { ledger.merges += 1 }
                    guard synced.status == 5 else {
                        #expect(synced.status == 0, "round \(round): \(synced.output) \(synced.error)")
                        continue
                    }
                    ledger.merges += 1
                    let listed = listedConflicts(in: clone.path)
                    #expect(!listed.isEmpty && listed.isSubset(of: editedTwice.union(plans)), "round \(round): \(listed) beyond \(editedTwice)")
                    ledger.conflictedValues += listed.count
                    let side = Bool.random(using: &random) ? "ours" : "theirs"
                    #expect(liftlog(["resolve", "--keep", side], in: clone.path).status == 0)
                    let settled = liftlog(["sync"], in: clone.path)
                    #expect(settled.status == 0 && settled.output.contains("Committed the merge."), "\(settled.output) \(settled.error)")
                }
                let last = liftlog(["sync"], in: clones[0].path)
                #expect(last.status == 0)
                let trees = Set(clones.map { tree($0.path) })
                #expect(trees.count == 1, "round \(round): the clones differ")
                for clone in clones {
                    expectWhole(clone.path, ledger: ledger, shared: shared)
                    clone.edits = [:]
                    clone.plan = currentPlan(in: clone.path)
                    clone.bench = benchName(in: clone.path)
                }
                ledger.merged = ledger.exercises
            }
            print("Three clones: \(ledger.operations) operations (\(ledger.renamesAndRemovals) renames and removals), \(syncs) syncs, \(ledger.merges) merges, \(ledger.conflictedValues) values changed differently on two")
        }
    }

    @Test("sets added to one session on two devices, kept side by side by Dropbox or Syncthing, are united by resolve")
    func conflictCopies() throws {
        try withTemporaryDirectory { root throws in
            var random = FuzzGenerator(state: 0x5EED_0C09)
            let trials = longRun ? 40 : 6
            for trial in 0..<trials {
                let a = root + "/\(trial)/a", b = root + "/\(trial)/b"
                let (shared, sharedPath) = try makeFirst(a)
                copyTree(a, to: b)
                let added = (Int.random(in: 0...3, using: &random), Int.random(in: 1...3, using: &random))
                for _ in 0..<added.0 { #expect(liftlog(["log", "--session", shared, "Back Squat", "100x5"], in: a).status == 0) }
                for _ in 0..<added.1 { #expect(liftlog(["log", "--session", shared, "Back Squat", "105x3"], in: b).status == 0) }
                // Without the version both started from, a set changed on one side cannot be
                // told from one changed on the other: each side only adds (ResolveTests has
                // the refusal when they change one set).
                let copy = sharedPath.replacingOccurrences(of: ".json", with: trial % 2 == 0 ? " (Alex's conflicted copy 2025-02-01).json" : ".sync-conflict-20250201-101010-ABCDEFG.json")
                writeText(try #require(readText(b + "/" + sharedPath)), to: a + "/" + copy)
                #expect(liftlog(["check"], in: a).status == 7)
                let resolved = liftlog(["resolve", "--keep", "merged"], in: a)
                #expect(resolved.status == 0, "\(resolved.output) \(resolved.error)")
                let session = liftlog(["show", shared, "--json"], in: a).json?["data"]
                #expect(session?["set_count"] == .number(JSONNumber(Double(1 + added.0 + added.1))))
                let weights = (session?["entries"]?.arrayValue?.first?["sets"]?.arrayValue ?? []).compactMap { $0["weight"] }
                #expect(weights.filter { $0 == .number(JSONNumber(105)) }.count == added.1)
                #expect(readText(a + "/" + copy) == nil)
                #expect(liftlog(["check"], in: a).status == 0)
            }
        }
    }
}

private extension String {
    /// A number of two digits.
    init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
