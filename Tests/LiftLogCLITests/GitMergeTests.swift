import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

/// Git as the distributed engine: two clones log offline and pull from each other.
@Suite("Two clones merging through git")
struct GitMergeTests {
    private let identity = gitIdentity

    private func git(_ arguments: [String], in folder: String) -> Outcome {
        runProgram(["git", "-C", folder] + arguments, environment: identity)
    }

    /// Logs `count` finished sessions, one a day from `firstDay`, a few sets each.
    private func logSessions(_ count: Int, in store: String, firstDay: Int, exercise: String) {
        for day in 0..<count {
            let date = LocalDate(year: 2025, month: 1, day: 1)!.adding(days: firstDay + day)
            let env = ["LIFTLOG_STORE": store, "TZ": "UTC"]
            #expect(runBinary(["start", "--at", "\(date) 07:00"], environment: env).status == 0)
            #expect(runBinary(["log", exercise, "\(60 + day)x5x3"], environment: env).status == 0)
            #expect(runBinary(["finish", "--at", "\(date) 08:00"], environment: env).status == 0)
        }
    }

    @Test("each logs 50 sessions and adds exercises and a plan; pulling merges without conflicts")
    func offlineClones() throws {
        try withTemporaryDirectory { root throws in
            let origin = root + "/origin.git", a = root + "/a", b = root + "/b"
            #expect(runBinary(["init", a, "--git"]).status == 0)
            #expect(git(["add", "-A"], in: a).status == 0)
            #expect(git(["commit", "-q", "-m", "Start"], in: a).status == 0)
            #expect(runProgram(["git", "clone", "-q", "--bare", a, origin]).status == 0)
            #expect(git(["remote", "add", "origin", origin], in: a).status == 0)
            #expect(git(["fetch", "-q", "origin"], in: a).status == 0)
            #expect(runProgram(["git", "clone", "-q", origin, b]).status == 0)

            // Offline, each device logs sessions, adds an exercise and writes a plan.
            #expect(runBinary(["exercise", "add", "Zercher Squat", "--store", a]).status == 0)
            #expect(runBinary(["exercise", "add", "Sled Push", "--store", b]).status == 0)
            logSessions(50, in: a, firstDay: 0, exercise: "Zercher Squat")
            logSessions(50, in: b, firstDay: 25, exercise: "Sled Push")
            // Both weigh in on the same morning: two files, no conflict.
            #expect(runBinary(["weigh", "82.4", "--at", "2025-03-01T07:00:00+00:00", "--store", a]).status == 0)
            #expect(runBinary(["weigh", "82.6", "--at", "2025-03-01T07:00:00+00:00", "--store", b]).status == 0)
            #expect(runBinary(["measure", "waist=84", "--at", "2025-03-01T07:01:00+00:00", "--store", b]).status == 0)
            for (store, name) in [(a, "upper"), (b, "lower")] {
                let plan = TrainingPlan(id: TrainingPlan.ID.nameBased("plan:\(name)"), name: name, days: [TrainingPlan.Day(name: "Day 1")])
                makeDirectories(store + "/plans")
                writeText(JSONWriter.canonicalString(plan.json), to: "\(store)/plans/\(name).json")
            }
            for store in [a, b] {
                #expect(git(["add", "-A"], in: store).status == 0)
                let commit = git(["commit", "-q", "-m", "Offline training"], in: store)
                #expect(commit.status == 0, "\(commit.error)")
            }
            #expect(git(["push", "-q", "origin", "HEAD:master"], in: a).status == 0 || git(["push", "-q", "origin", "HEAD:main"], in: a).status == 0)
            let branch = git(["rev-parse", "--abbrev-ref", "HEAD"], in: b).output.trimmingWhitespace()
            // b already built its index before the pull: it must notice the new files by itself.
            #expect(runBinary(["history", "--store", b]).status == 0)
            let pullB = git(["pull", "-q", "--no-rebase", "origin", branch], in: b)
            #expect(pullB.status == 0, "\(pullB.output) \(pullB.error)")
            #expect(git(["push", "-q", "origin", "HEAD:\(branch)"], in: b).status == 0)
            #expect(runBinary(["history", "--store", a]).status == 0)
            let pullA = git(["pull", "-q", "--no-rebase", "origin", branch], in: a)
            #expect(pullA.status == 0, "\(pullA.output) \(pullA.error)")

            for store in [a, b] {
                #expect(git(["status", "--porcelain"], in: store).output.isEmpty, "\(store) has uncommitted or conflicted files")
                let check = runBinary(["check", "--store", store])
                #expect(check.status == 0, "\(check.output)")
                let history = runBinary(["history", "--store", store, "--json", "--per-page", "1000"])
                #expect(history.json?["data"]?["total"] == 100)
                #expect(runBinary(["exercise", "show", "Zercher Squat", "--store", store]).status == 0)
                #expect(runBinary(["exercise", "show", "Sled Push", "--store", store]).status == 0)
                #expect(allFiles(in: store + "/plans") == ["lower.json", "upper.json"])
                #expect(allFiles(in: store + "/body/2025").count == 3)
                #expect(runBinary(["body", "--store", store, "--json"]).json?["data"]?["measurements"]?["waist"]?.arrayValue?.count == 1)
            }
            // The two histories agree, newest first.
            let pageA = runBinary(["history", "--store", a, "--json"]).output
            let pageB = runBinary(["history", "--store", b, "--json"]).output
            #expect(pageA == pageB)
        }
    }

    @Test("sync commits with a message that says what was logged, pulls, checks and pushes")
    func sync() throws {
        try withTemporaryDirectory { root throws in
            let origin = root + "/origin.git", a = root + "/a", b = root + "/b"
            #expect(runBinary(["init", a, "--git"]).status == 0)
            #expect(runProgram(["git", "init", "-q", "--bare", origin]).status == 0)
            #expect(git(["remote", "add", "origin", origin], in: a).status == 0)
            let first = runBinary(["sync", "--store", a], environment: identity)
            #expect(first.status == 0, "\(first.output) \(first.error)")
            #expect(first.output.contains("Committed: Add 34 exercises"))
            #expect(first.output.contains("Pushed to origin."))
            #expect(runProgram(["git", "clone", "-q", origin, b]).status == 0)

            let env = ["LIFTLOG_STORE": a, "TZ": "UTC"]
            #expect(runBinary(["start", "--at", "2025-01-24 07:00", "--plan-day", "Day A"], environment: env).status == 0)
            #expect(runBinary(["log", "Back Squat", "100x5x3"], environment: env).status == 0)
            #expect(runBinary(["log", "Bench Press", "80x5x3"], environment: env).status == 0)
            #expect(runBinary(["finish", "--at", "2025-01-24 08:00"], environment: env).status == 0)
            let logged = runBinary(["sync", "--store", a], environment: identity)
            #expect(logged.status == 0, "\(logged.output) \(logged.error)")
            #expect(git(["log", "-1", "--format=%s"], in: a).output == "Log 2025-01-24 Day A: 2 exercises, 6 sets\n")

            let pulled = runBinary(["sync", "--store", b], environment: identity)
            #expect(pulled.status == 0, "\(pulled.output) \(pulled.error)")
            #expect(pulled.output.contains("Pulled from origin."))
            #expect(runBinary(["history", "--store", b, "--json"]).json?["data"]?["total"] == 1)

            // A real conflict: both devices change the same exercise differently.
            #expect(runBinary(["exercise", "edit", "Deadlift", "--notes", "Conventional", "--store", a]).status == 0)
            #expect(runBinary(["sync", "--store", a], environment: identity).status == 0)
            #expect(runBinary(["exercise", "edit", "Deadlift", "--notes", "Sumo", "--store", b]).status == 0)
            let conflict = runBinary(["sync", "--store", b, "--json"], environment: identity)
            #expect(conflict.status == 5)
            #expect(conflict.errorMessage == "Both devices changed the same values in exercises/deadlift.json; everything else is merged. Your commit is still here. Settle them with 'liftlog resolve' (or go back with 'git merge --abort'), then run 'liftlog sync' again.")
            #expect(git(["log", "-1", "--format=%s"], in: b).output == "Change 1 exercise\n")

            // check names the conflict at its marker and says what settles it.
            let marked = runBinary(["check", "--store", b, "--json"])
            #expect(marked.status == 7)
            let problem = marked.json?["error"]?["details"]?["problems"]?.arrayValue?.first ?? marked.json?["data"]?["problems"]?.arrayValue?.first
            #expect(problem?["message"]?.stringValue == "git merge conflict in exercises/deadlift.json: both versions are in the file", "\(marked.output)")
            #expect(problem?["hint"]?.stringValue?.hasPrefix("Two devices changed the same values in it. Run 'liftlog resolve exercises/deadlift.json': it keeps what each side changed and asks which to keep of each value both changed. Or by hand: ") == true, "\(marked.output)")
            let conflicted = try #require(readText(b + "/exercises/deadlift.json"))
            let markerLine = conflicted.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("<<<<<<<") }.map { $0 + 1 }
            #expect(problem?["line"] == markerLine.map { .number(JSONNumber($0)) })

            // sync again before it is settled: said, nothing changed.
            let head = git(["rev-parse", "HEAD"], in: b).output
            let early = runBinary(["sync", "--store", b, "--json"], environment: identity)
            #expect(early.status == 5 && early.errorMessage == "A merge is in progress and git could not merge exercises/deadlift.json: both devices changed the same values. Settle them with 'liftlog resolve' (or go back with 'git merge --abort'), then run 'liftlog sync' again. Nothing was changed.", "\(early.output)")
            #expect(git(["rev-parse", "HEAD"], in: b).output == head)

            // resolve shows the value both changed; nobody to ask and no --keep: nothing changes.
            let shown = runBinary(["resolve", "--store", b, "--json"])
            #expect(shown.status == 2 && shown.errorMessage == "Say which side to keep of each value both changed with --keep ours or --keep theirs.", "\(shown.output)")
            let differences = shown.json?["error"]?["details"]?["unmerged"]?.arrayValue?.first?["differences"] ?? shown.json?["data"]?["unmerged"]?.arrayValue?.first?["differences"]
            #expect(differences == [["path": "notes", "ours": "\"Sumo\"", "theirs": "\"Conventional\""]], "\(shown.output)")
            #expect(readText(b + "/exercises/deadlift.json") == conflicted)
            let wrongKeep = runBinary(["resolve", "--keep", "copy", "--store", b, "--json"])
            #expect(wrongKeep.status == 4 && wrongKeep.errorMessage == "--keep copy is for sync conflict copies; for a file git could not merge keep ours or theirs.")

            let resolved = runBinary(["resolve", "--keep", "theirs", "--store", b])
            #expect(resolved.status == 0)
            #expect(resolved.output == "Merged exercises/deadlift.json (theirs where both changed a value) and staged it.\nEvery file is merged: 'liftlog sync' commits the merge and pushes it.\n")
            #expect(runBinary(["exercise", "show", "Deadlift", "--store", b, "--json"]).json?["data"]?["notes"] == "Conventional")
            let settled = runBinary(["sync", "--store", b], environment: identity)
            #expect(settled.output.contains("Committed the merge."), "\(settled.output) \(settled.error)")
            #expect(settled.status == 0 && settled.output.contains("Pushed to origin."), "\(settled.output) \(settled.error)")
        }
    }

    @Test("sync refuses a store outside git, and one with problems")
    func syncRefusals() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            let outside = runBinary(["sync", "--store", store, "--json"])
            #expect(outside.status == 4)
            #expect(outside.errorMessage == "The store is not in a git repository; run 'liftlog init --git' to make it one.")
            #expect(runBinary(["init", store, "--git"]).status == 0)
            writeText("{", to: store + "/exercises/broken.json")
            let broken = runBinary(["sync", "--store", store, "--json"], environment: identity)
            #expect(broken.status == 7)
            #expect(git(["log", "--oneline"], in: store).output.isEmpty)
        }
    }

    @Test("sync in a store inside a larger repository commits only the store's files")
    func syncCommitsOnlyTheStore() throws {
        try withTemporaryDirectory { root throws in
            let repository = root + "/home"
            makeDirectories(repository)
            #expect(git(["init", "-q"], in: repository).status == 0)
            writeText("first\n", to: repository + "/notes.txt")
            #expect(git(["add", "notes.txt"], in: repository).status == 0)
            #expect(git(["commit", "-q", "-m", "notes"], in: repository).status == 0)
            let store = repository + "/training"
            #expect(runBinary(["init", store]).status == 0)
            #expect(runBinary(["start", "--store", store, "--at", "2025-01-24 07:00"], environment: ["TZ": "UTC"]).status == 0)
            #expect(runBinary(["log", "Deadlift", "140x5", "--store", store]).status == 0)
            #expect(runBinary(["finish", "--store", store, "--at", "2025-01-24 08:00"], environment: ["TZ": "UTC"]).status == 0)
            // Staged by the user, elsewhere in the repository.
            writeText("second\n", to: repository + "/notes.txt")
            #expect(git(["add", "notes.txt"], in: repository).status == 0)

            let sync = runBinary(["sync", "--store", store], environment: identity)
            #expect(sync.status == 0, "\(sync.error)")
            let committed = git(["show", "--name-only", "--format=", "HEAD"], in: repository).output.split(separator: "\n").map(String.init)
            #expect(!committed.isEmpty && committed.allSatisfy { $0.hasPrefix("training/") }, "\(committed)")
            #expect(git(["diff", "--cached", "--name-only"], in: repository).output == "notes.txt\n")
            #expect(git(["show", "HEAD:notes.txt"], in: repository).output == "first\n")
        }
    }

    @Test("sync commits only liftlog's files and those git tracks, lists the rest, and keeps the session in progress local")
    func syncLeavesOutWhatIsNotTheLog() throws {
        try withTemporaryDirectory { root throws in
            let origin = root + "/origin.git", store = root + "/s", other = root + "/other"
            #expect(runBinary(["init", store, "--git"]).status == 0)
            #expect(runProgram(["git", "init", "-q", "--bare", origin]).status == 0)
            #expect(git(["remote", "add", "origin", origin], in: store).status == 0)
            writeText("SECRET=1\n", to: store + "/.env")
            makeDirectories(store + "/keys")
            writeText("-----BEGIN KEY-----\n", to: store + "/keys/id_rsa")
            writeText("squat day\n", to: store + "/notes.txt")
            let env = ["LIFTLOG_STORE": store, "TZ": "UTC"]
            #expect(runBinary(["start", "--at", "2025-01-24 07:00"], environment: env).status == 0)
            #expect(runBinary(["log", "Back Squat", "100x5"], environment: env).status == 0)
            let active = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") })

            let first = runBinary(["sync", "--store", store, "--json"], environment: identity)
            #expect(first.status == 0, "\(first.output) \(first.error)")
            let steps = (first.json?["data"]?["steps"]?.arrayValue ?? []).compactMap(\.stringValue)
            #expect(steps.contains("Left out the session in progress (\(active)): it goes with the first sync after it is finished ('liftlog sync --include-active' takes it now)."), "\(steps)")
            #expect(steps.contains("Left out 3 files that liftlog does not keep: .env, keys/id_rsa, notes.txt. Commit them with git yourself if you mean to."), "\(steps)")
            let pushed = git(["ls-tree", "-r", "--name-only", "HEAD"], in: store).output.split(separator: "\n").map(String.init)
            #expect(!pushed.contains(".env") && !pushed.contains("keys/id_rsa") && !pushed.contains(active), "\(pushed)")
            #expect(pushed.contains("liftlog.json") && pushed.contains("exercises/back-squat.json"))

            // The other device sees no session it did not start.
            #expect(runProgram(["git", "clone", "-q", origin, other]).status == 0)
            #expect(runBinary(["status", "--store", other, "--json"]).json?["data"] == .null)
            #expect(readText(other + "/" + active) == nil)

            // Finished, it goes with the next sync; a file git tracks goes whatever its name.
            #expect(runBinary(["finish", "--at", "2025-01-24 08:00"], environment: env).status == 0)
            let second = runBinary(["sync", "--store", store], environment: identity)
            #expect(second.status == 0 && second.output.contains("Committed: Log 2025-01-24"), "\(second.output)")
            #expect(git(["ls-tree", "-r", "--name-only", "HEAD"], in: store).output.contains(active))
            #expect(git(["add", "-f", ".env"], in: store).status == 0)
            #expect(git(["commit", "-q", "-m", "env"], in: store).status == 0)
            writeText("SECRET=2\n", to: store + "/.env")
            let third = runBinary(["sync", "--store", store], environment: identity)
            #expect(third.status == 0 && third.output.contains("Committed:"), "\(third.output)")
            #expect(git(["show", "HEAD:.env"], in: store).output == "SECRET=2\n")

            // --include-active takes the session in progress as a backup.
            #expect(runBinary(["start", "--at", "2025-01-25 07:00"], environment: env).status == 0)
            #expect(runBinary(["log", "Back Squat", "105x5"], environment: env).status == 0)
            let backup = runBinary(["sync", "--include-active", "--store", store], environment: identity)
            #expect(backup.status == 0 && !backup.output.contains("Left out the session in progress"), "\(backup.output)")
            #expect(git(["ls-tree", "-r", "--name-only", "HEAD"], in: store).output.contains("sessions/2025/01/2025-01-25"))
        }
    }

    @Test("sync with a detached head, a merge or a rebase in progress says so and changes nothing; with the remote out of reach it commits and says it pushes later")
    func syncInOddStates() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store, "--git"]).status == 0)
            #expect(runBinary(["sync", "--store", store], environment: identity).status == 0)
            let env = ["LIFTLOG_STORE": store, "TZ": "UTC"]
            #expect(runBinary(["start", "--at", "2025-01-24 07:00"], environment: env).status == 0)
            #expect(runBinary(["log", "Back Squat", "100x5"], environment: env).status == 0)
            #expect(runBinary(["finish", "--at", "2025-01-24 08:00"], environment: env).status == 0)
            func commits() -> String { git(["rev-list", "--all"], in: store).output }
            let before = commits()

            let main = git(["rev-parse", "--abbrev-ref", "HEAD"], in: store).output.trimmingWhitespace()
            #expect(git(["checkout", "-q", "--detach"], in: store).status == 0)
            let detached = runBinary(["sync", "--store", store, "--json"], environment: identity)
            #expect(detached.status == 4 && detached.errorMessage == "No branch is checked out in the store's repository (HEAD is detached); check one out with 'git switch BRANCH', then run 'liftlog sync' again. Nothing was changed.", "\(detached.output)")
            #expect(commits() == before)
            #expect(git(["checkout", "-q", "-"], in: store).status == 0)

            // A merge stopped on a conflict, in a file outside the log.
            writeText("a\n", to: store + "/notes.txt")
            #expect(git(["add", "notes.txt"], in: store).status == 0)
            #expect(git(["commit", "-q", "-m", "notes"], in: store).status == 0)
            #expect(git(["checkout", "-q", "-b", "other", "HEAD~1"], in: store).status == 0)
            writeText("b\n", to: store + "/notes.txt")
            #expect(git(["add", "notes.txt"], in: store).status == 0)
            #expect(git(["commit", "-q", "-m", "other notes"], in: store).status == 0)
            #expect(git(["merge", "-q", "-"], in: store).status != 0)
            let merging = commits()
            let merge = runBinary(["sync", "--store", store, "--json"], environment: identity)
            #expect(merge.status == 5 && merge.errorMessage == "A merge is in progress in the store's repository; finish it (commit the merge or 'git merge --abort'), then run 'liftlog sync' again. Nothing was changed.", "\(merge.output)")
            #expect(runBinary(["resolve", "--store", store]).output == "No conflicts: git has merged every file and there are no sync conflict copies.\n")
            #expect(commits() == merging)
            #expect(git(["merge", "--abort"], in: store).status == 0)

            // A rebase stopped on the same conflict.
            #expect(git(["rebase", "-q", main], in: store).status != 0)
            let rebasing = commits()
            let rebase = runBinary(["sync", "--store", store, "--json"], environment: identity)
            #expect(rebase.status == 5 && rebase.errorMessage == "A rebase is in progress in the store's repository; finish it ('git rebase --continue' or 'git rebase --abort'), then run 'liftlog sync' again. Nothing was changed.", "\(rebase.output)")
            #expect(commits() == rebasing)
            #expect(git(["rebase", "--abort"], in: store).status == 0)

            // The remote out of reach: the commit is made, the push waits.
            #expect(git(["remote", "add", "origin", root + "/nowhere.git"], in: store).status == 0)
            let offline = runBinary(["sync", "--store", store, "--json"], environment: identity)
            #expect(offline.status == 0, "\(offline.output)")
            let steps = (offline.json?["data"]?["steps"]?.arrayValue ?? []).compactMap(\.stringValue)
            #expect(steps.first { $0.hasPrefix("Committed: Log 2025-01-24") } != nil, "\(steps)")
            #expect(steps.last?.hasPrefix("Could not reach origin (git said: ") == true && steps.last?.hasSuffix("what was committed stays here and goes with the next 'liftlog sync'.") == true, "\(steps)")
        }
    }

    @Test("merge-file writes the merge by meaning into OURS, and says which values or rule stop it")
    func mergeFileDriver() throws {
        try withTemporaryDirectory { root throws in
            func file(_ name: String, _ text: String) -> String {
                writeText(text, to: root + "/" + name)
                return root + "/" + name
            }
            let base = file("base", #"{"id": "0b8f4d1e-0000-4000-8000-000000000001", "measured_at": "2025-01-24T07:00:00+01:00", "measurements": {"body_weight": {"unit": "kg", "value": 80}}}"#)
            let ours = file("ours", #"{"id": "0b8f4d1e-0000-4000-8000-000000000001", "measured_at": "2025-01-24T07:00:00+01:00", "measurements": {"body_weight": {"unit": "kg", "value": 80}}, "notes": "Morning", "x_scale": "Withings"}"#)
            let theirs = file("theirs", #"{"id": "0b8f4d1e-0000-4000-8000-000000000001", "measured_at": "2025-01-24T07:00:00+01:00", "measurements": {"body_weight": {"unit": "kg", "value": 80}, "waist": {"unit": "cm", "value": 84}}}"#)
            let path = "log/body/2025/2025-01-24-0700-0b8f4d1e.json"
            let merged = runBinary(["merge-file", base, ours, theirs, path])
            #expect(merged.status == 0 && merged.output.isEmpty, "\(merged.error)")
            let expected = #"{"id": "0b8f4d1e-0000-4000-8000-000000000001", "measured_at": "2025-01-24T07:00:00+01:00", "measurements": {"body_weight": {"unit": "kg", "value": 80}, "waist": {"unit": "cm", "value": 84}}, "notes": "Morning", "x_scale": "Withings"}"#
            #expect(readText(ours) == JSONWriter.canonicalString(try JSONParser.parse(Array(expected.utf8))))

            // Both changed one value: both versions between markers, the value named, exit 5.
            let mine = file("mine", #"{"id": "0b8f4d1e-0000-4000-8000-000000000001", "measured_at": "2025-01-24T07:00:00+01:00", "measurements": {"body_weight": {"unit": "kg", "value": 81}}}"#)
            let mineBefore = try #require(readText(mine))
            let conflict = runBinary(["merge-file", base, file("mine1", mineBefore), file("theirs1", #"{"id": "0b8f4d1e-0000-4000-8000-000000000001", "measured_at": "2025-01-24T07:00:00+01:00", "measurements": {"body_weight": {"unit": "kg", "value": 79}}}"#), path, "--json"])
            #expect(conflict.status == 5 && conflict.errorCode == "CONFLICT", "\(conflict.output)")
            let refusal = runBinary(["merge-file", base, file("mine2", mineBefore), file("theirs2", #"{"id": "0b8f4d1e-0000-4000-8000-000000000001", "measured_at": "2025-01-24T07:00:00+01:00", "measurements": {"body_weight": {"unit": "kg", "value": 79}}}"#), path])
            #expect(refusal.status == 5)
            #expect(refusal.error == "Error: \(path): 1 value changed differently on both sides: measurements.body_weight.value (81 | 79). Settle it with 'liftlog resolve'.\n")
            let written = try #require(readText(root + "/mine2"))
            #expect(written.hasPrefix("<<<<<<< ours\n" + mineBefore) && written.hasSuffix(">>>>>>> theirs\n"))

            // A merge that would break the file's rules is not written as merged.
            let heavy = file("heavy", #"{"id": "0b8f4d1e-0000-4000-8000-000000000001", "measured_at": "2025-01-24T07:00:00+01:00", "measurements": {"body_weight": {"unit": "kg", "value": 800}}}"#)
            let broken = runBinary(["merge-file", base, file("mine3", try #require(readText(ours))), heavy, path])
            #expect(broken.status == 5)
            #expect(broken.error == "Error: \(path): the merged file would break its rules: measurements.body_weight: body_weight 800 kg is outside 20–400 kg. Settle it with 'liftlog resolve'.\n")
            // A side that is not JSON.
            let garbled = runBinary(["merge-file", base, file("mine4", "{\"id\": "), theirs, path])
            #expect(garbled.status == 5)
            #expect(garbled.error.hasPrefix("Error: \(path): the merged file would break its rules: this side's version of \(path) is not JSON ("), "\(garbled.error)")
            // Files that cannot be read.
            let missing = runBinary(["merge-file", root + "/nowhere", ours, theirs, path, "--json"])
            #expect(missing.status == 3 && missing.errorCode == "NOT_FOUND", "\(missing.output)")
            #expect(missing.errorMessage == "No file '\(root)/nowhere'.", "\(missing.output)")
        }
    }

    @Test("sync in a store inside a larger repository, with the rest of the work tree dirty and the remote moved on: pulls, pushes, and leaves the rest as it was")
    func syncWithDirtyTreeOutside() throws {
        try withTemporaryDirectory { root throws in
            let origin = root + "/origin.git", a = root + "/a", b = root + "/b"
            #expect(runProgram(["git", "init", "-q", "--bare", origin]).status == 0)
            #expect(runProgram(["git", "init", "-q", a]).status == 0)
            writeText("draft 1\n", to: a + "/notes.md")
            #expect(runBinary(["init", a + "/training"]).status == 0)
            #expect(git(["add", "-A"], in: a).status == 0)
            #expect(git(["commit", "-q", "-m", "Start"], in: a).status == 0)
            #expect(git(["remote", "add", "origin", origin], in: a).status == 0)
            let branch = git(["rev-parse", "--abbrev-ref", "HEAD"], in: a).output.trimmingWhitespace()
            #expect(git(["push", "-q", "origin", "HEAD:\(branch)"], in: a).status == 0)
            #expect(runProgram(["git", "clone", "-q", origin, b]).status == 0)
            // The other device logs and pushes.
            #expect(runBinary(["weigh", "82", "--at", "2025-01-24T07:00:00+00:00", "--store", b + "/training"]).status == 0)
            #expect(runBinary(["sync", "--store", b + "/training"], environment: identity).status == 0)
            // This one logs too, with notes outside the store changed and not committed.
            writeText("draft 2, not committed\n", to: a + "/notes.md")
            writeText("scratch\n", to: a + "/todo.txt")
            #expect(runBinary(["weigh", "81", "--at", "2025-01-25T07:00:00+00:00", "--store", a + "/training"]).status == 0)
            let synced = runBinary(["sync", "--store", a + "/training"], environment: identity)
            #expect(synced.status == 0 && synced.output.contains("Pulled from origin.") && synced.output.contains("Pushed to origin."), "\(synced.output) \(synced.error)")
            #expect(readText(a + "/notes.md") == "draft 2, not committed\n")
            #expect(readText(a + "/todo.txt") == "scratch\n")
            #expect(git(["status", "--porcelain", "--", "notes.md", "todo.txt"], in: a).output == " M notes.md\n?? todo.txt\n")
            #expect(allFiles(in: a + "/training/body").count == 2)
            #expect(runBinary(["check", "--store", a + "/training"]).status == 0)
        }
    }
}
