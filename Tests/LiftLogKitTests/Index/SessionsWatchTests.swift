#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Watching the session folders")
struct SessionsWatchTests {
    /// A session file written by hand (not through the store), as git or a sync writes one.
    private func writeSession(_ store: Store, number: Int, start: String, sets: Int = 3) throws -> String {
        let id = "3f2c9a1e-8b7d-4c6e-9f01-\(CivilCalendar.pad(number, 12))"
        let session = Session.fixture(id: id, start: Timestamp(start)!, sets: sets)
        makeDirectories(store.root + "/" + session.relativePath.split(separator: "/").dropLast().joined(separator: "/"))
        writeBytes(JSONWriter.canonicalBytes(session.json), to: store.root + "/" + session.relativePath)
        return store.root + "/" + session.relativePath
    }

    /// A store of sessions starting at `starts`, opened through a ``RecordingFileSystem`` and
    /// watched by this process (the caller stops the watch), and its history's set counts as a
    /// new command of this process reads them.
    private func watchedStore(_ root: String, starts: [String]) throws
        -> (store: Store, paths: [String], recording: RecordingFileSystem, setCounts: () throws -> [Int]) {
        let created = try makeStore(at: root, seed: false)
        var paths: [String] = []
        for (number, start) in starts.enumerated() {
            paths.append(try writeSession(created, number: number, start: start))
        }
        let recording = RecordingFileSystem()
        var environment = Store.Environment.test(now: Timestamp("2030-01-01T00:00:00Z")!)
        environment.fileSystem = recording
        let store = try Store.open(at: created.root, environment: environment)
        #expect(store.watchSessionFolders())
        let counts = { () throws -> [Int] in try Store.open(at: created.root, environment: environment).history(HistoryQuery()).sessions.map(\.setCount) }
        return (store, paths, recording, counts)
    }

    @Test("while nothing changes reads skip comparing the folders; every change made behind the store's back shows in the next read")
    func changesShow() throws {
        try withTemporaryDirectory { root throws in
            let created = try makeStore(at: root, seed: false)
            for (number, start) in ["2025-01-10T07:00:00Z", "2025-02-10T07:00:00Z", "2025-03-10T07:00:00Z"].enumerated() {
                _ = try writeSession(created, number: number, start: start)
            }
            // A clock well after the folders' times, so that none counts as just changed.
            let environment = Store.Environment.test(now: Timestamp("2030-01-01T00:00:00Z")!)
            let store = try Store.open(at: created.root, environment: environment)
            #if os(Linux)
            #expect(store.watchSessionFolders())
            #else
            #expect(!store.watchSessionFolders())
            return
            #endif
            defer { SessionsWatch.stop(root: store.files.root) }
            func total() throws -> Int { try Store.open(at: created.root, environment: environment).history(HistoryQuery()).total }
            func spared() -> Int { SessionsWatch.sparedComparisons(root: store.files.root) ?? -1 }

            #expect(try total() == 3)          // builds the index
            #expect(try total() == 3)          // compares the folders, finds the index right
            let before = spared()
            #expect(try total() == 3)
            #expect(try total() == 3)
            #expect(spared() == before + 2)

            // A file added to an old month, by hand.
            let added = try writeSession(store, number: 10, start: "2025-02-20T07:00:00Z")
            #expect(try total() == 4)
            // Removed.
            unlink(added)
            #expect(try total() == 3)
            // A new year and month, then a second file in the month just made.
            _ = try writeSession(store, number: 11, start: "2024-06-01T07:00:00Z")
            #expect(try total() == 4)
            _ = try writeSession(store, number: 12, start: "2024-06-02T07:00:00Z")
            #expect(try total() == 5)
            // A broken file, then fixed in place (same inode, same folder time).
            let brokenPath = try writeSession(store, number: 13, start: "2025-03-11T07:00:00Z")
            let good = readBytes(brokenPath)!
            writeText("{", to: brokenPath)
            #expect(try total() == 5)
            #expect(try total() == 5)
            writeBytes(good, to: brokenPath)
            #expect(try total() == 6)
            // A month folder removed whole.
            removeTree(store.root + "/sessions/2024")
            #expect(try total() == 4)
            // A write through the store itself.
            _ = try store.start(startedAt: Timestamp("2029-12-31T07:00:00Z")!)
            #expect(try total() == 5)

            // Once the changes are in the index, reads skip the comparison again.
            #expect(try total() == 5)
            let settled = spared()
            #expect(try total() == 5)
            #expect(spared() == settled + 1)
        }
    }

    @Test("while nothing changes, the files a page shows are looked at once a second; a file written in place shows in the next read")
    func shownFilesVouchedFor() throws {
        #if os(Linux)
        try withTemporaryDirectory { root throws in
            let (created, paths, recording, setCounts) = try watchedStore(root, starts: ["2025-01-10T07:00:00Z", "2025-02-10T07:00:00Z", "2025-03-10T07:00:00Z"])
            defer { SessionsWatch.stop(root: created.files.root) }

            #expect(try setCounts() == [3, 3, 3])      // builds the index
            var lookedAt = monotonicSeconds()
            #expect(try setCounts() == [3, 3, 3])
            _ = recording.takeNamesLookedAt(endingIn: ".json")
            // Nothing reported since the last read found the files right: none is looked at
            // (unless the machine took longer than the bound between the two reads, as a loaded
            // one can: then looking again is what the bound asks for).
            #expect(try setCounts() == [3, 3, 3])
            if monotonicSeconds() - lookedAt < SessionsWatch.unchangedFor { #expect(recording.takeNamesLookedAt(endingIn: ".json").isEmpty) }

            // The newest file written in place (same inode: no folder changes), by hand.
            let newest = paths[2]
            let rewritten = JSONWriter.canonicalBytes(Session.fixture(id: "3f2c9a1e-8b7d-4c6e-9f01-\(CivilCalendar.pad(2, 12))",
                                                                      start: Timestamp("2025-03-10T07:00:00Z")!, sets: 5).json)
            writeBytes(rewritten, to: newest)
            // Every file is looked at from here: the bound below counts from this read.
            lookedAt = monotonicSeconds()
            #expect(try setCounts() == [5, 3, 3])
            let boundFrom = monotonicSeconds()
            #expect(recording.takeNamesLookedAt(endingIn: ".json").count >= 3)
            // The read that found it did not hold the lock (a watching process reads without it
            // while the folders are as the index has them): the next read takes it, finds the
            // file again (it alone) and writes it into the index.
            #expect(try setCounts() == [5, 3, 3])
            let again = recording.takeNamesLookedAt(endingIn: ".json").map { String($0.split(separator: "/").last!) }
            #expect(again.contains(String(newest.split(separator: "/").last!)))
            if monotonicSeconds() - lookedAt < SessionsWatch.unchangedFor { #expect(Swift.Set(again) == [String(newest.split(separator: "/").last!)]) }
            #expect(try setCounts() == [5, 3, 3])
            if monotonicSeconds() - lookedAt < SessionsWatch.unchangedFor { #expect(recording.takeNamesLookedAt(endingIn: ".json").isEmpty) }
            _ = recording.takeNamesLookedAt(endingIn: ".json")

            // Past the bound, the files are looked at again, though nothing was reported.
            waitUntilMonotonic(boundFrom + SessionsWatch.unchangedFor)
            #expect(try setCounts() == [5, 3, 3])
            #expect(recording.takeNamesLookedAt(endingIn: ".json").sorted() == paths.map { String($0.split(separator: "/").suffix(2).joined(separator: "/")) }.sorted())
        }
        #endif
    }

    @Test("a process that watches reads without the store's lock while the index needs no writing; a change is read and written under it")
    func readsWithoutTheLock() throws {
        #if os(Linux)
        try withTemporaryDirectory { root throws in
            let (created, written, recording, setCounts) = try watchedStore(root, starts: ["2025-01-10T07:00:00Z", "2025-02-10T07:00:00Z"])
            defer { SessionsWatch.stop(root: created.files.root) }
            var paths = written
            let stateFile = created.root + "/.liftlog/index/state.tsv"

            // The first reads build the index and look for leftovers, under the lock.
            #expect(try setCounts() == [3, 3])
            #expect(try setCounts() == [3, 3])
            #expect(recording.takeLocksTaken() >= 1)
            // Then nothing to write: no lock, and the same answer.
            #expect(try setCounts() == [3, 3])
            #expect(try setCounts() == [3, 3])
            #expect(recording.takeLocksTaken() == 0)

            // A session added behind its back: read under the lock, and the index written.
            let before = readBytes(stateFile)
            paths.append(try writeSession(created, number: 2, start: "2025-02-20T07:00:00Z", sets: 4))
            #expect(try setCounts() == [4, 3, 3])
            #expect(recording.takeLocksTaken() == 1)
            #expect(readBytes(stateFile) != before)
            #expect(try setCounts() == [4, 3, 3])
            #expect(recording.takeLocksTaken() == 0)

            // A file written in place: the read that finds it answers rightly without the lock,
            // and the next read takes it to write what was found; then none again.
            writeBytes(JSONWriter.canonicalBytes(Session.fixture(id: "3f2c9a1e-8b7d-4c6e-9f01-\(CivilCalendar.pad(0, 12))",
                                                                 start: Timestamp("2025-01-10T07:00:00Z")!, sets: 6).json), to: paths[0])
            #expect(try setCounts() == [4, 3, 6])
            #expect(recording.takeLocksTaken() == 0)
            #expect(try setCounts() == [4, 3, 6])
            #expect(recording.takeLocksTaken() == 1)
            #expect(try setCounts() == [4, 3, 6])
            #expect(recording.takeLocksTaken() == 0)
        }
        #endif
    }

    @Test("a store without a sessions folder cannot be watched; reads compare the folders as before")
    func nothingToWatch() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            removeTree(store.root + "/sessions")
            #expect(!store.watchSessionFolders())
            #expect(SessionsWatch.sparedComparisons(root: store.files.root) == nil)
            #expect(try store.history(HistoryQuery()).total == 0)
        }
    }
}
