#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
import LiftLogTestSupport

#if os(Linux)
@_silgen_name("setxattr")
private func c_setxattr(_ path: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer, _ size: Int, _ flags: Int32) -> Int32

/// A durable write that recycles: the version it replaces is kept as the store's spare, and the
/// next one writes into the spare in place, but only when nobody else can be reading it.
@Suite("Recycling writes")
struct RecyclingWriteTests {
    static let path = "sessions/2025/01/a.json"

    /// A store folder with `.liftlog/` and the session's folder, and its files.
    func makeStore(_ root: String) throws -> StoreFiles {
        let files = StoreFiles(root: root)
        try files.ensureDirectory(".liftlog")
        try files.ensureDirectory("sessions/2025/01")
        return files
    }

    func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    func write(_ text: String, _ files: StoreFiles) throws {
        try files.writeAtomically(Array(text.utf8), to: RecyclingWriteTests.path, recycling: true)
    }

    /// A new store, its files, and the absolute paths of the file written and of the spare.
    func withStore(_ body: (_ root: String, _ files: StoreFiles, _ target: String, _ spare: String) throws -> Void) throws {
        try withTemporaryDirectory { root throws in
            try body(root, try makeStore(root), root + "/" + RecyclingWriteTests.path, root + "/" + StoreFiles.sparePath)
        }
    }

    /// ``withStore(_:)`` with the file written "one\n" then "two\n": the spare holds "one\n".
    func withSpare(_ body: (_ root: String, _ files: StoreFiles, _ target: String, _ spare: String) throws -> Void) throws {
        try withStore { root, files, target, spare throws in
            try write("one\n", files)
            try write("two\n", files)
            try body(root, files, target, spare)
        }
    }

    @Test("the version replaced becomes the spare; the next write puts its bytes into it, and its version becomes the spare")
    func rotates() throws {
        try withStore { root, files, target, spare throws in
            try write("one\n", files)
            let first = try #require(inode(target))
            #expect(inode(spare) == nil, "a new file replaces nothing")
            try write("two, longer\n", files)
            let second = try #require(inode(target))
            #expect(second != first)
            #expect(inode(spare) == first)
            #expect(readText(spare) == "one\n")
            try write("3\n", files)
            #expect(inode(target) == first, "written into the spare")
            #expect(readText(target) == "3\n", "cut to the new length")
            #expect(inode(spare) == second)
            #expect(readText(spare) == "two, longer\n")
            #expect(allFiles(in: root) == [".liftlog/spare.nosync", RecyclingWriteTests.path])
        }
    }

    @Test("keeps the permissions of the file it replaces when writing into the spare")
    func keepsMode() throws {
        try withSpare { _, files, target, _ throws in
            chmod(target, 0o600)
            try write("three\n", files)
            #expect(try files.status(RecyclingWriteTests.path)?.mode == 0o600)
        }
    }

    @Test("a spare someone has open is not written over: they go on reading the version they opened")
    func openSpare() throws {
        try withStore { root, files, target, spare throws in
            try write("one\n", files)
            // A reader (another command, a sync client, a backup) opens the file, then is slow.
            let reader = open(target, O_RDONLY)
            #expect(reader >= 0)
            defer { close(reader) }
            let first = inode(target)
            try write("two\n", files)
            #expect(inode(spare) == first, "the version the reader has open is the spare")
            try write("three, and more\n", files)
            #expect(inode(target) != first, "the spare was open: a new file instead")
            #expect(readText(target) == "three, and more\n")
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(reader, &buffer, buffer.count)
            #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "one\n", "what the reader opened is untouched")
            #expect(readText(spare) == "two\n", "the version just replaced is the spare now")
        }
    }

    @Test("a spare with another name is not written over")
    func linkedSpare() throws {
        try withSpare { root, files, target, spare throws in
            // As after a crash between a write's second name and its rename, or a backup made
            // with hard links (`cp -al`).
            link(spare, root + "/kept.json")
            try write("three\n", files)
            #expect(readText(root + "/kept.json") == "one\n")
            #expect(readText(target) == "three\n")
        }
    }

    @Test("the spare linked to the live file itself (a crash just after its second name was given) is not written over")
    func spareIsTheLiveFile() throws {
        try withSpare { root, files, target, spare throws in
            unlink(spare)
            link(target, spare)
            link(target, root + "/" + StoreFiles.replacedPath)
            try write("three\n", files)
            #expect(readText(target) == "three\n")
            #expect(readText(spare) == "two\n", "the old version, the spare now")
            #expect(allFiles(in: root) == [".liftlog/spare.nosync", RecyclingWriteTests.path])
        }
    }

    @Test("a spare with extended attributes (another file's identity to a sync client) is not reused")
    func attributes() throws {
        try withSpare { _, files, target, spare throws in
            let value = Array("x".utf8)
            guard c_setxattr(spare, "user.test", value, value.count, 0) == 0 else {
                Issue.record("the test folder's file system takes no user attributes: \(String(cString: strerror(errno)))")
                return
            }
            let marked = inode(spare)
            try write("three\n", files)
            #expect(inode(target) != marked)
            #expect(readText(target) == "three\n")
        }
    }

    @Test("a symbolic link where the spare should be is not followed")
    func symbolicLinkSpare() throws {
        try withTemporaryDirectory { root throws in
            let files = try makeStore(root)
            writeText("outside\n", to: root + "/outside.txt")
            try write("one\n", files)
            symlink(root + "/outside.txt", root + "/" + StoreFiles.sparePath)
            try write("two\n", files)
            #expect(readText(root + "/outside.txt") == "outside\n")
            #expect(readText(root + "/" + RecyclingWriteTests.path) == "two\n")
        }
    }

    @Test("a write that is not durable, or not asked to recycle, keeps no spare")
    func onlyWhenAsked() throws {
        try withTemporaryDirectory { root throws in
            let files = try makeStore(root)
            for _ in 0..<3 { try files.writeDurably(Array("x\n".utf8), to: RecyclingWriteTests.path) }
            for _ in 0..<3 { try files.writeAtomically(Array("y\n".utf8), to: RecyclingWriteTests.path, durable: false, recycling: true) }
            #expect(allFiles(in: root) == [RecyclingWriteTests.path])
        }
    }

    @Test("a file changed by someone else since it was read is not replaced, and the spare is left as it was")
    func changedOutside() throws {
        try withSpare { root, files, target, _ throws in
            _ = try files.read(RecyclingWriteTests.path)
            files.versions.record(RecyclingWriteTests.path, try files.status(RecyclingWriteTests.path))
            replaceText(target) { _ in "by hand\n" }
            #expect(throws: LiftLogError.conflict("\(RecyclingWriteTests.path) changed outside liftlog while this command was saving it; nothing was written.", remedy: .runAgain)) {
                try write("three\n", files)
            }
            #expect(readText(target) == "by hand\n")
            #expect(allFiles(in: root) == [".liftlog/spare.nosync", RecyclingWriteTests.path])
        }
    }

    @Test("a failure at any step of a recycling write leaves the old version in place and the store without temporary files")
    func everyStepFails() throws {
        try withTemporaryDirectory { root throws in
            var failures = 0
            for number in 1...40 {
                let case_ = root + "/case\(number)"
                makeDirectories(case_)
                let prepared = try makeStore(case_)
                try write("one\n", prepared)
                try write("two\n", prepared)
                let faulty = FaultyFileSystem(failAt: number, errorNumber: EIO)
                let files = StoreFiles(root: case_, fileSystem: faulty)
                do throws(LiftLogError) {
                    try files.writeAtomically(Array("three\n".utf8), to: RecyclingWriteTests.path, recycling: true)
                    #expect(readText(case_ + "/" + RecyclingWriteTests.path) == "three\n")
                } catch {
                    guard case .io(let path, _, let reason, _) = error else { Issue.record("\(error)"); continue }
                    // The file, or its folder when flushing the folder failed.
                    #expect(RecyclingWriteTests.path.hasPrefix(path) && reason.contains("Input/output error"), "step \(number): \(path): \(reason)")
                    #expect(readText(case_ + "/" + RecyclingWriteTests.path) == "two\n", "step \(number) (\(faulty.failed.map { "\($0.operation)" } ?? "")): the old version")
                }
                #expect(!allFiles(in: case_).contains { $0.hasPrefix("sessions/") && StoreFiles.isTemporary(String($0.split(separator: "/").last!)) }, "step \(number)")
                #expect(!allFiles(in: case_).contains(StoreFiles.replacedPath), "step \(number): left the old version's second name")
                guard faulty.failed != nil else { break }
                failures += 1
                // The next write, without faults, works.
                try write("four\n", StoreFiles(root: case_))
                #expect(readText(case_ + "/" + RecyclingWriteTests.path) == "four\n")
            }
            #expect(failures >= 6)
        }
    }
}
#endif
