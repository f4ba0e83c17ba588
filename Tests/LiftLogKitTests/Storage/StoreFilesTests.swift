#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Durable file writes")
struct StoreFilesTests {
    @Test("replaces a file atomically and leaves no temporary file")
    func atomicReplace() throws {
        try withTemporaryDirectory { root throws in
            let files = StoreFiles(root: root)
            try files.writeDurably(Array("one\n".utf8), to: "a.json")
            try files.writeDurably(Array("two\n".utf8), to: "a.json")
            #expect(readText(root + "/a.json") == "two\n")
            #expect(allFiles(in: root) == ["a.json"])
        }
    }

    @Test("keeps the permissions of the file it replaces")
    func keepsMode() throws {
        try withTemporaryDirectory { root throws in
            let files = StoreFiles(root: root)
            try files.writeDurably(Array("one\n".utf8), to: "a.json")
            chmod(root + "/a.json", 0o600)
            try files.writeDurably(Array("two\n".utf8), to: "a.json")
            #expect(try files.status("a.json")?.mode == 0o600)
        }
    }

    @Test("removes a temporary file left by a crashed write")
    func cleansLeftovers() throws {
        try withTemporaryDirectory { root throws in
            let files = StoreFiles(root: root)
            writeText("torn", to: root + "/.a.json.liftlog-tmp")
            writeText("keep", to: root + "/.hidden")
            #expect(try files.list("").map(\.name) == [".hidden"])
            files.removeLeftoverTemporaryFiles(in: "")
            #expect(allFiles(in: root) == [".hidden"])
        }
    }

    @Test("a listing can remove the temporary files it finds, in one pass; without asking, it leaves them")
    func listingRemovesLeftovers() throws {
        try withTemporaryDirectory { root throws in
            let files = StoreFiles(root: root)
            try files.ensureDirectory("sessions/2025/01")
            let folder = root + "/sessions/2025/01"
            for name in [".a.json" + StoreFiles.temporarySuffix, ".b.json" + StoreFiles.backupSuffix, ".c.json.liftlog-tmp", "a.json", ".hidden"] {
                writeText("x", to: folder + "/" + name)
            }
            let leftovers = [".a.json" + StoreFiles.temporarySuffix, ".b.json" + StoreFiles.backupSuffix, ".c.json.liftlog-tmp"]
            #expect(try files.list("sessions/2025/01").map(\.name).sorted() == [".hidden", "a.json"])
            #expect(allFiles(in: folder) == ([".hidden", "a.json"] + leftovers).sorted())
            #expect(try files.list("sessions/2025/01", parentsChecked: true, removingLeftovers: true).map(\.name).sorted() == [".hidden", "a.json"])
            #expect(allFiles(in: folder) == [".hidden", "a.json"])
        }
    }

    @Test("removes a cache file with a plain unlink: gone, no second name, no error when already gone")
    func removesCache() throws {
        try withTemporaryDirectory { root throws in
            let files = StoreFiles(root: root)
            try files.ensureDirectory(".liftlog/index/months")
            try files.writeAtomically(Array("line\n".utf8), to: ".liftlog/index/months/2025-01.tsv", durable: false)
            try files.removeCache(".liftlog/index/months/2025-01.tsv")
            #expect(allFiles(in: root + "/.liftlog/index/months") == [])
            try files.removeCache(".liftlog/index/months/2025-01.tsv")
            #expect(throws: LiftLogError.internal("refused a path outside the store: ../x.tsv")) { try files.removeCache("../x.tsv") }
        }
    }

    @Test("a cache file that cannot be removed is an I/O error naming it, and is left as it was")
    func cacheRemovalError() throws {
        try withTemporaryDirectory { root throws in
            let files = StoreFiles(root: root)
            try files.ensureDirectory(".liftlog/index/months/2025-01.tsv")
            writeText("x", to: root + "/.liftlog/index/months/2025-01.tsv/inside")
            #expect(throws: LiftLogError.io(path: ".liftlog/index/months/2025-01.tsv", operation: "remove", reason: Errno.isDirectory.description, nothingChanged: true)) {
                try files.removeCache(".liftlog/index/months/2025-01.tsv")
            }
            #expect(readText(root + "/.liftlog/index/months/2025-01.tsv/inside") == "x")
        }
    }

    @Test("accepts plain relative paths", arguments: ["a", "sessions/2025/01/x.json", ".liftlog/index/state.tsv", "a/...", "a/.b", "..a/b..", "é/ü.json"])
    func acceptsPlainPaths(path: String) {
        #expect(StoreFiles.isSafeRelativePath(path))
    }

    @Test("counts the components of a plain path, and none of one that leaves the store")
    func componentCounts() {
        #expect(StoreFiles.safeComponentCount("x.json") == 1)
        #expect(StoreFiles.safeComponentCount("01/2025-01-24-0730-3f2c9a1e.json") == 2)
        #expect(StoreFiles.safeComponentCount("sessions/2025/01/x.json") == 4)
        // A string that is not stored as UTF-8 (bridged or built from substrings) reads the same.
        let built = String("é/ü.json/extra".prefix(8))
        #expect(StoreFiles.safeComponentCount(built) == 2)
        for path in ["", "a//b", "../x", "a/..", "/a", "a/", "a\u{0}"] { #expect(StoreFiles.safeComponentCount(path) == nil, "\(path)") }
    }

    @Test("refuses paths that leave the store", arguments: ["../x.json", "/etc/passwd", "a/../../x", "a//b", "./a", "a\u{0}b", "", "a/", "a/.", "a/..", ".", "..", "/"])
    func refusesEscapes(path: String) throws {
        #expect(!StoreFiles.isSafeRelativePath(path))
        try withTemporaryDirectory { root throws in
            #expect(throws: LiftLogError.self) { try StoreFiles(root: root + "/inner").writeDurably([1], to: path) }
            #expect(allFiles(in: root).isEmpty)
        }
    }

    @Test("looks at files of one folder only by names that stay in it", arguments: ["../x.json", "a/b.json", "..", ".", "", "a\u{0}b"])
    func statusesRefuseEscapes(name: String) throws {
        try withTemporaryDirectory { root throws in
            writeText("{}", to: root + "/x.json")
            makeDirectories(root + "/sessions")
            let files = StoreFiles(root: root)
            #expect(try files.statuses(in: "sessions", names: ["missing.json"]) == [nil])
            expectRefusal(of: "sessions/\(name)") { () throws(LiftLogError) in _ = try files.statuses(in: "sessions", names: ["ok.json", name]) }
        }
    }

    @Test("looks at files one folder below a folder by paths of exactly two safe components", arguments: ["../x.json", "01/../../x.json", "01/a/b.json", "x.json", "01/..", "../01", "01/", "/01/x.json", "01//x.json", "01/a\u{0}b"])
    func subpathStatusesRefuseEscapes(subpath: String) throws {
        try withTemporaryDirectory { root throws in
            writeText("{}", to: root + "/x.json")
            makeDirectories(root + "/sessions/2025/01")
            writeText("{}", to: root + "/sessions/2025/01/a.json")
            let files = StoreFiles(root: root)
            let found = try files.statuses(in: "sessions/2025", subpaths: ["01/a.json", "01/missing.json", "02/a.json"])
            #expect(found.count == 3)
            #expect(found[0]?.kind == .regular && found[0]?.size == 2)
            #expect(found[1] == nil && found[2] == nil)
            expectRefusal(of: "sessions/2025/\(subpath)") { () throws(LiftLogError) in _ = try files.statuses(in: "sessions/2025", subpaths: ["01/a.json", subpath]) }
        }
    }

    /// Expects `body` to refuse `path` as outside the store (an internal error: callers never
    /// pass such names), before looking at anything.
    private func expectRefusal(of path: String, _ body: () throws(LiftLogError) -> Void) {
        do throws(LiftLogError) {
            try body()
            Issue.record("a path that leaves its folder was looked at: \(path)")
        } catch {
            #expect(error.code == .internal)
            #expect(error.message == "Internal error: refused a path outside the store: \(path). Please report this bug.")
        }
    }

    @Test("reports a folder or FIFO where a file should be as a corrupt file")
    func notRegularFiles() throws {
        try withTemporaryDirectory { root throws in
            let files = StoreFiles(root: root)
            mkdir(root + "/dir.json", 0o755)
            mkfifo(root + "/fifo.json", 0o644)
            let problem = FileProblem(path: "dir.json", line: 0, column: 0, message: "is not a regular file", hint: "Move it out of the store.")
            #expect(throws: LiftLogError.corruptFile([problem])) { try files.read("dir.json") }
            #expect(throws: LiftLogError.self) { try files.read("fifo.json") }
            #expect(try files.read("missing.json") == nil)
        }
    }

    @Test("does not follow a symbolic link planted in the store")
    func symlinks() throws {
        try withTemporaryDirectory { root throws in
            makeDirectories(root + "/store")
            writeText("secret", to: root + "/outside.txt")
            symlink(root + "/outside.txt", root + "/store/a.json")
            let files = StoreFiles(root: root + "/store")
            #expect(throws: LiftLogError.self) { try files.read("a.json") }
            #expect(throws: LiftLogError.self) { try files.writeDurably(Array("x".utf8), to: "a.json") }
            #expect(readText(root + "/outside.txt") == "secret")
        }
    }

    @Test("reports a file where a folder should be")
    func fileBlocksFolder() throws {
        try withTemporaryDirectory { root throws in
            writeText("x", to: root + "/sessions")
            let files = StoreFiles(root: root)
            #expect(throws: LiftLogError.corruptFile([FileProblem(path: "sessions", line: 0, column: 0, message: "should be a folder but is a file", hint: "Move the file out of the store.")])) {
                try files.ensureDirectory("sessions/2025")
            }
        }
    }
}
