#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
@testable import LiftLogServer
import LiftLogTestSupport

/// 5,000 malformed or hostile requests against a real `liftlog serve`: each answered with its
/// documented status, the server still up, the store byte for byte as it was.
@Suite("The HTTP server under hostile input")
struct ServeHostileTests {
    /// One hostile request and the status it must get.
    struct Case {
        var name: String
        var bytes: [UInt8]
        var status: Int
        var closeWriting = false
    }

    static func cases(session id: String, host: String, count: Int, seed: UInt64) -> [Case] {
        var random = SeededGenerator(seed: seed)
        func request(_ head: String, _ body: [UInt8] = []) -> [UInt8] { Array(head.utf8) + body }
        var cases: [Case] = []
        let makers: [(inout SeededGenerator) -> Case] = [
            { r in
                let full = "GET /api/health HTTP/1.1\r\nHost: \(host)\r\n\r\n"
                return Case(name: "truncated head", bytes: Array(full.utf8.prefix(1 + r.below(full.utf8.count - 5))), status: 400, closeWriting: true)
            },
            { r in Case(name: "oversized header", bytes: request("GET /api/health HTTP/1.1\r\nHost: \(host)\r\nX-Pad: " + String(repeating: "a", count: 17_000 + r.below(20_000)) + "\r\n\r\n"), status: 431) },
            { r in Case(name: "oversized request line", bytes: request("GET /api/" + String(repeating: "x", count: 17_000 + r.below(5_000)) + " HTTP/1.1\r\n\r\n"), status: 431) },
            { r in
                let values = ["abc", "-5", "1e3", "", "0x10", "99999999999999999999999", "1 2"]
                return Case(name: "bad Content-Length", bytes: request("POST /api/workouts HTTP/1.1\r\nHost: \(host)\r\nContent-Length: \(values[r.below(values.count)])\r\n\r\n{}"), status: 400)
            },
            { r in Case(name: "conflicting Content-Length", bytes: request("POST /api/workouts HTTP/1.1\r\nHost: \(host)\r\nContent-Length: 2\r\nContent-Length: \(3 + r.below(9))\r\n\r\n{}"), status: 400) },
            { r in Case(name: "body cut short", bytes: request("POST /api/workouts HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\nContent-Length: \(50 + r.below(500))\r\n\r\n{\"kind\":"), status: 400, closeWriting: true) },
            { _ in Case(name: "chunked body", bytes: request("POST /api/workouts HTTP/1.1\r\nHost: \(host)\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"), status: 501) },
            { r in Case(name: "body over 1 MB", bytes: request("POST /api/workouts HTTP/1.1\r\nHost: \(host)\r\nContent-Length: \(1_048_577 + r.below(1_000_000))\r\n\r\n"), status: 413) },
            { r in
                var body = Array("{\"exercise\": \"Back Squat\", \"sets\": [\"".utf8) + [0xC3, 0x28, 0xFF] + r.bytes(r.below(20)).map { $0 | 0x80 } + Array("\"]}".utf8)
                if r.below(2) == 0 { body = [0xEF, 0xBB, 0xBF, 0xFE] + body }
                return Case(name: "invalid UTF-8 body", bytes: request("POST /api/workouts/\(id)/sets HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n", body), status: 400)
            },
            { r in
                let depth = 1_000 + r.below(200_000)
                let body = r.below(2) == 0 ? Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
                    : Array(String(repeating: "{\"a\":", count: depth / 5).utf8) + [UInt8(ascii: "1")] + Array(repeating: UInt8(ascii: "}"), count: depth / 5)
                let status = body.count > 1_048_576 ? 413 : 400
                return Case(name: "deep JSON", bytes: request("POST /api/workouts/\(id)/sets HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n", body), status: status)
            },
            { r in
                let paths: [(String, Int)] = [("/api/../liftlog.json", 400), ("/api/%2e%2e/%2e%2e/etc/passwd", 400), ("/../../etc/passwd", 400),
                                              ("/api/workouts/..%2F..%2Fliftlog.json", 400), ("/api/workouts/%00", 400), ("/api/workouts/a%2Fb", 400),
                                              ("/api/exercises/..%2F..%2Fliftlog", 404), ("/api/plans/..%2Fplans%2Fx", 404), ("/api/workouts/%zz", 400),
                                              ("/api/workout-sets/..%2F..%2Fx.y", 400), ("/api/exercises/%C3%28", 400), ("/api/./health", 400)]
                let (path, status) = paths[r.below(paths.count)]
                return Case(name: "traversal \(path)", bytes: request("GET \(path) HTTP/1.1\r\nHost: \(host)\r\n\r\n"), status: status)
            },
            { r in
                var bytes = r.bytes(1 + r.below(300)).map { $0 == 13 || $0 == 10 ? 0x20 : $0 }
                bytes += Array("\r\n\r\n".utf8)
                return Case(name: "garbage", bytes: bytes, status: 400)
            },
            { r in
                let lines: [(String, Int)] = [("get /api/health HTTP/1.1", 400), ("BREW /api/health HTTP/1.1", 405), ("GET /api/health HTTP/1.0", 200),
                                              ("GET /api/health HTTP/2.0", 505), ("GET api/health HTTP/1.1", 400), ("GET  /api/health HTTP/1.1", 400),
                                              ("DELETE /api/stats HTTP/1.1", 405), ("GET /api/health", 400)]
                let (line, status) = lines[r.below(lines.count)]
                return Case(name: "request line \(line)", bytes: request(line + "\r\nHost: \(host)\r\n\r\n"), status: status)
            },
            { _ in Case(name: "header without colon", bytes: request("GET /api/health HTTP/1.1\r\nHost: \(host)\r\nNoColonHere\r\n\r\n"), status: 400) },
            { r in Case(name: "header not UTF-8", bytes: request("GET /api/health HTTP/1.1\r\nHost: \(host)\r\nX-A: ") + [0xFF, 0xFE] + r.bytes(3).map { $0 | 0x80 } + Array("\r\n\r\n".utf8), status: 400) },
            { _ in Case(name: "foreign Host", bytes: request("GET /api/health HTTP/1.1\r\nHost: evil.example\r\n\r\n"), status: 421) },
            { _ in Case(name: "cross-origin write", bytes: request("POST /api/workouts HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"), status: 403) },
            { r in
                let bodies = ["{\"exercise\": 5}", "{\"exercise\": \"Back Squat\", \"sets\": \"100x5\"}", "{\"exercise\": \"Back Squat\", \"sets\": [\"100x\"]}",
                              "{\"exercise\": \"Back Squat\", \"reps\": 1e300}", "{\"exercise\": \"Back Squat\", \"sets\": [\"100x5\"], \"create\": \"yes\"}", "null", "\"text\""]
                let body = bodies[r.below(bodies.count)]
                return Case(name: "bad set \(body)", bytes: request("POST /api/workouts/\(id)/sets HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"), status: 400)
            },
            { _ in Case(name: "bare LF hiding a Content-Length", bytes: request("POST /api/workouts HTTP/1.1\r\nHost: \(host)\r\nX: a\nContent-Length: 5\r\n\r\n{}"), status: 400) },
            { _ in Case(name: "form body", bytes: request("POST /api/workouts HTTP/1.1\r\nHost: \(host)\r\nContent-Type: text/plain\r\nContent-Length: 4\r\n\r\nkind"), status: 415) },
        ]
        for _ in 0..<count { cases.append(makers[random.below(makers.count)](&random)) }
        return cases
    }

    @Test("an exercise name of 400,000 characters over HTTP (100,000 in the CLI) is refused before any search")
    func longNames() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            #expect(runBinary(["start", "--store", store]).status == 0)
            let name = String(repeating: "Bench Press ", count: 33_333) + "Bar"
            let message = "Exercise name is \(name.count) characters long; the limit is 100."
            // An argument is at most 128 KB.
            let argument = String(name.prefix(100_000))
            let cli = runBinary(["log", argument, "100x5", "--store", store, "--json"])
            #expect(cli.status == 4 && cli.errorCode == "VALIDATION_ERROR", "\(cli.status) \(cli.output.prefix(300))")
            #expect(cli.errorMessage == "Exercise name is 100000 characters long; the limit is 100.")
            let before = snapshot(store)
            let server = try #require(ServerProcess.start(store: store))
            defer { _ = server.stop() }
            let active = try #require(server.request("GET", "/api/workouts/today").json?["data"]?["id"]?.stringValue)
            for body in ["{\"exercise\": \"\(name)\", \"sets\": [\"100x5\"]}", "{\"exercise\": \"\(name)\", \"weight\": 100, \"reps\": 5}"] {
                let reply = server.request("POST", "/api/workouts/\(active)/sets", body: body)
                #expect(reply.status == 400 && reply.json?["error"]?["code"]?.stringValue == "VALIDATION_ERROR", "\(reply.status) \(reply.body.prefix(300))")
                #expect(reply.json?["error"]?["message"]?.stringValue == message)
            }
            #expect(server.request("GET", "/api/health").status == 200)
            #expect(snapshot(store) == before)
        }
    }

    @Test("5,000 malformed and hostile requests, slowloris and a flood of idle connections: documented statuses, requests still served, the store is unchanged")
    func hostile() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            #expect(runBinary(["start", "--store", store, "--at", "2025-01-24 07:30"]).status == 0)
            #expect(runBinary(["log", "--store", store, "Back Squat", "100x5"]).status == 0)
            #expect(runBinary(["finish", "--store", store]).status == 0)
            let id = try #require(runBinary(["history", "--store", store, "--json"]).json?["data"]?["sessions"]?.arrayValue?.first?["id"]?.stringValue)
            let server = try #require(ServerProcess.start(store: store, ["--timeout", "2"]))
            defer { _ = server.stop() }
            let before = snapshot(store).filter { !$0.key.hasPrefix(".liftlog") }
            let host = "127.0.0.1:\(server.port)"
            var wrong: [String] = []
            let count = getenv("LIFTLOG_HOSTILE_COUNT").flatMap { Int(String(cString: $0)) } ?? 5_000
            let clock = Connection.now()
            for (index, item) in ServeHostileTests.cases(session: id, host: host, count: count, seed: 2026).enumerated() {
                let started = Connection.now()
                if getenv("LIFTLOG_HOSTILE_TRACE") != nil { let line = Array("#\(index) \(item.name)\n".utf8); _ = write(2, line, line.count) }
                let reply = server.raw(item.bytes, closeWriting: item.closeWriting)
                if Connection.now() - started > 1 { print("slow: #\(index) \(item.name) \(Connection.now() - started) s") }
                if reply.status != item.status { wrong.append("#\(index) \(item.name): \(reply.status), expected \(item.status) \(reply.body.prefix(200))") }
            }
            print("\(count) hostile requests in \(Connection.now() - clock) s")
            #expect(wrong.isEmpty, "\(wrong.count) wrong: \(wrong.prefix(10).joined(separator: "\n"))")
            #expect(server.request("GET", "/api/health").status == 200)

            // Slowloris: a header trickled a byte every 200 ms is cut off at the 2 s timeout.
            let trickled = server.trickle(Array("GET /api/health HTTP/1.1\r\nHost: \(host)\r\nX-Slow: \(String(repeating: "s", count: 100))\r\n\r\n".utf8), interval: 200_000)
            #expect(trickled.status == 408 && trickled.seconds < 4, "\(trickled)")

            // A flood of idle connections: over the cap of 64, the connection idle longest is
            // closed to make room for each new one, so a request is served at once; the idle
            // ones left are closed after the timeout.
            var idle: [Int32] = []
            for _ in 0..<200 { if let socket = server.connectSocket() { idle.append(socket) } }
            var served = 0
            for _ in 0..<10 where server.raw(Array("GET /api/health HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8)).status == 200 { served += 1 }
            #expect(served == 10, "\(served) of 10 requests served beside 200 idle connections")
            var closed = 0
            var other: [String] = []
            for socket in idle {
                let text = String(decoding: ServerProcess.readAll(socket), as: UTF8.self)
                if text.isEmpty || text.hasPrefix("HTTP/1.1 408") { closed += 1 } else { other.append(String(text.prefix(60))) }
                close(socket)
            }
            #expect(closed == idle.count, "\(other)")
            var healthy = false
            for _ in 0..<50 where !healthy {
                healthy = server.request("GET", "/api/health").status == 200
                if !healthy { usleep(100_000) }
            }
            #expect(healthy)
            #expect(snapshot(store).filter { !$0.key.hasPrefix(".liftlog") } == before)
        }
    }
}
