import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Workout lifecycle")
struct LifecycleTests {
    @Test("logs sets into the active session and persists each change")
    func logAndFinish() throws {
        try withTemporaryDirectory { root throws in
            let clock = TestClock()
            let store = try makeStore(at: root, clock: clock)
            let started = try store.startSession()
            #expect(started.path == "sessions/2025/01/2025-01-24-0730-\(started.session.id.short).json")
            try store.log(exercise: "back squat", sets: SetNotation.parse(["100x5x3"], defaultUnit: .kg))
            clock.advance(seconds: 600)
            try store.log(exercise: "Bench Press", sets: SetNotation.parse(["80x5@8", "bwx10"], defaultUnit: .kg))
            let reopened = try Store.open(at: root + "/store", environment: .test())
            let active = try #require(try reopened.activeSession())
            #expect(active.session.entries.map(\.exerciseName) == ["Back Squat", "Bench Press"])
            #expect(active.session.entries[0].sets.map(\.setNumber) == [1, 2, 3])
            #expect(active.session.entries[1].sets[0].rpe == 8)
            #expect(active.session.entries[1].sets[1].weight == nil)
            clock.advance(seconds: 1200)
            let finished = try store.finish(feel: 4, painTags: ["Knee"], notes: "solid")
            #expect(finished.session.status == .completed)
            #expect(finished.session.painTags == ["knee"])
            #expect(finished.session.metrics(in: .kg).durationSeconds == 1800)
            #expect(try store.activeSession() == nil)
        }
    }

    @Test("refuses a second active session")
    func secondSession() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            try store.startSession()
            let before = snapshot(root)
            #expect(throws: LiftLogError.conflict("A session is already active (started 2025-01-24 07:30).", remedy: .finishOrDiscardSession)) {
                try store.startSession()
            }
            #expect(snapshot(root) == before)
        }
    }

    @Test("refuses to log without an active session")
    func noActiveSession() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let before = snapshot(root)
            #expect(throws: LiftLogError.notFound("No active session.", remedy: .startSession)) {
                try store.log(exercise: "Back Squat", sets: [SetNotation(weight: 100, unit: .kg, reps: 5)])
            }
            #expect(snapshot(root) == before)
        }
    }

    @Test("logs into and changes a completed session named by its ID, which stays completed and untimed")
    func completedSession() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let session = try store.startSession()
            try store.finish()
            // Only when the caller says it means to change history.
            let before = snapshot(root)
            #expect(throws: LiftLogError.forbidden("Session \(session.session.id.short) is completed; sets are logged into it only when you say you mean to change its history.",
                                                   remedy: .logIntoCompletedSession(session.session.id))) {
                try store.log(exercise: "Back Squat", sets: [SetNotation(weight: 100, unit: .kg, reps: 5)], sessionID: session.session.id)
            }
            #expect(snapshot(root) == before)
            let result = try store.log(exercise: "Back Squat", sets: [SetNotation(weight: 100, unit: .kg, reps: 5)], sessionID: session.session.id,
                                       details: LogDetails(intoCompletedSession: true))
            #expect(result.stored.session.status == .completed)
            let set = try #require(result.stored.session.entries.first?.sets.first)
            #expect(set.completedAt == nil && set.restSeconds == nil && set.status == .completed && set.reps == 5)
            var change = SetChange()
            change.reps = 6
            change.durationSeconds = 40
            let changed = try store.editSet(exercise: "Back Squat", number: 1, change, sessionID: session.session.id)
            #expect(changed.session.entries[0].sets[0].reps == 6 && changed.session.entries[0].sets[0].durationSeconds == 40)
            // As read back from its file.
            let reread = try store.session(idPrefix: session.session.id.short).session
            #expect(reread.status == .completed && reread.entries[0].sets[0].reps == 6)
            // Still refused: a wrong value, and a set into a session without sets.
            let unchanged = snapshot(root)
            change = SetChange()
            change.reps = -1
            #expect(throws: LiftLogError.validation("Reps cannot be negative, found -1.")) {
                try store.editSet(exercise: "Back Squat", number: 1, change, sessionID: session.session.id)
            }
            #expect(snapshot(root) == unchanged)
        }
    }

    @Test("the rules of ending a session named by a client live in the library: complete and skip only the active one, skip only with nothing logged, a start by ID only once")
    func sessionOperations() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let id = Session.ID(rawValue: "7b000000-0000-4000-8000-000000000001")!
            let started = try store.start(retryableID: id)
            #expect(!started.repeated && started.stored.session.id == id)
            let again = try store.start(retryableID: id)
            #expect(again.repeated && again.stored.path == started.stored.path)
            try store.log(exercise: "Back Squat", sets: [SetNotation(weight: 100, unit: .kg, reps: 5)])
            let before = snapshot(root)
            #expect(throws: LiftLogError.conflict("Session 7b000000 has 1 logged set; complete it instead of skipping it.")) { try store.skipSession(id) }
            #expect(snapshot(root) == before)
            try store.finish(sessionID: id)
            let done = snapshot(root)
            #expect(throws: LiftLogError.conflict("Session 7b000000 is already completed.")) { try store.finish(sessionID: id) }
            #expect(throws: LiftLogError.conflict("Session 7b000000 is already completed.")) { try store.skipSession(id) }
            // A completed session asked for again by its ID is answered as it is.
            #expect(try store.start(retryableID: id).repeated)
            #expect(snapshot(root) == done)
            let other = Session.ID(rawValue: "7b000000-0000-4000-8000-000000000002")!
            try store.start(id: other)
            let skipped = try store.skipSession(other)
            #expect(skipped.session.status == .skipped && skipped.session.completedAt != nil)
            #expect(try Session.Kind.named("Cardio") == .cardio)
            #expect(throws: LiftLogError.validation("kind must be lifting, cardio, stretch or meditation, got 'yoga'.")) { try Session.Kind.named("yoga") }
        }
    }

    @Test("names close exercises when one is unknown, and creates it on request")
    func unknownExercise() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            try store.startSession()
            #expect(throws: LiftLogError.notFound("No exercise named 'Bench Pres'.", suggestions: ["Bench Press"])) {
                try store.log(exercise: "Bench Pres", sets: [SetNotation(weight: 100, unit: .kg, reps: 5)])
            }
            let result = try store.log(exercise: "Zercher Squat", sets: [SetNotation(weight: 80, unit: .kg, reps: 5)], createIfMissing: true)
            #expect(result.createdExercise)
            #expect(try store.exercise(named: "zercher squat").isCustom)
        }
    }

    @Test("completes planned sets in order before adding new ones")
    func pendingSets() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let squat = try store.exercise(named: "Back Squat")
            let planned = Session.Entry(exerciseID: squat.id, exerciseName: squat.name, order: 1, sets: [
                WorkoutSet(setNumber: 1, targetReps: 5, targetWeight: 100, status: .pending),
                WorkoutSet(setNumber: 2, targetReps: 5, targetWeight: 100, status: .pending),
            ])
            try store.startSession(planDay: "Day A", entries: [planned])
            try store.log(exercise: "Back Squat", sets: [SetNotation(weight: 100, unit: .kg, reps: 5, count: 3)])
            let sets = try #require(try store.activeSession()).session.entries[0].sets
            #expect(sets.map(\.status) == [.completed, .completed, .completed])
            #expect(sets.map(\.targetReps) == [5, 5, nil])
        }
    }

    @Test("edits, skips, un-logs and drops")
    func editing() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            try store.startSession()
            try store.log(exercise: "Deadlift", sets: [SetNotation(weight: 140, unit: .kg, reps: 5, count: 2)])
            try store.log(exercise: "Plank", sets: [SetNotation(weight: nil, unit: nil, reps: 1)])
            try store.editSet(exercise: "deadlift", number: 2, SetChange(weight: 150, reps: 3))
            try store.editSet(exercise: "Deadlift", number: 1, SetChange(action: .undo))
            var session = try #require(try store.activeSession()).session
            #expect(session.entries[0].sets[1].weight == 150)
            #expect(session.entries[0].sets[0].status == .pending)
            #expect(throws: LiftLogError.notFound("'Deadlift' has no set 3; it has 2 sets.")) {
                try store.editSet(exercise: "Deadlift", number: 3, SetChange(reps: 1))
            }
            #expect(throws: LiftLogError.validation("Reps cannot be negative, found -1.")) {
                try store.editSet(exercise: "Deadlift", number: 1, SetChange(reps: -1))
            }
            try store.dropExercise("deadlift")
            session = try #require(try store.activeSession()).session
            #expect(session.entries.map(\.exerciseName) == ["Plank"])
            #expect(session.entries[0].order == 1)
            #expect(throws: LiftLogError.notFound("'Bench' is not in the active session.", suggestions: [])) { try store.dropExercise("Bench") }
        }
    }

    @Test("discards the active session and deletes sessions by ID prefix")
    func discardAndDelete() throws {
        try withTemporaryDirectory { root throws in
            let clock = TestClock()
            let store = try makeStore(at: root, clock: clock)
            let first = try store.startSession()
            try store.discardActiveSession()
            #expect(allFiles(in: root + "/store").filter { $0.hasPrefix("sessions/") }.isEmpty)
            clock.advance(seconds: 60)
            let second = try store.startSession()
            try store.finish()
            #expect(throws: LiftLogError.notFound("No session with ID '\(first.session.id.rawValue)'.", remedy: .listSessions)) {
                try store.session(idPrefix: first.session.id.rawValue)
            }
            #expect(try store.session(idPrefix: second.session.id.rawValue).session.id == second.session.id)
            try store.deleteSession(idPrefix: second.session.id.rawValue)
            #expect(try store.history(HistoryQuery()).total == 0)
        }
    }

    @Test("rejects short, malformed and ambiguous ID prefixes")
    func idPrefixes() throws {
        try withTemporaryDirectory { root throws in
            let clock = TestClock()
            let store = try makeStore(at: root, clock: clock)
            for _ in 0..<2 {
                try store.startSession()
                try store.finish()
                clock.advance(seconds: 3600)
            }
            #expect(throws: LiftLogError.validation("Session ID 'abc' is too short; give at least 4 characters.")) { try store.session(idPrefix: "abc") }
            #expect(throws: LiftLogError.validation("'../x' is not a session ID; IDs are hexadecimal, like 3f2c9a1e.")) { try store.session(idPrefix: "../x") }
            // The test clock's IDs all start 00000000-0000-4000-8000-.
            #expect(throws: LiftLogError.validation("Session ID '0000' is ambiguous: it matches 2 sessions (00000000, 00000000). Give more characters.")) {
                try store.session(idPrefix: "0000")
            }
        }
    }

    @Test("a logged set's ID is the last 8 hexadecimal digits of a new UUID, lowercased, never one the session has")
    func setIDs() throws {
        try withTemporaryDirectory { root throws in
            _ = try makeStore(at: root)
            let uuids = UUIDQueue(["6F1E2D3C-AAAA-4BBB-8CCC-0123456789AB", "11111111-2222-4333-8444-5555456789ab", "00000000-0000-4000-8000-00000000cdef"])
            var environment = Store.Environment.test()
            environment.makeUUID = { uuids.next() }
            let store = try Store.open(at: root + "/store", environment: environment)
            try store.startSession()
            try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
            // The second UUID ends as the first set's ID does: the third gives the ID.
            try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
            let sets = try #require(try store.activeSession()).session.entries[0].sets
            #expect(sets.map(\.id) == ["456789ab", "0000cdef"])
            #expect(uuids.remaining == 0)
        }
    }

    @Test("a log does away with the temporary file and second name a killed write left next to the session")
    func leftoversOfAKilledWrite() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let started = try store.startSession()
            let folder = root + "/store/" + started.path.split(separator: "/").dropLast().joined(separator: "/")
            let name = String(started.path.split(separator: "/").last!)
            writeText("{\"torn", to: folder + "/." + name + StoreFiles.temporarySuffix)
            writeText("{\"an older version\": true}", to: folder + "/." + name + StoreFiles.backupSuffix)
            try store.log(exercise: "Back Squat", sets: SetNotation.parse(["100x5"], defaultUnit: .kg))
            #expect(allFiles(in: folder) == [name])
            #expect(try store.activeSession()?.session.entries.first?.sets.count == 1)
        }
    }

    @Test("a start time in the future or an end before the start is refused")
    func times() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            #expect(throws: LiftLogError.validation("Start time 2025-01-25 07:30 is in the future.")) {
                try store.startSession(startedAt: Timestamp.fixture.adding(seconds: 86_400))
            }
            try store.startSession()
            #expect(throws: LiftLogError.validation("The end time 2025-01-24 06:30 is before the start 2025-01-24 07:30.")) {
                try store.finish(completedAt: Timestamp.fixture.adding(seconds: -3600))
            }
            #expect(throws: LiftLogError.validation("Feel must be 1–5, got 6.")) { try store.finish(feel: 6) }
        }
    }
}

/// UUIDs handed out in order, for a test of what is made of them.
final class UUIDQueue: @unchecked Sendable {
    private let lock = Mutex()
    private var values: [String]

    init(_ values: [String]) { self.values = values }

    func next() -> String { lock.withLock { values.removeFirst() } }

    var remaining: Int { lock.withLock { values.count } }
}
