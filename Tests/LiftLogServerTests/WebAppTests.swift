#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import LiftLogKit
@testable import LiftLogServer
import LiftLogTestSupport

/// The repository's root folder.
private let repository: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

/// The web app `liftlog serve` answers at `/`.
@Suite("The web app", .serialized)
struct WebAppTests {
    @Test("the compiled-in app is web/ as it is, and within its budget of 150 KB")
    func embedded() throws {
        for (_, file) in WebApp.files {
            let text = try #require(readText(repository + "/web/" + file.file), "web/\(file.file) is missing")
            #expect(text == file.text, "web/\(file.file) changed: run python3 scripts/embed-resources.py")
        }
        for (path, file) in WebApp.imageFiles {
            let bytes = try #require(readBytes(repository + "/web/" + file.file), "web/\(file.file) is missing")
            #expect(WebApp.images[path] == bytes, "web/\(file.file) changed: run python3 scripts/embed-resources.py")
        }
        #expect(WebApp.totalBytes <= 150 * 1024, "the app is \(WebApp.totalBytes) bytes")
        #expect(WebApp.files.keys.sorted() == ["/", "/app.css", "/app.js", "/icon.svg", "/manifest.webmanifest", "/sw.js"])
        #expect(WebApp.images.keys.sorted() == ["/favicon.ico", "/icon-180.png", "/icon-192.png", "/icon-512.png"])
    }

    @Test("the home-screen icons the page and the manifest name are served, PNG images of the sizes they are said to be")
    func icons() throws {
        /// A PNG's width and height (its IHDR chunk), or `nil` when `bytes` are not a PNG.
        func dimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
            guard bytes.count > 24, bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
                  bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
            func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (number(16), number(20))
        }
        try ServerProcess.withServer { server, _ in
            let manifest = server.request("GET", "/manifest.webmanifest")
            let icons = try #require(manifest.json?["icons"]?.arrayValue)
            #expect(icons.count == 3)
            var purposes: Set<String> = []
            for icon in icons {
                let source = try #require(icon["src"]?.stringValue), sizes = try #require(icon["sizes"]?.stringValue)
                purposes.insert(icon["purpose"]?.stringValue ?? "any")
                let image = server.request("GET", source)
                #expect(image.status == 200 && image.header("Content-Type") == "image/png" && icon["type"]?.stringValue == "image/png", "\(source)")
                let size = try #require(dimensions(image.bytes), "\(source) is not a PNG")
                #expect("\(size.width)x\(size.height)" == sizes, "\(source) is \(size.width)x\(size.height), said to be \(sizes)")
                #expect(image.bytes == WebApp.images[source])
            }
            // A phone's home screen: Android's (192, and a maskable one), iOS's touch icon (180).
            #expect(purposes == ["any", "maskable"])
            let page = server.request("GET", "/").body
            #expect(page.contains("<link rel=\"apple-touch-icon\" href=\"/icon-180.png\">") && page.contains("<link rel=\"icon\" href=\"/icon.svg\" type=\"image/svg+xml\">"))
            let touch = server.request("GET", "/icon-180.png")
            #expect(touch.status == 200 && dimensions(touch.bytes).map { "\($0.width)x\($0.height)" } == "180x180")
            #expect(touch.header("Cache-Control") == "max-age=86400")
            let svg = server.request("GET", "/icon.svg")
            #expect(svg.status == 200 && svg.header("Content-Type") == "image/svg+xml" && svg.body.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            // Asked for by a browser on a page that names no icon (the API's JSON).
            let favicon = server.request("GET", "/favicon.ico")
            #expect(favicon.status == 200 && favicon.header("Content-Type") == "image/png" && favicon.bytes == WebApp.images["/icon-192.png"])
            let head = server.request("HEAD", "/icon-512.png")
            #expect(head.status == 200 && head.bytes.isEmpty && head.header("Content-Length") == String(WebApp.images["/icon-512.png"]!.count))
            let posted = server.request("POST", "/icon-512.png", body: "{}")
            #expect(posted.status == 405 && posted.json?["error"]?["message"] == "POST is not allowed on /icon-512.png; use GET.")
            #expect(server.request("GET", "/icon-64.png").status == 404)
        }
    }

    @Test("the app's files are served with their types and a strict content security policy; other methods get 405, other paths 404")
    func served() throws {
        try ServerProcess.withServer { server, _ in
            let page = server.request("GET", "/")
            // The page holds the app's style and script: nothing to fetch before it draws.
            let style = WebApp.files["/app.css"]!.text, script = WebApp.files["/app.js"]!.text
            #expect(page.status == 200 && page.body == WebApp.page)
            #expect(page.body.contains("<style>" + style + "</style>") && page.body.contains("<script>" + script + "</script>\n</body>"))
            #expect(!page.body.contains("src=\"/app.js\"") && !page.body.contains("href=\"/app.css\""))
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            // Those two inline, by their hashes, and no other inline code.
            let policy = try #require(page.header("Content-Security-Policy"))
            #expect(policy.contains("script-src 'self' \(WebApp.hashSource(script));") && policy.contains("style-src 'self' \(WebApp.hashSource(style));"))
            #expect(!policy.contains("unsafe-inline") && policy.contains("default-src 'self'"))
            #expect(server.request("GET", "/app.js").body == script && server.request("GET", "/app.css").body == style)
            #expect(page.headers("X-Content-Type-Options") == ["nosniff"])
            #expect(server.request("GET", "/app.js").headers("Cache-Control") == ["no-cache"])
            #expect(server.request("GET", "/index.html").body == page.body)
            #expect(server.request("GET", "/app.js").header("Content-Type") == "text/javascript; charset=utf-8")
            #expect(server.request("GET", "/sw.js").status == 200)
            let posted = server.request("POST", "/", body: "{}")
            #expect(posted.status == 405 && posted.header("Allow") == "GET, HEAD")
            #expect(posted.json?["error"]?["code"] == "USAGE_ERROR")
            let missing = server.request("GET", "/nope.js")
            #expect(missing.status == 404 && missing.json?["error"]?["message"] == "No such path; the API is under /api, the web app at /.")
            // A foreign Host is refused for the page too (DNS rebinding).
            #expect(server.raw(Array("GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n".utf8)).status == 421)
        }
    }

    @Test("the page is index.html with the style and the script written in; a page without them, or text that would end its element, is refused")
    func inlining() {
        let page = "<head>\n<link rel=\"stylesheet\" href=\"/app.css\">\n<script src=\"/app.js\" defer></script>\n</head>\n<body>\n<main></main>\n</body>\n"
        #expect(WebApp.inlined(page: page, style: "main{}", script: "go();")
            == "<head>\n<style>main{}</style>\n</head>\n<body>\n<main></main>\n<script>go();</script>\n</body>\n")
        #expect(WebApp.inlined(page: page.replacing("href=\"/app.css\"", with: "href=\"/other.css\""), style: "", script: "") == nil)
        #expect(WebApp.inlined(page: page.replacing(" defer", with: ""), style: "", script: "") == nil)
        #expect(WebApp.inlined(page: page.replacing("</body>", with: ""), style: "", script: "") == nil)
        #expect(WebApp.inlined(page: page, style: "", script: "x = '</SCRIPT>';") == nil)
        #expect(WebApp.inlined(page: page, style: "a::after { content: '</style>' }", script: "") == nil)
        // The app's own page composes (the server would stop at its first page otherwise).
        #expect(WebApp.inlined(page: WebApp.files["/"]!.text, style: WebApp.files["/app.css"]!.text, script: WebApp.files["/app.js"]!.text) == WebApp.page)
    }

    @Test("base64 gives RFC 4648's examples both ways, and refuses what is not base64; a policy names inline text by the base64 of its SHA-256")
    func hashSources() {
        for (text, encoded) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")] {
            #expect(Base64.encode(Array(text.utf8)) == encoded)
            #expect(Base64.decode(encoded) == Array(text.utf8))
        }
        #expect(Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/" && Base64.decode("+/+/") == [0xFB, 0xFF, 0xBF])
        let everyByte = (0...255).map(UInt8.init)
        #expect(Base64.decode(Base64.encode(everyByte)) == everyByte)
        for broken in ["Zg=", "Zg", "Z===", "Zm=v", "Zm9v!A==", "Zm 9v"] { #expect(Base64.decode(broken) == nil, "\(broken)") }
        #expect(WebApp.hashSource("abc") == "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
    }

    @Test("in headless Chromium at phone size", arguments: [
        ("planned", "a full planned workout tapped and finished: the session file matches, field by field"),
        ("taps", "five exercises, 15 planned sets logged as planned in one tap a set plus start and finish"),
        ("offline", "5 sets logged with the network cut and the page reloaded: exactly those 5 on disk, once"),
        ("crash", "the browser killed mid-workout: a new one shows the active session as saved"),
        ("cli", "a set logged from the CLI shows after a refresh; a refused change is reported with its reason"),
        ("pounds", "in a store kept in lbs, a set typed as 235 × 4 is saved as 235 lbs and shown with its unit"),
        ("previous", "beside each planned work set the same set of the last session, a tap filling the set; the store's rest after a set"),
        ("logging", "a set changed, logged, changed again, copied and deleted; an exercise moved; a hold in seconds; plates, rest ±15 s, a pain chip: each on disk"),
        ("supersets", "two exercises made a superset, shown in rounds, rested after each round, a round logged in one tap, then split: each on disk"),
        ("held", "a refused change holds the changes that depend on it, shows its reason, lets the rest through, and its held ones can be dropped"),
        ("between", "between workouts: the library searched, an exercise's latest sessions as the files hold them, a weigh-in saved and listed"),
        ("record", "a stretch and a meditation on their own screen: a length refused with the server's reason, minutes stepped, a region of the last stretch a tap away, the clock's minutes and start; one recorded offline on disk once"),
        ("schedule", "a plan on weekdays, today none of them: the page says it is a rest day, names the next day and its date, and starts that day"),
        ("screens", "every screen renders without a JavaScript error"),
    ])
    func browser(scenario: String, what: String) throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/store"
            copyTree(repository + "/SampleData/store", to: store)
            let outcome = runProgram(["python3", repository + "/scripts/browser-tests.py", "--liftlog", liftlogBinary, "--store", store, scenario],
                                     environment: ["TMPDIR": root, "SE_OFFLINE": "true", "HOME": root])
            #expect(outcome.status == 0, "\(what): \(outcome.output)\(outcome.error.suffix(2000))")
            if outcome.status == 0 { print("browser \(scenario): \(outcome.output.trimmingWhitespace())") }
        }
    }
}
