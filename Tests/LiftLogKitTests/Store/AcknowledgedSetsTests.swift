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

    @Test("a saved set the file still holds under its exercise and number, with other values, is changed, not missing")
    func namesChangedSets() throws {
        try withTemporaryDirectory { root throws in
            let (store, path, _) = try loggedStore(at: root)
            let file = root + "/s/" + path
            replaceText(file) { $0.replacingOccurrences(of: "\"weight\": 102.5\n", with: "\"weight\": 105\n") }
            let missing = try #require(try store.setsMissingFromActiveSession())
            #expect(missing.sets.isEmpty && missing.path == path)
            let change = try #require(missing.changed.first)
            #expect(missing.changed.count == 1)
            #expect(change.saved.exerciseName == "Back Squat" && change.saved.setNumber == 2 && change.saved.weight == 102.5)
            #expect(change.now.setNumber == 2 && change.now.weight == 105 && change.now.status == .completed)
            // An exercise renamed only in case holds its sets: nothing is changed or missing.
            replaceText(file) { $0.replacingOccurrences(of: "\"weight\": 105\n", with: "\"weight\": 102.5\n")
                .replacingOccurrences(of: "\"exercise_name\": \"Back Squat\"", with: "\"exercise_name\": \"back squat\"") }
            #expect(try store.setsMissingFromActiveSession() == nil)
            // A record of five fields is compared the same way.
            let id = try #require(try store.activeSession()).session.id
            writeText("\(id.rawValue)\nBack Squat\t1\t90\tkg\t5\nDeadlift\t1\t140\tkg\t3\n", to: root + "/s/.liftlog/acknowledged")
            let legacy = try #require(try store.setsMissingFromActiveSession())
            #expect(legacy.sets.map(\.exerciseName) == ["Deadlift"])
            #expect(legacy.changed.map(\.now.weight) == [100] && legacy.changed.map(\.saved.weight) == [90])
        }
    }

    @Test("with an exercise in two entries whose set numbers overlap, a set gone from one is gone, not the other's changed")
    func exerciseInTwoEntries() throws {
        try withTemporaryDirectory { root throws in
            let store = try Store.create(at: root + "/s")
            try store.startSession()
            try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
            try store.log(exercise: "Deadlift", sets: SetNotation.parse(["140x3"], defaultUnit: .kg))
            var stored = try #require(try store.activeSession())
            let file = root + "/s/" + stored.path
            let before = try #require(readBytes(file))
            // Back Squat again after the deadlifts, as an entry of its own (an import keeps it so).
            var again = stored.session.entries[0]
            again.order = 3
            again.sets[0].weight = 60
            again.sets[0].reps = 8
            again.sets[0].id = "0badcafe"
            stored.session.entries.append(again)
            try store.save(stored)
            // An older version of the file, without the second entry.
            writeBytes(before, to: file)
            let missing = try #require(try store.setsMissingFromActiveSession())
            #expect(missing.sets.map(\.exerciseName) == ["Back Squat"] && missing.sets.first?.weight == 60)
            #expect(missing.changed.isEmpty)
            // The first entry's set changed as well: that one is changed (a set of the file stands
            // for one saved set), the second entry's still gone.
            replaceText(file) { $0.replacingOccurrences(of: "\"weight\": 100\n", with: "\"weight\": 102.5\n") }
            let both = try #require(try store.setsMissingFromActiveSession())
            #expect(both.changed.map(\.saved.weight) == [100] && both.changed.map(\.now.weight) == [102.5])
            #expect(both.sets.map(\.weight) == [60])
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

    @Test("asked with the active session at hand (before every command), answers as without it, and reads the session only when the record holds a set")
    func withTheActiveSessionAtHand() throws {
        try withTemporaryDirectory { root throws in
            let (store, path, early) = try loggedStore(at: root)
            let record = root + "/s/.liftlog/acknowledged"
            var asked = 0
            func answer() throws -> MissingSets? {
                let given = try store.setsMissingFromActiveSession(active: {
                    asked += 1
                    return try? store.activeSession()
                })
                #expect(given == (try store.setsMissingFromActiveSession()))
                return given
            }
            // As liftlog left it.
            #expect(try answer() == nil)
            #expect(asked == 1)
            // An older version of the file: the sets of the later exercises are missing.
            let current = try #require(readBytes(root + "/s/" + path))
            writeBytes(early, to: root + "/s/" + path)
            #expect(try answer()?.sets.map(\.exerciseName) == ["Pull-up", "Plank", "Développé incliné"])
            writeBytes(current, to: root + "/s/" + path)
            // A record of five fields; one of a session whose file is gone; one without a set; none.
            let id = try #require(try store.activeSession()).session.id
            writeText("\(id.rawValue)\nBack Squat\t1\t100\tkg\t5\nDeadlift\t1\t140\tkg\t3\n", to: record)
            #expect(try answer()?.sets.map(\.exerciseName) == ["Deadlift"])
            writeText("3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f\nDeadlift\t1\t140\tkg\t3\t\t\t\n", to: record)
            let gone = try answer()
            #expect(gone?.sets.map(\.exerciseName) == ["Deadlift"] && gone?.path == nil)
            asked = 0
            writeText("\(id.rawValue)\n\n", to: record)
            #expect(try answer() == nil)
            removeTree(record)
            #expect(try answer() == nil)
            #expect(asked == 0)
        }
    }

    /// The record as its fields joined (how it was written before it was written as bytes).
    private func joinedRecord(of session: Session) -> [UInt8] {
        var bytes = Array(session.id.rawValue.utf8) + [0x0A]
        for entry in session.entries {
            for set in entry.sets where set.status == .completed {
                let fields = [entry.exerciseName.escapedForIndex, String(set.setNumber), set.weight.map { JSONNumber($0).text } ?? "",
                              set.unit?.rawValue ?? "", set.reps.map(String.init) ?? "", set.bodyweight ? "bw" : "",
                              set.durationSeconds.map(String.init) ?? "", set.distanceMeters.map { JSONNumber($0).text } ?? ""]
                bytes += Array(fields.joined(separator: "\t").utf8) + [0x0A]
            }
        }
        return bytes
    }

    @Test("the record written as bytes is the record as its fields joined: 2,000 random sessions")
    func bytesAsJoined() {
        var generator = SystemRandomNumberGenerator()
        let names = ["Back Squat", "Développé incliné", "Tab\there", "Back\\slash", "Line\nbreak", "CR\r", "🏋️ Snatch", ""]
        let weights: [Double?] = [nil, 0, -0.0, 100, 102.5, -20, 0.1, 1e15 - 1, 1e15, 2.5e-7, 999_999.999, 57.25]
        let counts: [Int?] = [nil, 0, 1, 9, 10, 99, 100, 3600, -5, Int.max, Int.min]
        for _ in 0..<2_000 {
            var session = Session(id: Session.ID.random(), kind: .lifting, startedAt: Timestamp("2025-01-24T07:30:00Z")!)
            for order in 0..<Int.random(in: 0...4, using: &generator) {
                let sets = (0..<Int.random(in: 0...5, using: &generator)).map { number in
                    var set = WorkoutSet(setNumber: number + 1, weight: weights.randomElement(using: &generator)!, unit: [nil, .kg, .lbs].randomElement(using: &generator)!,
                                         reps: counts.randomElement(using: &generator)!, bodyweight: Bool.random(using: &generator),
                                         distanceMeters: weights.randomElement(using: &generator)!, durationSeconds: counts.randomElement(using: &generator)!)
                    set.status = [.completed, .completed, .pending, .skipped].randomElement(using: &generator)!
                    return set
                }
                session.entries.append(Session.Entry(exerciseID: nil, exerciseName: names.randomElement(using: &generator)!, order: order, sets: sets))
            }
            #expect(Store.acknowledgedBytes(of: session) == joinedRecord(of: session), "\(session)")
        }
    }

    @Test("numbers appended as bytes are their JSON text", arguments: [
        0, 1, 9, 10, 11, 99, 100, 12345, -1, -9, -10, -12345, Int.max, Int.min, Int.max - 1, Int.min + 1,
    ])
    func integerText(value: Int) {
        var bytes: [UInt8] = [0x41]
        JSONNumber.appendText(of: value, to: &bytes)
        #expect(bytes == [0x41] + Array(JSONNumber(value).text.utf8))
    }

    @Test("decimals appended as bytes are their JSON text")
    func decimalText() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 102.5, 1e15 - 1, -(1e15 - 1), 1e15, -1e15, 1e300, -1e-300, 0.1, 2.5e-7, .leastNonzeroMagnitude,
                                .greatestFiniteMagnitude, 9_007_199_254_740_992, 9_007_199_254_740_994, 123_456_789.125]
        for _ in 0..<5_000 {
            values.append(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / [1, 2, 4, 10, 100, 1000].randomElement(using: &generator)!)
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
        }
        for value in values where value.isFinite {
            var bytes: [UInt8] = []
            JSONNumber.appendText(of: value, to: &bytes)
            #expect(bytes == Array(JSONNumber(value).text.utf8), "\(value)")
        }
    }
}
