import Testing
@testable import LiftLogKit
import LiftLogTestSupport

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
            let store = try Store.create(at: root + "/s")
            _ = try await store.perform { store in try store.startSession() }
            let result = try await store.perform { store in
                try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
            }
            #expect(result.setNumbers == [1])
            await #expect(throws: LiftLogError.notFound("No exercise named 'Nope'.", remedy: .logCreatingExercise)) {
                _ = try await store.perform { store in try store.log(exercise: "Nope", sets: SetNotation.parse(["100x5"], defaultUnit: .kg)) }
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
