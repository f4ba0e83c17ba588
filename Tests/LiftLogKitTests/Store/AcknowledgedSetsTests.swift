import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("The record of acknowledged sets")
struct AcknowledgedSetsTests {
    /// A store with an active session holding weighted, bodyweight, timed and distance sets,
    /// and the session file's bytes after the first exercise only.
    private func loggedStore(at root: String) throws -> (store: Store, path: String, early: [UInt8]) {
        let store = try Store.create(at: root + "/s")
        try store.startSession()
        try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5", "102.5x5"], defaultUnit: .kg))
        let path = try #require(try store.activeSession()).path
        let early = try #require(readBytes(root + "/s/" + path))
        try store.log(exercise: "Pull-up", sets: SetNotation.parse(["bw+20x5"], defaultUnit: .kg), createIfMissing: true)
        try store.log(exercise: "Plank", sets: SetNotation.parse(["60s"], defaultUnit: .kg), createIfMissing: true)
        try store.log(exercise: "Développé incliné", sets: SetNotation.parse(["5km"], defaultUnit: .kg), createIfMissing: true)
        return (store, path, early)
    }

    @Test("records every completed set, a line each, and finds none missing while the file holds them")
    func recordsEverySet() throws {
        try withTemporaryDirectory { root throws in
            let (store, _, _) = try loggedStore(at: root)
            let session = try #require(try store.activeSession()).session
            let lines = try #require(readText(root + "/s/.liftlog/acknowledged")).split(separator: "\n")
            #expect(lines.first.map(String.init) == session.id.rawValue)
            #expect(lines.count == 1 + 5)
            #expect(lines[3] == "Pull-up\t1\t20\tkg\t5\tbw\t\t")
            #expect(try store.setsMissingFromActiveSession() == nil)
        }
    }

    @Test("names exactly the sets an older version of the file lacks, with their weight, bodyweight, time and distance")
    func namesMissingSets() throws {
        try withTemporaryDirectory { root throws in
            let (store, path, early) = try loggedStore(at: root)
            // As a `git checkout` of the file after the first exercise would leave it.
            writeBytes(early, to: root + "/s/" + path)
            let missing = try #require(try store.setsMissingFromActiveSession())
            #expect(missing.path == path)
            #expect(missing.sets.map(\.exerciseName) == ["Pull-up", "Plank", "Développé incliné"])
            #expect(missing.sets[0].weight == 20 && missing.sets[0].bodyweight && missing.sets[0].reps == 5 && missing.sets[0].unit == .kg)
            #expect(missing.sets[1].durationSeconds == 60 && missing.sets[1].weight == nil && !missing.sets[1].bodyweight)
            #expect(missing.sets[2].distanceMeters == 5000 && missing.sets[2].reps == nil)
        }
    }

    @Test("reads a record of five fields (written before sets had a time, distance or bodyweight marker) on those fields")
    func readsLegacyRecord() throws {
        try withTemporaryDirectory { root throws in
            let (store, _, _) = try loggedStore(at: root)
            let id = try #require(try store.activeSession()).session.id
            writeText("\(id.rawValue)\nBack Squat\t1\t100\tkg\t5\nBack Squat\t2\t102.5\tkg\t5\nDeadlift\t1\t140\tkg\t3\n\nnot a set\n", to: root + "/s/.liftlog/acknowledged")
            let missing = try #require(try store.setsMissingFromActiveSession())
            #expect(missing.sets.map(\.exerciseName) == ["Deadlift"])
            #expect(missing.sets[0].isLegacy && missing.sets[0].weight == 140 && missing.sets[0].setNumber == 1 && missing.sets[0].reps == 3)
        }
    }

    @Test("a record of another session, or with no set, names nothing")
    func ignoresOtherRecords() throws {
        try withTemporaryDirectory { root throws in
            let (store, path, early) = try loggedStore(at: root)
            writeBytes(early, to: root + "/s/" + path)
            writeText("not-an-id\nDeadlift\t1\t140\tkg\t3\t\t\t\n", to: root + "/s/.liftlog/acknowledged")
            #expect(try store.setsMissingFromActiveSession() == nil)
            writeText("", to: root + "/s/.liftlog/acknowledged")
            #expect(try store.setsMissingFromActiveSession() == nil)
        }
    }
}
