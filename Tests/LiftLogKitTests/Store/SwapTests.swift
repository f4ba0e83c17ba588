import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("An exercise swapped for another")
struct SwapTests {
    @Test("alternatives train the first muscle group: as their own first muscle first, the same equipment next, then the most muscles shared")
    func alternatives() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let row = try store.exercise(named: "Barbell Row")
            let found = try store.alternatives(to: row, limit: 20)
            #expect(!found.isEmpty && !found.contains { $0.id == row.id })
            #expect(found.allSatisfy { $0.muscleGroups.contains(row.muscleGroups[0]) })
            let ranks = found.map { Store.alternativeRank(of: $0, to: row) }
            #expect(zip(ranks, ranks.dropFirst()).allSatisfy { $0 <= $1 }, "\(found.map(\.name))")
            // Overhead Press: a shoulder press before the bench, which works the shoulders second.
            let press = try store.alternatives(to: store.exercise(named: "Overhead Press"), limit: 20).map(\.name)
            let shoulders = try #require(press.firstIndex { $0.contains("Shoulder Press") })
            #expect(press.firstIndex(of: "Bench Press").map { shoulders < $0 } ?? true, "\(press)")
            #expect(try store.alternatives(to: row, limit: 2).count == 2)
            // An exercise without muscle groups has none to offer.
            let bare = try store.addExercise(name: "Sled Push", modality: .other)
            #expect(try store.alternatives(to: bare).isEmpty)
        }
    }
}
