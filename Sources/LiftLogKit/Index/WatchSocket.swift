#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lends a watcher process's ``SessionsWatch`` to every other liftlog process of the store, so
/// that a command skips comparing every month folder with the index (360 `stat`s in a
/// thirty-year log) while the watcher vouches that nothing under `sessions/` changed.
///
/// The watcher (`liftlog watch`, or `liftlog serve`) listens on the Unix socket
/// `.liftlog/watch.sock` (mode 0600). A command about to compare the folders connects and asks
/// `liftlog-watch 1 look H` (`H`: the hash `state.tsv` gives of its lines, naming the index
/// state the command read, `-` for none); the
/// answer is `liftlog-watch 1 current G` (nothing was reported since a comparison found this
/// very state right: skip it), `liftlog-watch 1 compare G` (compare as usual) or
/// `liftlog-watch 1 off` (the watch vouches for nothing). After a comparison that found the
/// state right, the command says `liftlog-watch 1 approve H G`; the watcher takes it only if
/// nothing was reported since it answered `G`. The kernel queues a change's report before the
/// call that made it returns, and the watcher reads the queue before every answer, so a change
/// finished before a command asks is never vouched away.
///
/// No watcher, a dead one's socket, a watcher that does not answer within 200 ms, or an answer
/// in another form: the command compares the folders, as without a watch. Linux only (inotify);
/// elsewhere nothing listens and nothing is asked.
package enum WatchSocket {
    /// The socket, relative to the store.
    package static let path = ".liftlog/watch.sock"
    static let protocolName = "liftlog-watch 1"
    /// How long a command waits for an answer before it compares the folders itself.
    static let timeoutMicroseconds = 200_000

    #if os(Linux)
    /// Asks the store's watcher, if one listens, about the index state whose lines hash to
    /// `hash`: whether it is known to match the folders, and the generation to approve a
    /// comparison at (as ``SessionsWatch`` answers in its own process); `nil` when there is no
    /// watcher or it vouches for nothing.
    static func look(root: String, stateHash hash: UInt64?) -> (current: Bool, generation: UInt64?)? {
        guard let reply = ask(root: root, "look " + (hash.map { String($0, radix: 16) } ?? "-")) else { return nil }
        let words = reply.split(separator: " ")
        guard words.count == 2, let generation = UInt64(words[1], radix: 16) else { return nil }
        switch words[0] {
        case "current": return (true, generation)
        case "compare": return (false, generation)
        default: return nil
        }
    }

    /// Tells the store's watcher that a comparison made at `generation` found the index state
    /// whose lines hash to `hash` right.
    static func approve(root: String, stateHash hash: UInt64, generation: UInt64) {
        _ = ask(root: root, "approve \(String(hash, radix: 16)) \(String(generation, radix: 16))")
    }

    /// Sends one request line and returns the answer line without the protocol's name, or `nil`.
    private static func ask(root: String, _ request: String) -> String? {
        guard let socket = connectedSocket(root: root) else { return nil }
        defer { close(socket) }
        guard writeAll(socket, Array((protocolName + " " + request + "\n").utf8)), let line = readLine(socket) else { return nil }
        let prefix = protocolName + " "
        return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
    }

    /// A new Unix stream socket, not inherited by programs liftlog starts; -1 on failure.
    static func newSocket() -> Int32 {
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    /// A socket connected to the store's watcher, or `nil` when none answers.
    static func connectedSocket(root: String) -> Int32? {
        let descriptor = newSocket()
        guard descriptor >= 0 else { return nil }
        // Bounds the connection too (a watcher that stopped answering, its queue full), the
        // sending and the answer.
        var timeout = timeval(tv_sec: 0, tv_usec: timeoutMicroseconds)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withAddress(root: root) { address, length in connect(descriptor, address, length) == 0 } ?? false
        guard connected else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Calls `body` with the socket's address. A store whose path is too long for an address
    /// (108 bytes) is reached through `/proc/self/fd/` and a descriptor of its `.liftlog`.
    static func withAddress<T>(root: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T? {
        var folder: Int32 = -1
        defer { if folder >= 0 { close(folder) } }
        var path = root + "/" + WatchSocket.path
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        if path.utf8.count >= capacity {
            folder = open(root + "/.liftlog", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard folder >= 0 else { return nil }
            path = "/proc/self/fd/\(folder)/watch.sock"
        }
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count + 1)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// One line (without its newline) of at most 256 bytes, or `nil`.
    static func readLine(_ descriptor: Int32) -> String? {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while line.count < 256 {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            line += buffer[..<count]
            if let end = line.firstIndex(of: 0x0A) { return String(decoding: line[..<end], as: UTF8.self) }
        }
        return nil
    }
    #else
    static func look(root: String, stateHash hash: UInt64?) -> (current: Bool, generation: UInt64?)? { nil }
    static func approve(root: String, stateHash hash: UInt64, generation: UInt64) {}
    #endif
}

/// The listening end of ``WatchSocket``: answers for a ``SessionsWatch`` of this process.
package final class WatchServer: @unchecked Sendable {
    private let files: StoreFiles
    private let listener: Int32
    /// The socket file's inode, so that only this server's file is removed when it stops.
    private let inode: UInt64
    /// The descriptor holding ``lockPath`` for as long as this server watches.
    private let lock: Int32

    /// The file a watcher holds an advisory lock on while it watches, relative to the store:
    /// of two watchers started at once, one takes it and the other is refused, and the system
    /// releases it when its holder dies (the socket file alone could not tell a watcher just
    /// starting from a dead one).
    package static let lockPath = ".liftlog/watch.lock"
    /// Whether this server started the process's watch (else `liftlog serve` had).
    private let ownsWatch: Bool
    private let stopLock = Mutex()
    private var stopped = false
    /// Whether ``run()`` began: it then closes the listening socket when it ends.
    private var running = false
    /// How many commands asked, and how many of them were spared comparing the folders.
    private var counts = (asked: 0, spared: 0)

    /// How many commands asked, and how many of them were spared comparing the folders.
    package var answered: (asked: Int, spared: Int) { stopLock.withLock { counts } }

    /// Watches the store's session folders (``SessionsWatch``) and listens on its socket.
    ///
    /// - Throws: `CONFLICT` when another process watches the store already; `IO_ERROR` when
    ///   the watch or the socket cannot be set up (another file system than a local one, or a
    ///   system other than Linux).
    package init(files: StoreFiles) throws(LiftLogError) {
        #if os(Linux)
        self.files = files
        let ownsWatch = SessionsWatch.watching(files.root) == nil
        self.ownsWatch = ownsWatch
        func giveUp() { if ownsWatch { SessionsWatch.stop(root: files.root) } }
        guard SessionsWatch.start(files: files) else {
            throw .io(path: "sessions", operation: "watch", reason: "it is missing, or on a network or FUSE file system whose changes the kernel does not report, or the system allows no more watches")
        }
        let path = files.absolute(WatchSocket.path)
        do { try files.ensureDirectory(".liftlog") } catch {
            giveUp()
            throw error
        }
        let alreadyWatched = LiftLogError.conflict("Another process watches this store already (\(WatchSocket.path) answers).")
        let held: FileDescriptor?
        do throws(SystemError) { held = try files.fileSystem.lockExclusively(files.absolute(WatchServer.lockPath), timeout: 0) } catch {
            giveUp()
            throw .io(path: WatchServer.lockPath, operation: "lock", reason: error.errno.description)
        }
        guard let lock = held?.rawValue else {
            giveUp()
            throw .conflict("Another process watches this store already (it holds \(WatchServer.lockPath)).")
        }
        func release() {
            close(lock)
            giveUp()
        }
        // A socket nobody answers on is a dead watcher's: take its place (one that answers is
        // a watcher of a version that took no lock).
        if let status = try? files.fileSystem.status(path) {
            if let alive = WatchSocket.connectedSocket(root: files.root) {
                close(alive)
                release()
                throw alreadyWatched
            }
            guard status.kind != .regular && status.kind != .directory else {
                release()
                throw .conflict("\(WatchSocket.path) is not a socket; move it away and start again.")
            }
            unlink(path)
        }
        let descriptor = WatchSocket.newSocket()
        // The error of the call that failed, taken right after it.
        var failure: Int32 = descriptor >= 0 ? 0 : errno
        let previousMask = umask(0o177)
        if failure == 0 && !(WatchSocket.withAddress(root: files.root) { bind(descriptor, $0, $1) == 0 } ?? false) { failure = errno }
        umask(previousMask)
        if failure == 0 && listen(descriptor, 64) != 0 { failure = errno }
        var status: FileStatus?
        if failure == 0 { status = try? files.fileSystem.status(path) }
        guard let status else {
            if descriptor >= 0 { close(descriptor) }
            release()
            if failure == EADDRINUSE { throw alreadyWatched }
            throw .io(path: WatchSocket.path, operation: "listen on", reason: Errno(rawValue: failure == 0 ? ENOENT : failure).description)
        }
        listener = descriptor
        inode = status.inode
        self.lock = lock
        #else
        throw .io(path: "sessions", operation: "watch", reason: "watching needs Linux's inotify")
        #endif
    }

    /// Answers requests until ``stop()``; also reads the watch's reports five times a second,
    /// so that a burst of changes while nobody asks does not overflow the kernel's queue (a
    /// watch whose queue overflowed is started again, and vouches for nothing until a
    /// comparison is approved under it).
    package func run() {
        #if os(Linux)
        let begins = stopLock.withLock { () -> Bool in
            guard !stopped, !running else { return false }
            running = true
            return true
        }
        guard begins else { return }
        defer { close(listener) }
        var pollDescriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        while !isStopped {
            SessionsWatch.keepWatching(files: files)
            guard poll(&pollDescriptor, 1, 200) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            answer(connection)
            close(connection)
        }
        #endif
    }

    /// Answers on a thread of its own; whether it could be started.
    @discardableResult
    package func runInBackground() -> Bool {
        Threads.start { [self] in run() } != nil
    }

    private var isStopped: Bool { stopLock.withLock { stopped } }

    /// Stops answering (within 200 ms, when ``run()`` is answering on another thread) and
    /// removes the socket (when it is still this server's).
    package func stop() {
        let (first, wasRunning) = stopLock.withLock { () -> (Bool, Bool) in
            defer { stopped = true }
            return (!stopped, running)
        }
        guard first else { return }
        #if os(Linux)
        let path = files.absolute(WatchSocket.path)
        if (try? files.fileSystem.status(path))?.inode == inode { unlink(path) }
        if !wasRunning { close(listener) }
        close(lock)
        if ownsWatch { SessionsWatch.stop(root: files.root) }
        #endif
    }

    #if os(Linux)
    private func answer(_ connection: Int32) {
        var timeout = timeval(tv_sec: 0, tv_usec: WatchSocket.timeoutMicroseconds)
        _ = setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let line = WatchSocket.readLine(connection) else { return }
        let words = line.split(separator: " ")
        let reply: String
        let prefix = WatchSocket.protocolName.split(separator: " ")
        guard words.count >= 3, Array(words.prefix(2)) == prefix else {
            _ = WatchSocket.writeAll(connection, Array("\(WatchSocket.protocolName) unknown\n".utf8))
            return
        }
        let watch = SessionsWatch.watching(files.root)
        switch (words[2], words.count) {
        case ("look", 4):
            let hash = words[3] == "-" ? nil : UInt64(words[3], radix: 16)
            if let look = watch?.look(stateHash: hash), let generation = look.generation {
                reply = (look.current ? "current " : "compare ") + String(generation, radix: 16)
                stopLock.withLock {
                    counts.asked += 1
                    if look.current { counts.spared += 1 }
                }
            } else {
                reply = "off"
                stopLock.withLock { counts.asked += 1 }
            }
        case ("approve", 5):
            if let hash = UInt64(words[3], radix: 16), let generation = UInt64(words[4], radix: 16) {
                watch?.approve(stateHash: hash, generation: generation)
                reply = "ok"
            } else {
                reply = "unknown"
            }
        default:
            reply = "unknown"
        }
        _ = WatchSocket.writeAll(connection, Array("\(WatchSocket.protocolName) \(reply)\n".utf8))
    }
    #endif
}
