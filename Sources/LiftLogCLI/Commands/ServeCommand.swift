#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiftLogKit
import LiftLogServer

/// `liftlog serve [--listen HOST:PORT]`: the HTTP API of SPEC §10 over the store.
enum ServeCommand {
    /// The address served when none is given.
    static let defaultListen = "127.0.0.1:8423"

    static let serve = CommandSpec(
        name: "serve",
        abstract: "Serve the store over HTTP: a web app to log from a phone, and the JSON API for an app or a script.",
        discussion: "The web app is at / (a phone can put it on its home screen; changes made with no network wait on the phone until the server answers), the API under /api. Binds \(defaultListen) unless --listen says otherwise. Any address but loopback needs a token: the first such start creates one (in .liftlog/, never committed) and prints the URL to open with it once; every request then carries 'Authorization: Bearer TOKEN'. Each request reads the files afresh, so the CLI, a git pull or a hand edit show at once. Ctrl-C stops it after the requests in flight.",
        options: [DefaultedOption.listen, Flag.requireToken, DefaultedOption.clientTimeout],
        run: { context, arguments throws(LiftLogError) in
            let store = try context.store()
            let listen = try arguments[.listen]
            let (host, port) = try address(listen)
            let loopback = host.hasPrefix("127.") || host == "::1"
            let timeout = try arguments[.clientTimeout]
            guard (1...300).contains(timeout) else { throw .validation("--timeout must be 1–300 seconds, got \(timeout).") }
            let io = context.io
            // Bound first: a server that cannot listen creates nothing.
            let server = try HTTPServer(host: host, port: port, timeoutSeconds: timeout, log: { line in io.writeError(line + "\n") })
            var token: String?
            var newToken = false
            if !loopback || arguments[.requireToken] { (token, newToken) = try store.serverToken() }
            let shown = host.contains(":") ? "[\(host)]" : host
            // On loopback the Host header must name this server: a page of another site cannot
            // reach it through a name of its own that resolves to 127.0.0.1.
            let api = API(storePath: store.root, token: token,
                          allowedHosts: loopback && !arguments[.requireToken] ? ["\(shown):\(server.port)", "localhost:\(server.port)"] : [], version: CLI.version)
            var banner = "Serving \(store.root) on http://\(shown):\(server.port)/api"
            let pages = loopback ? ["\(shown):\(server.port)"] : (host == "0.0.0.0" || host == "::" ? networkAddresses() : [shown]).map { "\($0):\(server.port)" }
            if let token, newToken {
                banner += "\nPair a phone: open " + pages.map { "http://\($0)/#token=\(token)" }.joined(separator: " or ")
                banner += "\n(the token is shown once; it is kept in \(Store.serverTokenPath))"
            } else {
                banner += "\nWeb app: " + pages.map { "http://\($0)/" }.joined(separator: " or ")
            }
            // Changes to the session folders are reported by the kernel instead of being looked
            // for in every folder for every request (see SessionsWatch).
            store.watchSessionFolders()
            // The index made ready before the first request (a fresh clone has none), rather
            // than while the first page waits; a store that cannot be read says so per request.
            try? store.prepareIndex()
            io.writeOutput(banner + "\n")
            io.flushOutput()
            server.run { api.handle($0) }
            return CommandResult(data: .null, text: "Stopped.")
        })

    /// The host and port of `--listen`: `HOST:PORT` with an IPv4 address or `localhost`, or
    /// `[ADDRESS]:PORT` with an IPv6 one (`[::1]:8423`).
    static func address(_ listen: String) throws(LiftLogError) -> (host: String, port: Int) {
        let refusal = LiftLogError.validation("--listen must be HOST:PORT such as 127.0.0.1:8423, 0.0.0.0:8423 or [::1]:8423, got '\(listen)'.")
        var host: Substring, portText: Substring
        if listen.hasPrefix("[") {
            guard let close = listen.firstIndex(of: "]"), listen[listen.index(after: close)...].hasPrefix(":") else { throw refusal }
            host = listen[listen.index(after: listen.startIndex)..<close]
            portText = listen[listen.index(close, offsetBy: 2)...]
            guard host.contains(":") else { throw refusal }
        } else {
            let parts = listen.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw refusal }
            (host, portText) = (parts[0], parts[1])
        }
        guard !host.isEmpty, let port = Int(portText), (0...65_535).contains(port) else { throw refusal }
        return (host == "localhost" ? "127.0.0.1" : String(host), port)
    }

    /// This machine's IPv4 addresses other than loopback: where a phone on the same network
    /// reaches a server bound to 0.0.0.0.
    static func networkAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return ["<this computer's address>"] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet -> Void in
                var value = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &value, &text, socklen_t(INET_ADDRSTRLEN))
            }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !name.hasPrefix("127.") && !found.contains(name) { found.append(name) }
        }
        return found.isEmpty ? ["<this computer's address>"] : found
    }
}
