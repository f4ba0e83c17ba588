import Testing
@testable import LiftLogKit
import LiftLogTestSupport

/// Importing through the library, with the counts computed by hand from a fixture.
@Suite("Import in the library")
struct ImportLibraryTests {
    private var fixture: String {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path + "/Fixtures/Import/strong-classic.csv"
    }

    @Test("Hevy's distance_km holds a distance to the metre, and one under half a metre as a metre, never nothing", arguments: [
        (2.0, 0.002), (0.4, 0.001), (1234.56, 1.235), (0.0, 0.0),
    ])
    func hevyKilometres(metres: Double, written: Double) {
        #expect(Store.hevyKilometres(metres) == written)
    }

    @Test("a Strong export: its sessions, sets and new exercises; a second import adds nothing")
    func strong() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let first = try store.importFile(fixture, from: .strong, options: ImportOptions(unit: .kg, utcOffsetSeconds: 3600))
            #expect(first.sessionsCreated == 2)
            #expect(first.setsCreated == 9)
            #expect(first.exercisesCreated.sorted() == ["Pull Up (Assisted)", "Running"])
            #expect(first.matched.map(\.source) == ["Bench Press (Barbell)", "Pull Up"] && first.matched.map(\.library) == ["Bench Press", "Pull-up"])
            #expect(first.skippedRows.map(\.reason) == ["rest timer"])
            let again = try store.importFile(fixture, from: .strong, options: ImportOptions(unit: .kg, utcOffsetSeconds: 3600))
            #expect(again.sessionsCreated == 0)
            #expect(again.sessionsExisting == 2)
            #expect(try store.history(HistoryQuery()).total == 2)
        }
    }

    @Test("the index an import leaves is the one a rebuild makes from its files", arguments: [
        "strong-classic.csv", "strong-units.csv", "hevy.csv", "hevy-lbs.csv", "fitnotes.csv", "liftosaur.csv", "stronglifts.csv", "jefit.csv",
    ])
    func indexAfterImport(file: String) throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let path = String(fixture[..<fixture.lastIndex(of: "/")!]) + "/" + file
            let report = try store.importFile(path, options: ImportOptions(unit: .kg, utcOffsetSeconds: 3600))
            #expect(report.sessionsCreated > 0)
            let imported = snapshot(root + "/store/.liftlog/index", excluding: nil)
            _ = try store.reindex()
            #expect(snapshot(root + "/store/.liftlog/index", excluding: nil) == imported)
        }
    }

    @Test("a dry run writes nothing")
    func dryRun() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let before = snapshot(root + "/store")
            let report = try store.importFile(fixture, from: .strong, options: ImportOptions(unit: .kg, utcOffsetSeconds: 3600, dryRun: true))
            #expect(report.sessionsCreated == 2)
            #expect(snapshot(root + "/store") == before)
        }
    }
}
