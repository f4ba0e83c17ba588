#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
import LiftLogTestSupport

/// `liftlog serve` through a real process on an ephemeral loopback port and a real HTTP client.
@Suite("The HTTP API")
struct ServeTests {
    @Test("start a workout (idempotent by client ID), log sets (idempotent by request ID), finish it; history and show agree with the CLI")
    func workoutLifecycle() throws {
        try ServerProcess.withServer { server, store in
            let health = server.request("GET", "/api/health")
            #expect(health.status == 200 && health.json?["success"] == true && health.json?["data"]?["sessions"] == 0)
            let id = "6a1b2c3d-0000-4000-8000-000000000001"
            let started = server.request("POST", "/api/workouts", body: "{\"id\": \"\(id)\"}")
            #expect(started.status == 201, "\(started.body)")
            #expect(started.json?["data"]?["id"] == .string(id) && started.json?["data"]?["status"] == "active")
            let again = server.request("POST", "/api/workouts", body: "{\"id\": \"\(id)\"}")
            #expect(again.status == 200 && again.json?["data"]?["id"] == .string(id))
            let logged = server.request("POST", "/api/workouts/\(id)/sets", body: "{\"exercise\": \"Back Squat\", \"sets\": [\"w:60x5\", \"100x5x2\"], \"request_id\": \"r1\"}")
            #expect(logged.status == 201 && logged.json?["data"]?["logged_sets"] == [1, 2, 3], "\(logged.body)")
            let retried = server.request("POST", "/api/workouts/\(id)/sets", body: "{\"exercise\": \"Back Squat\", \"sets\": [\"w:60x5\", \"100x5x2\"], \"request_id\": \"r1\"}")
            #expect(retried.status == 200 && retried.json?["data"]?["set_count"] == 3)
            let fields = server.request("POST", "/api/workouts/\(id)/sets", body: "{\"exercise\": \"Bench Press\", \"weight\": 80, \"unit\": \"kg\", \"reps\": 5, \"rpe\": 8}")
            #expect(fields.status == 201 && fields.json?["data"]?["set_count"] == 4)
            // The CLI sees what the server wrote, and the server what the CLI writes.
            #expect(runBinary(["status", "--store", store, "--json"]).json?["data"]?["set_count"] == 4)
            #expect(runBinary(["log", "Deadlift", "140x5", "--store", store]).status == 0)
            #expect(server.request("GET", "/api/workouts/\(id)").json?["data"]?["set_count"] == 5)
            let finished = server.request("PUT", "/api/workouts/\(id)/complete", body: "{\"session_rpe\": 4, \"pain_tags\": [\"knee\"], \"notes\": \"Good\"}")
            #expect(finished.status == 200 && finished.json?["data"]?["status"] == "completed" && finished.json?["data"]?["session_rpe"] == 4)
            let history = server.request("GET", "/api/workouts?page=1&per_page=10")
            let cli = runBinary(["history", "--store", store, "--json", "--per-page", "10"])
            #expect(history.json?["data"] == cli.json?["data"])
            let show = server.request("GET", "/api/workouts/\(id.prefix(8))")
            #expect(show.json?["data"] == runBinary(["show", String(id.prefix(8)), "--store", store, "--json"]).json?["data"])
            let records = server.request("GET", "/api/exercises/Back%20Squat/records").json?["data"]
            #expect(records?["personal_record"]?["weight"] == 100)
            #expect(records == runBinary(["pr", "Back Squat", "--store", store, "--json"]).json?["data"])
            // The history is `progress --json` with every set of each session, as the seed API's client reads it.
            let exerciseHistory = try #require(server.request("GET", "/api/exercises/Back%20Squat/history").json?["data"])
            let progress = try #require(runBinary(["progress", "Back Squat", "--store", store, "--json"]).json?["data"])
            #expect(exerciseHistory["personal_record"] == progress["personal_record"] && exerciseHistory["exercise"]?["name"] == "Back Squat")
            #expect(exerciseHistory["entries"]?.arrayValue?.map { $0["e1rm"] } == progress["entries"]?.arrayValue?.map { $0["e1rm"] })
            #expect(exerciseHistory["entries"]?.arrayValue?.map { $0["set_count"] } == progress["entries"]?.arrayValue?.map { $0["sets"] })
            #expect(exerciseHistory["entries"]?.arrayValue?.first?["sets"]?.arrayValue?.map { $0["actual_weight"] }.contains(100) == true, "\(exerciseHistory)")
            #expect(server.request("GET", "/api/records").json?["data"]?["records"]?.arrayValue?.map { $0["exercise_name"] } == ["Back Squat", "Bench Press", "Deadlift"])
            #expect(server.request("GET", "/api/stats").json?["data"]?["lifting"]?["total_sessions"] == 1)
            #expect(server.request("GET", "/api/workouts/today").json?["data"] == .null)
            let deleted = server.request("DELETE", "/api/workouts/\(id)")
            #expect(deleted.status == 200 && allFiles(in: store + "/sessions").isEmpty)
        }
    }

    @Test("a store without an index (a fresh clone) has one before the first request: the first page does not wait for it")
    func indexReadyBeforeTheFirstRequest() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            copyTree(repository + "/SampleData/store", to: store)
            #expect(readText(store + "/.liftlog/index/state.tsv") == nil)
            let server = try #require(ServerProcess.start(store: store))
            defer { _ = server.stop() }
            // The banner is out: the index was written before it, no request has been made.
            #expect(readText(store + "/.liftlog/index/state.tsv")?.hasPrefix("liftlog-index ") == true)
            let expected = runBinary(["history", "--json", "--store", store]).json?["data"]?["total"]
            #expect(expected != nil && server.request("GET", "/api/workouts?page=1&per_page=10").json?["data"]?["total"] == expected)
        }
    }

    @Test("sessions added, removed or fixed by hand (a git pull, a sync) show in the next response, also once the folders have settled and the server stops comparing them")
    func changesBehindItsBack() throws {
        try ServerProcess.withServer { server, store in
            func write(_ number: Int, _ start: String, to path: String? = nil) -> String {
                let session = Session(id: Session.ID(rawValue: "6a1b2c3d-0000-4000-8000-\(CivilCalendar.pad(number, 12))")!, status: .completed,
                                      startedAt: Timestamp(start)!, completedAt: Timestamp(start)!.adding(seconds: 3600),
                                      entries: [Session.Entry(exerciseID: nil, exerciseName: "Back Squat", order: 1,
                                                              sets: [WorkoutSet(setNumber: 1, weight: 100, unit: .kg, reps: 5)])])
                let file = store + "/" + session.relativePath
                makeDirectories(String(file[..<file.lastIndex(of: "/")!]))
                writeBytes(JSONWriter.canonicalBytes(session.json), to: path ?? file)
                return file
            }
            func total() -> JSONValue? { server.request("GET", "/api/workouts?page=1&per_page=10").json?["data"]?["total"] }
            let january = write(1, "2025-01-10T07:00:00Z")
            let february = write(2, "2025-02-10T07:00:00Z")
            #expect(total() == 2)
            // Folders changed in the last two seconds are always compared again; let them settle.
            waitUntilSettled([january, february].flatMap { file in
                [file, String(file[..<file.lastIndex(of: "/")!])] } + [store + "/sessions/2025", store + "/sessions"])
            #expect(total() == 2)
            #expect(total() == 2)
            let added = write(3, "2025-02-20T07:00:00Z")
            #expect(total() == 3)
            unlink(added)
            #expect(total() == 2)
            _ = write(4, "2024-06-01T07:00:00Z")
            #expect(total() == 3)
            let second = write(5, "2024-06-02T07:00:00Z")
            #expect(total() == 4)
            writeText("{", to: second)
            #expect(total() == 3)
            _ = write(5, "2024-06-02T07:00:00Z", to: second)
            #expect(total() == 4)
            removeTree(store + "/sessions/2024")
            #expect(total() == 2)
        }
    }

    @Test("a session written through a hard link outside the store: shown at once, in pages at the first look a second after the last")
    func writtenThroughHardLink() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            #expect(runBinary(["start", "--store", store, "--at", "2025-01-24T07:00:00Z"]).status == 0)
            #expect(runBinary(["log", "Back Squat", "100x5", "--store", store]).status == 0)
            #expect(runBinary(["finish", "--store", store]).status == 0)
            let file = try #require(allFiles(in: store).first { $0.hasPrefix("sessions/") && $0.hasSuffix(".json") })
            let outside = root + "/outside.json"
            #expect(link(store + "/" + file, outside) == 0)
            // Until its last change is two seconds old, a file is looked at by every request.
            func changeAge() -> Double {
                var info = stat()
                stat(outside, &info)
                var now = timespec()
                clock_gettime(CLOCK_REALTIME, &now)
                return Double(now.tv_sec - info.st_ctim.tv_sec) + Double(now.tv_nsec - info.st_ctim.tv_nsec) / 1e9
            }
            // Polled, not spun: the machine may be busy with other tests.
            while changeAge() < 2.2 { usleep(10_000) }
            let server = try #require(ServerProcess.start(store: store))
            defer { _ = server.stop() }
            func volume() -> JSONValue? { server.request("GET", "/api/workouts?page=1&per_page=10").json?["data"]?["sessions"]?.arrayValue?.first?["total_volume"] }
            let id = try #require(server.request("GET", "/api/workouts?page=1&per_page=10").json?["data"]?["sessions"]?.arrayValue?.first?["id"]?.stringValue)
            for _ in 0..<3 { #expect(volume() == 500) }
            // In place through the other name: the kernel reports nothing in the store's folders.
            let text = try #require(readText(outside))
            let descriptor = open(outside, O_WRONLY | O_TRUNC)
            let bytes = Array(text.replacingOccurrences(of: "\"weight\": 100", with: "\"weight\": 120").utf8)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            let shown = server.request("GET", "/api/workouts/\(id)").body
            #expect(shown.contains("\"weight\":120") || shown.contains("\"weight\": 120"), "\(shown.prefix(300))")
            // Pages trust a file found unchanged for a second (SessionsWatch.unchangedFor), then look again.
            let start = monotonicSeconds()
            var seen = volume()
            while seen != 600 && monotonicSeconds() - start < 10 { seen = volume() }
            #expect(seen == 600, "history still says \(String(describing: seen))")
            print("written through a hard link: in pages after \(Int((monotonicSeconds() - start) * 1000)) ms")
        }
    }

    @Test("every error code has its status and the library's message; nothing is written", arguments: [
        ("POST", "/api/workouts/6a1b2c3d/sets", "{\"exercise\": \"Back Squat\", \"sets\": [\"100x\"]}", 400, "VALIDATION_ERROR", "Invalid set '100x': the reps are missing after 'x'. Did you mean 100x5?"),
        ("GET", "/api/workouts/deadbeef", nil, 404, "NOT_FOUND", "No session with ID 'deadbeef'."),
        ("POST", "/api/workouts", "{}", 409, "CONFLICT", "A session is already active (started 2025-01-24 07:30)."),
        ("PUT", "/api/workouts", nil, 405, "USAGE_ERROR", "PUT is not allowed on /api/workouts; use GET or POST."),
        ("GET", "/api/calendar/2025/13", nil, 400, "VALIDATION_ERROR", "The month must be /api/calendar/YYYY/MM, such as /api/calendar/2025/01."),
        ("GET", "/api/nothing", nil, 404, "NOT_FOUND", "No such path: /api/nothing."),
        ("POST", "/api/workouts", "[1, 2]", 400, "VALIDATION_ERROR", "The body must be a JSON object (UTF-8)."),
    ] as [(String, String, String?, Int, String, String)])
    func errors(method: String, path: String, body: String?, status: Int, code: String, message: String) throws {
        try ServerProcess.withServer { server, store in
            let started = server.request("POST", "/api/workouts", body: "{\"id\": \"6a1b2c3d-0000-4000-8000-000000000001\", \"started_at\": \"2025-01-24T07:30:00+01:00\"}")
            #expect(started.status == 201)
            let before = snapshot(store)
            let reply = server.request(method, path, body: body)
            #expect(reply.status == status, "\(reply.body)")
            #expect(reply.json?["success"] == false && reply.json?["error"]?["code"] == .string(code))
            #expect(reply.json?["error"]?["message"] == .string(message), "\(reply.body)")
            #expect(snapshot(store).filter { !$0.key.hasPrefix(".liftlog") } == before.filter { !$0.key.hasPrefix(".liftlog") })
        }
    }

    @Test("safe by default: the Host header, the origin of writes, JSON bodies, the token when required, limits")
    func safety() throws {
        try ServerProcess.withServer(["--require-token", "--timeout", "1"]) { server, store in
            let token = try #require(readText(store + "/.liftlog/serve-token")?.trimmingWhitespace())
            #expect(token.count == 64)
            let mode = fileMode(store + "/.liftlog/serve-token")
            #expect(mode == 0o600)
            let refused = server.request("GET", "/api/health")
            #expect(refused.status == 401 && refused.json?["error"]?["code"] == "UNAUTHORIZED")
            #expect(server.request("GET", "/api/health", headers: ["Authorization": "Bearer " + String(token.dropLast()) + "x"]).status == 401)
            let auth = ["Authorization": "Bearer " + token]
            #expect(server.request("GET", "/api/health", headers: auth).status == 200)
            #expect(server.request("POST", "/api/workouts", body: "{}", headers: auth.merging(["Origin": "http://evil.example"]) { $1 }).status == 403)
            #expect(server.request("POST", "/api/workouts", body: "kind=lifting", headers: auth.merging(["Content-Type": "application/x-www-form-urlencoded"]) { $1 }).status == 415)
            // Malformed and hostile requests: the documented status, and the server stays up.
            let big = "GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 20_000) + "\r\n\r\n"
            #expect(server.raw(Array(big.utf8)).status == 431)
            #expect(server.raw(Array("POST /api/workouts HTTP/1.1\r\nContent-Length: 9999999\r\n\r\n".utf8)).status == 413)
            #expect(server.raw(Array("POST /api/workouts HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8)).status == 501)
            #expect(server.raw(Array("POST /api/workouts HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}".utf8)).status == 400)
            #expect(server.raw(Array("GARBAGE\r\n\r\n".utf8)).status == 400)
            #expect(server.raw(Array("GET /api/health HTTP/2.0\r\n\r\n".utf8)).status == 505)
            #expect(server.raw(Array("GET /api/%2e%2e/x HTTP/1.1\r\n\r\n".utf8)).status == 400)
            #expect(server.raw(Array("GET /api/health HTTP/1.1\r\nHost: x\r\n".utf8)).status == 408) // never finished: 1 s
            #expect(server.request("GET", "/api/health", headers: auth).status == 200)
            let stopped = server.stop()
            #expect(stopped.status == 0)
            #expect(!stopped.error.contains(token), "the token must never appear in the log")
            #expect(stopped.error.contains("GET /api/health 200"))
        }
    }

    @Test("stretch and meditation sessions, plans and the body log over HTTP")
    func otherResources() throws {
        try ServerProcess.withServer { server, store in
            let stretch = server.request("POST", "/api/stretch-sessions", body: "{\"minutes\": 15, \"started_at\": \"2025-01-20T07:00:00+01:00\", \"regions\": [\"hips\"]}")
            #expect(stretch.status == 201 && stretch.json?["data"]?["kind"] == "stretch" && stretch.json?["data"]?["regions"] == ["hips"], "\(stretch.body)")
            let meditation = server.request("POST", "/api/meditation-sessions", body: "{\"minutes\": 10, \"started_at\": \"2025-01-21T21:00:00+01:00\", \"meditation_type\": \"breath\"}")
            #expect(meditation.status == 201)
            #expect(server.request("GET", "/api/stretch-sessions").json?["data"]?["total"] == 1)
            #expect(server.request("GET", "/api/meditation-sessions/latest").json?["data"]?["meditation_type"] == "breath")
            #expect(server.request("GET", "/api/meditation-sessions/stats").json?["data"]?["total_sessions"] == 1)
            // The pain report over HTTP is the CLI's.
            #expect(server.request("GET", "/api/pain").json?["data"] == runBinary(["pain", "--store", store, "--json"]).json?["data"])
            #expect(server.request("GET", "/api/pain").json?["data"]?["sessions"] == 2)
            let badPain = server.request("GET", "/api/pain?from=soon")
            #expect(badPain.status == 400 && badPain.json?["error"]?["message"] == "from must be a date like 2025-01-24, got 'soon'.", "\(badPain.body)")
            #expect(server.request("GET", "/api/trends?weeks=4").json?["data"]?["weeks"]?.arrayValue?.count == 4)
            #expect(server.request("GET", "/api/trends?weeks=0").json?["error"]?["message"] == "Weeks must be 1–104, got 0.")
            #expect(server.request("POST", "/api/stretch-sessions", body: "{}").json?["error"]?["message"] == "Duration is required, as in {\"minutes\": 15} or {\"total_duration_seconds\": 900}.")
            #expect(runBinary(["plan", "create", "Upper Lower", "--days", "Upper,Lower", "--store", store]).status == 0)
            #expect(server.request("GET", "/api/plans").json?["data"]?["plans"]?.arrayValue?.first?["name"] == "Upper Lower")
            #expect(server.request("GET", "/api/plans/Upper%20Lower").json?["data"]?["days"]?.arrayValue?.count == 2)
            #expect(runBinary(["weigh", "82.4", "--at", "2025-01-20T06:00:00+01:00", "--store", store]).status == 0)
            #expect(server.request("GET", "/api/body").json?["data"]?["entries"]?.arrayValue?.first?["measurements"]?["body_weight"]?["value"] == .number(JSONNumber(82.4)))
        }
    }

    @Test("the CLI logs while 8 HTTP clients each log 100 sets into the same session: every acknowledged set is there, in order; retries create nothing twice")
    func concurrency() throws {
        try ServerProcess.withServer { server, store in
            let id = "6a1b2c3d-0000-4000-8000-0000000000aa"
            #expect(server.request("POST", "/api/workouts", body: "{\"id\": \"\(id)\"}").status == 201)
            let acknowledged = Acknowledged()
            let clients = (0..<8).map { client in
                Threads.start {
                    for set in 0..<100 {
                        let body = "{\"exercise\": \"Client \(client)\", \"sets\": [\"\(set + 1)x1\"], \"request_id\": \"c\(client)-s\(set)\", \"create\": true}"
                        // Each request once, and every tenth again (a retry after a lost answer).
                        // A refusal with a clear error (the store busy with the CLI) is retried, as a client does.
                        var reply = server.request("POST", "/api/workouts/\(id)/sets", body: body)
                        for _ in 0..<5 where reply.status != 201 && reply.status != 200 {
                            acknowledged.refused(reply.status, reply.body)
                            reply = server.request("POST", "/api/workouts/\(id)/sets", body: body)
                        }
                        if reply.status == 201 || reply.status == 200 { acknowledged.add(client, set + 1) }
                        if set % 10 == 0 { _ = server.request("POST", "/api/workouts/\(id)/sets", body: body) }
                    }
                }
            }
            let cli = Threads.start {
                for set in 0..<30 { _ = runBinary(["log", "Back Squat", "\(set + 1)x1", "--store", store]) }
            }
            for thread in clients.compactMap({ $0 }) { pthread_join(thread, nil) }
            if let cli { pthread_join(cli, nil) }
            let session = try #require(runBinary(["show", String(id.prefix(8)), "--store", store, "--json"]).json?["data"])
            let entries = try #require(session["entries"]?.arrayValue)
            for client in 0..<8 {
                let weights = entries.first { $0["exercise_name"] == .string("Client \(client)") }?["sets"]?.arrayValue?.compactMap { value -> Int? in if case .number(let number)? = value["weight"] { return number.intValue } else { return nil } } ?? []
                #expect(weights == Array(1...100), "client \(client): \(weights.count) sets")
                #expect(acknowledged.count(client) == 100)
            }
            #expect(entries.first { $0["exercise_name"] == "Back Squat" }?["sets"]?.arrayValue?.count == 30)
            // Refusals are clear errors of the API (the store busy), never anything else.
            #expect(acknowledged.refusalList.allSatisfy { $0.hasPrefix("409 ") || $0.hasPrefix("503 ") }, "\(acknowledged.refusalList)")
            print("concurrency over HTTP: 8 clients × 100 sets + 30 from the CLI; \(acknowledged.refusalList.count) refusals retried: \(acknowledged.refusalList.prefix(2))")
            #expect(runBinary(["check", "--store", store]).status == 0)
        }
    }

    @Test("SIGTERM while a request is half sent: the server stops accepting, finishes that request, writes its set and exits 0")
    func gracefulStop() throws {
        try ServerProcess.withServer { server, store in
            #expect(server.request("POST", "/api/workouts", body: "{}").status == 201)
            let id = try #require(runBinary(["status", "--store", store, "--json"]).json?["data"]?["id"]?.stringValue)
            let body = Array("{\"exercise\": \"Back Squat\", \"sets\": [\"100x5\"]}".utf8)
            let head = "POST /api/workouts/\(id)/sets HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
            let socket = try #require(server.connectSocket())
            defer { close(socket) }
            let first = Array(head.utf8) + body.prefix(10)
            #expect(send(socket, first, first.count, Int32(MSG_NOSIGNAL)) == first.count)
            usleep(200_000)
            server.process.kill(SIGTERM)
            usleep(400_000)
            // No new connection is accepted once it is stopping.
            #expect(server.connectSocket().map { socket -> Bool in defer { close(socket) }; return ServerProcess.readAll(socket).isEmpty } ?? true)
            let rest = Array(body.dropFirst(10))
            #expect(send(socket, rest, rest.count, Int32(MSG_NOSIGNAL)) == rest.count)
            let reply = String(decoding: ServerProcess.readAll(socket), as: UTF8.self)
            #expect(reply.hasPrefix("HTTP/1.1 201"), "\(reply)")
            #expect(reply.lowercased().contains("connection: close"))
            let stopped = server.stop()
            #expect(stopped.status == 0, "\(stopped.error)")
            #expect(runBinary(["show", id, "--store", store]).output.contains("100"))
        }
    }

    @Test("on loopback without a token, a Host of another name is refused (DNS rebinding)")
    func hostCheck() throws {
        try ServerProcess.withServer { server, _ in
            let reply = server.raw(Array("GET /api/health HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n".utf8))
            #expect(reply.status == 421)
            #expect(server.request("GET", "/api/health").status == 200)
        }
    }

    @Test("IPv6 loopback is served as IPv4's is, without a token; --listen takes [ADDRESS]:PORT and refuses what is not one")
    func ipv6Loopback() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            guard let server = ServerProcess.start(store: store, ipv6: true) else {
                // A machine without IPv6 cannot bind [::1]: nothing of this test can run there.
                print("IPv6 loopback: skipped, [::1] cannot be bound here")
                return
            }
            defer { _ = server.stop() }
            #expect(server.request("GET", "/api/health").status == 200)
            #expect(server.request("POST", "/api/workouts", body: "{}").status == 201)
            #expect(server.raw(Array("GET /api/health HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n".utf8)).status == 421)
            #expect(readText(store + "/.liftlog/serve-token") == nil, "loopback needs no token")
        }
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            for bad in ["::1:8423", "[::1]8423", "[::1]:", "[127.0.0.1]:80", "[]:80", "host", ":80", "1.2.3.4:70000"] {
                let outcome = runBinary(["serve", "--store", store, "--listen", bad, "--json"])
                #expect(outcome.status == 4 && outcome.errorCode == "VALIDATION_ERROR" && outcome.errorMessage == "--listen must be HOST:PORT such as 127.0.0.1:8423, 0.0.0.0:8423 or [::1]:8423, got '\(bad)'.", "\(bad): \(outcome.output)")
            }
            let notAnAddress = runBinary(["serve", "--store", store, "--listen", "[::g]:80", "--json"])
            #expect(notAnAddress.status == 4 && notAnAddress.errorCode == "VALIDATION_ERROR")
            #expect(notAnAddress.errorMessage == "'::g' is not an IPv6 address such as ::1 or ::.")
        }
    }

    @Test("a token file others may read is refused with how to fix it; a short one is replaced by a 0600 file; a serve that cannot bind creates no token")
    func tokenFile() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            let path = store + "/.liftlog/serve-token"
            let token = String(repeating: "a1", count: 20)
            writeText(token + "\n", to: path)
            chmod(path, 0o644)
            let refused = runBinary(["serve", "--store", store, "--listen", "127.0.0.1:0", "--require-token", "--json"])
            #expect(refused.status == 4 && refused.errorCode == "VALIDATION_ERROR", "\(refused.status) \(refused.output)")
            #expect(refused.errorMessage == ".liftlog/serve-token may be read by others (mode 644); the server's token must be yours alone. Run 'chmod 600 .liftlog/serve-token' in the store, or remove the file to be given a new token.")
            #expect(readText(path) == token + "\n" && fileMode(path) == 0o644, "the refused file is left as it was")

            // A short token in a readable file: a new token, in a new file only its owner reads.
            writeText("short\n", to: path)
            chmod(path, 0o644)
            let server = try #require(ServerProcess.start(store: store, ["--require-token"]))
            let made = try #require(readText(path)?.trimmingWhitespace())
            #expect(made.count >= 32 && made != "short")
            #expect(fileMode(path) == 0o600)
            #expect(server.request("GET", "/api/health", headers: ["Authorization": "Bearer \(made)"]).status == 200)

            // Its port is taken: the second server fails before it makes anything.
            unlink(path)
            let second = runBinary(["serve", "--store", store, "--listen", "127.0.0.1:\(server.port)", "--require-token", "--json"])
            _ = server.stop()
            #expect(second.status != 0 && second.errorCode == "IO_ERROR", "\(second.output)")
            #expect(readText(path) == nil, "a serve that failed created a token file")
        }
    }
}

/// The permission bits of a file.
private func fileMode(_ path: String) -> UInt32 {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return UInt32(info.st_mode) & 0o777
}

/// The sets the server answered 201 for, per client.
private final class Acknowledged: @unchecked Sendable {
    private let lock = Mutex()
    private var sets: [Int: [Int]] = [:]

    func add(_ client: Int, _ set: Int) { lock.withLock { sets[client, default: []].append(set) } }
    func count(_ client: Int) -> Int { lock.withLock { sets[client]?.count ?? 0 } }
    private var refusals: [String] = []
    func refused(_ status: Int, _ body: String) { lock.withLock { refusals.append("\(status) \(body)") } }
    var refusalList: [String] { lock.withLock { refusals } }
}
