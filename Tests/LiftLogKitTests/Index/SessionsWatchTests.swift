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
    private func writeSession(_ store: Store, number: Int, start: String) throws -> String {
        let id = "3f2c9a1e-8b7d-4c6e-9f01-\(CivilCalendar.pad(number, 12))"
        let session = Session.fixture(id: id, start: Timestamp(start)!)
        makeDirectories(store.root + "/" + session.relativePath.split(separator: "/").dropLast().joined(separator: "/"))
        writeBytes(JSONWriter.canonicalBytes(session.json), to: store.root + "/" + session.relativePath)
        return store.root + "/" + session.relativePath
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
