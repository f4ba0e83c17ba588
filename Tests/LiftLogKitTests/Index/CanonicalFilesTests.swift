#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
import LiftLogTestSupport

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
            #expect(Swift.Set(sessions).isSubset(of: Swift.Set(recorded.entries.keys)))

            let (second, secondReads) = try later(root)
            let report = try second.format(apply: false)
            #expect(report.isClean)
            #expect(report.filesChecked == recorded.entries.count)
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
            #expect(!unsettled.entries.keys.contains { $0.hasPrefix("sessions/") })

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
        var files = CanonicalFiles()
        files.entries["sessions/2025/01/a.json"] = .init(inode: UInt64.max, size: 10, modificationNanoseconds: -1, changeNanoseconds: 1_795_000_000_000_000_000)
        files.entries["liftlog.json"] = .init(inode: 1, size: 2, modificationNanoseconds: 3, changeNanoseconds: 4)
        #expect(CanonicalFiles(bytes: files.bytes) == files)
        #expect(String(decoding: files.bytes, as: UTF8.self).hasPrefix("liftlog-canonical 1 \(String(CanonicalFiles.formFingerprint, radix: 16))\nliftlog.json\t1\t2\t3\t4\n"))
        #expect(CanonicalFiles.formFingerprint != 0)
    }
}
