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
        #expect(WebApp.totalBytes <= 150 * 1024, "the app is \(WebApp.totalBytes) bytes")
        #expect(WebApp.files.keys.sorted() == ["/", "/app.css", "/app.js", "/manifest.webmanifest", "/sw.js"])
    }

    @Test("the app's files are served with their types and a strict content security policy; other methods get 405, other paths 404")
    func served() throws {
        try withTemporaryDirectory { root throws in
            let store = root + "/s"
            #expect(runBinary(["init", store]).status == 0)
            let server = try #require(ServerProcess.start(store: store))
            defer { _ = server.stop() }
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

    @Test("base64 gives RFC 4648's examples; a policy names inline text by the base64 of its SHA-256")
    func hashSources() {
        for (text, encoded) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")] {
            #expect(Base64.encode(Array(text.utf8)) == encoded)
        }
        #expect(Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/")
        #expect(WebApp.hashSource("abc") == "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
    }

    @Test("in headless Chromium at phone size", arguments: [
        ("planned", "a full planned workout tapped and finished: the session file matches, field by field"),
        ("offline", "5 sets logged with the network cut and the page reloaded: exactly those 5 on disk, once"),
        ("crash", "the browser killed mid-workout: a new one shows the active session as saved"),
        ("cli", "a set logged from the CLI shows after a refresh; a refused change is reported with its reason"),
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
