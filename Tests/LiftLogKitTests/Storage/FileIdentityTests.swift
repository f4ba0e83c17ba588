import Testing
@testable import LiftLogKit

@Suite("What identifies a version of a file")
struct FileIdentityTests {
    private let base = FileStatus(kind: .regular, size: 10, modificationNanoseconds: 5, inode: 7, mode: 0o644, changeNanoseconds: 6)

    private var variants: [(String, FileStatus)] {
        var inode = base, size = base, modified = base, changed = base
        inode.inode += 1
        size.size += 1
        modified.modificationNanoseconds += 1
        changed.changeNanoseconds += 1
        return [("inode", inode), ("size", size), ("modification time", modified), ("status-change time", changed)]
    }

    @Test("each of inode, size, modification and status-change time tells another version, for every user of the identity")
    func everyFieldCounts() {
        let record = IndexRecord(fileName: "a.json", status: base, summary: nil, problem: "unreadable")
        #expect(record.matches(base) && base.isSameVersion(as: base) && record.identity == base.identity)
        for (field, status) in variants {
            #expect(status.identity != base.identity, "\(field)")
            #expect(!record.matches(status), "\(field)")
            #expect(!base.isSameVersion(as: status), "\(field)")
        }
    }

    @Test("permissions are not part of it; the kind of file is, for a file read before a write")
    func modeAndKind() {
        var mode = base
        mode.mode = 0o600
        #expect(mode.identity == base.identity && base.isSameVersion(as: mode))
        var folder = base
        folder.kind = .directory
        #expect(folder.identity == base.identity && !base.isSameVersion(as: folder))
        #expect(FileStatus.absent.isSameVersion(as: nil) && !base.isSameVersion(as: nil))
    }

    @Test("only a regular file last changed over two seconds ago has a settled identity, which vouches for its bytes")
    func settled() {
        let now: Int64 = 1_767_225_600_000_000_000
        var old = base
        old.changeNanoseconds = now - FileStatus.settlingNanoseconds - 1_000_000
        #expect(old.settledIdentity(now: now) == old.identity)
        var young = base
        young.changeNanoseconds = now - FileStatus.settlingNanoseconds + 500_000_000
        #expect(young.settledIdentity(now: now) == nil)
        var future = base
        future.changeNanoseconds = now + 1_000_000_000
        #expect(future.settledIdentity(now: now) == nil)
        var folder = old
        folder.kind = .directory
        #expect(folder.settledIdentity(now: now) == nil)
        // The edge: exactly two seconds before is not yet settled, a nanosecond earlier is.
        #expect(!FileStatus.isSettled(now - FileStatus.settlingNanoseconds, now: now))
        #expect(FileStatus.isSettled(now - FileStatus.settlingNanoseconds - 1, now: now))
    }
}
