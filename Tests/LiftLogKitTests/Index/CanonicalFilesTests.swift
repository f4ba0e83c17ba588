#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
import LiftLogTestSupport

private extension Store {
    /// Every session file of the tree, in the order `fmt` looks at them (sorted).
    func sessionFilePaths() throws -> [String] {
        var paths: [String] = []
        try forEachSessionFolder { folder, names in paths += names.map { "\(folder)/\($0)" } }
        return paths
    }
}

/// Whether a path read is a session file's.
private func isSessionFile(_ path: String) -> Bool { path.contains("/sessions/") }

@Suite("Canonical files (what fmt found canonical, by identity)")
struct CanonicalFilesTests {
    /// A store of 12 sessions over three months, in canonical form.
    private func makeLog(_ root: String) throws -> Store {
        let store = try makeStore(at: root)
        for index in 0..<12 {
            let session = Session.fixture(id: "3f2c9a1e-8b7d-4c6e-9f01-\(CivilCalendar.pad(index, 12))", start: Timestamp.fixture.adding(seconds: index * 8 * 86_400))
            try store.files.ensureDirectory(String(session.relativePath.split(separator: "/").dropLast().joined(separator: "/")))
            try store.files.save(session, to: session.relativePath)
        }
        return store
    }

    /// The store opened with a clock a minute ahead of its files (they count as settled), on a
    /// file system that counts the session files read.
    private func later(_ root: String) throws -> (Store, RecordingFileSystem) {
        let counting = RecordingFileSystem()
        var environment = Store.Environment.test(now: Timestamp.now().adding(seconds: 60))
        environment.fileSystem = counting
        return (try Store.open(at: root + "/store", environment: environment), counting)
    }

    @Test("fmt --check records the files it found canonical, then looks at them with a stat alone; a changed file is read again")
    func skipsUnchanged() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeLog(root)
            let sessions = try store.sessionFilePaths()
            let (first, firstReads) = try later(root)
            #expect(try first.format(apply: false).isClean)
            #expect(firstReads.reads(where: isSessionFile) == 12)
            let recordedBytes = try #require(try store.files.read(CanonicalFiles.path))
            let recorded = try #require(CanonicalFiles(bytes: recordedBytes))
            #expect(Swift.Set(sessions).isSubset(of: Swift.Set(recorded.paths)))

            let (second, secondReads) = try later(root)
            let report = try second.format(apply: false)
            #expect(report.isClean)
            #expect(report.filesChecked == recorded.count)
            #expect(secondReads.reads(where: isSessionFile) == 0)

            // Made non-canonical by hand (same content, other spacing): found at once.
            let changed = sessions[3]
            let text = String(decoding: try #require(try store.files.read(changed)), as: UTF8.self)
            writeText(text.replacingOccurrences(of: "  ", with: "    "), to: root + "/store/" + changed)
            let (third, thirdReads) = try later(root)
            #expect(try third.format(apply: false).reformatted == [changed])
            #expect(thirdReads.reads(where: isSessionFile) == 1)
            // fmt puts it right; the next check reads it once more, then not again.
            #expect(try third.format().reformatted == [changed])
            let (fourth, fourthReads) = try later(root)
            #expect(try fourth.format(apply: false).isClean)
            #expect(fourthReads.reads(where: isSessionFile) == 1)
            let (fifth, fifthReads) = try later(root)
            #expect(try fifth.format(apply: false).isClean)
            #expect(fifthReads.reads(where: isSessionFile) == 0)

            // Rewritten in place with its size and modification time kept (`touch -r`): its
            // status-change time moves, and it is read again.
            let path = root + "/store/" + sessions[5]
            let before = try #require(try PosixFileSystem().status(path))
            let same = String(decoding: try #require(try store.files.read(sessions[5])), as: UTF8.self)
            writeText(same.replacingOccurrences(of: "\"reps\": 5", with: "\"reps\":5 "), to: path)
            let modified = timespec(tv_sec: Int(before.modificationNanoseconds / 1_000_000_000), tv_nsec: Int(before.modificationNanoseconds % 1_000_000_000))
            var times = [modified, modified]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
            let after = try #require(try PosixFileSystem().status(path))
            #expect(after.modificationNanoseconds == before.modificationNanoseconds && after.size == before.size && after.inode == before.inode)
            let (sixth, sixthReads) = try later(root)
            #expect(try sixth.format(apply: false).reformatted == [sessions[5]])
            #expect(sixthReads.reads(where: isSessionFile) == 1)
        }
    }

    @Test("files changed within two seconds are not recorded; a damaged record or one of another form is ignored and written again")
    func unsettledAndDamaged() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeLog(root)
            // The store's own clock says the files were written just now (in its time): none is recorded.
            var environment = Store.Environment.test(now: Timestamp.now())
            environment.lockTimeout = 2
            _ = try Store.open(at: root + "/store", environment: environment).format(apply: false)
            let unsettled = (try store.files.read(CanonicalFiles.path)).flatMap { CanonicalFiles(bytes: $0) } ?? CanonicalFiles()
            #expect(!unsettled.paths.contains { $0.hasPrefix("sessions/") })

            let (first, _) = try later(root)
            _ = try first.format(apply: false)
            let good = try #require(try store.files.read(CanonicalFiles.path))
            let text = String(decoding: good, as: UTF8.self)
            let otherForm = text.replacingOccurrences(of: "liftlog-canonical 1 ", with: "liftlog-canonical 1 0")
            for damaged in [Array(good.dropLast(7)), Array(otherForm.utf8), Array("garbage\n".utf8), Array(text.replacingOccurrences(of: "\t", with: " ").utf8)] {
                try store.files.writeAtomically(damaged, to: CanonicalFiles.path, durable: false)
                let (again, reads) = try later(root)
                #expect(try again.format(apply: false).isClean)
                #expect(reads.reads(where: isSessionFile) == 12)
                #expect(try store.files.read(CanonicalFiles.path) == good)
            }
        }
    }

    @Test("the form's fingerprint is the hash of a canonical sample session, and the record reads back what it writes")
    func fileFormat() throws {
        var writer = CanonicalFiles.Writer(replacing: CanonicalFiles())
        let manifest = FileIdentity(inode: 1, size: 2, modificationNanoseconds: 3, changeNanoseconds: 4)
        let session = FileIdentity(inode: UInt64.max, size: 10, modificationNanoseconds: -1, changeNanoseconds: 1_795_000_000_000_000_000)
        writer.add("liftlog.json", manifest)
        writer.add("sessions/2025/01/a.json", session)
        let bytes = try #require(writer.changed)
        #expect(String(decoding: bytes, as: UTF8.self) == "liftlog-canonical 1 \(String(CanonicalFiles.formFingerprint, radix: 16))\nliftlog.json\t1\t2\t3\t4\n"
                + "sessions/2025/01/a.json\t-1\t10\t-1\t1795000000000000000\n")
        let record = try #require(CanonicalFiles(bytes: bytes))
        #expect(record.paths == ["liftlog.json", "sessions/2025/01/a.json"])
        #expect(record.identity(of: "liftlog.json") == manifest)
        #expect(record.identity(of: "sessions/2025/01/a.json") == session)
        #expect(record.identity(of: "sessions/2025/01/b.json") == nil)
        #expect(record.identity(of: "liftlog") == nil)
        #expect(CanonicalFiles.formFingerprint != 0)
    }

    @Test("a record's paths are found in any order (sorted when read) and of any script; a path twice, a line of another shape or no final newline and it is not used")
    func lookUp() throws {
        let header = CanonicalFiles.header + "\n"
        // The order the files are looked at (the manifest before exercises), then non-ASCII names.
        let paths = ["liftlog.json", "exercises/b.json", "exercises/a.json", "plans/5×5.json", "plans/Ünïcode.json", "plans/z.json",
                     "sessions/2025/01/x.json", "body/2025/2025-01-01-0700-aaaaaaaa.json"]
        var text = header
        for (number, path) in paths.enumerated() { text += "\(path)\t\(number)\t\(number + 1)\t\(number + 2)\t\(number + 3)\n" }
        let record = try #require(CanonicalFiles(bytes: Array(text.utf8)))
        #expect(record.count == paths.count)
        #expect(record.paths == paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        for (number, path) in paths.enumerated() {
            #expect(record.identity(of: path) == FileIdentity(inode: UInt64(number), size: Int64(number + 1), modificationNanoseconds: Int64(number + 2), changeNanoseconds: Int64(number + 3)))
        }
        for absent in ["", "plans", "plans/5×5", "exercises/c.json", "a", "zzz", "sessions/2025/01/x.json\t0"] { #expect(record.identity(of: absent) == nil) }
        // No entries at all: a record of none.
        #expect(CanonicalFiles(bytes: Array(header.utf8))?.count == 0)

        let line = "sessions/2025/01/x.json\t1\t2\t3\t4\n"
        for damaged in [header + line + line, header + "a\t1\t2\t3\t4\nb\t1\t2\t3\t4\na\t5\t6\t7\t8\n", header + "a\t1\t2\t3\n", header + "a\t1\t2\t3\t4\t5\n", header + "a\t1\t2\t3\t4\t\n", header + "\n",
                        header + "a\t1\t2\t\t4\n", header + "\t1\t2\t3\t4\n", header + "a\t1\t2\t3\tx\n", header + "a\n", header + "a\t1\t2\t3\t4",
                        CanonicalFiles.header + "0\n" + line, CanonicalFiles.header, ""] {
            #expect(CanonicalFiles(bytes: Array(damaged.utf8)) == nil, "\(damaged)")
        }
    }

    @Test("a new record is compared with the one before as it is written: none when they agree, the new one when a line differs, is added or is left out")
    func writer() throws {
        let identity = { (number: Int) in FileIdentity(inode: UInt64(number), size: 100, modificationNanoseconds: Int64(number) * 1_000, changeNanoseconds: Int64(number) * 1_000) }
        func written(_ numbers: [Int], replacing previous: CanonicalFiles = CanonicalFiles()) -> [UInt8]? {
            var writer = CanonicalFiles.Writer(replacing: previous)
            for number in numbers { writer.add("sessions/2025/01/\(number).json", identity(number)) }
            return writer.changed
        }
        let bytes = try #require(written(Array(1...5)))
        let previous = try #require(CanonicalFiles(bytes: bytes))
        #expect(written(Array(1...5), replacing: previous) == nil)
        for numbers in [[1, 2, 3, 4], [1, 2, 4, 5], [1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5], [], [1, 2, 3, 4, 50]] {
            #expect(written(numbers, replacing: previous) == written(numbers), "\(numbers)")
        }
        // A file whose identity changed (another inode) is a line that differs.
        var writer = CanonicalFiles.Writer(replacing: previous)
        for number in 1...5 { writer.add("sessions/2025/01/\(number).json", number == 3 ? identity(33) : identity(number)) }
        let changed = try #require(writer.changed)
        #expect(CanonicalFiles(bytes: changed)?.identity(of: "sessions/2025/01/3.json") == identity(33))
        #expect(CanonicalFiles(bytes: changed)?.identity(of: "sessions/2025/01/4.json") == identity(4))
    }

    @Test("fmt looks at the files a batch at a time with the same findings, record and changes as all at once; a file moved into a later folder is counted once")
    func batches() throws {
        try withTemporaryDirectory { root throws in
            let store = try makeLog(root)
            let sessions = try store.sessionFilePaths()
            // Made non-canonical (one in the first folder, one in the last), and one of the
            // last folder's put in the first: fmt moves it back to a folder looked at later.
            for path in [sessions[0], sessions[11]] {
                let text = String(decoding: try #require(try store.files.read(path)), as: UTF8.self)
                writeText(text.replacingOccurrences(of: "  ", with: "   "), to: root + "/store/" + path)
            }
            let firstFolder = String(sessions[0].split(separator: "/").dropLast().joined(separator: "/"))
            #expect(!sessions[10].hasPrefix(firstFolder + "/"))
            let misplaced = firstFolder + "/" + String(sessions[10].split(separator: "/").last!)
            #expect(rename(root + "/store/" + sessions[10], root + "/store/" + misplaced) == 0)

            func run(batchSize: Int, apply: Bool, in copy: String) throws -> (FormatReport, [UInt8]?) {
                let (later, _) = try self.later(copy)
                let report = try later.withLock { () throws(LiftLogError) -> FormatReport in try later.formatEveryFile(apply: apply, batchSize: batchSize) }
                return (report, try later.files.read(CanonicalFiles.path))
            }
            var results: [(FormatReport, [UInt8]?)] = []
            for batchSize in [1, 5, 4_096] {
                let copy = root + "/copy\(batchSize)"
                copyTree(root + "/store", to: copy + "/store")
                results.append(try run(batchSize: batchSize, apply: true, in: copy))
                #expect(readBytes(copy + "/store/" + sessions[10]) != nil && readBytes(copy + "/store/" + misplaced) == nil)
            }
            for (report, record) in results {
                #expect(report.reformatted == results[2].0.reformatted)
                #expect(report.moved.map(\.from) == results[2].0.moved.map(\.from) && report.moved.map(\.to) == results[2].0.moved.map(\.to))
                #expect(report.filesChecked == results[2].0.filesChecked)
                #expect(record.flatMap { CanonicalFiles(bytes: $0)?.paths } == results[2].1.flatMap { CanonicalFiles(bytes: $0)?.paths })
            }
            #expect(results[2].0.reformatted == [sessions[0], sessions[11]])
            #expect(try store.files.read(sessions[10]) == nil)
            #expect(results[2].0.moved.map(\.from) == [misplaced])
            #expect(results[2].0.moved.map(\.to) == [sessions[10]])
            #expect(results[2].0.filesChecked == 1 + 12 + (try store.files.list("exercises").count) + (try store.files.list("schemas").count))
        }
    }
}
