#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
@testable import LiftLogServer
import LiftLogTestSupport

extension ServerProcess {
    /// Runs `body` with a server (started with `arguments`) over a new store in a temporary
    /// folder, and the store's path; stops the server after.
    static func withServer(_ arguments: [String] = [], _ body: (ServerProcess, String) throws -> Void) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            let server = try #require(ServerProcess.start(store: store, arguments))
            defer { _ = server.stop() }
            try body(server, store)
        }
    }

    /// Sends `bytes` one at a time, `interval` microseconds apart, until the server answers or
    /// closes (a slowloris client); the status it answered and the seconds it took.
    func trickle(_ bytes: [UInt8], interval: useconds_t) -> (status: Int, seconds: Double) {
        guard let descriptor = connectSocket() else { return (0, 0) }
        defer { close(descriptor) }
        let start = Connection.now()
        for byte in bytes {
            var one = byte
            guard send(descriptor, &one, 1, Int32(MSG_NOSIGNAL)) == 1 else { break }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 0) > 0 { break }
            usleep(interval)
        }
        let text = String(decoding: ServerProcess.readAll(descriptor), as: UTF8.self)
        return (Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0, Connection.now() - start)
    }

}
