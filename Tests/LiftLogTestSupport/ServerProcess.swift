#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogKit
import LiftLogProcess
import LiftLogServer

/// A `liftlog serve` on an ephemeral loopback port, and a minimal HTTP client for it.
public struct ServerProcess: Sendable {
    public let process: ChildProcess
    public let port: Int
    /// The server's access log, read while it runs.
    public let log: Drain
    /// What ``stop()`` found, kept so that stopping twice (a test, then `withServer`'s `defer`)
    /// neither signals a process number that may be someone else's by then nor reads and
    /// closes the pipes' descriptor numbers again (they may name another test's socket by then).
    private let stopped = StopOnce()
    /// Whether the server listens on `[::1]` rather than `127.0.0.1`.
    public var ipv6 = false

    init(process: ChildProcess, port: Int, log: Drain, ipv6: Bool) {
        self.process = process
        self.port = port
        self.log = log
        self.ipv6 = ipv6
    }

    /// Runs `body` with a server (started with `arguments`) over a new store in a temporary
    /// folder, and the store's path; stops the server after.
    public static func withServer(_ arguments: [String] = [], _ body: (ServerProcess, String) throws -> Void) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            let made = runBinary(["init", store])
            guard made.status == 0 else { throw StartFailure(description: "liftlog init failed (\(made.status)): \(made.error)") }
            guard let server = ServerProcess.start(store: store, arguments) else { throw StartFailure(description: "liftlog serve did not start") }
            defer { _ = server.stop() }
            try body(server, store)
        }
    }

    /// Why ``withServer(_:_:)`` could not run its body.
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Sends `bytes` one at a time, `interval` microseconds apart, until the server answers or
    /// closes (a slowloris client); the status it answered and the seconds it took.
    public func trickle(_ bytes: [UInt8], interval: useconds_t) -> (status: Int, seconds: Double) {
        guard let descriptor = connectSocket() else { return (0, 0) }
        defer { close(descriptor) }
        let start = monotonicSeconds()
        for byte in bytes {
            var one = byte
            guard send(descriptor, &one, 1, Int32(MSG_NOSIGNAL)) == 1 else { break }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 0) > 0 { break }
            usleep(interval)
        }
        let text = String(decoding: ServerProcess.readAll(descriptor), as: UTF8.self)
        return (Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0, monotonicSeconds() - start)
    }


    /// Starts the server and reads the port from its first line ("Serving … on http://HOST:PORT/api").
    /// With `ipv6`, it listens on `[::1]` and is reached there.
    public static func start(store: String, _ arguments: [String] = [], ipv6: Bool = false) -> ServerProcess? {
        let process = ChildProcess.start(["serve", "--store", store, "--listen", ipv6 ? "[::1]:0" : "127.0.0.1:0"] + arguments, environment: [:])
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(process.outputPipe, &byte, 1) == 1, byte != 0x0A { line.append(byte) }
        let text = String(decoding: line, as: UTF8.self)
        let after = text.split(separator: ipv6 ? "[::1]:" : "127.0.0.1:", maxSplits: 1, omittingEmptySubsequences: false)
        guard after.count == 2, let port = Int(after[1].prefix { $0.isNumber }) else {
            process.kill()
            _ = process.wait()
            return nil
        }
        return ServerProcess(process: process, port: port, log: Drain(process.errorPipe), ipv6: ipv6)
    }

    /// What the server answered: the status and the body as JSON (`nil` when it is not).
    public struct Reply: Sendable {
        public init(status: Int, body: String, head: String = "", bytes: [UInt8] = []) {
            self.status = status
            self.body = body
            self.head = head
            self.bytes = bytes
        }

        public var status: Int
        public var body: String
        /// The status line and headers.
        public var head: String = ""
        /// The body as bytes (an image's).
        public var bytes: [UInt8] = []
        public var json: JSONValue? { try? JSONParser.parse(Array(body.utf8)) }

        /// A header's value (the name compared case-insensitively).
        public func header(_ name: String) -> String? { headers(name).first }

        /// Every value of a header, in order (a header sent twice has two).
        public func headers(_ name: String) -> [String] {
            head.split(separator: "\r\n").dropFirst().compactMap { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return parts.count == 2 && parts[0].lowercased() == name.lowercased() ? String(parts[1]).trimmingWhitespace() : nil
            }
        }
    }

    public func request(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) -> Reply {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(ipv6 ? "[::1]" : "127.0.0.1"):\(port)\r\nConnection: close\r\n"
        var all = headers
        if let body {
            if all["Content-Type"] == nil { all["Content-Type"] = "application/json" }
            all["Content-Length"] = String(body.utf8.count)
        }
        for (name, value) in all.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        return raw(Array((head + "\r\n" + (body ?? "")).utf8))
    }

    /// Sends `bytes` as they are and reads the reply until the server closes.
    /// With `closeWriting`, the client says it will send nothing more (a request cut short).
    public func raw(_ bytes: [UInt8], pauseAfterSending: useconds_t = 0, closeWriting: Bool = false) -> Reply {
        let (answer, failure) = exchange(bytes, pause: pauseAfterSending, closeWriting: closeWriting)
        // No answer at all: status 0, and what happened in the body (for the test's message).
        if answer.isEmpty { return Reply(status: 0, body: failure ?? "the server closed the connection without an answer", head: "") }
        let text = String(decoding: answer, as: UTF8.self)
        let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        let parts = text.split(separator: "\r\n\r\n", maxSplits: 1, omittingEmptySubsequences: false)
        let body = parts.count == 2 ? String(parts[1]) : ""
        let headEnd = ByteFields.firstRange(of: Array("\r\n\r\n".utf8), in: answer[...])?.upperBound ?? answer.count
        return Reply(status: status, body: body, head: String(parts.first ?? ""), bytes: Array(answer[headEnd...]))
    }

    /// A new connection to the server, or `nil`.
    public func connectSocket() -> Int32? {
        guard let descriptor = connectToLoopback(port: port, ipv6: ipv6) else { return nil }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return descriptor
    }

    /// Everything the server sends on `descriptor` until it closes.
    public static func readAll(_ descriptor: Int32) -> [UInt8] {
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            reply += buffer[..<count]
        }
        return reply
    }

    private func exchange(_ bytes: [UInt8], pause: useconds_t, closeWriting: Bool) -> (answer: [UInt8], failure: String?) {
        guard let descriptor = connectSocket() else { return ([], "no connection: errno \(errno)") }
        defer { close(descriptor) }
        // A signal (a child process of another test ending) may interrupt a call: go on.
        var sent = 0
        var failure: String?
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                failure = "sending failed after \(sent) of \(bytes.count) bytes: errno \(errno)"
                break
            }
            sent += count
        }
        if closeWriting { shutdown(descriptor, Int32(SHUT_WR)) }
        if pause > 0 { usleep(pause) }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !ServerProcess.isComplete(reply) {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { failure = (failure.map { $0 + "; " } ?? "") + (errno == EAGAIN || errno == EWOULDBLOCK ? "no answer within 20 s" : "receiving failed: errno \(errno)") }
            if count <= 0 { break }
            reply += buffer[..<count]
        }
        return (reply, failure)
    }

    /// Whether `reply` holds a whole response (its head and Content-Length bytes of body), so
    /// the client need not wait for a kept-alive connection to close.
    public static func isComplete(_ reply: [UInt8]) -> Bool {
        guard let end = (0..<max(0, reply.count - 3)).first(where: { reply[$0] == 13 && reply[$0 + 1] == 10 && reply[$0 + 2] == 13 && reply[$0 + 3] == 10 }) else { return false }
        let head = String(decoding: reply[..<end], as: UTF8.self).lowercased()
        guard let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
              let length = Int(String(line.dropFirst("content-length:".count)).trimmingWhitespace()) else { return false }
        return reply.count >= end + 4 + length
    }

    /// Stops it as Ctrl-C does and returns what it printed.
    public func stop() -> Outcome {
        stopped.once {
            process.kill(SIGINT)
            let output = String(decoding: ProcessSupport.readAll(process.outputPipe), as: UTF8.self)
            let error = log.finish()
            return Outcome(status: ProcessSupport.wait(for: process.pid), output: output, error: error)
        }
    }
}

/// Runs a stop once; later calls get the same outcome.
private final class StopOnce: @unchecked Sendable {
    private let lock = Mutex()
    private var outcome: Outcome?

    public func once(_ body: () -> Outcome) -> Outcome {
        lock.withLock {
            if let outcome { return outcome }
            let result = body()
            outcome = result
            return result
        }
    }
}
