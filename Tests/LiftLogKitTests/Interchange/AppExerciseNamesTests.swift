import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("The apps' exercise names")
struct AppExerciseNamesTests {
    @Test("each app's table names exercises of the default library only, and none of its own names is already one", arguments: ImportSource.allCases)
    func tablesPointIntoTheLibrary(app: ImportSource) throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s", environment: .test())
            let names = Set(try store.exercises().map { Exercise.nameKey($0.name) })
            let table = AppExerciseNames.table(for: app)
            #expect(!table.isEmpty)
            for (source, library) in table {
                #expect(names.contains(Exercise.nameKey(library)), "\(app): \(source) → \(library)")
                // An app name that is the library's own needs no entry: the library's name wins.
                #expect(!names.contains(Exercise.nameKey(source)), "\(app): \(source)")
            }
        }
    }
}
