import LiftLogKit

/// The web app (`web/` in the repository, compiled in by `scripts/embed-resources.py`): HTML,
/// CSS and plain JavaScript, served at `/` so that a phone logs a workout through the API.
/// Its files hold no data, so they need no token; everything they show comes from `/api`.
enum WebApp {
    /// The page served at `/` (and `/index.html`): `web/index.html` with `app.css` and `app.js`
    /// written into it, a `<style>` in place of the stylesheet's link and a `<script>` before
    /// `</body>` in place of the deferred one, so that the page draws after one request and the
    /// API's, not after a round trip for each file first (a phone's Wi-Fi; a browser just
    /// started, busy with itself). `/app.css` and `/app.js` are still served on their own, for
    /// a page an earlier version left in a phone's cache.
    static let page: String = {
        guard let page = inlined(page: files["/"]!.text, style: files["/app.css"]!.text, script: files["/app.js"]!.text) else {
            preconditionFailure("web/index.html must link /app.css and load /app.js as web/ has them")
        }
        return page
    }()

    /// What the page may load and run: only this server's own files and API (no other site),
    /// the page's own inline style and script, each named by its SHA-256 hash (no other inline
    /// code runs), its charts as `blob:` images.
    static let contentSecurityPolicy = policy(style: files["/app.css"]!.text, script: files["/app.js"]!.text)

    /// The content security policy that allows exactly `style` and `script` inline.
    static func policy(style: String, script: String) -> String {
        "default-src 'self'; img-src 'self' blob: data:; style-src 'self' \(hashSource(style)); script-src 'self' \(hashSource(script)); "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// A policy's source for inline `text`: `'sha256-` and the base64 of its hash.
    static func hashSource(_ text: String) -> String {
        "'sha256-\(Base64.encode(SHA256.digest(Array(text.utf8))))'"
    }

    /// `page` with `style` in place of its link to `/app.css` and `script` before `</body>` in
    /// place of its `<script src="/app.js" defer>`; `nil` when the page lacks either, or the
    /// style or script would end its element early. (Bytes compared, not characters: the
    /// app's 38 KB are looked through once.)
    static func inlined(page: String, style: String, script: String) -> String? {
        let page = Array(page.utf8), style = Array(style.utf8), script = Array(script.utf8)
        guard range(of: "</style", in: style, ignoringCase: true) == nil, range(of: "</script", in: script, ignoringCase: true) == nil,
              let link = range(of: "<link rel=\"stylesheet\" href=\"/app.css\">", in: page),
              let load = range(of: "<script src=\"/app.js\" defer></script>\n", in: page, from: link.upperBound),
              let bodyEnd = range(of: "</body>", in: page, from: load.upperBound) else { return nil }
        let composed = page[..<link.lowerBound] + Array("<style>".utf8) + style + Array("</style>".utf8) + page[link.upperBound..<load.lowerBound]
            + page[load.upperBound..<bodyEnd.lowerBound] + Array("<script>".utf8) + script + Array("</script>\n".utf8) + page[bodyEnd.lowerBound...]
        return String(decoding: composed, as: UTF8.self)
    }

    /// Where `needle` (ASCII) first occurs in `text` at or after `start`; with `ignoringCase`,
    /// ASCII letters of either case match.
    private static func range(of needle: StaticString, in text: [UInt8], from start: Int = 0, ignoringCase: Bool = false) -> Range<Int>? {
        let needle = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        func folded(_ byte: UInt8) -> UInt8 { ignoringCase && (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        guard needle.count <= text.count else { return nil }
        var position = start
        while position + needle.count <= text.count {
            var matched = 0
            while matched < needle.count, folded(text[position + matched]) == folded(needle[matched]) { matched += 1 }
            if matched == needle.count { return position..<(position + needle.count) }
            position += 1
        }
        return nil
    }

    /// The file at `request`'s path, or `nil` when it is not one of the app's.
    static func response(for request: HTTPRequest) -> HTTPResponse? {
        let path = request.path == "/index.html" ? "/" : request.path
        guard let file = files[path] else { return nil }
        let text = path == "/" ? page : file.text
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
        ], body: request.method == "HEAD" ? [] : Array(text.utf8))
    }

    /// The size of the app's files in bytes, uncompressed (the page that holds two of them not
    /// counted again).
    static var totalBytes: Int { files.values.reduce(0) { $0 + $1.text.utf8.count } }
}
