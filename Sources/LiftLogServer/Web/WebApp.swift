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
        func find(_ text: String, in bytes: ArraySlice<UInt8>) -> Range<Int>? { ByteFields.firstRange(of: Array(text.utf8), in: bytes) }
        // HTML ends an element at its closing tag in any case of letters.
        func lowercased(_ bytes: [UInt8]) -> ArraySlice<UInt8> { bytes.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }[...] }
        guard find("</style", in: lowercased(style)) == nil, find("</script", in: lowercased(script)) == nil,
              let link = find("<link rel=\"stylesheet\" href=\"/app.css\">", in: page[...]),
              let load = find("<script src=\"/app.js\" defer></script>\n", in: page[link.upperBound...]),
              let bodyEnd = find("</body>", in: page[load.upperBound...]) else { return nil }
        let composed = page[..<link.lowerBound] + Array("<style>".utf8) + style + Array("</style>".utf8) + page[link.upperBound..<load.lowerBound]
            + page[load.upperBound..<bodyEnd.lowerBound] + Array("<script>".utf8) + script + Array("</script>\n".utf8) + page[bodyEnd.lowerBound...]
        return String(decoding: composed, as: UTF8.self)
    }

    /// The app's PNG icons by the path each is served at (`/favicon.ico`, asked for by a browser
    /// on a page that names no icon, such as the API's JSON, is the 192-pixel one).
    static let images: [String: [UInt8]] = {
        var images = imageFiles.mapValues { file in
            guard let bytes = Base64.decode(file.base64) else { preconditionFailure("web/\(file.file) is not embedded as base64") }
            return bytes
        }
        images["/favicon.ico"] = images["/icon-192.png"]
        return images
    }()

    /// The file at `request`'s path, or `nil` when it is not one of the app's.
    static func response(for request: HTTPRequest) -> HTTPResponse? {
        let path = request.path == "/index.html" ? "/" : request.path
        let body: [UInt8], contentType: String
        if let file = files[path] {
            body = Array((path == "/" ? page : file.text).utf8)
            contentType = file.contentType
        } else if let image = images[path] {
            body = image
            contentType = "image/png"
        } else {
            return nil
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            var refused = APIResponse.failure(405, code: "USAGE_ERROR", message: "\(request.method) is not allowed on \(request.path); use GET.")
            refused.headers.append(("Allow", "GET, HEAD"))
            return refused
        }
        return HTTPResponse(status: 200, headers: [
            ("Content-Type", contentType),
            // Revalidated on every load, so a new version of liftlog shows at once (an icon
            // may be a day old).
            ("Cache-Control", contentType == "image/png" ? "max-age=86400" : "no-cache"),
            ("Content-Security-Policy", contentSecurityPolicy),
            ("Referrer-Policy", "no-referrer"),
        ], body: body)
    }

    /// The size of the app's files in bytes, uncompressed (the page that holds two of them not
    /// counted again), its PNG icons included.
    static var totalBytes: Int { files.values.reduce(0) { $0 + $1.text.utf8.count } + imageFiles.keys.reduce(0) { $0 + images[$1]!.count } }
}
