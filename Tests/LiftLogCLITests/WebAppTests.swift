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
            #expect(page.status == 200 && page.body.contains("<script src=\"/app.js\" defer></script>"))
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
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
