#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
import LiftLogTestSupport

/// Whether a path read is a month's index file, or the index state.
private func isMonthFile(_ path: String) -> Bool { path.contains("/.liftlog/index/months/") }
private func isState(_ path: String) -> Bool { path.hasSuffix("/.liftlog/index/state.tsv") }

@Suite("Session index")
struct SessionIndexTests {

    /// Writes `count` completed sessions a day apart, newest last, straight to disk.
    private func writeSessions(_ store: Store, count: Int, start: Timestamp = .fixture) throws -> [Session] {
        var sessions: [Session] = []
        for index in 0..<count {
            let id = "3f2c9a1e-8b7d-4c6e-9f01-\(CivilCalendar.pad(index, 12))"
            let session = Session.fixture(id: id, start: start.adding(seconds: index * 86_400))
            try store.files.ensureDirectory(String(session.relativePath.split(separator: "/").dropLast().joined(separator: "/")))
            try store.files.save(session, to: session.relativePath)
            sessions.append(session)
        }
        return sessions
    }

    @Test("pages through sessions newest first across months")
    func paging() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            let sessions = try writeSessions(store, count: 60)
            let newestFirst = sessions.reversed().map(\.id)
            let first = try store.history(HistoryQuery(page: 1, perPage: 25))
            #expect(first.total == 60)
            #expect(first.totalPages == 3)
            #expect(first.sessions.map(\.id) == Array(newestFirst[0..<25]))
            let third = try store.history(HistoryQuery(page: 3, perPage: 25))
            #expect(third.sessions.map(\.id) == Array(newestFirst[50..<60]))
            #expect(try store.history(HistoryQuery(page: 4, perPage: 25)).sessions.isEmpty)
        }
    }

    @Test("a record of a file just written stands in for reading it, only while the file is as written")
    func writtenRecords() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            _ = try store.history(HistoryQuery())
            let sessions = try writeSessions(store, count: 3)
            var written = WrittenSessions()
            for session in sessions { written.add(session, at: session.relativePath, files: store.files, unit: .kg) }
            let index = SessionIndex(files: store.files, unit: .kg, now: { Timestamp.fixture.adding(seconds: 86_400 * 30) })
            index.written = written.records
            try index.refresh()
            #expect(index.filesRead == 0)
            #expect(try index.page(HistoryQuery(), exercise: nil).shown.map { $0.record.summary?.id } == sessions.reversed().map(\.id))

            // Changed after its record was made (a byte more): the file is read, not the record.
            var changed = sessions[1]
            changed.notes = "edited"
            try store.files.save(changed, to: changed.relativePath)
            let again = SessionIndex(files: store.files, unit: .kg, now: { Timestamp.fixture.adding(seconds: 86_400 * 30) })
            again.written = written.records
            try again.refresh()
            #expect(again.filesRead == 1)
            let shown = try again.page(HistoryQuery(), exercise: nil).shown.compactMap(\.record.summary)
            #expect(shown.first { $0.id == changed.id }?.path == changed.relativePath)
        }
    }

    @Test("filters by date range, kind and exercise")
    func filters() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            _ = try writeSessions(store, count: 40)
            let range = try store.history(HistoryQuery(from: LocalDate("2025-02-01"), to: LocalDate("2025-02-10")))
            #expect(range.total == 10)
            #expect(range.sessions.allSatisfy { $0.startedAt.localDate.month == 2 })
            #expect(try store.history(HistoryQuery(kind: .stretch)).total == 0)
            #expect(try store.history(HistoryQuery(exercise: "back squat")).total == 40)
            #expect(throws: LiftLogError.notFound("No exercise named 'Curl'.", suggestions: [])) {
                try store.history(HistoryQuery(exercise: "Curl"))
            }
            #expect(throws: LiftLogError.validation("Page must be 1 or more, got 0.")) { try store.history(HistoryQuery(page: 0)) }
        }
    }

    @Test("sees files added, removed and replaced behind its back")
    func noticesChanges() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            let sessions = try writeSessions(store, count: 3)
            #expect(try store.history(HistoryQuery()).total == 3)
            // A file arrives (git pull, Dropbox), within the same second as the last scan.
            var extra = Session.fixture(id: "aaaaaaaa-8b7d-4c6e-9f01-000000000000", start: Timestamp.fixture.adding(seconds: 3600))
            extra.notes = "synced"
            try store.files.save(extra, to: extra.relativePath)
            #expect(try store.history(HistoryQuery()).total == 4)
            // A file goes away.
            unlink(root + "/store/" + sessions[0].relativePath)
            let page = try store.history(HistoryQuery())
            #expect(page.total == 3)
            #expect(!page.sessions.contains { $0.id == sessions[0].id })
        }
    }

    @Test("follows years and months added and removed behind its back, in order")
    func yearsAndMonthsBehindItsBack() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            var number = 0
            func write(_ start: String) throws -> Session.ID {
                number += 1
                let session = Session.fixture(id: "3f2c9a1e-8b7d-4c6e-9f01-\(CivilCalendar.pad(number, 12))", start: try #require(Timestamp(start)))
                try store.files.ensureDirectory(String(session.relativePath.split(separator: "/").dropLast().joined(separator: "/")))
                try store.files.save(session, to: session.relativePath)
                return session.id
            }
            // Folders last changed long ago, so that the index records their times and looks
            // at a year's months without listing the year again.
            func ageFolders() {
                var old = [timespec(tv_sec: 1_500_000_000, tv_nsec: 0), timespec(tv_sec: 1_500_000_000, tv_nsec: 0)]
                for year in ["2023", "2024", "2025", "2026"] {
                    for month in [""] + (1...12).map({ "/" + CivilCalendar.pad($0, 2) }) {
                        _ = utimensat(AT_FDCWD, root + "/store/sessions/" + year + month, &old, 0)
                    }
                }
                _ = utimensat(AT_FDCWD, root + "/store/sessions", &old, 0)
            }
            let march23 = try write("2023-03-10T07:00:00+00:00"), july23 = try write("2023-07-10T07:00:00+00:00")
            let january24 = try write("2024-01-10T07:00:00+00:00"), february24 = try write("2024-02-10T07:00:00+00:00")
            let may25 = try write("2025-05-10T07:00:00+00:00")
            ageFolders()
            #expect(try store.history(HistoryQuery()).sessions.map(\.id) == [may25, february24, january24, july23, march23])
            #expect(try store.history(HistoryQuery()).sessions.map(\.id) == [may25, february24, january24, july23, march23])

            // A session in a known month, a new month of a known year, a new year.
            let lateFebruary24 = try write("2024-02-20T07:00:00+00:00")
            let september24 = try write("2024-09-10T07:00:00+00:00")
            let january26 = try write("2026-01-10T07:00:00+00:00")
            #expect(try store.history(HistoryQuery()).sessions.map(\.id)
                == [january26, may25, september24, lateFebruary24, february24, january24, july23, march23])
            ageFolders()
            #expect(try store.history(HistoryQuery()).total == 8)

            // A whole year goes, then one month of another.
            removeTree(root + "/store/sessions/2023")
            #expect(try store.history(HistoryQuery()).sessions.map(\.id) == [january26, may25, september24, lateFebruary24, february24, january24])
            ageFolders()
            removeTree(root + "/store/sessions/2024/01")
            #expect(try store.history(HistoryQuery()).sessions.map(\.id) == [january26, may25, september24, lateFebruary24, february24])
            #expect(try store.history(HistoryQuery(kind: .lifting)).total == 5)
        }
    }

    @Test("re-reads a file edited in place before showing it")
    func inPlaceEdit() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            let sessions = try writeSessions(store, count: 2)
            #expect(try store.history(HistoryQuery()).sessions.first?.setCount == 3)
            var edited = sessions[1]
            edited.entries[0].sets.append(WorkoutSet(setNumber: 4, weight: 100, unit: .kg, reps: 5))
            // Same inode, same folder time: only the file's size and time change.
            writeText(JSONWriter.canonicalString(edited.json), to: root + "/store/" + edited.relativePath)
            #expect(try store.history(HistoryQuery()).sessions.first?.setCount == 4)
        }
    }

    @Test("counts the lines that start with a byte, and a byte's occurrences")
    func lineCounts() {
        for (text, months, newlines) in [("", 0, 0), ("M", 1, 0), ("M\tx\nD\ty\nM\tz\n", 2, 3), ("header\nM\nM\nMM\nxM\n\nM", 4, 6), ("\n\n", 0, 2)] {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(ByteFields.lineCount(startingWith: UInt8(ascii: "M"), in: buffer) == months, "\(text)")
                #expect(ByteFields.count(of: 0x0A, in: buffer) == newlines, "\(text)")
            }
        }
    }

    @Test("rebuilds a deleted or damaged index and loses nothing")
    func rebuilds() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            _ = try writeSessions(store, count: 5)
            let expected = try store.history(HistoryQuery()).sessions
            removeTree(root + "/store/.liftlog/index")
            #expect(try store.history(HistoryQuery()).sessions == expected)
            for file in allFiles(in: root + "/store/.liftlog/index/months") {
                writeText("garbage\tline\n", to: root + "/store/.liftlog/index/months/" + file)
            }
            #expect(try store.history(HistoryQuery()).sessions == expected)
            writeText("not an index", to: root + "/store/.liftlog/index/state.tsv")
            #expect(try store.history(HistoryQuery()).sessions == expected)
            #expect(try store.reindex().sessions == 5)
        }
    }

    @Test("a reindex over an index writes what a reindex from nothing writes, removing the old index files without a flush each")
    func reindexOverIndex() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            // Sessions 20 days apart: a dozen months, each with a shard.
            _ = try writeSessions(store, count: 5)
            for index in 0..<18 {
                let session = Session.fixture(id: "4f2c9a1e-8b7d-4c6e-9f01-\(CivilCalendar.pad(index, 12))", start: Timestamp.fixture.adding(seconds: (index + 1) * 20 * 86_400))
                try store.files.ensureDirectory(String(session.relativePath.split(separator: "/").dropLast().joined(separator: "/")))
                try store.files.save(session, to: session.relativePath)
            }
            let index = root + "/store/.liftlog/index"
            removeTree(index)
            #expect(try store.reindex().sessions == 23)
            let fromNothing = snapshot(index, excluding: nil)
            let months = allFiles(in: index + "/months")
            #expect(months.count >= 12)
            // A shard of a month that no longer exists, and the temporary file of a crashed
            // write of a shard (the next write of that shard replaces it).
            writeText("stale\n", to: index + "/months/1999-01.tsv")
            writeText("torn", to: index + "/months/.2025-01.tsv" + StoreFiles.temporarySuffix)

            let counting = RecordingFileSystem()
            var environment = Store.Environment.test()
            environment.fileSystem = counting
            let again = try Store.open(at: root + "/store", environment: environment)
            #expect(try again.reindex().sessions == 23)
            #expect(snapshot(index, excluding: nil) == fromNothing)
            // The old files were unlinked, not given a second name and flushed away one by one.
            #expect(counting.linkCount == 0)
            #expect(counting.folderFlushCount < months.count)
            #expect(try again.history(HistoryQuery(perPage: 100)).sessions == (try store.history(HistoryQuery(perPage: 100)).sessions))
        }
    }

    @Test("progress, which skips index lines unparsed, still notices a damaged shard")
    func damagedShardUnderSearch() throws {
        try withTemporaryDirectory { root throws in
            // A clock an hour ahead: the folders written now look settled, so the index is
            // trusted rather than listed again on every call.
            let clock = TestClock(Store.Environment.live.now().adding(seconds: 3600))
            let store = try makeStore(at: root, clock: clock)
            _ = try writeSessions(store, count: 5)
            let squat = try store.exerciseReport("Back Squat")
            #expect(squat.exerciseID != nil, "a library exercise, so that the search runs")
            #expect(squat.entries.count == 5)
            let shards = allFiles(in: root + "/store/.liftlog/index/months")
            #expect(!shards.isEmpty)
            for file in shards {
                let path = root + "/store/.liftlog/index/months/" + file
                let text = try #require(readText(path))
                // The same number of lines, but not index lines; then lines of the right shape
                // with one tab too many.
                writeText(String(repeating: "garbage\tline\n", count: text.split(separator: "\n").count), to: path)
            }
            #expect(try store.exerciseReport("Back Squat").entries == squat.entries)
            for file in shards {
                let path = root + "/store/.liftlog/index/months/" + file
                let text = try #require(readText(path))
                writeText(text.replacingOccurrences(of: "\tlifting\t", with: "\tlifting\t\t"), to: path)
            }
            #expect(try store.exerciseReport("Back Squat").entries == squat.entries)
        }
    }

    @Test("a month's index file left empty, missing or older than the state (a crash, a hand) is listed again, never shown as it is", arguments: ["emptied", "deleted", "older", "altered"])
    func untrustedShard(damage: String) throws {
        try withTemporaryDirectory { root throws in
            // A clock an hour ahead: the folders written now look settled, so the index is
            // trusted rather than listed again on every call.
            let clock = TestClock(Store.Environment.live.now().adding(seconds: 3600))
            let store = try makeStore(at: root, clock: clock)
            let sessions = try writeSessions(store, count: 4)
            let months = root + "/store/.liftlog/index/months/"
            let expected = try store.history(HistoryQuery(perPage: 100)).sessions
            #expect(expected.count == 4)
            let shard = try #require(allFiles(in: months).first)
            let older = try #require(readBytes(months + shard))
            // One more session in the month: its file and the state change, the shard kept
            // by the crash (or the hand) is the older one.
            let late = Session.fixture(id: "3f2c9a1e-8b7d-4c6e-9f01-000000000099", start: sessions[0].startedAt.adding(seconds: 3600 * 5))
            try store.files.save(late, to: late.relativePath)
            let withLate = try store.history(HistoryQuery(perPage: 100)).sessions
            #expect(withLate.count == 5)
            let squat = try store.exerciseReport("Back Squat").entries
            #expect(squat.count == 5)
            let current = try #require(readText(months + shard))
            #expect(Array(current.utf8) != older)
            switch damage {
            case "emptied": writeText("", to: months + shard)
            case "deleted": unlink(months + shard)
            case "older": writeBytes(older, to: months + shard)
            default:
                // Every line and field in place, one value changed: the right shape, other content.
                writeText(current.replacingOccurrences(of: "\tlifting\t", with: "\tcardio\t"), to: months + shard)
            }
            let opened = try Store.open(at: root + "/store", environment: store.environment)
            #expect(try opened.history(HistoryQuery(perPage: 100)).sessions == withLate, "\(damage)")
            #expect(try opened.history(HistoryQuery(page: 1, perPage: 2)).sessions == Array(withLate.prefix(2)), "\(damage)")
            #expect(try opened.exerciseReport("Back Squat").entries == squat, "\(damage)")
            #expect(try opened.session(idPrefix: late.id.rawValue).session.id == late.id)
            // A command that may write puts the month's index file right.
            #expect(readText(months + shard) == current, "\(damage)")
        }
    }

    @Test("a month's records kept parsed by a long-running process are used only while its index file has the same bytes, and the state names them")
    func parsedShardsKept() throws {
        try withTemporaryDirectory { root throws in
            let clock = TestClock(Store.Environment.live.now().adding(seconds: 3600))
            let store = try makeStore(at: root, clock: clock, seed: false)
            let sessions = try writeSessions(store, count: 40)
            let newestFirst = Array(sessions.reversed())
            let query = HistoryQuery(page: 1, perPage: 5)
            let first = try store.history(query).sessions
            #expect(first.map(\.id) == newestFirst.prefix(5).map(\.id))
            let newest = try #require(first.first)
            let shard = store.files.absolute(MonthKey(year: newest.startedAt.localDate.year, month: newest.startedAt.localDate.month).shardPath)
            // Read once: only the page's lines parsed, nothing kept. Read again with the same
            // bytes: parsed whole and kept; after that, taken as kept.
            #expect(!ParsedShardCache.shared.hasParsed(shard))
            #expect(try Store.open(at: root + "/store", environment: store.environment).history(query).sessions == first)
            #expect(ParsedShardCache.shared.hasParsed(shard))
            for page in 1...3 {
                let again = try Store.open(at: root + "/store", environment: store.environment).history(HistoryQuery(page: page, perPage: 5)).sessions
                #expect(again.map(\.id) == newestFirst[((page - 1) * 5)..<(page * 5)].map(\.id))
            }
            // A session added to the month, the index brought up to date without showing a page,
            // and the bytes kept parsed put back by hand (as a crash can leave an index file
            // older than the state): the state names other bytes now, so they are never used.
            let kept = try #require(readBytes(shard))
            let late = Session.fixture(id: "3f2c9a1e-8b7d-4c6e-9f01-000000000099", start: newest.startedAt.adding(seconds: 3600))
            try store.files.save(late, to: late.relativePath)
            try Store.open(at: root + "/store", environment: store.environment).prepareIndex()
            #expect(readBytes(shard) != kept)
            writeBytes(kept, to: shard)
            let withLate = [late.id] + newestFirst.prefix(4).map(\.id)
            for _ in 0..<3 {
                #expect(try Store.open(at: root + "/store", environment: store.environment).history(query).sessions.map(\.id) == withLate)
            }
            #expect(try Store.open(at: root + "/store", environment: store.environment).history(HistoryQuery(perPage: 100)).sessions.count == 41)
        }
    }

    @Test("a long-running process takes the index state and the months it keeps parsed by their files' settled identity; a file changed since is read")
    func settledIndexFiles() throws {
        try withTemporaryDirectory { root throws in
            let created = try makeStore(at: root, seed: false)
            let sessions = try writeSessions(created, count: 12)
            let counting = RecordingFileSystem()
            // A clock past the folders' and files' times by more than the settling window, so that
            // folders are recorded (and not listed again) and files vouched for by their identity.
            var environment = Store.Environment.test(now: Timestamp("2040-01-01T00:00:00+00:00")!)
            environment.fileSystem = counting
            func page() throws -> [Session.ID] {
                try Store.open(at: root + "/store", environment: environment).history(HistoryQuery(page: 1, perPage: 5)).sessions.map(\.id)
            }
            let expected = sessions.reversed().prefix(5).map(\.id)
            #expect(try page() == expected)     // builds the index
            #expect(try page() == expected)
            // A read notes the index files' settled identity, and the reads after it read neither.
            #expect(try page() == expected)
            #expect(try page() == expected)
            let (stateReads, monthReads) = (counting.reads(where: isState), counting.reads(where: isMonthFile))
            for _ in 0..<3 { #expect(try page() == expected) }
            #expect(counting.reads(where: isState) == stateReads)
            #expect(counting.reads(where: isMonthFile) == monthReads)
            // Each written again in place by hand, byte for byte as it was: read again (its
            // identity moved on), and the page stands.
            let state = root + "/store/.liftlog/index/state.tsv"
            writeBytes(try #require(readBytes(state)), to: state)
            #expect(try page() == expected)
            #expect(counting.reads(where: isState) == stateReads + 1)
            let newest = try #require(sessions.last)
            let shard = root + "/store/" + MonthKey(year: newest.startedAt.localDate.year, month: newest.startedAt.localDate.month).shardPath
            writeBytes(try #require(readBytes(shard)), to: shard)
            #expect(try page() == expected)
            #expect(counting.reads(where: isMonthFile) > monthReads)
            // A session added by hand: shown at once, whatever was kept.
            let late = Session.fixture(id: "3f2c9a1e-8b7d-4c6e-9f01-000000000099", start: newest.startedAt.adding(seconds: 3600))
            try created.files.save(late, to: late.relativePath)
            #expect(try page() == [late.id] + expected.prefix(4))
        }
    }

    @Test("the cache of parsed months notes bytes read once, keeps them parsed when asked, and holds a bounded number")
    func parsedShardCache() {
        let cache = ParsedShardCache()
        let record = IndexRecord(fileName: "2025-01-24-0730-3f2c9a1e.json", status: FileStatus(kind: .regular, size: 1, modificationNanoseconds: 1, inode: 1, mode: 0o644, changeNanoseconds: 1), summary: nil, problem: "x")
        guard case .new = cache.lookup("/a", hash: 7, bytes: [1, 2], identity: nil) else { Issue.record("first read"); return }
        guard case .readBefore = cache.lookup("/a", hash: 7, bytes: [1, 2], identity: nil) else { Issue.record("second read"); return }
        cache.keep([record], path: "/a", hash: 7, bytes: [1, 2], identity: nil)
        guard case .parsed(let records) = cache.lookup("/a", hash: 7, bytes: [1, 2], identity: nil) else { Issue.record("kept"); return }
        #expect(records == [record])
        // Other bytes, or the same bytes under another hash: not the shard parsed.
        guard case .new = cache.lookup("/a", hash: 7, bytes: [1, 3], identity: nil) else { Issue.record("other bytes"); return }
        cache.keep([record], path: "/a", hash: 7, bytes: [1, 3], identity: nil)
        guard case .new = cache.lookup("/a", hash: 8, bytes: [1, 3], identity: nil) else { Issue.record("other hash"); return }
        #expect(!cache.hasParsed("/a"))
        // Kept with the settled identity its file had before the bytes were read: taken by that
        // identity alone while the state names the same hash; never by another identity, nor
        // by none (bytes read after a file younger than two seconds).
        let identity = FileIdentity(inode: 9, size: 2, modificationNanoseconds: 5, changeNanoseconds: 5)
        #expect(!cache.readBefore("/b"))
        cache.keep([record], path: "/b", hash: 3, bytes: [4, 5], identity: identity)
        #expect(cache.readBefore("/b"))
        #expect(cache.parsed("/b", hash: 3, identity: identity) == [record])
        #expect(cache.parsed("/b", hash: 4, identity: identity) == nil)
        var changed = identity
        changed.changeNanoseconds += 1
        #expect(cache.parsed("/b", hash: 3, identity: changed) == nil)
        // The same bytes read again after the file was found younger: the identity is dropped.
        guard case .parsed = cache.lookup("/b", hash: 3, bytes: [4, 5], identity: nil) else { Issue.record("same bytes"); return }
        #expect(cache.parsed("/b", hash: 3, identity: identity) == nil)
        // Past its capacity, the first kept goes first.
        for index in 0...ParsedShardCache.capacity { cache.keep([record], path: "/m\(index)", hash: 1, bytes: [UInt8(index)], identity: nil) }
        #expect(!cache.hasParsed("/a") && !cache.hasParsed("/m0") && cache.hasParsed("/m1") && cache.hasParsed("/m\(ParsedShardCache.capacity)"))
    }

    @Test("lists an unreadable session file apart and never indexes conflict copies")
    func corruptAndConflictFiles() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            let sessions = try writeSessions(store, count: 2)
            let path = root + "/store/" + sessions[0].relativePath
            let copy = path.replacingOccurrences(of: ".json", with: " (Alex's conflicted copy 2025-01-25).json")
            writeText(readText(path)!, to: copy)
            writeText("{\"id\": ", to: path)
            let page = try store.history(HistoryQuery())
            #expect(page.total == 1)
            #expect(page.unreadableFiles == ["\(sessions[0].relativePath):1:8: unexpected end of file; expected a value"])
            #expect(throws: LiftLogError.corruptFile([FileProblem(path: sessions[0].relativePath, line: 1, column: 8, message: "unexpected end of file; expected a value", hint: "Fix the JSON syntax at this position.")])) {
                try store.session(idPrefix: sessions[0].id.rawValue)
            }
        }
    }

    @Test("finds the active session when its pointer is gone")
    func activeWithoutPointer() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let started = try store.startSession()
            unlink(root + "/store/.liftlog/active")
            removeTree(root + "/store/.liftlog/index")
            #expect(try store.activeSession()?.session.id == started.session.id)
        }
    }

    @Test("reads and writes its record lines losslessly")
    func recordLines() throws {
        var session = Session.fixture()
        session.planDay = "Day\tA\\B\nC"
        session.entries[0].exerciseName = "Squat \u{1F}odd"
        let status = FileStatus(kind: .regular, size: 10, modificationNanoseconds: 123, inode: 42, mode: 0o644)
        let record = IndexRecord(fileName: "x.json", status: status, summary: SessionSummary(session, path: "sessions/2025/01/x.json", unit: .kg))
        let parsed = try #require(IndexRecord(line: ArraySlice(Array(record.line.utf8)), folder: "sessions/2025/01"))
        #expect(parsed.summary?.planDay == session.planDay)
        #expect(parsed.summary?.totalVolume == 1500)
        #expect(parsed.inode == 42)
        #expect(!record.line.contains("\n"))
        #expect(parsed == record)

        // Every field back as it was: unlinked entries, escapes, no completion, a plan, a week.
        session.entries.append(Session.Entry(exerciseID: nil, exerciseName: "Pull\\up\tnow", order: 2, sets: [WorkoutSet(setNumber: 1, reps: 8)]))
        session.entries.append(Session.Entry(exerciseID: Exercise.ID(rawValue: "a846994e-da3a-5102-b5da-668dbe1737f9")!, exerciseName: "Bench Press", order: 3, sets: []))
        session.completedAt = nil
        session.status = .active
        session.plan = "5/3/1"
        session.weekNumber = 3
        let full = IndexRecord(fileName: "x.json", status: FileStatus(kind: .regular, size: 10, modificationNanoseconds: -5, inode: 42, mode: 0o644, changeNanoseconds: 77),
                               summary: SessionSummary(session, path: "sessions/2025/01/x.json", unit: .kg))
        #expect(IndexRecord(line: ArraySlice(Array(full.line.utf8)), folder: "sessions/2025/01") == full)
        let problem = IndexRecord(fileName: "y.json", status: status, summary: nil, problem: "3:7: a \\ and a\ttab")
        #expect(IndexRecord(line: ArraySlice(Array(problem.line.utf8)), folder: "sessions/2025/01") == problem)
        // A line of another shape is not a record (the shard is listed again).
        let line = full.line
        for broken in [line + "\tmore", String(line.prefix(while: { $0 != "\t" })), line.replacingOccurrences(of: "\t42\t", with: "\t4x\t"),
                       line.replacingOccurrences(of: "lifting", with: "lifting!"), line.replacingOccurrences(of: "2025-01-24T", with: "2025-13-24T"),
                       "!\tx.json\t1\t2\t3\t4", "", "\t"] {
            #expect(IndexRecord(line: ArraySlice(Array(broken.utf8)), folder: "sessions/2025/01") == nil, "\(broken)")
        }
    }

    @Test("a run of lines parsed with one cache of exercises gives each line's own exercises, past the cache's size too")
    func exerciseCacheAcrossLines() throws {
        // Exercises that share their first bytes (one ID with two names, IDs alike for their
        // first 8 characters, a name only), escapes, an entry without an ID; then more
        // different exercises than the cache holds.
        let alike = ["aaaaaaaa-1111-4111-8111-111111111111", "aaaaaaaa-2222-4222-8222-222222222222"]
        var names: [(id: String?, name: String)] = [
            (alike[0], "Back Squat"), (alike[0], "Back Squat (paused)"), (alike[1], "Back Squat"), (nil, "Back Squat"),
            (nil, "Pull\\up\tnow"), (alike[1], "Bench \u{1F} Press"), (nil, "Back"), (nil, "Back Squat with a longer name"),
        ]
        names += (0..<(ExerciseRefCache.capacity + 20)).map { number in
            ("b\(CivilCalendar.pad(number, 7))-0000-4000-8000-000000000000", "Exercise \(number)")
        }
        var lines: [String] = []
        for (index, window) in stride(from: 0, to: names.count, by: 3).enumerated() {
            var session = Session.fixture(id: "3f2c9a1e-8b7d-4c6e-9f01-\(CivilCalendar.pad(index, 12))")
            // Each line names a few exercises, in an order that repeats earlier ones.
            let chosen = [names[window], names[(window * 7 + 1) % names.count], names[0], names[min(window + 1, names.count - 1)]]
            session.entries = chosen.enumerated().map { order, exercise in
                Session.Entry(exerciseID: exercise.id.flatMap { Exercise.ID(rawValue: $0) }, exerciseName: exercise.name, order: order + 1,
                              sets: [WorkoutSet(setNumber: 1, weight: 100, unit: .kg, reps: 5)])
            }
            let status = FileStatus(kind: .regular, size: 10, modificationNanoseconds: 123, inode: UInt64(index + 1), mode: 0o644)
            lines.append(IndexRecord(fileName: "\(index).json", status: status, summary: SessionSummary(session, path: "sessions/2025/01/\(index).json", unit: .kg)).line)
            #expect(session.entries.map(\.exerciseName) == chosen.map(\.name))
        }
        var cache = ExerciseRefCache()
        for line in lines + lines {
            let alone = try #require(IndexRecord(line: ArraySlice(Array(line.utf8)), folder: "sessions/2025/01"))
            let cached = try #require(IndexRecord(line: ArraySlice(Array(line.utf8)), folder: "sessions/2025/01", exercises: &cache))
            #expect(cached == alone)
            #expect(cached.line == line)
        }
    }

    @Test("reads runs of working sets of 4 and 7 fields, and leaves out a run of another shape")
    func workSetRuns() {
        let summary = SessionSummary(Session.fixture(), path: "sessions/2025/01/x.json", unit: .kg)
        var odd = summary
        odd.encodedWorkSets = "100,kg,5,3;20,kg,5,2,bw,,;,kg,,1,,60,;,kg,,1,,,5000|1,2,3;1,kg,2,3,4,5,6,7;,kg,5,0;x,kg,5,1;|,kg,8,1"
        #expect(odd.workSets(ofEntryAt: 0) == [
            .init(weight: 100, unit: .kg, reps: 5, count: 3),
            .init(weight: 20, unit: .kg, reps: 5, count: 2, bodyweight: true),
            .init(weight: nil, unit: .kg, reps: nil, count: 1, durationSeconds: 60),
            .init(weight: nil, unit: .kg, reps: nil, count: 1, distanceMeters: 5000),
        ])
        // Three fields, eight fields, a count of 0: left out. A weight that is not a number
        // reads as none, as it always has.
        #expect(odd.workSets(ofEntryAt: 1) == [.init(weight: nil, unit: .kg, reps: 5, count: 1)])
        #expect(odd.workSets(ofEntryAt: 2) == [.init(weight: nil, unit: .kg, reps: 8, count: 1)])
        #expect(odd.workSets(ofEntryAt: 3) == [])
        #expect(odd.workSetsOfEveryEntry.map(\.count) == [4, 1, 1])
        // Empty entries, first, between and last, keep their positions.
        odd.encodedWorkSets = "|90,kg,3,1||80,kg,2,2|"
        #expect(odd.workSets(ofEntryAt: 0) == [])
        #expect(odd.workSets(ofEntryAt: 1) == [.init(weight: 90, unit: .kg, reps: 3, count: 1)])
        #expect(odd.workSets(ofEntryAt: 2) == [])
        #expect(odd.workSets(ofEntryAt: 3) == [.init(weight: 80, unit: .kg, reps: 2, count: 2)])
        #expect(odd.workSets(ofEntryAt: 4) == [])
        odd.encodedWorkSets = ""
        #expect(odd.workSets(ofEntryAt: 0) == [])
    }

    @Test("what one scan notes of a summary's runs answers as the scans asked one at a time do; the summary stays equal")
    func workSetTraits() {
        let summary = SessionSummary(Session.fixture(), path: "sessions/2025/01/x.json", unit: .kg)
        let lines = ["100,kg,5,3;105,kg,3,1", ",kg,12,3", "20,kg,5,2,bw,,", ",kg,,1,,60,", ",kg,,1,,,5000", "100,kg,5,3|,kg,8,1,,,400",
                     "1,2,3;1,kg,2,3,4,5,6,7", "|90,kg,3,1||80,kg,2,2|", "", ",kg,,1", "60,kg,5,1;20,kg,5,2,bw,,;,kg,,1,,,1000", "x,kg,5,1"]
        for line in lines {
            var asked = summary
            asked.encodedWorkSets = line
            var noted = asked
            noted.noteWorkSetTraits()
            #expect(noted.mayHaveBodyweightSets == asked.mayHaveBodyweightSets, "\(line)")
            #expect(noted.totalDistanceMeters == asked.totalDistanceMeters, "\(line)")
            #expect(noted == asked && noted.hashValue == asked.hashValue)
            // Set again, the encoding is scanned afresh.
            noted.encodedWorkSets = "20,kg,5,2,bw,,;,kg,,1,,,5000"
            #expect(noted.mayHaveBodyweightSets && noted.totalDistanceMeters == 5000, "\(line)")
        }
        var mixed = summary
        mixed.encodedWorkSets = "60,kg,5,1;20,kg,5,2,bw,,;,kg,,1,,,1000|,kg,,2,,,400"
        mixed.noteWorkSetTraits()
        #expect(mixed.mayHaveBodyweightSets && mixed.totalDistanceMeters == 1800)
        mixed.encodedWorkSets = "100,kg,5,3"
        mixed.noteWorkSetTraits()
        #expect(!mixed.mayHaveBodyweightSets && mixed.totalDistanceMeters == 0)
    }

    @Test("keeps each month's totals, minutes and days per kind in its state file, losslessly")
    func stateFile() throws {
        var lifting = Session.fixture(start: Timestamp("2025-01-31T23:30:00-05:00")!)  // in UTC, February
        lifting.completedAt = lifting.startedAt.adding(seconds: 3_599)                     // 59 min 59 s
        let stretch = Session(id: Session.ID(rawValue: "3f2c9a1e-8b7d-4c6e-9f01-000000000009")!, kind: .stretch, status: .completed,
                              startedAt: Timestamp("2025-01-02T07:00:00+01:00")!, completedAt: Timestamp("2025-01-02T07:20:00+01:00")!, durationSeconds: 1_200)
        let status = FileStatus(kind: .regular, size: 10, modificationNanoseconds: 123, inode: 42, mode: 0o644)
        let records = [lifting, stretch].map { IndexRecord(fileName: "x.json", status: status, summary: SessionSummary($0, path: "sessions/2025/01/x.json", unit: .kg)) }
            + [IndexRecord(fileName: "broken.json", status: status, summary: nil, problem: "1:1: bad")]
        let january = MonthKey(year: 2025, month: 1)
        var month = MonthSummary(key: january, records: records, folderTime: 99)
        #expect(month.count == 2)
        #expect(month.corruptCount == 1)
        #expect(month.seconds == [.lifting: 3_599, .stretch: 1_200])
        #expect(month.dayMasks == [.lifting: 1 << 30, .stretch: 1 << 1])
        #expect(month.dayNumbers(in: january) == [.lifting: [LocalDate("2025-01-31")!.dayNumber], .stretch: [LocalDate("2025-01-02")!.dayNumber]])
        // A session filed in another month's folder keeps its own day.
        month = MonthSummary(key: MonthKey(year: 2025, month: 2), records: records, folderTime: 99)
        #expect(month.dayMasks == [:])
        #expect(month.dayNumbers(in: MonthKey(year: 2025, month: 2)) == [.lifting: [LocalDate("2025-01-31")!.dayNumber], .stretch: [LocalDate("2025-01-02")!.dayNumber]])
        var february = IndexState(unit: .kg)
        february.months[MonthKey(year: 2025, month: 2)] = month
        #expect(IndexState(bytes: Array(february.text.utf8)) == february)
        month = MonthSummary(key: january, records: records, folderTime: 99)
        var state = IndexState(unit: .kg)
        state.folderTimes["sessions"] = 7
        state.months[january] = month
        state.months[MonthKey(year: 2024, month: 12)] = MonthSummary()
        state.idShardsHash = 0x5eed_0123_4567_89ab
        #expect(IndexState(bytes: Array(state.text.utf8)) == state)
        #expect(IndexState(bytes: Array(state.text.utf8))?.idShardsHash == 0x5eed_0123_4567_89ab)
        // An older state file (fewer fields) is not understood: the index is rebuilt.
        #expect(IndexState(bytes: Array("liftlog-index 2 kg\nM\t2025/01\t99\t2\t1\t0\t1\t0\t0\t1\n".utf8)) == nil)
        // Anything else unexpected in a line makes it rebuild too.
        let text = state.text
        let monthLine = text.split(separator: "\n").first { $0.hasPrefix("M\t2025/01") }.map(String.init)!
        for broken in [monthLine + "\t0", monthLine.replacingOccurrences(of: "2025/01", with: "2025/13"),
                       monthLine.replacingOccurrences(of: "2025/01", with: "+025/01"), monthLine.replacingOccurrences(of: "\t99\t", with: "\t9x\t"),
                       "X" + monthLine, "D\tsessions", "D\tsessions\t7\t8", "", "M"] {
            #expect(IndexState(bytes: Array(text.replacingOccurrences(of: monthLine, with: broken).utf8)) == nil, "\(broken)")
        }
    }

    @Test("keeps each entry's working sets: runs of identical sets, units, bodyweight; no warm-ups or pending sets")
    func workSets() throws {
        var session = Session.fixture(sets: 3)
        session.weekNumber = 4
        session.entries[0].sets.insert(WorkoutSet(setNumber: 0, setType: .warmup, weight: 60, unit: .kg, reps: 5), at: 0)
        session.entries[0].sets.append(WorkoutSet(setNumber: 4, weight: 102.5, reps: 3))              // no unit: the store's
        session.entries[0].sets.append(WorkoutSet(setNumber: 5, weight: 110, unit: .kg, reps: 1, status: .pending))
        session.entries.append(Session.Entry(exerciseID: nil, exerciseName: "Pull-up", order: 2, sets: [
            WorkoutSet(setNumber: 1, reps: 12), WorkoutSet(setNumber: 2, reps: 12), WorkoutSet(setNumber: 3, weight: 45, unit: .lbs, reps: 8),
        ]))
        session.entries.append(Session.Entry(exerciseID: nil, exerciseName: "Plank", order: 3, sets: [WorkoutSet(setNumber: 1, durationSeconds: 60, status: .skipped)]))
        // Bodyweight, timed and distance sets: three more fields.
        session.entries.append(Session.Entry(exerciseID: nil, exerciseName: "Dip", order: 4, sets: [
            WorkoutSet(setNumber: 1, weight: 20, unit: .kg, reps: 5, bodyweight: true), WorkoutSet(setNumber: 2, weight: 20, unit: .kg, reps: 5, bodyweight: true),
            WorkoutSet(setNumber: 3, weight: -25, reps: 8, bodyweight: true),
        ]))
        session.entries.append(Session.Entry(exerciseID: nil, exerciseName: "Run", order: 5, sets: [
            WorkoutSet(setNumber: 1, distanceMeters: 5000.5, durationSeconds: 1500), WorkoutSet(setNumber: 2, durationSeconds: 30),
        ]))
        let summary = SessionSummary(session, path: "sessions/2025/01/x.json", unit: .lbs)
        #expect(summary.encodedWorkSets == "100,kg,5,3;102.5,lbs,3,1|,lbs,12,2;45,lbs,8,1||20,kg,5,2,bw,,;-25,lbs,8,1,bw,,|,lbs,,1,,1500,5000.5;,lbs,,1,,30,")
        let status = FileStatus(kind: .regular, size: 10, modificationNanoseconds: 123, inode: 42, mode: 0o644)
        let line = IndexRecord(fileName: "x.json", status: status, summary: summary).line
        let parsed = try #require(IndexRecord(line: ArraySlice(Array(line.utf8)), folder: "sessions/2025/01")?.summary)
        #expect(parsed.weekNumber == 4)
        #expect(parsed.workSets(ofEntryAt: 0) == [.init(weight: 100, unit: .kg, reps: 5, count: 3), .init(weight: 102.5, unit: .lbs, reps: 3, count: 1)])
        #expect(parsed.workSets(ofEntryAt: 1) == [.init(weight: nil, unit: .lbs, reps: 12, count: 2), .init(weight: 45, unit: .lbs, reps: 8, count: 1)])
        #expect(parsed.workSets(ofEntryAt: 2) == [])
        #expect(parsed.workSets(ofEntryAt: 3) == [.init(weight: 20, unit: .kg, reps: 5, count: 2, bodyweight: true), .init(weight: -25, unit: .lbs, reps: 8, count: 1, bodyweight: true)])
        #expect(parsed.workSets(ofEntryAt: 4) == [.init(weight: nil, unit: .lbs, reps: nil, count: 1, durationSeconds: 1500, distanceMeters: 5000.5),
                                                  .init(weight: nil, unit: .lbs, reps: nil, count: 1, durationSeconds: 30)])
        #expect(parsed.workSets(ofEntryAt: 5) == [])
    }

    @Test("a walk that stops early looks at the months it reaches, with what changed in them by hand, and at no other month; it writes nothing")
    func walkLooksOnlyAtTheMonthsItReaches() throws {
        try withTemporaryDirectory { root throws in
            // An hour ahead: the folders written now look settled, so the index trusts their times.
            let clock = TestClock(Store.Environment.live.now().adding(seconds: 3600))
            let store = try makeStore(at: root, clock: clock)
            // One session a month for fourteen months, then the index written.
            let sessions = try (0..<14).map { index throws in
                let session = Session.fixture(id: "3f2c9a1e-8b7d-4c6e-9f01-\(CivilCalendar.pad(index, 12))", start: Timestamp.fixture.adding(seconds: index * 31 * 86_400))
                try store.files.ensureDirectory(String(session.relativePath.split(separator: "/").dropLast().joined(separator: "/")))
                try store.files.save(session, to: session.relativePath)
                return session
            }
            #expect(try store.history(HistoryQuery(perPage: 100)).sessions.count == 14)
            let statePath = root + "/store/.liftlog/index/state.tsv"
            let state = try #require(readBytes(statePath))
            let counting = RecordingFileSystem()
            var environment = store.environment
            environment.fileSystem = counting
            let reader = try Store.open(at: root + "/store", environment: environment)
            let newest = try #require(sessions.last)
            let later = newest.startedAt.adding(seconds: 86_400)
            func last() throws -> (id: String?, weights: [Double?]) {
                let found = try reader.previousSets(of: [(id: nil, name: "Back Squat")], before: later, other: nil)["back squat"]
                return (found?.sessionID.rawValue, found?.sets.map(\.weight) ?? [])
            }
            _ = counting.takeNamesLookedAt(endingIn: "")
            #expect(try last() == (newest.id.rawValue, [100, 100, 100]))
            // The years and the newest month's file; no other month's folder or file.
            let looked = counting.takeNamesLookedAt(endingIn: "")
            #expect(looked.filter { $0.hasSuffix(".json") } == [String(newest.relativePath.split(separator: "/").last!)])
            #expect(!looked.contains { $0.contains("/") }, "no month folder looked at in a batch: \(looked)")

            // A session added to that month by hand (its folder's time changes) is seen...
            // (Each change waits for the file clock's next tick: a folder's or a file's time
            // within the tick of the index's look would not tell it.)
            waitForFileClockTick(probeIn: root)
            var added = Session.fixture(id: "3f2c9a1e-8b7d-4c6e-9f01-000000000099", start: newest.startedAt.adding(seconds: 3 * 3600), sets: 2)
            added.entries[0].sets[1].weight = 120
            try store.files.save(added, to: added.relativePath)
            #expect(try last() == (added.id.rawValue, [100, 120]))
            // ...and so is an edit of it in place (its folder's time unchanged)...
            let addedPath = root + "/store/" + added.relativePath
            let text = try #require(readText(addedPath))
            waitForFileClockTick(probeIn: root)
            writeText(text.replacingOccurrences(of: "\"weight\": 120", with: "\"weight\": 125"), to: addedPath)
            #expect(try last() == (added.id.rawValue, [100, 125]))
            // ...and its removal.
            waitForFileClockTick(probeIn: root)
            removeTree(addedPath)
            #expect(try last() == (newest.id.rawValue, [100, 100, 100]))
            // A month folder gone by hand (its year's time changes) is gone from the walk.
            waitForFileClockTick(probeIn: root)
            removeTree(root + "/store/" + String(newest.relativePath.split(separator: "/").dropLast().joined(separator: "/")))
            #expect(try last() == (sessions[12].id.rawValue, [100, 100, 100]))
            // The walks wrote nothing: the index is the one the history wrote.
            #expect(readBytes(statePath) == state)
        }
    }
}

@Suite("Index line fields")
struct ByteFieldsTests {
    @Test("reads integers up to Int64's range, such as nanosecond times", arguments: [
        ("1795319368825119548", Int64(1_795_319_368_825_119_548)), ("-42", -42), ("0", 0),
        ("9223372036854775807", Int64.max), ("9223372036854775808", nil), ("", nil), ("12a", nil), ("-", nil),
        // Eighteen digits are read without overflow checks, the rest with them.
        ("123456789012345678", 123_456_789_012_345_678), ("-000000000000000001", -1), ("-9223372036854775807", -Int64.max),
        ("99999999999999999999", nil), ("--1", nil), ("007", 7), ("12345678901234567a", nil), ("1234567890123456789a", nil),
    ] as [(String, Int64?)])
    func integers(text: String, value: Int64?) {
        #expect(ByteFields.int64(ArraySlice(Array(text.utf8))) == value)
    }

    @Test("the reader of the index state reads an integer field as the field read, then read as an integer")
    func readerIntegers() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["0", "7", "9", "1795319368825119548", "9223372036854775807", "9223372036854775808", "-", "--1", "-42", "12a",
                      "a", "", " 1", "007", "123456789012345678", "1234567890123456789a", "99999999999999999999", "\u{E9}", ","]
        for _ in 0..<2_000 {
            let lines = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                    (0..<Int.random(in: 0...2, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
                }.joined(separator: "\t")
            }
            var text = lines.joined(separator: "\n") + (Bool.random(using: &generator) ? "\n" : "")
            text.withUTF8 { buffer in
                var fields = ByteFields.Reader(buffer), integers = ByteFields.Reader(buffer)
                while fields.nextLine() != nil {
                    #expect(integers.nextLine() != nil)
                    // Past the line's last field too: both then give nil.
                    for _ in 0..<8 {
                        let field = fields.nextField()
                        #expect(integers.nextInt64() == field.flatMap(ByteFields.int64), "\(lines)")
                    }
                }
                #expect(integers.nextLine() == nil)
            }
        }
    }

    @Test("the reader of the index state reads a count as a field of one to eighteen digits, and stops at anything else")
    func readerCounts() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["0", "7", "9", "123456789012345678", "1234567890123456789", "-1", "+1", "12a", "a", "", " 1", "007", "\u{E9}", ","]
        func expected(_ field: Substring) -> Int64? {
            (1...18).contains(field.utf8.count) && field.utf8.allSatisfy({ (0x30...0x39).contains($0) }) ? Int64(field) : nil
        }
        for _ in 0..<2_000 {
            let fields = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                (0..<Int.random(in: 0...2, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            }
            var text = fields.joined(separator: "\t") + "\nnext"
            text.withUTF8 { buffer in
                var reader = ByteFields.Reader(buffer)
                _ = reader.nextLine()
                for field in fields {
                    let count = reader.nextCount()
                    #expect(count == expected(Substring(field)), "\(fields)")
                    if count == nil { return }
                }
                // Past the line's last field.
                #expect(reader.nextCount() == nil)
                #expect(reader.nextLine().map(ByteFields.string) == "next")
            }
        }
    }

    @Test("reads the cases of a text enumeration from bytes, and nothing else")
    func enumerationCases() {
        func read<Value: RawRepresentable>(_ text: String, among cases: [Value]) -> Value? where Value.RawValue == String {
            var text = text
            return text.withUTF8 { ByteFields.value($0[...], among: cases) }
        }
        for kind in Session.Kind.allCases { #expect(read(kind.rawValue, among: Session.Kind.inOrder) == kind) }
        for status in Session.Status.allCases { #expect(read(status.rawValue, among: Session.Status.inOrder) == status) }
        for unit in WeightUnit.allCases { #expect(read(unit.rawValue, among: WeightUnit.inOrder) == unit) }
        for text in ["", "lift", "liftings", "Lifting", "kgs", "lb", "k"] {
            #expect(read(text, among: Session.Kind.inOrder) == nil)
            #expect(read(text, among: WeightUnit.inOrder) == nil)
        }
    }

    @Test("splits lines and fields on bytes")
    func splitting() {
        let lines = ByteFields.lines(Array("a\tb\n\tc\nlast".utf8))
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["a\tb", "\tc", "last"])
        #expect(ByteFields.fields(lines[1]).map { String(decoding: $0, as: UTF8.self) } == ["", "c"])
        func text(_ lines: [ArraySlice<UInt8>]) -> [String] { lines.map { String(decoding: $0, as: UTF8.self) } }
        // Empty lines kept, a final line break ends the last line, nothing gives no line.
        #expect(text(ByteFields.lines(Array("a\n\nb\n".utf8))) == ["a", "", "b"])
        #expect(text(ByteFields.lines(Array("\n".utf8))) == [""])
        #expect(ByteFields.lines([]).isEmpty)
        // Only the lines that start with a prefix: the line as long as the prefix too, never one
        // that holds it further on or is shorter.
        let shard = Array("e17d0729-aa\tsessions/a.json\ne17d\ne1\nxe17d0729\ne17d0729-bb\tsessions/b.json".utf8)
        #expect(text(ByteFields.lines(shard, startingWith: Array("e17d".utf8))) == ["e17d0729-aa\tsessions/a.json", "e17d", "e17d0729-bb\tsessions/b.json"])
        #expect(text(ByteFields.lines(shard, startingWith: Array("e17d0729-b".utf8))) == ["e17d0729-bb\tsessions/b.json"])
        #expect(ByteFields.lines(shard, startingWith: Array("f".utf8)).isEmpty)
        #expect(text(ByteFields.lines(shard, startingWith: [])) == text(ByteFields.lines(shard)))
    }
}

@Suite("Index repair")
struct IndexRepairTests {
    @Test("a damaged month shard is rebuilt without leaving IDs of deleted sessions behind")
    func damagedShardAndDeletedSession() throws {
        try withTemporaryDirectory { root throws in
            let clock = TestClock()
            let store = try makeStore(at: root, clock: clock)
            let first = try store.startSession()
            try store.finish()
            clock.advance(seconds: 3600)
            let second = try store.startSession()
            try store.finish()
            for file in allFiles(in: root + "/store/.liftlog/index/months") {
                writeText("damaged\n", to: root + "/store/.liftlog/index/months/" + file)
            }
            try store.deleteSession(idPrefix: first.session.id.rawValue)
            #expect(throws: LiftLogError.notFound("No session with ID '\(first.session.id.rawValue)'.", remedy: .listSessions)) {
                try store.session(idPrefix: first.session.id.rawValue)
            }
            #expect(try store.session(idPrefix: second.session.id.rawValue).session.id == second.session.id)
            #expect(try store.history(HistoryQuery()).sessions.map(\.id) == [second.session.id])
        }
    }
}

@Suite("Sessions found by ID")
struct SessionByIDTests {
    /// Sessions a day apart whose IDs share their first 8 characters only with each other.
    private func writeSessions(_ store: Store, ids: [String]) throws -> [Session] {
        var sessions: [Session] = []
        for (index, id) in ids.enumerated() {
            let session = Session.fixture(id: id, start: Timestamp.fixture.adding(seconds: -index * 40 * 86_400))
            try store.files.ensureDirectory(String(session.relativePath.split(separator: "/").dropLast().joined(separator: "/")))
            try store.files.save(session, to: session.relativePath)
            sessions.append(session)
        }
        _ = try store.history(HistoryQuery())   // the index, its ID shards included
        return sessions
    }

    private let ids = ["5a0c19e2-0b7d-4c6e-9f01-2a3b4c5d6e7f", "5a0c19e2-1b7d-4c6e-9f01-2a3b4c5d6e7f", "7d41aa03-8b7d-4c6e-9f01-2a3b4c5d6e7f"]

    @Test("8 characters of an ID or more: the session the ID shard names, the month folders not compared")
    func throughTheShard() throws {
        try withTemporaryDirectory { root throws in
            let sessions = try writeSessions(try makeStore(at: root, seed: false), ids: ids)
            let counting = RecordingFileSystem()
            var environment = Store.Environment.test()
            environment.fileSystem = counting
            let store = try Store.open(at: root + "/store", environment: environment)
            for prefix in ["7d41aa03", "7D41AA03-8B", sessions[0].id.rawValue] {
                let found = try store.session(idPrefix: prefix)
                #expect(found.session.id.rawValue.hasPrefix(prefix.lowercased().prefix(8)))
                #expect(found.path == (prefix == sessions[0].id.rawValue ? sessions[0] : sessions[2]).relativePath)
            }
            #expect(counting.namesLookedAt == 0)
            // Fewer characters: the folders are compared with the index first, as for any read.
            #expect(try store.session(idPrefix: "7d41aa0").session.id == sessions[2].id)
            #expect(counting.namesLookedAt > 0)
        }
    }

    @Test("an ID shard left empty or old by a crash, or damaged by hand, hides no session, and is written right again")
    func damagedShard() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            let sessions = try writeSessions(store, ids: ids)
            let shard = root + "/store/.liftlog/index/ids/5a.tsv"
            let intact = try #require(readText(shard))
            #expect(intact.contains(sessions[0].id.rawValue) && intact.contains(sessions[1].id.rawValue))
            let elsewhere = "5a0c19e2-1b7d-4c6e-9f01-2a3b4c5d6e7f\tsessions/../../../etc/passwd\n"
            for damage in ["", "5a0c19e2-0b7d-4c6e-9f01-2a3b4c5d6e7f\t" + sessions[0].relativePath + "\n", elsewhere] {
                writeText(damage, to: shard)
                // Through the shard alone (8 characters or more) and the usual way (fewer).
                #expect(try store.session(idPrefix: "5a0c19e2-1b").path == sessions[1].relativePath)
                #expect(try store.session(idPrefix: "5a0c19e2-1").session.id == sessions[1].id)
                #expect(readText(shard)?.contains(sessions[1].id.rawValue) == true)
            }
            // A session that does not exist is still not found.
            #expect(throws: LiftLogError.notFound("No session with ID '5a0c19e2-2'.", remedy: .listSessions)) {
                try store.session(idPrefix: "5a0c19e2-2")
            }
        }
    }

    @Test("what the ID shard cannot vouch for is looked up the usual way")
    func shardNotTrusted() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root, seed: false)
            let sessions = try writeSessions(store, ids: ids)
            // Two sessions begin with the same 8 characters.
            #expect(throws: LiftLogError.validation("Session ID '5a0c19e2' is ambiguous: it matches 2 sessions (5a0c19e2-0b7, 5a0c19e2-1b7). Give more characters.")) {
                try store.session(idPrefix: "5a0c19e2")
            }
            // A file moved to another month by hand is found where it is now.
            let moved = "sessions/2024/01/" + String(sessions[2].relativePath.split(separator: "/").last!)
            try store.files.ensureDirectory("sessions/2024/01")
            #expect(rename(root + "/store/" + sessions[2].relativePath, root + "/store/" + moved) == 0)
            #expect(try store.session(idPrefix: "7d41aa03").path == moved)
            // A file that no longer holds the ID the shard gives it (edited in place): not that session.
            let edited = root + "/store/" + sessions[1].relativePath
            writeText(try #require(readText(edited)).replacingOccurrences(of: sessions[1].id.rawValue, with: "9e9e9e9e-0b7d-4c6e-9f01-2a3b4c5d6e7f"), to: edited)
            #expect(throws: LiftLogError.notFound("No session with ID '5a0c19e2-1b7d'.", remedy: .listSessions)) {
                try store.session(idPrefix: "5a0c19e2-1b7d")
            }
            // A file deleted by hand is not found.
            #expect(unlink(root + "/store/" + moved) == 0)
            #expect(throws: LiftLogError.notFound("No session with ID '7d41aa03'.", remedy: .listSessions)) {
                try store.session(idPrefix: "7d41aa03")
            }
        }
    }
}

extension SessionByIDTests {
    @Test("an ID its shard does not list is missing, known from the shard alone while the shard and ids.tsv are as written; otherwise the months answer and the shard is written again")
    func missingIDs() throws {
        try withTemporaryDirectory { root throws in
            let sessions = try writeSessions(try makeStore(at: root, seed: false), ids: ids)
            let counting = RecordingFileSystem()
            // A clock past the folders' times, so that they are recorded (and not listed again).
            var environment = Store.Environment.test(now: Timestamp("2040-01-01T00:00:00+00:00")!)
            environment.fileSystem = counting
            let store = try Store.open(at: root + "/store", environment: environment)
            _ = try store.history(HistoryQuery())
            let shard = root + "/store/.liftlog/index/ids/5a.tsv", hashes = root + "/store/.liftlog/index/ids.tsv"
            let missing = LiftLogError.notFound("No session with ID '5a0c19e2-2'.", remedy: .listSessions)
            var reads = counting.reads(where: isMonthFile)
            #expect(throws: missing) { try store.session(idPrefix: "5a0c19e2-2") }
            #expect(counting.reads(where: isMonthFile) == reads)
            // A shard older than the months' files (a crash): it lists one of the two sessions
            // beginning 5a0c19e, which is ambiguous all the same.
            let intact = try #require(readText(shard))
            writeText(intact.split(separator: "\n").filter { $0.hasPrefix(sessions[0].id.rawValue) }.joined(separator: "\n") + "\n", to: shard)
            #expect(throws: LiftLogError.validation("Session ID '5a0c19e' is ambiguous: it matches 2 sessions (5a0c19e2-0b, 5a0c19e2-1b). Give more characters.")) {
                try store.session(idPrefix: "5a0c19e")
            }
            #expect(counting.reads(where: isMonthFile) > reads)
            reads = counting.reads(where: isMonthFile)
            #expect(readText(shard) == intact)
            #expect(throws: missing) { try store.session(idPrefix: "5a0c19e2-2") }
            #expect(counting.reads(where: isMonthFile) == reads)
            // ids.tsv damaged by hand: no shard is vouched for until written again.
            writeText("5a\t1\n", to: hashes)
            #expect(throws: missing) { try store.session(idPrefix: "5a0c19e2-2") }
            #expect(counting.reads(where: isMonthFile) > reads)
            reads = counting.reads(where: isMonthFile)
            #expect(readText(hashes) != "5a\t1\n")
            #expect(throws: missing) { try store.session(idPrefix: "5a0c19e2-2") }
            #expect(try store.session(idPrefix: "5a0c19e2-1").path == sessions[1].relativePath)
            #expect(counting.reads(where: isMonthFile) == reads)
        }
    }

    @Test("check of chosen files finds a duplicate ID that an ID shard left empty by a crash does not list")
    func duplicateBehindADamagedShard() throws {
        try withTemporaryDirectory { root throws in
            let sessions = try writeSessions(try makeStore(at: root, seed: false), ids: ids)
            let original = sessions[2].relativePath
            // A copy under another name in the same folder (the same ID: a duplicate).
            let name = original.split(separator: "/").last!
            let copy = String(original.dropLast(name.count) + name.prefix(11) + "2359" + name.dropFirst(15))
            writeText(try #require(readText(root + "/store/" + original)), to: root + "/store/" + copy)
            let duplicate = StoreChecker.duplicateMessage(what: "session", id: sessions[2].id.rawValue, others: original)
            #expect(try Store.check(at: root + "/store", paths: [copy]).problems.map(\.message).contains(duplicate))
            #expect(try Store.check(at: root + "/store", paths: [copy]).problems.map(\.message).contains(duplicate))
            writeText("", to: root + "/store/.liftlog/index/ids/7d.tsv")
            let report = try Store.check(at: root + "/store", paths: [copy])
            #expect(Set(report.problems.map(\.path)) == [copy])
            #expect(report.problems.map(\.message).contains(duplicate))
        }
    }
}

@Suite("Byte search")
struct ByteSearchTests {
    @Test("finds a run of bytes anywhere in a slice, past false starts; nothing past its end",
          arguments: [("5a0c19e2\tsessions", "5a0c", true), ("x5a5a0c", "5a0c", true), ("abc5a0", "5a0c", false),
                      ("5a", "5a0c", false), ("", "", true), ("abc", "", true), ("ab\tcd", "b\tc", true)])
    func contains(haystack: String, needle: String, found: Bool) {
        #expect(ByteFields.contains(Array(needle.utf8), in: Array(haystack.utf8)[...]) == found)
        // Within a slice of a larger array: what lies outside the slice is not searched.
        let padded = Array(("5a0c" + haystack + "5a0c").utf8)
        #expect(ByteFields.contains(Array(needle.utf8), in: padded[4..<(padded.count - 4)]) == found)
    }

    @Test("says where: the first occurrence, in the slice's own positions")
    func firstRange() {
        let bytes = Array("xx<a><b><a>".utf8)
        #expect(ByteFields.firstRange(of: Array("<a>".utf8), in: bytes[...]) == 2..<5)
        #expect(ByteFields.firstRange(of: Array("<a>".utf8), in: bytes[3...]) == 8..<11)
        #expect(ByteFields.firstRange(of: Array("<c>".utf8), in: bytes[...]) == nil)
        #expect(ByteFields.firstRange(of: [], in: bytes[4...]) == 4..<4)
    }

    @Test("the hash ids.tsv gives one shard, found without parsing the other lines, is the one the whole file parsed gives")
    func oneShardsHash() {
        var written = IDShardHashes()
        for (index, shard) in IDShardHashes.allShards.enumerated() { written.hashes[shard] = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 }
        let files: [String: [UInt8]] = [
            "as written": written.bytes,
            "empty": [],
            // Damaged by hand: a shard twice (the last line wins), lines of other shapes
            // (skipped), a shard's name as the start of a longer field, no final newline.
            "damaged": Array("5a\t1\n5a\t2\n00\tzz\n01\t1\t2\n0\t3\n02x\t4\n023\t5\nff\t10".utf8),
        ]
        for (name, bytes) in files {
            let parsed = IDShardHashes(bytes: bytes)
            for shard in IDShardHashes.allShards + ["02x", "0", ""] {
                #expect(IDShardHashes.hash(of: shard, in: bytes) == parsed.hashes[shard], "\(name): \(shard)")
            }
        }
        #expect(IDShardHashes.hash(of: "5a", in: files["damaged"]!) == 2)
        #expect(IDShardHashes.hash(of: "ff", in: files["damaged"]!) == 16)
        #expect(IDShardHashes.hash(of: "c3", in: written.bytes) == written.hashes["c3"])
    }
}

@Suite("Shard text")
struct ShardTextTests {
    @Test("finds lines lazily and returns the same lines as a full split", arguments: ["", "a", "a\n", "a\nb", "a\nb\n", "\n\n", "one\ntwo\nthree\n"])
    func lines(text: String) {
        var full = ShardText(Array(text.utf8))
        var partial = ShardText(Array(text.utf8))
        let all = full.allLines().map { String(decoding: $0, as: UTF8.self) }
        #expect(all == ByteFields.lines(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) })
        #expect(partial.lines(0..<1).map { String(decoding: $0, as: UTF8.self) } == Array(all.prefix(1)))
        #expect(partial.lines(1..<10).map { String(decoding: $0, as: UTF8.self) } == Array(all.dropFirst()))
    }

    @Test("finds the lines with a marker after a given ID or after a separator")
    func search() {
        let id = "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f"
        let lines = [
            "a\t\(id)\u{1F}Squat",                      // 0: the ID
            "b\tffffffff-8b7d-4c6e-9f01-2a3b4c5d6e7f\u{1F}Squat", // 1: another ID
            "c\t\u{1F}Squat",                            // 2: unlinked, first entry
            "d\tx\u{1F}A\u{1E}\u{1F}Squat",                // 3: unlinked, second entry
            "e\tgarbage\tline",                          // 4: no marker
            "f\t\(id)\u{1F}Squat\u{1E}\(id)\u{1F}Again", // 5: twice, listed once
        ]
        var text = ShardText(Array(lines.joined(separator: "\n").utf8))
        #expect(text.lines(withMarker: 0x1F, after: Array(id.utf8), orAfterAnyOf: [0x09, 0x1E]) == [0, 2, 3, 5])
        #expect(text.lineCount() == 6)
        #expect(text.occurrences(of: 0x09) == 7)
        var garbage = ShardText(Array("garbage\tline\ngarbage\tline\n".utf8))
        #expect(garbage.lines(withMarker: 0x1F, after: Array(id.utf8), orAfterAnyOf: [0x09, 0x1E]) == [])
    }
}

@Suite("Leftover temporary files")
struct LeftoverTests {
    @Test("reading the active session removes the temporary file a killed log left next to it")
    func cleansNextToActiveSession() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let started = try store.startSession()
            let parts = started.path.split(separator: "/")
            // This version's name (iCloud skips .nosync files) and an earlier version's.
            let base = root + "/store/" + parts.dropLast().joined(separator: "/") + "/." + parts.last!
            for temporary in [base + StoreFiles.temporarySuffix, base + ".liftlog-tmp"] {
                writeText("{\"torn", to: temporary)
                #expect(try store.activeSession()?.session.id == started.session.id)
                #expect(readText(temporary) == nil)
            }
        }
    }

    @Test("the next command removes a temporary file a crashed write left in a session folder")
    func cleansMonthFolders() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let started = try store.startSession()
            try store.finish()
            let folder = root + "/store/" + started.path.split(separator: "/").dropLast().joined(separator: "/")
            writeText("{\"torn", to: folder + "/.2025-01-24-0730-00000000.json.liftlog-tmp")
            writeText("{\"torn", to: folder + "/.other.json" + StoreFiles.temporarySuffix)
            writeText("{\"torn", to: folder + "/.other.json" + StoreFiles.backupSuffix)
            #expect(try store.history(HistoryQuery()).total == 1)
            #expect(allFiles(in: folder) == [String(started.path.split(separator: "/").last!)])
        }
    }
}

@Suite("Parallel map")
struct ParallelMapTests {
    @Test("maps in order whatever the number of threads", arguments: [0, 1, 15, 16, 100, 1_000])
    func order(count: Int) {
        let input = Array(0..<count)
        #expect(parallelMap(input, minimumPerThread: 4) { $0 * 3 } == input.map { $0 * 3 })
    }

    @Test("gives each thread its own state, shared by the items that thread takes", arguments: [0, 1, 15, 100, 1_000])
    func statePerThread(count: Int) {
        let input = Array(0..<count)
        // The state counts the items its thread has mapped so far.
        let mapped = parallelMap(input, minimumPerThread: 4, state: { 0 }) { seen, item in
            seen += 1
            return (item: item * 3, seen: seen)
        }
        #expect(mapped.map(\.item) == input.map { $0 * 3 })
        // One state per thread: as many first items as threads (at least one, at most the
        // cores, fewer than the items when there are many), and every item counted once.
        let threads = mapped.filter { $0.seen == 1 }.count
        #expect(count == 0 ? threads == 0 : (1...8).contains(threads))
        if count >= 100 { #expect(threads < count / 4) }
        #expect(mapped.map(\.seen).max() ?? 0 <= count)
    }

    @Test("hands back each result once: reference-counted results are neither lost nor freed twice", arguments: [1, 100, 1_000])
    func resultsOwnedOnce(count: Int) {
        let released = ReleaseCounter()
        do {
            let mapped = parallelMap(Array(0..<count), minimumPerThread: 4) { item in
                (tracked: Tracked(item, released), text: String(repeating: "x", count: 20 + item % 7))
            }
            #expect(mapped.map(\.tracked.value) == Array(0..<count))
            #expect(mapped.map(\.text.count) == (0..<count).map { 20 + $0 % 7 })
            withExtendedLifetime(mapped) { #expect(released.count == 0) }
        }
        #expect(released.count == count)
    }
}

/// Counts the ``Tracked`` values freed.
private final class ReleaseCounter: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var freed = 0
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    var count: Int {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return freed
    }
    func add() {
        pthread_mutex_lock(&mutex)
        freed += 1
        pthread_mutex_unlock(&mutex)
    }
}

private final class Tracked: Sendable {
    let value: Int
    let counter: ReleaseCounter
    init(_ value: Int, _ counter: ReleaseCounter) { self.value = value; self.counter = counter }
    deinit { counter.add() }
}

@Suite("Files fixed by hand")
struct FixedByHandTests {
    @Test("a session broken and then fixed in place comes back into history")
    func fixedInPlace() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeStore(at: root)
            let started = try store.startSession()
            try store.finish()
            let path = root + "/store/" + started.path
            let good = try #require(readBytes(path))
            writeBytes(Array("{\"id\": ".utf8), to: path)   // in place: same inode, folder untouched
            #expect(try store.history(HistoryQuery()).total == 0)
            writeBytes(good, to: path)
            #expect(try store.history(HistoryQuery()).total == 1)
            #expect(try store.session(idPrefix: started.session.id.rawValue).session.id == started.session.id)
        }
    }
}
