import LiftLogKit

/// The web app (`web/` in the repository, compiled in by `scripts/embed-resources.py`): HTML,
/// CSS and plain JavaScript, served at `/` so that a phone logs a workout through the API.
/// Its files hold no data, so they need no token; everything they show comes from `/api`.
enum WebApp {
    /// What the page may load and run: only this server's own files and API (no inline
    /// script, no other site), its charts as `blob:` images.
    static let contentSecurityPolicy = "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The file at `request`'s path, or `nil` when it is not one of the app's.
    static func response(for request: HTTPRequest) -> HTTPResponse? {
        let path = request.path == "/index.html" ? "/" : request.path
        guard let file = files[path] else { return nil }
        guard request.method == "GET" || request.method == "HEAD" else {
            var refused = APIResponse.failure(405, code: "USAGE_ERROR", message: "\(request.method) is not allowed on \(request.path); use GET.")
            refused.headers.append(("Allow", "GET, HEAD"))
            return refused
        }
        return HTTPResponse(status: 200, headers: [
            ("Content-Type", file.contentType),
            // Revalidated on every load, so a new version of liftlog shows at once.
            ("Cache-Control", "no-cache"),
            ("Content-Security-Policy", contentSecurityPolicy),
            ("Referrer-Policy", "no-referrer"),
        ], body: request.method == "HEAD" ? [] : Array(file.text.utf8))
    }

    /// The size of the whole app in bytes, uncompressed.
    static var totalBytes: Int { files.values.reduce(0) { $0 + $1.text.utf8.count } }
}
