import LiftLogKit

/// The HTTP API of SPEC §10 over a store: each request opens the store afresh, so files changed
/// behind the server's back (a `git pull`, a hand edit, the CLI) show in the next response
/// exactly as the CLI would show them. Every write goes through LiftLogKit: its lock, its
/// validation, its messages. The routes are in the `API+…` files, one per area.
public struct API: Sendable {
    /// Where the store is.
    public let storePath: String
    /// The bearer token every request must carry, or `nil` on loopback without one.
    public let token: String?
    /// The addresses a `Host` header may name (DNS rebinding: a page of another site that
    /// resolves its name to 127.0.0.1 is refused).
    public let allowedHosts: Set<String>
    public let version: String
    let routes: [Route]

    public init(storePath: String, token: String?, allowedHosts: Set<String>, version: String) {
        self.storePath = storePath
        self.token = token
        self.allowedHosts = allowedHosts
        self.version = version
        let all = API.workoutRoutes + API.setRoutes + API.exerciseRoutes + API.planRoutes + API.mesocycleRoutes + API.analyticsRoutes
        // Literal segments first: `workouts/today` before `workouts/:id`.
        routes = all.enumerated().sorted { ($0.element.literalCount, -$0.offset) > ($1.element.literalCount, -$1.offset) }.map(\.element)
        // The web app's page and its policy made now (its style and script written in, both
        // hashed), not while the first page waits.
        _ = WebApp.page
        _ = WebApp.contentSecurityPolicy
        _ = WebApp.images
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        // The guards, in order: the host named, the token, the origin of a write.
        if !allowedHosts.isEmpty {
            guard let host = request.header("host")?.lowercased(), allowedHosts.contains(host) else {
                return APIResponse.failure(421, code: "FORBIDDEN", message: "This server answers only to \(allowedHosts.sorted().joined(separator: ", ")).")
            }
        }
        let segments = request.segments
        guard segments.first == "api" else {
            return WebApp.response(for: request) ?? APIResponse.failure(404, code: "NOT_FOUND", message: "No such path; the API is under /api, the web app at /.")
        }
        if let token {
            let given = request.header("authorization").flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil } ?? ""
            guard API.constantTimeEqual(given, token) else {
                return APIResponse.failure(401, code: "UNAUTHORIZED", message: "Send the server's token as 'Authorization: Bearer TOKEN' (printed when the server started).")
            }
        }
        if ["POST", "PUT", "DELETE", "PATCH"].contains(request.method), let origin = request.header("origin"),
           let host = request.header("host"), origin != "http://\(host)" && origin != "https://\(host)" {
            return APIResponse.failure(403, code: "FORBIDDEN", message: "Writes from another site (Origin \(origin)) are refused.")
        }
        if !request.body.isEmpty, let type = request.header("content-type"), !type.lowercased().hasPrefix("application/json") {
            return APIResponse.failure(415, code: "VALIDATION_ERROR", message: "Send JSON bodies (Content-Type: application/json).")
        }
        let path = segments.dropFirst()
        for route in routes {
            guard let parameters = route.match(path) else { continue }
            guard let handler = route.handlers[request.method] else {
                let allowed = route.handlers.keys.sorted()
                var response = APIResponse.failure(405, code: "USAGE_ERROR", message: "\(request.method) is not allowed on \(request.path); use \(allowed.joined(separator: " or ")).")
                response.headers.append(("Allow", allowed.joined(separator: ", ")))
                return response
            }
            let call = Call(request: request, parameters: parameters, api: self)
            do throws(LiftLogError) {
                var response = try handler(call)
                // Session files left out of the answer because they do not read: how many (0
                // too), on every answer that rests on the session files, so that a client (the
                // web app) says so beside it; `GET /api/health` names them.
                if let skipped = call.skippedSessionFiles {
                    response.headers.append((API.skippedFilesHeader, String(skipped.count)))
                }
                return response
            } catch {
                return APIResponse.failure(error)
            }
        }
        return APIResponse.failure(404, code: "NOT_FOUND", message: "No such path: \(request.path).")
    }

    /// The header of a response whose answer rests on the session files: how many it left out
    /// because they do not read.
    public static let skippedFilesHeader = "Liftlog-Skipped-Files"

    /// Compares without stopping at the first difference, so the time taken says nothing of
    /// the token.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
        }
        return difference == 0
    }
}
