import Testing
@testable import LiftLogKit
import LiftLogFoundation
import LiftLogTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What an app embedding LiftLogKit relies on.
@Suite("Embedding the store in an app")
struct AppEmbeddingTests {
    @Test("a relative store path is refused: an app's working folder is not where its documents are")
    func relativePath() {
        #expect(throws: LiftLogError.validation("The store path 'training' is relative; give the full path of the store's folder.")) {
            try Store.open(at: "training")
        }
        #expect(throws: LiftLogError.validation("The store path 'training' is relative; give the full path of the store's folder.")) {
            try Store.create(at: "training")
        }
    }

    @Test("a store path is made normal lexically; one already normal is taken as it is", arguments: [
        ("/", "/", true), ("/a", "/a", true), ("/home/me/training", "/home/me/training", true), ("/a/.../b", "/a/.../b", true),
        ("/a/.b/..c", "/a/.b/..c", true), ("//", "/", false), ("/a/", "/a", false), ("/a//b", "/a/b", false),
        ("/a/./b", "/a/b", false), ("/a/../b", "/b", false), ("/a/b/..", "/a", false), ("/a/.", "/a", false),
        ("/..", "/", false), ("/./", "/", false),
    ])
    func normalPaths(path: String, normal: String, alreadyNormal: Bool) {
        #expect(Store.normalize(path) == normal)
        #expect(Store.isNormal(path) == alreadyNormal)
        #expect(Store.isNormal(normal))
    }

    @Test("perform runs the work off the caller and returns its result or its error")
    func perform() async throws {
        try await withTemporaryDirectoryAsync { root in
            let store = try await Store.create(at: root + "/s")
            _ = try await store.perform { store in try store.startSession() }
            let result = try await store.perform { store in
                try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
            }
            #expect(result.setNumbers == [1])
            await #expect(throws: LiftLogError.notFound("No exercise named 'Nope'.", remedy: .logCreatingExercise)) {
                _ = try await store.perform { store in try store.log(exercise: "Nope", sets: SetNotation.parse(["100x5"], defaultUnit: .kg)) }
            }
            // Opened again, asynchronously: the same store, the same answers.
            let opened = try await Store.open(at: root + "/s")
            #expect(try await opened.perform { try $0.activeSession()?.session.entries.count } == 1)
            await #expect(throws: LiftLogError.notFound("No liftlog store at '\(root)/none'.", remedy: .createStore(path: root + "/none"))) {
                _ = try await Store.open(at: root + "/none")
            }
        }
    }

    @Test("while another process holds the lock, perform waits without blocking the main actor, and runs once it is free")
    @MainActor func waitsWithoutBlocking() async throws {
        try await withTemporaryDirectoryAsync { root in
            // Waiting as long as the lock is held (the reads below take seconds on a busy machine).
            let store = try await Store.create(at: root + "/s").waitingForLock(atMost: 600)
            _ = try await store.perform { try $0.startSession() }
            let holder = try #require(try PosixFileSystem().lockExclusively(root + "/s/.liftlog/lock", timeout: 0))
            let before = snapshot(root + "/s")
            let logging = Task { @MainActor in
                try await store.perform { try $0.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg)) }
            }
            // The main actor and the store's other calls go on meanwhile: an open, a CLI read.
            let opened = try await Store.open(at: root + "/s")
            #expect(opened.root == root + "/s")
            #expect(runBinary(["status", "--store", root + "/s"]).status == 0)
            #expect(snapshot(root + "/s") == before)
            PosixFileSystem().close(holder)
            #expect(try await logging.value.setNumbers == [1])
            #expect(try store.activeSession()?.session.entries.first?.sets.count == 1)
        }
    }

    @Test("a wait for the lock ends when its task is cancelled, or after the store's timeout, and nothing changes")
    func cancelledWait() async throws {
        try await withTemporaryDirectoryAsync { root in
            let store = try await Store.create(at: root + "/s").waitingForLock(atMost: 600)
            _ = try await store.perform { try $0.startSession() }
            let holder = try #require(try PosixFileSystem().lockExclusively(root + "/s/.liftlog/lock", timeout: 0))
            defer { PosixFileSystem().close(holder) }
            let before = snapshot(root + "/s")
            let logging = Task {
                try await store.perform { try $0.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg)) }
            }
            logging.cancel()
            await #expect(throws: CancellationError.self) { try await logging.value }
            await #expect(throws: LiftLogError.conflict("Another liftlog process has been writing to this store for over 0.2 s; try again when it has finished.")) {
                try await store.waitingForLock(atMost: 0.2).perform { try $0.discardActiveSession() }
            }
            #expect(snapshot(root + "/s") == before)
        }
    }

    @Test("changes() yields a set the liftlog tool logs in another process, and its watch ends with the loop")
    func changeStream() async throws {
        try await withTemporaryDirectoryAsync { root in
            let store = try await Store.create(at: root + "/s")
            let started = try await store.perform { try $0.startSession() }
            let watchesBefore = kernelWatchCount()
            var seen: StoreChange?
            do {
                let changes = try await store.changes()
                let logged = Task.detached { runBinary(["log", "--store", root + "/s", "Back Squat", "100x5"]) }
                let waiting = Task { () -> StoreChange? in
                    for await change in changes where change.activeSession { return change }
                    return nil
                }
                // Should nothing come, the test fails rather than waits for ever.
                let watchdog = Task { try await Task.sleep(for: .seconds(30)); waiting.cancel() }
                seen = await waiting.value
                watchdog.cancel()
                #expect(await logged.value.status == 0)
            }
            #expect(seen?.sessions == [started.session.id])
            #expect(try await store.perform { try $0.activeSession()?.session.entries.first?.sets.count } == 1)
            // The loop left, the thread that watched lets the kernel's watch go.
            #if os(Linux)
            let end = monotonicSeconds() + 10
            while kernelWatchCount() > watchesBefore, monotonicSeconds() < end { try await Task.sleep(for: .milliseconds(10)) }
            #expect(kernelWatchCount() == watchesBefore)
            #endif
        }
    }

    /// How many inotify descriptors this process has open.
    private func kernelWatchCount() -> Int {
        #if os(Linux)
        listEntries("/proc/self/fd").filter { entry in
            var target = [CChar](repeating: 0, count: 256)
            let count = readlink("/proc/self/fd/" + entry.name, &target, 255)
            return count > 0 && String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) == "anon_inode:inotify"
        }.count
        #else
        0
        #endif
    }

    @Test("a temporary store, for previews and tests: a store like any other, removed with all its files; no other store is ever removed")
    func temporaryStore() throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.temporary(unit: .lbs)
            #expect(store.root.hasPrefix(temporaryBase + "/liftlog-temporary-"))
            #expect(store.preferences.unit == .lbs)
            _ = try store.startSession()
            _ = try store.log(exercise: "Back Squat", sets: SetNotation.parse(["225x5"], defaultUnit: .lbs))
            #expect(try Store.open(at: store.root).activeSession()?.session.entries.count == 1)
            try store.removeTemporary()
            #expect(listEntries(store.root).isEmpty && readText(store.root + "/liftlog.json") == nil)

            let kept = try Store.create(at: root + "/training")
            let before = snapshot(root + "/training")
            #expect(throws: LiftLogError.validation("The store at '\(root)/training' was not made by Store.temporary(); its files are not removed.")) {
                try kept.removeTemporary()
            }
            #expect(snapshot(root + "/training") == before)
        }
    }

    @Test("a set is found, changed and removed by its typed ID; a session by its typed ID; a text that is no set ID is refused")
    func setsByID() throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s")
            let started = try store.startSession()
            _ = try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5", "105x5", "110x3"], defaultUnit: .kg))
            let session = try store.session(id: started.session.id).session
            let second = Store.setID(in: session, entry: 0, set: 1)
            let third = Store.setID(in: session, entry: 0, set: 2)
            #expect(SetID(second.description) == second && second.session == started.session.id)

            #expect(try store.set(second).set == 1)
            let changed = try store.changeSet(second, SetChange(weight: 107.5, reps: 4))
            #expect(changed.session.entries[0].sets[1].weight == 107.5 && changed.session.entries[0].sets[1].reps == 4)
            let removed = try store.removeSet(second)
            #expect(removed.session.entries[0].sets.map(\.reps) == [5, 3])
            // The set after it keeps its ID and is found by it at its new place.
            #expect(try store.set(third).set == 1)
            #expect(throws: LiftLogError.notFound("Session \(started.session.id.short) has no set '\(second.key)'.")) { try store.set(second) }

            #expect(SetID("not-a-set") == nil)
            #expect(throws: LiftLogError.validation("'not-a-set' is not a set ID; set IDs are the session's ID, a dot and the set's key, such as 3f2c9a1e-…-7d41.a1b2c3d4.")) {
                try SetID.parse("not-a-set")
            }
        }
    }

    @Test("with no wait for the lock, a held lock is CONFLICT at once and nothing changes")
    func tryLock() throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s")
            let holder = try #require(try PosixFileSystem().lockExclusively(root + "/s/.liftlog/lock", timeout: 0))
            defer { PosixFileSystem().close(holder) }
            let before = snapshot(root + "/s")
            #expect(throws: LiftLogError.conflict("Another liftlog process has been writing to this store for over 0 s; try again when it has finished.")) {
                try store.waitingForLock(atMost: 0).startSession()
            }
            #expect(snapshot(root + "/s") == before)
        }
    }
}
