import Testing
import LiftLogCatalog
@testable import LiftLogKit
import LiftLogTestSupport

/// The repository's root, from this file's path.
@Suite("Sample data and the seed library")
struct SampleDataTests {
    @Test("the compiled-in seed library is DefaultExercises.json byte for byte")
    func embeddedSeedMatchesFile() throws {
        let file = try #require(readText(repository + "/SampleData/DefaultExercises.json"))
        #expect(DefaultExercises.text == file)
    }

    @Test("the full library of LiftLogCatalog is FullExercises.json byte for byte, and every entry seeds")
    func embeddedFullLibrary() throws {
        let file = try #require(readText(repository + "/SampleData/FullExercises.json"))
        #expect(ExerciseCatalog.json == Array(file.utf8))
        let seed = try DocumentDecoder.decode(ExerciseCatalog.json, path: "FullExercises.json", as: SeedFile.self)
        #expect(seed.items.count == 873)
        #expect(seed.items.contains { $0.name == "Barbell Squat" && $0.modality == .barbell && $0.category == .strength })
        #expect(seed.items.filter { $0.category == .flexibility }.count == 123)
    }

    @Test("every file of the sample store is valid and in canonical form")
    func sampleStoreIsCanonical() throws {
        let root = repository + "/SampleData/store"
        let files = allFiles(in: root).filter { $0.hasSuffix(".json") && !$0.hasPrefix("schemas/") && !$0.hasPrefix(".vscode/") }
        #expect(files.count > 100)
        // Every kind of set and session is in it.
        let texts = files.compactMap { readText(root + "/" + $0) }
        for needle in ["\"bodyweight\": true", "\"distance_m\"", "\"duration_seconds\": 60", "\"superset\": \"A\"", "\"kind\": \"cardio\"",
                       "\"set_type\": \"warmup\"", "\"body_weight\"", "\"waist\"", "\"kind\": \"stretch\"", "\"kind\": \"meditation\""] {
            #expect(texts.contains { $0.contains(needle) }, "the sample store has no \(needle)")
        }
        for file in files {
            let bytes = Array(try #require(readText(root + "/" + file)).utf8)
            let value: JSONValue
            if file.hasPrefix("sessions/") {
                let session = try DocumentDecoder.decode(bytes, path: file, as: Session.self)
                #expect(session.relativePath == file)
                value = session.json
            } else if file.hasPrefix("exercises/") {
                value = try DocumentDecoder.decode(bytes, path: file, as: Exercise.self).json
            } else if file.hasPrefix("plans/") {
                value = try DocumentDecoder.decode(bytes, path: file, as: TrainingPlan.self).json
            } else if file.hasPrefix("body/") {
                let entry = try DocumentDecoder.decode(bytes, path: file, as: BodyEntry.self)
                #expect(entry.relativePath == file)
                value = entry.json
            } else {
                value = try DocumentDecoder.decode(bytes, path: file, as: StoreManifest.self).json
            }
            #expect(JSONWriter.canonicalString(value) == String(decoding: bytes, as: UTF8.self), "\(file) is not in canonical form")
        }
    }
}
