import Testing
@testable import LiftLogKit
import LiftLogTestSupport

/// Sync-conflict copies found and settled through the library.
@Suite("Resolving conflict copies in the library")
struct ResolveLibraryTests {
    @Test("conflict copies are found next to their original; keeping the copy replaces the original")
    func keepCopy() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let original = try #require(readText(root + "/store/exercises/deadlift.json"))
            writeText(original.replacingOccurrences(of: "\"name\": \"Deadlift\"", with: "\"name\": \"Deadlift\",\n  \"notes\": \"Sumo\""),
                      to: root + "/store/exercises/deadlift (conflicted copy 2025-01-25).json")
            let conflicts = try store.conflictCopies()
            #expect(conflicts.map(\.path) == ["exercises/deadlift (conflicted copy 2025-01-25).json"])
            #expect(conflicts.first?.original == "exercises/deadlift.json")
            try store.resolve(try #require(conflicts.first), keeping: .copy)
            #expect(try store.exercise(named: "Deadlift").notes == "Sumo")
            #expect(try store.conflictCopies().isEmpty)
        }
    }
}
