#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogCLI
@testable import LiftLogKit
import LiftLogTestSupport

#if os(Linux)
/// `liftlog watch` through real processes: the watcher, and the commands that ask it (Linux:
/// inotify).
@Suite("liftlog watch")
struct WatchTests {
    /// A store of 30 sessions over five months, imported from a Strong export.
    private func storeWithSessions(_ root: String) -> String {
        let store = root + "/s"
        #expect(runBinary(["init", store]).status == 0)
        var csv = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
        for workout in 0..<30 {
            csv += "2024-\(CivilCalendar.pad(1 + workout / 6, 2))-\(CivilCalendar.pad(1 + workout % 6 * 4, 2)) 18:00:00,Day \(workout),30m,Back Squat,1,100,5,0,0,,,\n"
        }
        writeText(csv, to: root + "/export.csv")
        #expect(runBinary(["import", "strong", root + "/export.csv", "--unit", "kg", "--utc-offset", "+00:00", "--store", store]).status == 0)
        return store
    }

    /// Starts `liftlog watch` and waits for its first line.
    private func startWatch(_ store: String) -> Process? {
        let process = Process.start(["watch", "--store", store], environment: [:])
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(process.outputPipe, &byte, 1) == 1, byte != 0x0A { line.append(byte) }
        guard String(decoding: line, as: UTF8.self).hasPrefix("Watching \(store):") else {
            process.kill()
            _ = process.wait()
            return nil
        }
        return process
    }

    private func history(_ store: String) -> [JSONValue] {
        guard case .array(let sessions)? = runBinary(["history", "--json", "--per-page", "100", "--store", store]).json?["data"]?["sessions"] else { return [] }
        return sessions
    }

    @Test("while it runs, commands ask it instead of looking at every month folder, and a change made behind liftlog's back shows in the very next command")
    func freshAndSpared() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithSessions(root)
            let watcher = try #require(startWatch(store))
            #expect(history(store).count == 30)
            #expect(history(store).count == 30)
            // A file removed, put back, and edited in place, each seen by the next command.
            let file = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/2024/03/") })
            let text = try #require(readText(store + "/" + file))
            #expect(rename(store + "/" + file, root + "/aside.json") == 0)
            #expect(history(store).count == 29)
            #expect(rename(root + "/aside.json", store + "/" + file) == 0)
            #expect(history(store).count == 30)
            let title = try #require(history(store).first { $0["path"]?.stringValue == file }?["plan_day"]?.stringValue)
            writeText(text.replacingOccurrences(of: "\"\(title)\"", with: "\"Renamed\""), to: store + "/" + file)
            #expect(history(store).first { $0["path"]?.stringValue == file }?["plan_day"] == "Renamed")
            // Once the folders are at rest (a folder changed in the last two seconds, counted in
            // whole seconds, is listed again every time), commands need not look at them.
            usleep(3_100_000)
            for _ in 0..<3 { #expect(history(store).count == 30) }
            #expect(runBinary(["status", "--store", store]).status == 0)
            watcher.kill(SIGTERM)
            let stopped = watcher.wait()
            #expect(stopped.status == 0)
            let words = stopped.output.split(separator: " ")
            // "Stopped. N commands asked; M of them were spared looking at the folders."
            let spared = words.firstIndex(of: "of").flatMap { Int(words[$0 - 1]) } ?? 0
            #expect(stopped.output.hasPrefix("Stopped. ") && spared >= 2, "\(stopped.output)")
            #expect(!listEntries(store + "/.liftlog").contains { $0.name == "watch.sock" })
            // With --json, the banner goes to standard error and the counts are the one document.
            let quiet = Process.start(["watch", "--store", store, "--json"], environment: [:])
            var byte: UInt8 = 0
            while read(quiet.errorPipe, &byte, 1) == 1, byte != 0x0A {}
            #expect(history(store).count == 30)
            quiet.kill(SIGTERM)
            let document = quiet.wait()
            #expect(document.status == 0)
            #expect(document.json?["success"] == true && document.json?["data"]?["commands"] == 1, "\(document.output)")
        }
    }

    @Test("a second watcher is refused; one that does not answer delays no command for long; a dead one's socket is taken over")
    func deadAndStuck() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithSessions(root)
            let first = try #require(startWatch(store))
            let second = runBinary(["watch", "--store", store, "--json"])
            #expect(second.status == 5)
            #expect(second.errorCode == "CONFLICT")
            #expect(second.errorMessage == "Another process watches this store already (it holds .liftlog/watch.lock).")
            // Stopped (as a debugger would): each command waits at most 200 ms for it, then looks itself.
            first.kill(SIGSTOP)
            #expect(rename(store + "/" + (allFiles(in: store).first { $0.hasPrefix("sessions/2024/02/") } ?? ""), root + "/aside.json") == 0)
            #expect(history(store).count == 29)
            first.kill(SIGKILL)
            _ = first.wait()
            // Its socket is left behind, and nobody answers on it.
            #expect(listEntries(store + "/.liftlog").contains { $0.name == "watch.sock" })
            #expect(history(store).count == 29)
            let replacement = try #require(startWatch(store))
            #expect(history(store).count == 29)
            replacement.kill(SIGTERM)
            #expect(replacement.wait().status == 0)
        }
    }

    @Test("of watchers started at the same moment, one watches and the others are refused; the lock goes with its holder")
    func startedTogether() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithSessions(root)
            for round in 0..<4 {
                let started = (0..<3).map { _ in Process.start(["watch", "--store", store], environment: [:]) }
                // The refused exit at once; the one watching prints a line and runs until stopped.
                var watching: [Process] = []
                for process in started {
                    var byte: UInt8 = 0
                    var line: [UInt8] = []
                    while read(process.outputPipe, &byte, 1) == 1, byte != 0x0A { line.append(byte) }
                    if String(decoding: line, as: UTF8.self).hasPrefix("Watching") {
                        watching.append(process)
                    } else {
                        let refused = process.wait()
                        let message = "Another process watches this store already (it holds .liftlog/watch.lock)."
                        #expect(refused.status == 5 && refused.error == "Error: \(message)\n", "round \(round): \(String(decoding: line, as: UTF8.self))\(refused.output)\(refused.error)")
                    }
                }
                #expect(watching.count == 1, "round \(round)")
                #expect(history(store).count == 30)
                for process in watching {
                    process.kill(round % 2 == 0 ? SIGTERM : SIGKILL)
                    _ = process.wait()
                }
            }
            // Held by another process (one that has not yet opened its socket, say): refused.
            let descriptor = open(store + "/.liftlog/watch.lock", O_RDWR | O_CREAT, 0o644)
            #expect(flock(descriptor, LOCK_EX) == 0)
            if let watching = startWatch(store) {
                Issue.record("a watcher started while another process held .liftlog/watch.lock")
                watching.kill(SIGKILL)
                _ = watching.wait()
            }
            let held = runBinary(["watch", "--store", store, "--json"])
            #expect(held.status == 5 && held.errorCode == "CONFLICT")
            #expect(held.errorMessage == "Another process watches this store already (it holds .liftlog/watch.lock).")
            close(descriptor)
            let after = try #require(startWatch(store))
            after.kill(SIGTERM)
            #expect(after.wait().status == 0)
        }
    }

    /// What the store's watch socket answers to a `look`, `nil` when nobody answers.
    private func look(_ store: String) -> String? {
        guard let descriptor = WatchSocket.connectedSocket(root: store) else { return nil }
        defer { close(descriptor) }
        guard WatchSocket.writeAll(descriptor, Array("liftlog-watch 1 look -\n".utf8)) else { return nil }
        return WatchSocket.readLine(descriptor)
    }

    /// Starts a `liftlog watch` that another process's watch should refuse; one that watches
    /// after all is killed, so that the test fails rather than waits for it.
    private func expectRefusedWatch(_ store: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let process = Process.start(["watch", "--store", store], environment: [:])
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(process.outputPipe, &byte, 1) == 1, byte != 0x0A { line.append(byte) }
        if !line.isEmpty { process.kill(SIGKILL) }
        let outcome = process.wait()
        let message = "Another process watches this store already (it holds .liftlog/watch.lock)."
        #expect(outcome.status == 5 && outcome.error == "Error: \(message)\n", "\(String(decoding: line, as: UTF8.self))\(outcome.error)", sourceLocation: sourceLocation)
    }

    @Test("liftlog serve answers for the folders while it runs, and takes over from a liftlog watch that stops")
    func serveLends() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithSessions(root)
            let alone = try #require(ServerProcess.start(store: store))
            #expect(look(store)?.hasPrefix("liftlog-watch 1 ") == true)
            expectRefusedWatch(store)
            #expect(history(store).count == 30)
            #expect(alone.stop().status == 0)
            #expect(!listEntries(store + "/.liftlog").contains { $0.name == "watch.sock" })
            // Started while `liftlog watch` runs, it leaves the answering to it, and takes over
            // within about a second once it stops.
            let watcher = try #require(startWatch(store))
            let server = try #require(ServerProcess.start(store: store))
            defer { _ = server.stop() }
            #expect(look(store)?.hasPrefix("liftlog-watch 1 ") == true)
            watcher.kill(SIGTERM)
            #expect(watcher.wait().status == 0)
            var waited = 0
            while look(store) == nil && waited < 50 {
                usleep(100_000)
                waited += 1
            }
            #expect(look(store)?.hasPrefix("liftlog-watch 1 ") == true, "serve did not take over within 5 s")
            expectRefusedWatch(store)
            // What it answers is right: a file moved away behind liftlog's back shows at once.
            #expect(history(store).count == 30)
            #expect(rename(store + "/" + (allFiles(in: store).first { $0.hasPrefix("sessions/2024/04/") } ?? ""), root + "/aside.json") == 0)
            #expect(history(store).count == 29)
            #expect(server.stop().status == 0)
            #expect(look(store) == nil)
            let after = try #require(startWatch(store))
            after.kill(SIGTERM)
            #expect(after.wait().status == 0)
        }
    }

    @Test("a store whose folders cannot be watched, or a file in the socket's place, is refused with what to do")
    func refusals() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithSessions(root)
            writeText("not a socket", to: store + "/.liftlog/watch.sock")
            let file = runBinary(["watch", "--store", store, "--json"])
            #expect(file.status == 5)
            #expect(file.errorCode == "CONFLICT")
            #expect(file.errorMessage == ".liftlog/watch.sock is not a socket; move it away and start again.")
            #expect(readText(store + "/.liftlog/watch.sock") == "not a socket")
            #expect(rename(store + "/sessions", root + "/sessions-aside") == 0)
            let missing = runBinary(["watch", "--store", store, "--json"])
            #expect(missing.status == 8)
            #expect(missing.errorCode == "IO_ERROR")
            #expect(missing.errorMessage == "Cannot watch 'sessions': it is missing, or on a network or FUSE file system whose changes the kernel does not report, or the system allows no more watches.")
        }
    }

    @Test("a request in another form is answered 'unknown'")
    func unknownRequests() throws {
        try withTemporaryDirectory { root throws in
            let store = storeWithSessions(root)
            let watcher = try #require(startWatch(store))
            defer {
                watcher.kill(SIGTERM)
                _ = watcher.wait()
            }
            func ask(_ line: String) -> String? {
                guard let descriptor = WatchSocket.connectedSocket(root: store) else { return nil }
                defer { close(descriptor) }
                guard WatchSocket.writeAll(descriptor, Array((line + "\n").utf8)) else { return nil }
                return WatchSocket.readLine(descriptor)
            }
            #expect(ask("liftlog-watch 2 look -") == "liftlog-watch 1 unknown")
            #expect(ask("liftlog-watch 1 approve zz 1") == "liftlog-watch 1 unknown")
            #expect(ask("liftlog-watch 1 forget") == "liftlog-watch 1 unknown")
            #expect(ask("liftlog-watch 1 look -")?.hasPrefix("liftlog-watch 1 compare ") == true)
        }
    }
}
#endif
