#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogKit
import LiftLogProcess

/// Set by the SIGINT and SIGTERM handlers: the server stops accepting and finishes what it
/// has (a signal handler may only touch such a flag).
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0

/// An HTTP/1.1 server over POSIX sockets: a thread per connection (at most
/// ``maximumConnections``; beyond, the connection idle longest is closed to make room, and only
/// when all are busy with requests is a new one answered 503), keep-alive, read timeouts (408), and a graceful stop on
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
    private let connections = ConnectionTable()
    /// Handlers running at once: two per core, the others served in arrival order.
    private let gate = FairGate(capacity: 2 * onlineProcessorCount)

    /// Binds `host:port` (an IPv4 address such as `127.0.0.1`, or an IPv6 one such as `::1`)
    /// and listens.
    ///
    /// - Throws: `IO_ERROR` when the address cannot be bound (in use, not this machine's).
    public init(host: String, port: Int, maximumConnections: Int = 64, timeoutSeconds: Int = 10,
                log: @escaping @Sendable (String) -> Void) throws(LiftLogError) {
        self.maximumConnections = maximumConnections
        self.timeoutSeconds = timeoutSeconds
        self.log = log
        guard let found = socketAddress(host: host, port: port) else {
            throw host.contains(":") ? .validation("'\(host)' is not an IPv6 address such as ::1 or ::.")
                                     : .validation("'\(host)' is not an IPv4 address such as 127.0.0.1 or 0.0.0.0.")
        }
        var address = found.address
        let length = found.length, family = found.family
        #if canImport(Darwin)
        let descriptor = socket(family, SOCK_STREAM, 0)
        #else
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw .io(path: "\(host):\(port)", operation: "listen on", reason: "no socket (\(errno))") }
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        // An IPv6 address means that address only, not IPv4's as well.
        if family == AF_INET6 { _ = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size)) }
        #if canImport(Darwin)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let reason = errno == EADDRINUSE ? "the port is in use" : errno == EADDRNOTAVAIL ? "the address is not this machine's" : "error \(errno)"
            closeDescriptor(descriptor)
            throw .io(path: family == AF_INET6 ? "[\(host)]:\(port)" : "\(host):\(port)", operation: "listen on", reason: reason)
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        self.port = withUnsafePointer(to: &actual) { pointer in
            family == AF_INET6
                ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
                : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
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
            // At the limit, the connection idle longest makes room; only when every one is
            // busy with a request is the new one refused.
            guard connections.admit(connection, limit: maximumConnections) else {
                connection.write(HTTPServer.errorResponse(503, "SERVER_BUSY", "Too many connections; try again in a moment.").serialized(keepAlive: false))
                connection.close()
                log("- - 503 (too many connections)")
                continue
            }
            let started = Threads.detach { [self] in
                serve(connection, handler)
                connections.remove(connection)
            }
            if !started {
                connections.remove(connection)
                connection.write(HTTPServer.errorResponse(503, "SERVER_BUSY", "The server cannot take another connection now; try again in a moment.").serialized(keepAlive: false))
                connection.close()
                log("- - 503 (no thread for the connection)")
            }
        }
        closeDescriptor(listener)
        // Requests in flight finish.
        for _ in 0..<(timeoutSeconds * 10) where connections.count > 0 { usleep(100_000) }
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

/// The connections being served, shared by the accepting thread and the connections' own.
private final class ConnectionTable: @unchecked Sendable {
    private let lock = Mutex()
    private var open: [ObjectIdentifier: Connection] = [:]

    /// Takes `connection` in when fewer than `limit` are open, or when one that waits for a
    /// request with nothing of it arrived can be closed to make room (the one idle longest);
    /// whether it was taken.
    func admit(_ connection: Connection, limit: Int) -> Bool {
        lock.withLock {
            if open.count >= limit {
                let idle = open.values.compactMap { other in other.idleSince.map { (other, $0) } }.sorted { $0.1 < $1.1 }
                guard let freed = idle.first(where: { $0.0.closeIfIdle() })?.0 else { return false }
                open[ObjectIdentifier(freed)] = nil
            }
            open[ObjectIdentifier(connection)] = connection
            return true
        }
    }

    func remove(_ connection: Connection) { lock.withLock { _ = open.removeValue(forKey: ObjectIdentifier(connection)) } }

    var count: Int { lock.withLock { open.count } }
}

/// Milliseconds since a start, for the access log.
private struct Clock {
    var start: Double

    static func start() -> Clock { Clock(start: monotonicSeconds()) }

    var milliseconds: Int { Int((monotonicSeconds() - start) * 1000) }
}
