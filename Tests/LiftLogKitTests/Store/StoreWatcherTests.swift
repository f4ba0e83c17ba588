import Testing
@testable import LiftLogKit
import LiftLogTestSupport

/// What a watcher of a store reports: with the kernel's reports (Linux) and by comparing the
/// folders (everywhere else, and where the kernel cannot report).
@Suite("Watching a store for changes")
struct StoreWatcherTests {
    /// Waits up to 10 s for changes until `done` holds for what was reported so far.
    private func changes(_ watcher: StoreWatcher, until done: (StoreChange) -> Bool) -> StoreChange {
        var total = StoreChange()
        let end = monotonicSeconds() + 10
        while !done(total), monotonicSeconds() < end, let change = watcher.next(timeout: end - monotonicSeconds()) {
            total.sessions.formUnion(change.sessions)
            total.activeSession = total.activeSession || change.activeSession
            total.exercises = total.exercises || change.exercises
            total.plans = total.plans || change.plans
            total.bodyEntries = total.bodyEntries || change.bodyEntries
            total.preferences = change.preferences ?? total.preferences
            total.paths += change.paths
        }
        return total
    }

    /// Makes a change (an exercise added) and checks that it is all the watcher reports up to
    /// it: nothing written before it was reported.
    private func expectOnlyNext(_ watcher: StoreWatcher, _ store: Store, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(throws: Never.self, sourceLocation: sourceLocation) { try store.addExercise(name: "Watch Marker") }
        let change = changes(watcher) { $0.exercises }
        #expect(change.paths == ["exercises/watch-marker.json"] && change.sessions.isEmpty && !change.activeSession, sourceLocation: sourceLocation)
    }

    @Test("this process's writes: a session started and a set logged, an exercise, a weigh-in, a preference", arguments: [true, false])
    func ownWrites(kernelReports: Bool) throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s")
            let watcher = try StoreWatcher(store: store, kernelReports: kernelReports)
            #if os(Linux)
            #expect(watcher.hasKernelReports == kernelReports)
            #endif
            let started = try store.startSession()
            var change = changes(watcher) { $0.sessions.contains(started.session.id) }
            #expect(change.sessions == [started.session.id])
            #expect(change.activeSession)
            #expect(change.paths == [started.path])
            #expect(!change.exercises && !change.plans && !change.bodyEntries && change.preferences == nil)

            _ = try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
            change = changes(watcher) { !$0.isEmpty }
            #expect(change.sessions == [started.session.id] && change.activeSession)

            _ = try store.addExercise(name: "Hip Airplane", muscleGroups: ["glutes"])
            change = changes(watcher) { $0.exercises }
            #expect(change.paths == ["exercises/hip-airplane.json"] && change.sessions.isEmpty && !change.activeSession)

            _ = try store.weigh(80)
            change = changes(watcher) { $0.bodyEntries }
            #expect(change.paths.count == 1 && change.paths[0].hasPrefix("body/"))

            _ = try store.changing(.unit, to: "lbs")
            change = changes(watcher) { $0.preferences != nil }
            #expect(change.preferences?.unit == .lbs)
            #expect(change.paths == [Store.manifestFileName])

            let finished = try store.finish(feel: 4)
            change = changes(watcher) { !$0.isEmpty }
            #expect(change.sessions == [finished.session.id] && change.activeSession)
            // Nothing else: the next change reported is the next one made.
            expectOnlyNext(watcher, store)
        }
    }

    @Test("by hand: a session edited in place, removed (reported by its ID), broken, and one in a new month folder", arguments: [true, false])
    func handEdits(kernelReports: Bool) throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s")
            let first = try store.startSession(startedAt: Timestamp("2025-01-24T07:30:00+01:00"))
            _ = try store.finish()
            let watcher = try StoreWatcher(store: store, kernelReports: kernelReports)
            let path = root + "/s/" + first.path
            let text = try #require(readText(path))

            writeText(text.replacingOccurrences(of: "\"status\": \"completed\"", with: "\"status\": \"completed\",\n  \"x_note\": \"hi\""), to: path)
            var change = changes(watcher) { !$0.isEmpty }
            #expect(change.sessions == [first.session.id] && !change.activeSession && change.paths == [first.path])

            writeText("{ \"id\": ", to: path)
            change = changes(watcher) { !$0.isEmpty }
            // Broken: reported by its path, and by the ID it had.
            #expect(change.paths == [first.path] && change.sessions == [first.session.id])

            removeTree(path)
            change = changes(watcher) { !$0.isEmpty }
            #expect(change.paths == [first.path] && change.sessions.isEmpty)

            // A session file in a month and year that had no folder.
            makeDirectories(root + "/s/sessions/2031/03")
            writeText(text.replacingOccurrences(of: first.session.id.rawValue, with: "11111111-2222-4333-8444-555555555555"),
                      to: root + "/s/sessions/2031/03/2031-03-01-0730-11111111.json")
            change = changes(watcher) { !$0.isEmpty }
            #expect(change.paths == ["sessions/2031/03/2031-03-01-0730-11111111.json"])
            #expect(change.sessions.map(\.rawValue) == ["11111111-2222-4333-8444-555555555555"])

            // The year folder removed with what it holds: reported by the ID read before.
            removeTree(root + "/s/sessions/2031")
            change = changes(watcher) { !$0.isEmpty }
            #expect(change.sessions.map(\.rawValue) == ["11111111-2222-4333-8444-555555555555"])

            // What is not a store file is not reported: a note, a temporary file, the index.
            writeText("note", to: root + "/s/sessions/2025/01/notes.txt")
            writeText("{}", to: root + "/s/sessions/2025/01/.x.json.liftlog-tmp.nosync")
            _ = try store.history(HistoryQuery())
            expectOnlyNext(watcher, store)
        }
    }

    @Test("the session that was active when the watch began, discarded here or given a set by the liftlog tool in another process, is reported by its ID",
          arguments: [false, true])
    func activeSession(byTheTool: Bool) throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s")
            let started = try store.startSession()
            let watcher = try StoreWatcher(store: store)
            if byTheTool {
                let outcome = runBinary(["log", "--store", root + "/s", "Back Squat", "100x5"])
                #expect(outcome.status == 0, "\(outcome.error)")
            } else {
                _ = try store.discardActiveSession()
            }
            let change = changes(watcher) { !$0.isEmpty }
            #expect(change.sessions == [started.session.id] && change.activeSession)
            #expect(try store.activeSession()?.session.entries.first?.sets.count == (byTheTool ? 1 : nil))
        }
    }
}
