import LiftLogKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One accepted TCP connection: reads with a timeout, writes whole buffers, closes once.
final class Connection: @unchecked Sendable {
    /// What one read gave.
    enum ReadResult {
        case data([UInt8])
        case closed
        case timedOut
    }

    let descriptor: Int32
    /// How long a request's head, and then its body, may take to arrive in all.
    let timeoutSeconds: Int
    /// Since when the connection has waited for a request with nothing of it arrived (`nil`
    /// while a request is read or answered): such a connection may be closed to make room.
    /// From its accepting on, before its thread first waits: on a busy machine a flood of new
    /// connections would otherwise all look busy, and the next one be refused.
    private var waitingSince: Double? = Connection.now()
    /// Set when the server closed the connection to make room.
    private var closedForRoom = false
    private let stateLock = Mutex()

    /// Sets the time a read may wait (the header and body timeouts: a slow client gets 408).
    init(descriptor: Int32, timeoutSeconds: Int) {
        self.descriptor = descriptor
        self.timeoutSeconds = timeoutSeconds
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Reads what has arrived, waiting at most until `deadline` (``Connection/now()``
    /// seconds): a client that trickles a byte at a time (slowloris) still runs out of time.
    func read(until deadline: Double? = nil) -> ReadResult {
        if let deadline {
            let remaining = deadline - Connection.now()
            guard remaining > 0 else { return .timedOut }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 3_600_000).rounded(.up)))
            if ready == 0 { return .timedOut }
        }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { return .data(Array(buffer[..<count])) }
            if count == 0 { return .closed }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .timedOut : .closed
        }
    }

    /// What waiting for the next request gave.
    enum Wait {
        /// Its first bytes are there to read.
        case ready
        /// The client closed the connection, or the server did to make room.
        case closed
        /// Nothing came within the timeout.
        case timedOut
    }

    /// How long a request's head may take from its first byte: a short time, however long
    /// a body may take.
    var headSeconds: Double { Double(min(timeoutSeconds, 5)) }

    /// Waits (at most the timeout) for the first byte of the next request, as an idle
    /// connection that ``closeIfIdle()`` may close to make room for another.
    func awaitRequest() -> Wait {
        stateLock.withLock { waitingSince = Connection.now() }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat { ready = poll(&poller, 1, Int32(timeoutSeconds * 1000)) } while ready < 0 && errno == EINTR
        return stateLock.withLock {
            waitingSince = nil
            if closedForRoom { return .closed }
            return ready > 0 ? .ready : .timedOut
        }
    }

    /// Since when the connection has waited for a request, or `nil` while it is busy.
    var idleSince: Double? { stateLock.withLock { waitingSince } }

    /// Ends the connection if it is waiting for a request with nothing of it arrived (its
    /// thread then sees it closed and lets it go); whether it did.
    func closeIfIdle() -> Bool {
        stateLock.withLock {
            guard waitingSince != nil, !closedForRoom else { return false }
            var byte: UInt8 = 0
            if recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0 { return false }
            closedForRoom = true
            _ = shutdown(descriptor, Int32(SHUT_RDWR))
            return true
        }
    }

    /// Writes every byte; `false` when the client is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + sent, $0.count - sent, Connection.sendFlags) }
            if count > 0 { sent += count; continue }
            if count < 0 && errno == EINTR { continue }
            return false
        }
        return true
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double { monotonicSeconds() }

    func close() {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        closeDescriptor(descriptor)
    }

    /// No SIGPIPE when the client is gone (on Apple platforms the socket option says so).
    #if canImport(Darwin)
    static let sendFlags: Int32 = 0
    #else
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif
}

/// `close(2)`, whichever C library provides it.
func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #elseif canImport(Musl)
    _ = Musl.close(descriptor)
    #elseif canImport(Darwin)
    _ = Darwin.close(descriptor)
    #endif
}

/// A TCP connection to `127.0.0.1:port` (`[::1]:port` with `ipv6`) with Nagle's delay off, or
/// `nil`: the client side of the tests and the benchmark.
package func connectToLoopback(port: Int, ipv6: Bool = false) -> Int32? {
    #if canImport(Darwin)
    let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM, 0)
    #else
    let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard descriptor >= 0 else { return nil }
    guard let found = socketAddress(host: ipv6 ? "::1" : "127.0.0.1", port: port) else {
        closeDescriptor(descriptor)
        return nil
    }
    var address = found.address
    let length = found.length
    var connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, length) } }
    if connected != 0 && errno == EINTR {
        // Interrupted by a signal, the connection goes on by itself: wait until it is made.
        var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while poll(&poller, 1, 20_000) < 0 && errno == EINTR {}
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
        connected = poller.revents & Int16(POLLOUT) != 0 && failure == 0 ? 0 : -1
    }
    guard connected == 0 else {
        closeDescriptor(descriptor)
        return nil
    }
    var one: Int32 = 1
    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    return descriptor
}

/// The socket address of `host` (an IPv4 address, or an IPv6 one when it holds a colon) and
/// `port`, its length and its family; `nil` when `host` is no such address.
func socketAddress(host: String, port: Int) -> (address: sockaddr_storage, length: socklen_t, family: Int32)? {
    var address = sockaddr_storage()
    if host.contains(":") {
        var inet6 = sockaddr_in6()
        inet6.sin6_family = sa_family_t(AF_INET6)
        #if canImport(Darwin)
        inet6.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
        #endif
        inet6.sin6_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET6, host, &inet6.sin6_addr) == 1 else { return nil }
        withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee = inet6 } }
        return (address, socklen_t(MemoryLayout<sockaddr_in6>.size), AF_INET6)
    }
    var inet = sockaddr_in()
    inet.sin_family = sa_family_t(AF_INET)
    inet.sin_port = in_port_t(UInt16(port).bigEndian)
    guard inet_pton(AF_INET, host, &inet.sin_addr) == 1 else { return nil }
    withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee = inet } }
    return (address, socklen_t(MemoryLayout<sockaddr_in>.size), AF_INET)
}
