#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
import LiftLogTestSupport

/// A durable replacement of a file: a temporary file in the same folder, flushed, renamed over
/// the old one, the folder flushed; never over a version someone else wrote meanwhile.
@Suite("Atomic writes")
struct AtomicWriteTests {
    static let path = "sessions/2025/01/a.json"

    /// A store folder with `.liftlog/` and the session's folder, and its files.
    func makeStore(_ root: String) throws -> StoreFiles {
        let files = StoreFiles(root: root)
        try files.ensureDirectory(".liftlog")
        try files.ensureDirectory("sessions/2025/01")
        return files
    }

    func write(_ text: String, _ files: StoreFiles) throws {
        try files.writeAtomically(Array(text.utf8), to: AtomicWriteTests.path)
    }

    @Test("a write leaves the file and nothing else, durable or not")
    func nothingElse() throws {
        try withTemporaryDirectory { root throws in
            let files = try makeStore(root)
            for _ in 0..<3 { try files.writeDurably(Array("x\n".utf8), to: AtomicWriteTests.path) }
            for _ in 0..<3 { try files.writeAtomically(Array("y\n".utf8), to: AtomicWriteTests.path, durable: false) }
            #expect(allFiles(in: root) == [AtomicWriteTests.path])
            #expect(readText(root + "/" + AtomicWriteTests.path) == "y\n")
        }
    }

    @Test("a file changed by someone else since it was read is not replaced")
    func changedOutside() throws {
        try withTemporaryDirectory { root throws in
            let files = try makeStore(root)
            try write("one\n", files)
            let target = root + "/" + AtomicWriteTests.path
            _ = try files.read(AtomicWriteTests.path)
            files.versions.record(AtomicWriteTests.path, try files.status(AtomicWriteTests.path))
            replaceText(target) { _ in "by hand\n" }
            #expect(throws: LiftLogError.conflict("\(AtomicWriteTests.path) changed outside liftlog while this command was saving it; nothing was written.", remedy: .runAgain)) {
                try write("two\n", files)
            }
            #expect(readText(target) == "by hand\n")
            #expect(allFiles(in: root) == [AtomicWriteTests.path])
        }
    }

    @Test("a failure at any step leaves the old version in place and the store without temporary files")
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
                func leftovers() -> [String] { allFiles(in: case_).filter { $0.hasPrefix("sessions/") && StoreFiles.isTemporary(String($0.split(separator: "/").last!)) } }
                do throws(LiftLogError) {
                    try files.writeAtomically(Array("three\n".utf8), to: AtomicWriteTests.path)
                    // Only the old version may stay (under the temporary name it was swapped to),
                    // when removing it failed: the next write replaces it.
                    #expect(readText(case_ + "/" + AtomicWriteTests.path) == "three\n")
                    #expect(leftovers().count <= 1 && leftovers().allSatisfy { readText(case_ + "/" + $0) == "two\n" }, "step \(number): \(leftovers())")
                } catch {
                    guard case .io(let path, _, let reason, let nothingChanged) = error else { Issue.record("\(error)"); continue }
                    // The file, or its folder when flushing the folder failed.
                    #expect(AtomicWriteTests.path.hasPrefix(path) && reason.contains("Input/output error") && nothingChanged, "step \(number): \(path): \(reason)")
                    #expect(readText(case_ + "/" + AtomicWriteTests.path) == "two\n", "step \(number) (\(faulty.failed.map { "\($0.operation)" } ?? "")): the old version")
                    #expect(leftovers().isEmpty, "step \(number): \(leftovers())")
                }
                guard faulty.failed != nil else { break }
                failures += 1
                // The next write, without faults, works.
                try write("four\n", StoreFiles(root: case_))
                #expect(readText(case_ + "/" + AtomicWriteTests.path) == "four\n")
                #expect(leftovers().isEmpty, "step \(number): \(leftovers())")
            }
            #expect(failures >= 4)
        }
    }
}
