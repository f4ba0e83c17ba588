#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Hostile input")
struct HostileInputTests {
    /// A store inside `root/inside`, and a folder beside it that nothing may write to.
    private func arena(_ root: String) -> (store: String, outside: String) {
        let store = root + "/inside/s", outside = root + "/outside"
        makeDirectories(outside)
        writeText("sentinel\n", to: outside + "/sentinel.json")
        #expect(run(["init", store]).status == 0)
        #expect(run(["start", "--store", store]).status == 0)
        #expect(run(["log", "--store", store, "Back Squat", "100x5"]).status == 0)
        return (store, outside)
    }

    @Test("crafted IDs, names and store paths: a clear error each time, nothing written outside", arguments: [
        (["show", "../../outside/sentinel"], 4), (["show", "/etc/passwd"], 4), (["rm", "..", "--yes"], 4),
        (["show", String(repeating: "a", count: 10_000)], 4), (["show", "00000000-0000-4000-8000-00000000000000000"], 4),
        (["exercise", "add", String(repeating: "x", count: 10_000)], 4), (["exercise", "add", "../../outside/sentinel"], 0),
        (["exercise", "add", "/outside/sentinel.json"], 0), (["exercise", "add", "BACK SQUAT"], 5), (["exercise", "add", "Bаck Squat"], 0),
        (["exercise", "add", "line\nbreak"], 4), (["exercise", "add", "tab\there"], 4), (["exercise", "show", "../../../etc/passwd"], 3),
        (["log", "../../outside/sentinel", "100x5"], 3), (["log", "Back Squat", "../../x"], 4),
        (["history", "--exercise", "../../outside/sentinel"], 3), (["start", "--at", "../../outside"], 4),
        (["seed", "/dev/zero"], 4), (["seed", "/nonexistent/../../etc"], 3),
    ] as [([String], Int32)])
    func crafted(arguments: [String], status: Int32) throws {
        try withTemporaryDirectory { root throws in
            let (store, outside) = arena(root)
            let outcome = run(arguments + ["--store", store, "--json"])
            #expect(outcome.status == status, "\(outcome.output)")
            #expect(outcome.json != nil)
            if status != 0 { #expect(outcome.errorMessage?.isEmpty == false) }
            #expect(snapshot(outside, excluding: nil) == ["sentinel.json": "sentinel\n"])
            #expect(allFiles(in: root + "/inside").allSatisfy { $0.hasPrefix("s/") })
            #expect(run(["check", "--store", store]).status == 0)
        }
    }

    @Test("store paths that are not stores are refused without writing", arguments: ["../../../../../etc", "/etc/passwd", "/nonexistent/store", "/dev/null"])
    func storePaths(path: String) throws {
        try withTemporaryDirectory { root throws in
            let outcome = run(["history", "--store", path, "--json"])
            #expect([3, 4].contains(outcome.status), "\(outcome.output)")
            #expect(allFiles(in: root).isEmpty)
        }
    }

    @Test("symbolic links inside the store are never followed out of it")
    func symlinks() throws {
        try withTemporaryDirectory { root throws in
            let (store, outside) = arena(root)
            // The exercises folder replaced by a link to a folder outside.
            rename(store + "/exercises", store + "/exercises-real")
            symlink(outside, store + "/exercises")
            let add = run(["exercise", "add", "Sled Push", "--store", store, "--json"])
            #expect(add.status == 7)
            #expect(add.errorMessage == "exercises: is a symbolic link; liftlog reads and writes only inside the store")
            // A session month folder replaced by a link.
            let session = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") })
            let month = String(session.split(separator: "/").prefix(3).joined(separator: "/"))
            rename(store + "/" + month, root + "/moved-month")
            symlink(outside, store + "/" + month)
            let log = run(["log", "Back Squat", "105x5", "--store", store, "--json"])
            #expect(log.status == 3 || log.status == 7, "\(log.output)")
            #expect(snapshot(outside, excluding: nil) == ["sentinel.json": "sentinel\n"])
            // A session file that is a link to a file outside is not read.
            unlink(store + "/" + month)
            rename(root + "/moved-month", store + "/" + month)
            unlink(store + "/" + session)
            symlink(outside + "/sentinel.json", store + "/" + session)
            let show = run(["show", String(session.suffix(13).prefix(8)), "--store", store, "--json"])
            #expect([3, 7].contains(show.status), "\(show.output)")
            #expect(run(["status", "--store", store, "--json"]).status != 70)
            #expect(readText(outside + "/sentinel.json") == "sentinel\n")
        }
    }

    @Test("a month folder that is a link: the commands that read every file refuse it, naming it, and read nothing behind it")
    func linkedMonthFolder() throws {
        try withTemporaryDirectory { root throws in
            let (store, outside) = arena(root)
            #expect(run(["finish", "--store", store]).status == 0)
            let session = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") })
            let month = String(session.split(separator: "/").prefix(3).joined(separator: "/"))
            let id = String(session.suffix(13).prefix(8))
            // The month's files moved outside the store, the month folder made a link to them.
            rename(store + "/" + month, outside + "/month")
            symlink(outside + "/month", store + "/" + month)
            for command in [["reindex"], ["check"], ["fmt", "--check"], ["export", "csv"], ["export", "ndjson"], ["history"]] {
                let outcome = run(command + ["--store", store])
                #expect(outcome.status != 0, "\(command): \(outcome.output)")
                #expect((outcome.output + outcome.error).contains("\(month): is a symbolic link"), "\(command): \(outcome.error)")
                #expect(!outcome.output.contains(id), "\(command) read a file behind the link")
            }
        }
    }

    // Alone it takes seconds; beside other work on both cores, minutes; in the long run,
    // beside thousands of killed and fuzzed commands, over three (a hang would still never end).
    @Test("a session file that is a folder, a FIFO, 1 GB, or nested a million deep: a clear error, no hang", .timeLimit(.minutes(longRun ? 10 : 5)))
    func strangeFiles() throws {
        try withTemporaryDirectory { root throws in
            let (store, _) = arena(root)
            let session = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") })
            let id = String(session.suffix(13).prefix(8))
            let path = store + "/" + session
            let original = try #require(readBytes(path))
            var tried: [String] = []
            for kind in ["folder", "fifo", "huge", "deep"] {
                unlink(path)
                switch kind {
                case "folder": mkdir(path, 0o755)
                case "fifo": mkfifo(path, 0o644)
                case "huge":
                    let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
                    ftruncate(descriptor, 1 << 30)
                    close(descriptor)
                default:
                    writeText(String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000), to: path)
                }
                for command in [["show", id], ["status"], ["history"], ["check"], ["fmt", "--check"], ["log", "Back Squat", "1x1"]] {
                    let outcome = run(command + ["--store", store, "--json"])
                    #expect([0, 3, 7].contains(outcome.status), "\(kind) \(command): \(outcome.status) \(outcome.output)")
                    #expect(outcome.json != nil, "\(kind) \(command)")
                    tried.append("\(kind) \(command[0])")
                }
                rmdir(path)
                unlink(path)
            }
            writeBytes(original, to: path)
            #expect(run(["status", "--store", store]).status == 0)
            print("hostile input: \(tried.count) commands on strange files, each a clear result")
        }
    }

    @Test("a FIFO or a folder where liftlog keeps a file of its own is set aside unopened, with a note, and made again", .timeLimit(.minutes(longRun ? 10 : 3)))
    func ownFilesThatAreNotFiles() throws {
        try withTemporaryDirectory { root throws in
            var tried = 0
            for own in [".liftlog/acknowledged", ".liftlog/index/state.tsv", ".liftlog/journal.json", ".liftlog/lock"] {
                for kind in ["fifo", "folder"] {
                    let store = root + "/\(tried)"
                    #expect(runBinary(["init", store]).status == 0)
                    #expect(runBinary(["start", "--store", store]).status == 0)
                    #expect(runBinary(["log", "Back Squat", "100x5", "--store", store]).status == 0)
                    let path = store + "/" + own
                    unlink(path)
                    if kind == "fifo" { mkfifo(path, 0o644) } else { mkdir(path, 0o755) }
                    // Each would wait forever at a FIFO it opened, or fail at a folder.
                    for command in [["log", "Back Squat", "105x5"], ["history"], ["fmt"], ["status"]] {
                        let outcome = runBinary(command + ["--store", store])
                        #expect(outcome.status == 0, "\(own) as a \(kind), \(command[0]): exit \(outcome.status) \(outcome.error)")
                    }
                    let folder = store + "/" + own.split(separator: "/").dropLast().joined(separator: "/")
                    let name = String(own.split(separator: "/").last!)
                    let aside = listEntries(folder).map(\.name).filter { $0.hasPrefix(name + ".set-aside-") }
                    #expect(aside.count == 1, "\(own) as a \(kind): \(listEntries(folder).map(\.name))")
                    let notes = readText(store + "/.liftlog/set-aside.txt") ?? ""
                    #expect(notes.contains(own + ".set-aside-") && notes.contains(kind == "fifo" ? "was a special file (a FIFO, a socket or a device)" : "was a folder"), "\(notes)")
                    var info = stat()
                    #expect(lstat(path, &info) != 0 || info.st_mode & S_IFMT == S_IFREG, "\(own) is a regular file again, or not made yet")
                    let status = runBinary(["status", "--json", "--store", store])
                    #expect(status.output.contains("\"weight\": 105"), "\(own) as a \(kind): the set was logged")
                    #expect(runBinary(["check", "--store", store]).status == 0)
                    tried += 1
                }
            }
            print("hostile input: \(tried) of liftlog's own files replaced by a FIFO or a folder, each set aside and made again")
        }
    }

    @Test("a full disk: the log fails with IO_ERROR and the session is unchanged; freeing space lets it succeed")
    func fullDisk() throws {
        try withTemporaryDirectory { root throws in
            let disk = root + "/disk"
            makeDirectories(disk)
            let mount = runProgram(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", disk])
            guard mount.status == 0 else {
                print("full disk: skipped, this machine does not allow mounting a small file system (\(mount.error))")
                return
            }
            defer { _ = runProgram(["umount", disk]) }
            let store = disk + "/s"
            #expect(runBinary(["init", store, "--no-seed"]).status == 0)
            #expect(runBinary(["start", "--store", store]).status == 0)
            #expect(runBinary(["log", "Squat", "100x5", "--create", "--store", store]).status == 0)
            let session = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") })
            let before = try #require(readBytes(store + "/" + session))
            // Fill the disk.
            let filler = open(disk + "/filler", O_WRONLY | O_CREAT, 0o644)
            let block = [UInt8](repeating: 1, count: 4096)
            while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
            close(filler)
            let full = runBinary(["log", "Squat", "105x5", "--store", store, "--json"])
            #expect(full.status == 8)
            #expect(full.errorMessage?.contains("No space left on device; nothing was changed") == true, "\(full.output)")
            #expect(readBytes(store + "/" + session) == before)
            unlink(disk + "/filler")
            #expect(runBinary(["log", "Squat", "105x5", "--store", store]).status == 0)
            #expect(runBinary(["check", "--store", store]).status == 0)
            print("full disk: the log failed cleanly on a full 256 KB file system and succeeded after space was freed")
        }
    }
}
