#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Exercise lines (the index's file per exercise)")
struct ExerciseLinesTests {
    private let squatID = Exercise.ID(rawValue: "e1d75f0b-39ac-5515-8787-775481db6aab")!

    @Test("reads back what it writes, and refuses a file of another shape or another exercise")
    func fileFormat() throws {
        var lines = ExerciseLines()
        let text = Array("first\tline\u{1F}x\nsecond line\n".utf8)
        lines.months[MonthKey(year: 2025, month: 1)] = .init(hash: 0xABCDEF0123456789, lines: [text[0..<12], text[13..<24]])
        lines.months[MonthKey(year: 1999, month: 12)] = .init(hash: 1, lines: [])
        let bytes = lines.bytes(for: squatID)
        let read = try #require(ExerciseLines(bytes: bytes, exercise: squatID))
        #expect(read.months.count == 2)
        #expect(read.months[MonthKey(year: 2025, month: 1)]?.hash == 0xABCDEF0123456789)
        #expect(read.months[MonthKey(year: 2025, month: 1)]?.lines.map { Array($0) } == [Array("first\tline\u{1F}x".utf8), Array("second line".utf8)])
        #expect(read.months[MonthKey(year: 1999, month: 12)]?.lines.isEmpty == true)

        let written = String(decoding: bytes, as: UTF8.self)
        #expect(written.hasPrefix("liftlog-exercise-lines 1 \(squatID.rawValue)\nM\t2025-01\tabcdef0123456789\t2\n"))
        #expect(written.hasSuffix("M\t1999-12\t1\t0\nend\t2\n"))
        let other = Exercise.ID(rawValue: "a846994e-da3a-5102-b5da-668dbe1737f9")!
        #expect(ExerciseLines(bytes: bytes, exercise: other) == nil)
        for broken in [
            String(written.dropLast("end\t2\n".count)),                                      // cut short
            written.replacingOccurrences(of: "end\t2", with: "end\t3"),                      // a month missing
            written.replacingOccurrences(of: "\t2\nfirst", with: "\t3\nfirst"),              // more lines than there are
            written.replacingOccurrences(of: "abcdef0123456789", with: "xyz"),               // not a hash
            written.replacingOccurrences(of: "2025-01", with: "2025-13"),                    // not a month
            written.replacingOccurrences(of: "1999-12", with: "2025-01"),                    // a month twice
            written.replacingOccurrences(of: "liftlog-exercise-lines 1", with: "liftlog-exercise-lines 2"),
            written + "extra\n", "",
        ] {
            #expect(ExerciseLines(bytes: Array(broken.utf8), exercise: squatID) == nil, "\(broken.debugDescription)")
        }
    }

    @Test("a content hash changes with any byte, is never 0, and is the same for the same bytes")
    func contentHash() {
        let base = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        var seen: Swift.Set<UInt64> = [ContentHash.of(base)]
        for position in base.indices {
            var changed = base
            changed[position] ^= 1
            seen.insert(ContentHash.of(changed))
        }
        for length in 0..<base.count { seen.insert(ContentHash.of(Array(base.prefix(length)))) }
        #expect(seen.count == 1 + base.count + base.count)
        #expect(!seen.contains(0))
        #expect(ContentHash.of(base) == ContentHash.of(Array(base)))
    }

    // MARK: - Through the store

    /// A store with the library, and 30 sessions over seven months: Back Squat (linked) in
    /// most, Bench Press in some, an unlinked "back squat" entry in a few.
    private func makeLog(_ root: String, sessions: Int = 30) throws -> (store: Store, squat: Exercise) {
        let store = try makeStore(at: root)
        let squat = try store.exercise(named: "Back Squat")
        let bench = try store.exercise(named: "Bench Press")
        for index in 0..<sessions {
            var entries: [Session.Entry] = []
            if index % 5 != 4 {
                entries.append(Session.Entry(exerciseID: squat.id, exerciseName: squat.name, order: 1,
                                             sets: [WorkoutSet(setNumber: 1, weight: 100 + Double(index % 7) * 2.5, unit: .kg, reps: 5 - index % 3)]))
            }
            if index % 3 == 0 { entries.append(Session.Entry(exerciseID: bench.id, exerciseName: bench.name, order: 2, sets: [WorkoutSet(setNumber: 1, weight: 80, unit: .kg, reps: 8)])) }
            if index % 7 == 0 { entries.append(Session.Entry(exerciseID: nil, exerciseName: "back  squat", order: 3, sets: [WorkoutSet(setNumber: 1, weight: 90, unit: .kg, reps: 10)])) }
            try save(store, session(index, entries: entries))
        }
        return (store, squat)
    }

    private func session(_ index: Int, entries: [Session.Entry]) -> Session {
        let start = Timestamp.fixture.adding(seconds: index * 7 * 86_400)
        return Session(id: Session.ID(rawValue: "3f2c9a1e-8b7d-4c6e-9f01-\(CivilCalendar.pad(index, 12))")!, status: .completed,
                       startedAt: start, completedAt: start.adding(seconds: 3_600), entries: entries)
    }

    private func save(_ store: Store, _ session: Session) throws {
        try store.files.ensureDirectory(String(session.relativePath.split(separator: "/").dropLast().joined(separator: "/")))
        try store.files.save(session, to: session.relativePath)
    }

    /// The report as a freshly built index gives it, with no exercise file.
    private func reportFromScratch(_ root: String, _ name: String = "Back Squat") throws -> String {
        removeTree(root + "/store/.liftlog/index")
        let report = try Store.open(at: root + "/store", environment: .test()).exerciseReport(name)
        removeTree(root + "/store/.liftlog/index")
        return "\(report)"
    }

    /// A store whose clock is a minute ahead of the files: the session folders just written
    /// count as settled, so the index keeps their months on disk instead of listing them again.
    /// (A folder's time moves in ticks of a few milliseconds: a test waits for a ``tick()`` before
    /// each change, so that the change moves it.)
    private func later(_ root: String) throws -> Store {
        try Store.open(at: root + "/store", environment: .test(now: Timestamp.now().adding(seconds: 60)))
    }

    private func tick() { _ = try? withTemporaryDirectory { waitForFileClockTick(probeIn: $0) } }

    /// Rewrites the file of `session` in place (same inode, its folder's time unchanged), with
    /// `old` replaced by `new`, after a ``tick()``.
    private func editInPlace(_ store: Store, _ session: Session, replacing old: String, with new: String) throws {
        let text = String(decoding: try #require(try store.files.read(session.relativePath)), as: UTF8.self)
        let edited = text.replacingOccurrences(of: old, with: new)
        #expect(edited != text)
        tick()
        let descriptor = open(store.files.root + "/" + session.relativePath, O_WRONLY | O_TRUNC)
        #expect(descriptor >= 0)
        _ = edited.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        close(descriptor)
    }

    private func report(_ root: String, _ name: String = "Back Squat") throws -> String {
        "\(try later(root).exerciseReport(name))"
    }

    @Test("pr and progress of an exercise read its file, which holds the lines of every month that may name it")
    func writtenAndUsed() throws {
        try withTemporaryDirectory { root throws in
            let (store, squat) = try makeLog(root)
            let expected = try reportFromScratch(root)
            #expect(expected.contains("entries"))
            // First time: the shards are searched and the exercise's file written.
            #expect(try report(root) == expected)
            let bytes = try #require(try store.files.read(ExerciseLines.path(of: squat.id)))
            let file = try #require(ExerciseLines(bytes: bytes, exercise: squat.id))
            let index = SessionIndex(files: store.files, unit: .kg, now: { .fixture })
            #expect(Swift.Set(file.months.keys) == Swift.Set(index.state.months.keys))
            #expect(file.months.allSatisfy { key, month in month.hash == index.state.months[key]?.shardHash })
            // Every line with the exercise's ID or an entry without one, and no other: the 24
            // sessions with Back Squat linked, and session 14, whose only squat is unlinked.
            let lines = file.months.values.flatMap(\.lines).map { String(decoding: $0, as: UTF8.self) }
            #expect(lines.count == 25)
            #expect(lines.allSatisfy { $0.contains(squat.id.rawValue) || $0.contains("\t\u{1F}") || $0.contains("\u{1E}\u{1F}") })
            // Second time, from the file: the same answer, and the file is left as it is.
            let before = try #require(try store.files.status(ExerciseLines.path(of: squat.id)))
            #expect(try report(root) == expected)
            #expect(try store.files.status(ExerciseLines.path(of: squat.id))?.inode == before.inode)
        }
    }

    @Test("a session added, edited in place or removed behind the store's back shows at once, and the file follows")
    func followsChanges() throws {
        try withTemporaryDirectory { root throws in
            let (store, squat) = try makeLog(root)
            _ = try report(root)
            // A new session with a heavier squat, in a month that has sessions.
            let heavy = session(40, entries: [Session.Entry(exerciseID: squat.id, exerciseName: squat.name, order: 1,
                                                             sets: [WorkoutSet(setNumber: 1, weight: 150, unit: .kg, reps: 3)])])
            var added = heavy
            added.startedAt = Timestamp("2025-02-20T07:30:00+01:00")!
            added.completedAt = added.startedAt.adding(seconds: 3_600)
            tick()
            try save(store, added)
            // History brings the index up to date (the month's shard changes), not the
            // exercise's file: what it holds of that month no longer stands.
            _ = try later(root).history(HistoryQuery())
            let afterAdding = try report(root)
            #expect(afterAdding.contains("150"))
            #expect(afterAdding == (try reportFromScratch(root)))
            _ = try report(root)

            // A session edited in place: same inode, same folder time.
            let target = session(1, entries: [])
            let path = root + "/store/" + target.relativePath
            try editInPlace(store, target, replacing: "\"weight\": 102.5", with: "\"weight\": 177.5")
            let afterEditing = try report(root)
            #expect(afterEditing.contains("177.5"))
            #expect(afterEditing == (try reportFromScratch(root)))
            _ = try report(root)

            // A session removed.
            tick()
            #expect(unlink(path) == 0)
            _ = try later(root).history(HistoryQuery())
            let afterRemoving = try report(root)
            #expect(!afterRemoving.contains("177.5"))
            #expect(afterRemoving == (try reportFromScratch(root)))
            // The file that was written along the way describes the index as it is now.
            _ = try report(root)
            let written = try #require(try store.files.read(ExerciseLines.path(of: squat.id)))
            let file = try #require(ExerciseLines(bytes: written, exercise: squat.id))
            let index = SessionIndex(files: store.files, unit: .kg, now: { .fixture })
            #expect(file.months.allSatisfy { key, month in month.hash == index.state.months[key]?.shardHash })
            // And it is the file a first run writes: every month that names the exercise.
            #expect(unlink(root + "/store/" + ExerciseLines.path(of: squat.id)) == 0)
            _ = try report(root)
            #expect(try store.files.read(ExerciseLines.path(of: squat.id)) == written)
            _ = try report(root)
            #expect(try store.files.read(ExerciseLines.path(of: squat.id)) == written)
        }
    }

    @Test("in a long log, whose files are looked at on all cores, an edit in place of any of them shows")
    func longLogEditedInPlace() throws {
        try withTemporaryDirectory { root throws in
            // Weekly for six years: more sessions with the squat than one thread looks at.
            let (store, _) = try makeLog(root, sessions: 330)
            #expect(330 * 4 / 5 > SessionIndex.filesToStatAlone)
            _ = try report(root)
            for (index, weight) in [(1, "171.5"), (163, "172.5"), (328, "173.5")] {
                // The squat's one set (`makeLog`): 100 kg plus 2.5 for each step of the index modulo 7.
                let old = JSONNumber(100 + Double(index % 7) * 2.5).text
                try editInPlace(store, session(index, entries: []), replacing: "\"weight\": \(old)", with: "\"weight\": \(weight)")
                let afterEditing = try report(root)
                #expect(afterEditing.contains(weight))
                #expect(afterEditing == (try reportFromScratch(root)))
                _ = try report(root)
            }
        }
    }

    @Test("a damaged file is ignored and written again; without the store lock nothing is written")
    func damagedOrLocked() throws {
        try withTemporaryDirectory { root throws in
            let (store, squat) = try makeLog(root)
            let expected = try reportFromScratch(root)
            let path = ExerciseLines.path(of: squat.id)
            _ = try report(root)
            let good = try #require(try store.files.read(path))
            for damaged in [Array(good.prefix(good.count / 2)), Array("garbage".utf8), [], good.map { $0 == 0x09 ? 0x20 : $0 }] {
                try store.files.writeAtomically(damaged, to: path, durable: false)
                #expect(try report(root) == expected)
                #expect(try store.files.read(path) == good)
            }
            // Another process holds the lock: the answer is the same, from the shards.
            removeTree(root + "/store/.liftlog/index/exercises")
            let holder = try #require(try PosixFileSystem().lockExclusively(root + "/store/.liftlog/lock", timeout: 0))
            defer { PosixFileSystem().close(holder) }
            #expect(try report(root) == expected)
            #expect(try store.files.status(path) == nil)
        }
    }

    @Test("the state gives each month's shard the hash of its content on disk, after a rebuild and after a log")
    func shardHashes() throws {
        try withTemporaryDirectory { root throws in
            let (store, _) = try makeLog(root)
            func check() throws {
                let index = SessionIndex(files: store.files, unit: .kg, now: { .fixture })
                #expect(!index.state.months.isEmpty)
                for (key, month) in index.state.months {
                    let shard = try #require(try store.files.read(key.shardPath))
                    #expect(month.shardHash == ContentHash.of(shard), "\(key)")
                }
            }
            _ = try store.reindex()
            try check()
            try store.startSession()
            try store.log(exercise: "Back Squat", sets: [SetNotation(weight: 100, unit: .kg, reps: 5)])
            try check()
        }
    }
}
