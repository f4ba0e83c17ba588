import Testing
@testable import LiftLogServer

@Suite("Reading a request head")
struct RequestReaderTests {
    private func head(_ text: String, extra: [UInt8] = []) -> Result<RequestReader.Head, RequestReader.Failure> {
        (Array(text.utf8) + extra).withUnsafeBufferPointer { bytes in Result { () throws(RequestReader.Failure) in try RequestReader.parseHead(bytes) } }
    }

    @Test("the request line's parts, header names lowercased, values trimmed, a repeated header joined")
    func parts() throws {
        let parsed = try head("POST /api/workouts?page=2 HTTP/1.1\r\nHost: 127.0.0.1:8423\r\nX-Tag:\t a b \t\r\nx-tag: c\r\nContent-Length: 2\r\nEmpty:").get()
        #expect(parsed.method == "POST")
        #expect(parsed.target == "/api/workouts?page=2")
        #expect(parsed.headers == ["host": "127.0.0.1:8423", "x-tag": "a b, c", "content-length": "2", "empty": ""])
        #expect(parsed.contentLengths == ["2"])
        #expect(try head("GET / HTTP/1.0").get().headers == [:])
        // A value keeps its inner spaces and may hold bytes outside ASCII.
        #expect(try head("GET / HTTP/1.1\r\nX-Name: \u{A0}Jörg  y\u{A0}").get().headers == ["x-name": "Jörg  y"])
    }

    @Test("a malformed head is refused with its status and message", arguments: [
        ("get /api/health HTTP/1.1", 400, "The request line is not 'METHOD /path HTTP/1.1'."),
        ("GÉT /api/health HTTP/1.1", 400, "The request line is not 'METHOD /path HTTP/1.1'."),
        ("GET  /api/health HTTP/1.1", 400, "The request line is not 'METHOD /path HTTP/1.1'."),
        ("GET api/health HTTP/1.1", 400, "The request line is not 'METHOD /path HTTP/1.1'."),
        ("GET /api/health", 400, "The request line is not 'METHOD /path HTTP/1.1'."),
        (" /api/health HTTP/1.1", 400, "The request line is not 'METHOD /path HTTP/1.1'."),
        ("GET /api/health HTTP/2.0", 505, "Only HTTP/1.1 is spoken here."),
        ("GET /api/health HTTP/1.1\r\nNoColon", 400, "A header line is not 'Name: value'."),
        ("GET /api/health HTTP/1.1\r\n: v", 400, "A header line is not 'Name: value'."),
        ("GET /api/health HTTP/1.1\r\nBad Name: v", 400, "A header line is not 'Name: value'."),
        ("GET /api/health HTTP/1.1\r\nName\t: v", 400, "A header line is not 'Name: value'."),
        ("GET /api/health HTTP/1.1\r\nHost: x\r\n", 400, "A header line is not 'Name: value'."),
        ("GET /api/health HTTP/1.1\r\nHost : x", 400, "A header line is not 'Name: value'."),
        ("GET /api/health HTTP/1.1 \r\nHost: x", 400, "The request line is not 'METHOD /path HTTP/1.1'."),
        // A bare LF would hide a Content-Length from this reader and show it to another.
        ("POST /api/workouts HTTP/1.1\r\nX: a\nContent-Length: 5", 400, "The request's headers hold an LF that does not end a line."),
        ("GET /api/health HTTP/1.1\nHost: x", 400, "The request's headers hold an LF that does not end a line."),
        ("GET /api/health HTTP/1.1\r\nX: a\rContent-Length: 5", 400, "The request's headers hold a CR that does not end a line."),
        ("GET /api/health HTTP/1.1\r\nX\u{0}Y: v", 400, "The request's headers hold a control character."),
        ("GET /api/health HTTP/1.1\r\nX: a\u{1}b", 400, "The request's headers hold a control character."),
        ("GET /api/health HTTP/1.1\r\nX: a\u{7F}", 400, "The request's headers hold a control character."),
        ("GET /api/health HTTP/1.1\r\nÄ-Ö: v", 400, "A header name holds a character a name may not."),
        ("GET /api/health HTTP/1.1\r\nX(1): v", 400, "A header name holds a character a name may not."),
    ])
    func refused(text: String, status: Int, message: String) {
        guard case .failure(let failure) = head(text) else { Issue.record("\(text) was read"); return }
        #expect(failure.status == status)
        #expect(failure.message == message)
    }

    @Test("bytes that are not UTF-8 are refused before anything else")
    func notUTF8() {
        guard case .failure(let failure) = head("get /x HTTP/9\r\nX: ", extra: [0xFF, 0xFE]) else { Issue.record("read"); return }
        #expect(failure.status == 400)
        #expect(failure.message == "The request's headers are not UTF-8.")
    }

    @Test("the end of a head is the first blank line")
    func headEnd() {
        #expect(RequestReader.headEnd(in: Array("GET / HTTP/1.1\r\nA: b\r\n\r\nbody\r\n\r\n".utf8)) == 20)
        #expect(RequestReader.headEnd(in: Array("GET / HTTP/1.1\r\n\r".utf8)) == nil)
        #expect(RequestReader.headEnd(in: Array("\r\n\r\n".utf8)) == 0)
        #expect(RequestReader.headEnd(in: []) == nil)
    }

    @Test("a target's segments and query, percent-decoded; + is a space in a query only")
    func target() throws {
        let (segments, query) = try RequestReader.target("/api//workouts/a%2Fb%20c+d/?page=2&q=a+b%2Bc&&flag&=v&k=&%C3%A9=%C3%BC")
        #expect(segments == ["api", "workouts", "a/b c+d"])
        #expect(query == ["page": "2", "q": "a b+c", "flag": "", "": "v", "k": "", "é": "ü"])
        #expect(try RequestReader.target("/").segments == [])
        #expect(try RequestReader.target("/x?a=1?b=2").query == ["a": "1?b=2"])
    }

    @Test("a target with a bad escape, bytes that are not UTF-8, '.', '..' or NUL is refused", arguments: [
        ("/api/%zz", "The path is not valid percent-encoded UTF-8."),
        ("/api/%4", "The path is not valid percent-encoded UTF-8."),
        ("/api/%C3%28", "The path is not valid percent-encoded UTF-8."),
        ("/api/../liftlog.json", "The path may not hold '.', '..' or NUL."),
        ("/api/%2e%2e/x", "The path may not hold '.', '..' or NUL."),
        ("/./health", "The path may not hold '.', '..' or NUL."),
        ("/api/a%00b", "The path may not hold '.', '..' or NUL."),
        ("/api?x=%FF", "The query is not valid percent-encoded UTF-8."),
        ("/api?%zz=1", "The query is not valid percent-encoded UTF-8."),
    ])
    func badTarget(target: String, message: String) {
        #expect(throws: RequestReader.Failure.self) { try RequestReader.target(target) }
        do {
            _ = try RequestReader.target(target)
        } catch {
            #expect(error.status == 400)
            #expect(error.message == message)
        }
    }
}
