import Testing
@testable import LiftLogKit

@Suite("Exercise sightings in index lines")
struct ExerciseSightingTests {
    static let squatID = "aaaaaaaa-1111-4111-8111-111111111111"
    static let benchID = "aaaaaaaa-2222-4222-8222-222222222222"

    /// Index lines of sessions naming the two exercises above in every way a line can: linked,
    /// unlinked by the same name in other spellings, twice in one session, an ID that is not
    /// a lowercase UUID (read as none), escapes, entries without working sets, none at all.
    static func lines() -> [String] {
        let entries: [[(id: String?, name: String, weight: Double?)]] = [
            [(squatID, "Back Squat", 100), (benchID, "Bench Press", 80)],
            [(nil, "back  squat", 90), (benchID, "Bench Press", 70), (squatID, "Back Squat (paused)", 60)],
            [(nil, "Pull\\up\tnow", nil), (benchID, "Back Squat", 50)],
            [(squatID, "Back Squat", nil)],
            [(nil, "BACK SQUAT", 40), (nil, "Back", 30), (nil, "Back Squat with a longer name", 20)],
            [(benchID, "Bench \u{1F} Press", 110)],
            [],
        ]
        var lines: [String] = []
        for (index, chosen) in entries.enumerated() {
            var session = Session.fixture(id: "3f2c9a1e-8b7d-4c6e-9f01-\(CivilCalendar.pad(index, 12))")
            session.weekNumber = index % 2 == 1 ? index + 1 : nil
            session.entries = chosen.enumerated().map { order, exercise in
                let sets = exercise.weight.map { weight in
                    [WorkoutSet(setNumber: 1, weight: weight, unit: .kg, reps: 5), WorkoutSet(setNumber: 2, weight: weight, unit: .kg, reps: 5),
                     WorkoutSet(setNumber: 3, setType: .warmup, weight: weight / 2, unit: .kg, reps: 8),
                     WorkoutSet(setNumber: 4, weight: weight + 5, unit: .lbs, reps: 3, bodyweight: order == 1)]
                } ?? []
                return Session.Entry(exerciseID: exercise.id.flatMap { Exercise.ID(rawValue: $0) }, exerciseName: exercise.name, order: order + 1, sets: sets)
            }
            let status = FileStatus(kind: .regular, size: Int64(100 + index), modificationNanoseconds: 123, inode: UInt64(index + 1), mode: 0o644, changeNanoseconds: 456)
            lines.append(IndexRecord(fileName: "2025-01-0\(index)-0800 \\ \(index).json", status: status,
                                     summary: SessionSummary(session, path: "sessions/2025/01/x.json", unit: .kg)).line)
        }
        // An ID in capitals is not an ID: the entry is matched by its name.
        lines.append(lines[0].replacingOccurrences(of: squatID, with: squatID.uppercased()))
        lines.append(lines[1].replacingOccurrences(of: squatID, with: "not-an-id"))
        // The line of a file that does not read.
        lines.append(IndexRecord(fileName: "y.json", status: FileStatus(kind: .regular, size: 1, modificationNanoseconds: 1, inode: 9, mode: 0o644),
                                 summary: nil, problem: "1:1: Back Squat \u{1F}").line)
        return lines
    }

    static let targets = [
        Exercise(id: Exercise.ID(rawValue: squatID)!, name: "Back Squat"),
        Exercise(id: Exercise.ID(rawValue: benchID)!, name: "Bench Press"),
        Exercise(id: Exercise.ID(rawValue: "bbbbbbbb-3333-4333-8333-333333333333")!, name: "pull\\up now"),
        Exercise(id: Exercise.ID(rawValue: "bbbbbbbb-4444-4444-8444-444444444444")!, name: "Deadlift"),
    ]

    /// What a line gives, in a form that can be compared.
    static func describe(_ line: ExerciseSighting.Line) -> ExerciseSighting?? {
        switch line {
        case .malformed: return nil
        case .without: return .some(nil)
        case .with(let sighting): return sighting
        }
    }

    @Test("a line gives what its parsed record gives, for every exercise and every way of naming it")
    func sameAsRecords() throws {
        var found = 0
        for line in Self.lines() {
            let bytes = ArraySlice(Array(line.utf8))
            let record = try #require(IndexRecord(line: bytes, folder: "sessions/2025/01"), "\(line)")
            for exercise in Self.targets {
                let target = SightingTarget(exercise)
                let expected = ExerciseSighting(record, for: target)
                #expect(Self.describe(ExerciseSighting.read(bytes, for: target)) == .some(expected), "\(exercise.name): \(line)")
                // The record's sighting is the summary's, entry by entry.
                if let summary = record.summary {
                    let positions = summary.exercises.indices.filter { exercise.isRecorded(as: summary.exercises[$0].id, name: summary.exercises[$0].name) }
                    #expect(expected?.sets == (positions.isEmpty ? nil : positions.flatMap { summary.workSets(ofEntryAt: $0) }))
                    #expect(expected.map { [$0.sessionID, $0.startedAt, $0.weekNumber] as [AnyHashable?] } == (positions.isEmpty ? nil : [summary.id, summary.startedAt, summary.weekNumber]))
                }
                if expected != nil { found += 1 }
            }
        }
        #expect(found == 13)
    }

    @Test("reads each entry of the exercise, with its working sets, the file's name and identity")
    func readsEntries() throws {
        let lines = Self.lines()
        let squat = SightingTarget(Self.targets[0])
        // Linked, unlinked by name and linked under another name: three entries, two of them
        // this exercise; the third is the bench's.
        guard case .with(let sighting) = ExerciseSighting.read(ArraySlice(Array(lines[1].utf8)), for: squat) else {
            Issue.record("no sighting")
            return
        }
        #expect(sighting.sets == [SessionSummary.WorkSets(weight: 90, unit: .kg, reps: 5, count: 2), SessionSummary.WorkSets(weight: 95, unit: .lbs, reps: 3, count: 1),
                                  SessionSummary.WorkSets(weight: 60, unit: .kg, reps: 5, count: 2), SessionSummary.WorkSets(weight: 65, unit: .lbs, reps: 3, count: 1)])
        #expect(sighting.fileName == "2025-01-01-0800 \\ 1.json")
        #expect(sighting.identity == FileIdentity(inode: 2, size: 101, modificationNanoseconds: 123, changeNanoseconds: 456))
        #expect(sighting.sessionID.rawValue == "3f2c9a1e-8b7d-4c6e-9f01-000000000001")
        #expect(sighting.weekNumber == 2)
        // Named by ID with no working sets: a sighting with none.
        guard case .with(let empty) = ExerciseSighting.read(ArraySlice(Array(lines[3].utf8)), for: squat) else {
            Issue.record("no sighting")
            return
        }
        #expect(empty.sets.isEmpty)
        #expect(empty.weekNumber == 4)
        // The bench's ID under the squat's name is the bench.
        guard case .without = ExerciseSighting.read(ArraySlice(Array(lines[2].utf8)), for: squat) else {
            Issue.record("the bench read as the squat")
            return
        }
    }

    @Test("a line that does not read as a record does not read as a sighting")
    func malformedLines() {
        let line = Self.lines()[0]
        let broken = [
            line + "\tmore", String(line.prefix(while: { $0 != "\t" })), line.replacingOccurrences(of: "\t100\t", with: "\t1x0\t"),
            line.replacingOccurrences(of: "lifting", with: "lifting!"), line.replacingOccurrences(of: "2025-01-24T", with: "2025-13-24T"),
            line.replacingOccurrences(of: "\tkg\t", with: "\tstone\t"), line.replacingOccurrences(of: "3f2c9a1e", with: "3F2C9A1E"),
            "!\tx.json\t1\t2\t3\t4", "!\tx.json\t1\t2\t3\tx\tproblem", "", "\t",
        ]
        for text in broken {
            let bytes = ArraySlice(Array(text.utf8))
            #expect(IndexRecord(line: bytes, folder: "sessions/2025/01") == nil, "\(text)")
            #expect(Self.describe(ExerciseSighting.read(bytes, for: SightingTarget(Self.targets[0]))) == nil, "\(text)")
        }
    }
}
