#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogKit
import LiftLogProcess
import LiftLogServer

// The HTTP server under load, on loopback only: throughput and latency of a history page and of
// a durable log of a set with N keep-alive clients, each next to the same call made in-process
// and next to a baseline server measured in the same run (Python's `http.server` answering the
// same page from SQLite and logging a set as a committed SQLite row).

/// A server process of the benchmark and the port it listens on.
struct BenchServer {
    let pid: pid_t
    let port: Int

    /// Starts `arguments` with standard error discarded and reads the port from the first
    /// line of its output (the first number after `127.0.0.1:`, or the first number).
    static func start(_ arguments: [String]) -> BenchServer? {
        guard let (pid, text) = startReadingFirstLine(arguments) else { return nil }
        let after = text.split(separator: "127.0.0.1:", maxSplits: 1).last.map(String.init) ?? text
        guard let port = Int(after.prefix { $0.isNumber }) else {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            return nil
        }
        return BenchServer(pid: pid, port: port)
    }

    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}

/// Starts `arguments` with standard error discarded and waits for the first line of its
/// output: the process and that line, or `nil` when it could not be started.
func startReadingFirstLine(_ arguments: [String]) -> (pid: pid_t, line: String)? {
    var pipeEnds: [Int32] = [0, 0]
    pipe(&pipeEnds)
    let started = ProcessSupport.spawn(arguments[0], arguments: arguments, environment: ["PATH=/usr/bin:/bin", "HOME=/nonexistent"],
                                       output: .descriptor(pipeEnds[1]), error: .null, closing: [pipeEnds[0]])
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard case .success(let pid) = started else { return nil }
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(pipeEnds[0], &byte, 1) == 1, byte != 0x0A { line.append(byte) }
    return (pid, String(decoding: line, as: UTF8.self))
}

/// One keep-alive connection sending one request at a time.
final class BenchConnection {
    private let socket: Int32
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    init?(port: Int) {
        guard let descriptor = connectToLoopback(port: port) else { return nil }
        socket = descriptor
    }

    deinit { close(socket) }

    /// Sends `request` and reads the whole response; its status, 0 when the connection failed.
    func exchange(_ request: [UInt8]) -> Int {
        guard request.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { return 0 }
        var reply: [UInt8] = []
        var headEnd: Int?
        var length = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return 0 }
            reply += buffer[..<count]
            if headEnd == nil, let end = BenchConnection.headEnd(reply) {
                headEnd = end
                let head = String(decoding: reply[..<end], as: UTF8.self).lowercased()
                for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
                    length = Int(String(line.dropFirst("content-length:".count)).trimmingWhitespace()) ?? 0
                }
            }
            if let headEnd, reply.count >= headEnd + 4 + length {
                return Int(String(decoding: reply[9..<12], as: UTF8.self)) ?? 0
            }
        }
    }

    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}

/// What `clients` keep-alive clients measured together.
struct LoadResult {
    var requests: Int
    var seconds: Double
    /// Latencies of every request, in milliseconds, sorted.
    var latencies: [Double]
    var failures: Int

    var perSecond: Double { Double(requests) / seconds }
    func percentile(_ fraction: Double) -> Double {
        latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
    }
}

/// The latencies one client thread measured.
private final class ClientSamples: @unchecked Sendable {
    var latencies: [Double] = []
    var failures = 0
}

/// Runs `clients` threads, each with its own keep-alive connection, each sending `perClient`
/// requests made by `request(client, index)` one after the other.
func load(port: Int, clients: Int, perClient: Int, _ request: @escaping @Sendable (Int, Int) -> [UInt8]) -> LoadResult {
    let samples = (0..<clients).map { _ in ClientSamples() }
    let start = now()
    let threads = (0..<clients).compactMap { client in
        Threads.start {
            let box = samples[client]
            guard let connection = BenchConnection(port: port) else { box.failures = perClient; return }
            box.latencies.reserveCapacity(perClient)
            for index in 0..<perClient {
                let before = now()
                let status = connection.exchange(request(client, index))
                box.latencies.append((now() - before) * 1000)
                if !(200..<300).contains(status) { box.failures += 1 }
            }
        }
    }
    for thread in threads { pthread_join(thread, nil) }
    let seconds = now() - start
    return LoadResult(requests: clients * perClient, seconds: seconds,
                      latencies: samples.flatMap(\.latencies).sorted(), failures: samples.reduce(0) { $0 + $1.failures })
}

/// The baseline: Python's threading `http.server` with HTTP/1.1 keep-alive, one SQLite
/// connection per thread (Python's defaults: rollback journal, `synchronous=FULL`).
let pythonBaseline = #"""
import json, sqlite3, sys, threading
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
from urllib.parse import urlparse, parse_qs

database = sys.argv[1]
local = threading.local()

def connection():
    c = getattr(local, "c", None)
    if c is None:
        c = sqlite3.connect(database)
        local.c = c
    return c

setup = sqlite3.connect(database)
setup.execute("CREATE TABLE IF NOT EXISTS sets (id INTEGER PRIMARY KEY, session TEXT, exercise TEXT, notation TEXT)")
setup.commit()
setup.close()
columns = ["id", "kind", "status", "started_at", "completed_at", "plan_day", "exercise_count", "set_count", "total_volume", "path"]

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Without this, each response waits for the client's delayed ACK (Nagle): 40 ms a request.
    disable_nagle_algorithm = True

    def log_message(self, *arguments):
        pass

    def reply(self, status, data):
        body = json.dumps({"success": True, "data": data}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        query = parse_qs(urlparse(self.path).query)
        page = int(query.get("page", ["1"])[0])
        per_page = int(query.get("per_page", ["20"])[0])
        c = connection()
        rows = c.execute("SELECT * FROM sessions ORDER BY started_at DESC LIMIT ? OFFSET ?", (per_page, (page - 1) * per_page)).fetchall()
        total = c.execute("SELECT count(*) FROM sessions").fetchone()[0]
        self.reply(200, {"sessions": [dict(zip(columns, row)) for row in rows], "page": page, "per_page": per_page, "total": total})

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        session = self.path.split("/")[3]
        c = connection()
        for notation in body["sets"]:
            c.execute("INSERT INTO sets (session, exercise, notation) VALUES (?, ?, ?)", (session, body["exercise"], notation))
        c.commit()
        self.reply(201, {"logged": len(body["sets"])})

class Server(ThreadingHTTPServer):
    # 50 clients connecting at once overflow the default backlog of 5.
    request_queue_size = 128
    daemon_threads = True

server = Server(("127.0.0.1", 0), Handler)
print("listening on 127.0.0.1:%d" % server.server_address[1], flush=True)
server.serve_forever()
"""#

/// The figures of the server benchmark, for the report's targets.
struct ServerFigures {
    var lines: [String] = []
    var targets: [String] = []
}

/// Measures `liftlog serve` (the release binary `liftlog`) over the store at `store`, next to
/// the API called in-process and to the Python baseline over `sqliteScript` (the SQL that
/// loads the same sessions), when Python is installed.
@MainActor func serverBenchmark(liftlog: String, store: String, folder: String, sqliteScript: String?, quick: Bool) throws -> ServerFigures {
    var figures = ServerFigures()
    func say(_ line: String) {
        print("  " + line)
        fflush(nil)
        figures.lines.append(line)
    }
    guard let server = BenchServer.start([liftlog, "serve", "--store", store, "--listen", "127.0.0.1:0", "--timeout", "60"]) else {
        say("liftlog serve did not start")
        return figures
    }
    defer { server.stop() }
    let python = findPython()
    var baseline: BenchServer?
    if let python, let sqliteScript {
        let database = folder + "/baseline.sqlite"
        let script = folder + "/baseline.py"
        writeText(pythonBaseline, to: script)
        let loader = "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(open(sys.argv[2]).read()); c.close()"
        if runProcess([python, "-c", loader, database, sqliteScript]).status == 0 {
            baseline = BenchServer.start([python, script, database])
        }
    }
    defer { baseline?.stop() }
    if baseline == nil { say("baseline: python3 not installed or did not start; only liftlog is measured") }

    let api = API(storePath: store, token: nil, allowedHosts: [], version: "bench")
    let pageTarget = "/api/workouts?page=1&per_page=10"
    let host = "127.0.0.1:\(server.port)"
    let pageRequest = Array("GET \(pageTarget) HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8)
    let inProcessPage = medianMilliseconds(runs: quick ? 201 : 1001) { _ = api.handle(HTTPRequest(method: "GET", target: pageTarget)!) }
    let clientCounts = [1, 8, 50]
    let total = quick ? 5_000 : 20_000
    var liftlog50: LoadResult?
    say("GET \(pageTarget): in-process API call \(format(inProcessPage)) ms (median)")
    for clients in clientCounts {
        let perClient = max(1, total / clients)
        let ours = load(port: server.port, clients: clients, perClient: perClient) { _, _ in pageRequest }
        var line = "GET page, \(clients) client\(clients == 1 ? "" : "s"): liftlog \(format(ours.perSecond, digits: 0))/s, p50 \(format(ours.percentile(0.5))) ms, p99 \(format(ours.percentile(0.99))) ms"
        if ours.failures > 0 { line += " (\(ours.failures) failed)" }
        if clients == 1 { line += "; \(format(ours.percentile(0.5) / inProcessPage, digits: 2))× the in-process call" }
        if let baseline {
            let theirs = load(port: baseline.port, clients: clients, perClient: perClient) { _, _ in pageRequest }
            line += " | Python+SQLite \(format(theirs.perSecond, digits: 0))/s, p50 \(format(theirs.percentile(0.5))) ms, p99 \(format(theirs.percentile(0.99))) ms"
            if theirs.failures > 0 { line += " (\(theirs.failures) failed)" }
            line += " | \(format(ours.perSecond / theirs.perSecond, digits: 2))× its throughput"
        }
        say(line)
        if clients == 50 { liftlog50 = ours }
    }

    // A durable log of one set: over HTTP, through the API in-process, and through the library
    // alone, alternating so that all three see the same session size.
    let active = try Store.open(at: store).activeSession()!.session.id.description
    let setBody = Array("{\"exercise\": \"Back Squat\", \"sets\": [\"100x5\"]}".utf8)
    let setTarget = "/api/workouts/\(active)/sets"
    let setRequest = Array("POST \(setTarget) HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\nContent-Length: \(setBody.count)\r\n\r\n".utf8) + setBody
    var overHTTP: [Double] = [], throughAPI: [Double] = [], library: [Double] = []
    guard let connection = BenchConnection(port: server.port) else { return figures }
    let set = [SetNotation(weight: 100, unit: .kg, reps: 5)]
    for _ in 0..<(quick ? 21 : 51) {
        var start = now()
        precondition(connection.exchange(setRequest) == 201, "the server refused a set")
        overHTTP.append((now() - start) * 1000)
        start = now()
        let response = api.handle(HTTPRequest(method: "POST", target: setTarget, headers: ["Content-Type": "application/json"], body: setBody)!)
        precondition(response.status == 201, "the API refused a set")
        throughAPI.append((now() - start) * 1000)
        start = now()
        _ = try Store.open(at: store).log(exercise: "Back Squat", sets: set)
        library.append((now() - start) * 1000)
    }
    let median = { (values: [Double]) in values.sorted()[values.count / 2] }
    let durable = median(overHTTP) / median(library)
    say("POST a set, 1 client: over HTTP \(format(median(overHTTP))) ms, the API in-process \(format(median(throughAPI))) ms, Store.log \(format(median(library))) ms (medians; HTTP \(format(durable, digits: 2))× the library)")
    let setClients = 8, setsEach = quick ? 25 : 100
    let ours = load(port: server.port, clients: setClients, perClient: setsEach) { _, _ in setRequest }
    var line = "POST sets, \(setClients) clients × \(setsEach): liftlog \(format(ours.perSecond, digits: 0)) sets/s, p50 \(format(ours.percentile(0.5))) ms, p99 \(format(ours.percentile(0.99))) ms"
    if ours.failures > 0 { line += " (\(ours.failures) refused)" }
    if let baseline {
        let theirs = load(port: baseline.port, clients: setClients, perClient: setsEach) { _, _ in setRequest }
        line += " | Python+SQLite \(format(theirs.perSecond, digits: 0)) sets/s, p50 \(format(theirs.percentile(0.5))) ms, p99 \(format(theirs.percentile(0.99))) ms"
        if theirs.failures > 0 { line += " (\(theirs.failures) refused)" }
    }
    say(line)

    if let liftlog50 {
        figures.targets.append("HTTP history pages at 50 clients: \(format(liftlog50.perSecond, digits: 0))/s (target ≥ 5000/s) \(liftlog50.perSecond >= 5_000 ? "met" : "NOT met")")
        let p99 = liftlog50.percentile(0.99)
        figures.targets.append("HTTP history page p99 at 50 clients: \(format(p99)) ms (target ≤ 10 ms) \(p99 <= 10 ? "met" : "NOT met")")
    }
    figures.targets.append("durable log over HTTP vs in-process: \(format(durable, digits: 2))× (target ≤ 1.5×) \(durable <= 1.5 ? "met" : "NOT met")")
    return figures
}

/// Writes `text` to a new file at `path`.
func writeText(_ text: String, to path: String) {
    let file = fopen(path, "w")
    fputs(text, file)
    fclose(file)
}

/// The web app's budgets, measured in headless Chromium by `scripts/browser-tests.py planned`
/// (a planned workout tapped through) on a copy of the sample store: first render after load
/// ≤ 300 ms and tap to file on disk ≤ 100 ms (median). `nil` when Chromium, chromedriver,
/// Selenium or the repository's scripts are not at hand.
func webAppBudgets(liftlog: String, repository: String) -> [String]? {
    let script = repository + "/scripts/browser-tests.py"
    guard let python = findPython(), access(script, R_OK) == 0 else { return nil }
    /// The figures line (`{…}`) the scenario printed, or the last line it printed; on the
    /// sample store, with `synthetic` sessions of the thirty years before it added when given.
    func scenario(_ name: String, synthetic: Int = 0) -> Result<JSONValue, BenchFailure> {
        let folder = makeTemporaryDirectory()
        defer { removeTree(folder) }
        guard runProcess(["/bin/cp", "-R", repository + "/SampleData/store", folder + "/store"]).status == 0 else { return .failure(BenchFailure("no copy of the sample store")) }
        if synthetic > 0 {
            guard (try? SyntheticStore.build(at: folder + "/synthetic", count: synthetic, lastYear: 2024)) != nil,
                  runProcess(["/bin/cp", "-R", folder + "/synthetic/sessions/.", folder + "/store/sessions/"]).status == 0 else {
                return .failure(BenchFailure("no synthetic sessions"))
            }
            // Its index built, as a store in use has it (a fresh clone's first read builds it).
            removeTree(folder + "/store/.liftlog")
            guard runProcess([liftlog, "reindex", "--store", folder + "/store"]).status == 0 else { return .failure(BenchFailure("no index of the store")) }
        }
        var pipeEnds: [Int32] = [0, 0]
        pipe(&pipeEnds)
        guard case .success(let pid) = ProcessSupport.spawn(python, arguments: [python, script, "--liftlog", liftlog, "--store", folder + "/store", name],
                                                            environment: ["PATH=\(searchPath())", "HOME=\(folder)", "TMPDIR=\(folder)", "SE_OFFLINE=true"],
                                                            output: .descriptor(pipeEnds[1]), error: .null, closing: [pipeEnds[0]]) else { return .failure(BenchFailure("python did not start")) }
        close(pipeEnds[1])
        let output = String(decoding: ProcessSupport.readAll(pipeEnds[0]), as: UTF8.self)
        guard ProcessSupport.wait(for: pid) == 0, let line = output.split(separator: "\n").first(where: { $0.hasPrefix("{") }),
              let figures = try? JSONParser.parse(Array(line.utf8)) else {
            return .failure(BenchFailure(String(output.split(separator: "\n").last ?? "")))
        }
        return .success(figures)
    }
    var lines: [String] = []
    func number(_ figures: JSONValue, _ key: String) -> Double? {
        guard case .number(let value)? = figures[key] else { return nil }
        return value.doubleValue
    }
    switch scenario("planned") {
    case .success(let figures):
        let render = number(figures, "first_render_ms") ?? .infinity, tap = number(figures, "tap_to_file_median_ms") ?? .infinity
        lines += ["web app first render after load: \(format(render, digits: 0)) ms (budget ≤ 300 ms) \(render <= 300 ? "met" : "NOT met")",
                  "web app tap to file on disk: median \(format(tap, digits: 0)) ms (budget ≤ 100 ms) \(tap <= 100 ? "met" : "NOT met")"]
    case .failure(let failure):
        lines.append("web app budgets: the browser scenario did not run (\(failure.reason))")
    }
    // The same on thirty years of sessions (10,000 more in the sample store): what the page
    // reads grows with the log only where the server's answers do.
    switch scenario("planned", synthetic: 10_000) {
    case .success(let figures):
        let render = number(figures, "first_render_ms") ?? .infinity, tap = number(figures, "tap_to_file_median_ms") ?? .infinity
        lines += ["web app on 30 years of sessions (10,000 more): first render \(format(render, digits: 0)) ms, tap to file median \(format(tap, digits: 0)) ms "
                  + "(budgets ≤ 300 ms, ≤ 100 ms) \(render <= 300 && tap <= 100 ? "met" : "NOT met")"]
    case .failure(let failure):
        lines.append("web app budgets on 30 years of sessions: the browser scenario did not run (\(failure.reason))")
    }
    // Five exercises, 15 planned sets logged as planned: one tap a set, start and finish.
    switch scenario("taps") {
    case .success(let figures):
        let taps = Int(number(figures, "taps") ?? -1), sets = Int(number(figures, "sets") ?? 0)
        lines.append("web app taps for a planned workout of \(sets) sets: \(taps) (target ≤ \(sets + 2): one a set, start and finish) \(taps >= 0 && taps <= sets + 2 && sets == 15 ? "met" : "NOT met")")
    case .failure(let failure):
        lines.append("web app taps: the browser scenario did not run (\(failure.reason))")
    }
    return lines
}

/// Why a measure could not be taken.
struct BenchFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// The search path of this process.
func searchPath() -> String { getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin" }

/// Python 3 as the shell would find it, for the baseline server and the browser scenario.
func findPython() -> String? {
    let candidates = searchPath().split(separator: ":").map { "\($0)/python3" }
    return candidates.first { path in access(path, X_OK) == 0 }
}
