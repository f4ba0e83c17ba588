#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogKit

/// Set by the SIGINT and SIGTERM handlers: the server stops accepting and finishes what it
/// has (a signal handler may only touch such a flag).
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0

/// An HTTP/1.1 server over POSIX sockets: a thread per connection (at most
/// ``maximumConnections``; beyond, 503), keep-alive, read timeouts (408), and a graceful stop on
/// SIGINT or SIGTERM that lets requests in flight finish.
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The most connections served at once.
    public let maximumConnections: Int
    /// How long a read may wait before the request is refused with 408.
    public let timeoutSeconds: Int
    private let log: @Sendable (String) -> Void
    private let listener: Int32
    /// The port bound (the one asked, or the system's choice for port 0).
    public let port: Int
    private let active = Counter()
    /// Handlers running at once: two per core, the others served in arrival order.
    private let gate = FairGate(capacity: 2 * onlineProcessorCount)

    /// Binds `host:port` (an IPv4 address) and listens.
    ///
    /// - Throws: `IO_ERROR` when the address cannot be bound (in use, not this machine's).
    public init(host: String, port: Int, maximumConnections: Int = 64, timeoutSeconds: Int = 10,
                log: @escaping @Sendable (String) -> Void) throws(LiftLogError) {
        self.maximumConnections = maximumConnections
        self.timeoutSeconds = timeoutSeconds
        self.log = log
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw .io(path: "\(host):\(port)", operation: "listen on", reason: "no socket (\(errno))") }
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            closeDescriptor(descriptor)
            throw .validation("'\(host)' is not an IPv4 address such as 127.0.0.1 or 0.0.0.0.")
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let reason = errno == EADDRINUSE ? "the port is in use" : errno == EADDRNOTAVAIL ? "the address is not this machine's" : "error \(errno)"
            closeDescriptor(descriptor)
            throw .io(path: "\(host):\(port)", operation: "listen on", reason: reason)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        listener = descriptor
    }

    /// Serves with `handler` until SIGINT or SIGTERM, then waits (up to the timeout) for
    /// requests in flight.
    public func run(_ handler: @escaping Handler) {
        stopRequested = 0
        signal(SIGINT) { _ in stopRequested = 1 }
        signal(SIGTERM) { _ in stopRequested = 1 }
        signal(SIGPIPE, SIG_IGN)
        ProcessSupport.unblockStopSignals()
        while stopRequested == 0 {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            let connection = Connection(descriptor: client, timeoutSeconds: timeoutSeconds)
            guard active.increment() <= maximumConnections else {
                active.decrement()
                connection.write(HTTPServer.errorResponse(503, "SERVER_BUSY", "Too many connections; try again in a moment.").serialized(keepAlive: false))
                connection.close()
                log("- - 503 (too many connections)")
                continue
            }
            let started = Threads.detach { [self] in
                serve(connection, handler)
                active.decrement()
            }
            if !started {
                active.decrement()
                connection.write(HTTPServer.errorResponse(503, "SERVER_BUSY", "The server cannot take another connection now; try again in a moment.").serialized(keepAlive: false))
                connection.close()
                log("- - 503 (no thread for the connection)")
            }
        }
        closeDescriptor(listener)
        // Requests in flight finish.
        for _ in 0..<(timeoutSeconds * 10) where active.value > 0 { usleep(100_000) }
    }

    private func serve(_ connection: Connection, _ handler: Handler) {
        defer { connection.close() }
        var reader = RequestReader(connection: connection)
        while true {
            let request: HTTPRequest
            do throws(RequestReader.Failure) {
                guard let next = try reader.next() else { return }
                request = next
            } catch {
                connection.write(HTTPServer.errorResponse(error.status, "BAD_REQUEST", error.message).serialized(keepAlive: false))
                log("- - \(error.status) (\(error.message))")
                return
            }
            let clock = Clock.start()
            let response = gate.run { handler(request) }
            let keepAlive = request.header("connection")?.lowercased() != "close" && stopRequested == 0
            guard connection.write(response.serialized(keepAlive: keepAlive, headOnly: request.method == "HEAD")) else { return }
            log("\(request.method) \(request.path) \(response.status) \(clock.milliseconds) ms")
            if !keepAlive { return }
        }
    }

    /// An error in the API's envelope, for failures before a request reaches the API.
    static func errorResponse(_ status: Int, _ code: String, _ message: String) -> HTTPResponse {
        let body: JSONValue = ["success": .bool(false), "error": ["code": .string(code), "message": .string(message), "details": .null]]
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")],
                            body: JSONWriter.compactBytes(body))
    }
}

/// A count shared by the connection threads.
private final class Counter: @unchecked Sendable {
    private let lock = Mutex()
    private var count = 0

    @discardableResult
    func increment() -> Int { lock.withLock { count += 1; return count } }
    func decrement() { lock.withLock { count -= 1 } }
    var value: Int { lock.withLock { count } }
}

/// Milliseconds since a start, for the access log.
private struct Clock {
    var start: Double

    static func start() -> Clock { Clock(start: monotonicSeconds()) }

    var milliseconds: Int { Int((monotonicSeconds() - start) * 1000) }
}
