#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import LiftLogKit

/// A `liftlog serve` on an ephemeral loopback port, and a minimal HTTP client for it.
struct ServerProcess {
    let process: Process
    let port: Int

    /// Starts the server and reads the port from its first line.
    static func start(store: String, _ arguments: [String] = []) -> ServerProcess? {
        let process = Process.start(["serve", "--store", store, "--listen", "127.0.0.1:0"] + arguments, environment: [:])
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(process.outputPipe, &byte, 1) == 1, byte != 0x0A { line.append(byte) }
        let text = String(decoding: line, as: UTF8.self)
        let after = text.split(separator: "127.0.0.1:", maxSplits: 1, omittingEmptySubsequences: false)
        guard after.count == 2, let port = Int(after[1].prefix { $0.isNumber }) else {
            process.kill()
            _ = process.wait()
            return nil
        }
        return ServerProcess(process: process, port: port)
    }

    /// What the server answered: the status and the body as JSON (`nil` when it is not).
    struct Reply {
        var status: Int
        var body: String
        /// The status line and headers.
        var head: String = ""
        var json: JSONValue? { try? JSONParser.parse(Array(body.utf8)) }

        /// A header's value (the name compared case-insensitively).
        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() { return String(parts[1]).trimmingWhitespace() }
            }
            return nil
        }
    }

    func request(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) -> Reply {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        var all = headers
        if let body {
            if all["Content-Type"] == nil { all["Content-Type"] = "application/json" }
            all["Content-Length"] = String(body.utf8.count)
        }
        for (name, value) in all.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        return raw(Array((head + "\r\n" + (body ?? "")).utf8))
    }

    /// Sends `bytes` as they are and reads the reply until the server closes.
    func raw(_ bytes: [UInt8], pauseAfterSending: useconds_t = 0) -> Reply {
        let text = String(decoding: exchange(bytes, pause: pauseAfterSending), as: UTF8.self)
        let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        let parts = text.split(separator: "\r\n\r\n", maxSplits: 1, omittingEmptySubsequences: false)
        let body = parts.count == 2 ? String(parts[1]) : ""
        return Reply(status: status, body: body, head: String(parts.first ?? ""))
    }

    private func exchange(_ bytes: [UInt8], pause: useconds_t) -> [UInt8] {
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { return [] }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if pause > 0 { usleep(pause) }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            reply += buffer[..<count]
        }
        return reply
    }

    /// Stops it as Ctrl-C does and returns what it printed.
    func stop() -> Outcome {
        process.kill(SIGINT)
        return process.wait()
    }
}
