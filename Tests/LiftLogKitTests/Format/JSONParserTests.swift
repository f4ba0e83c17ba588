import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    private func syntaxError(_ text: String) -> (line: Int, column: Int, message: String)? {
        let bytes = Array(text.utf8)
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch let error as JSONSyntaxError {
            let location = SourceLocation(offset: error.offset, in: bytes)
            return (location.line, location.column, error.message)
        } catch {
            return nil
        }
    }

    @Test("parses every kind of value")
    func parsesValues() throws {
        let value = try parse(#"{"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d\n\u00e9\ud83d\ude00"}}"#)
        #expect(value["a"] == .array([1, .number(JSONNumber(validatedText: "-2.5")), .number(JSONNumber(validatedText: "3e2")), true, false, .null]))
        #expect(value["b"]?["c"] == .string("d\né😀"))
    }

    @Test("keeps numbers as written")
    func keepsNumberText() throws {
        let value = try parse(#"{"big": 12345678901234567890, "precise": 1.50}"#)
        guard case .number(let big)? = value["big"], case .number(let precise)? = value["precise"] else {
            Issue.record("not numbers")
            return
        }
        #expect(big.text == "12345678901234567890")
        #expect(precise.text == "1.50")
    }

    @Test("ignores a UTF-8 byte order mark and CRLF line endings")
    func acceptsBOMAndCRLF() throws {
        let value = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{\r\n  \"a\": 1\r\n}\r\n".utf8))
        #expect(value["a"] == 1)
    }

    @Test("reports the line and column of syntax errors", arguments: [
        // At the comma itself, not at the brace after it.
        ("{\n  \"a\": 1,\n}", 2, 9, "trailing comma before '}' is not allowed in JSON; remove it"),
        ("[1,\n 2 ,\n]", 2, 4, "trailing comma before ']' is not allowed in JSON; remove it"),
        ("{\n  \"a\" 1\n}", 2, 7, "expected ':' after the key \"a\""),
        ("{\n  \"a\": tru\n}", 2, 8, "unexpected character 't'; expected a value (did you mean true?)"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key \"a\"; keep only one"),
        ("{\"a\": 'x'}", 1, 7, "JSON strings use double quotes (\"), not single quotes"),
        ("{\"a\": 01}", 1, 7, "numbers cannot have leading zeros"),
        ("{\"a\": \"x}", 1, 7, "unterminated string; add the closing '\"'"),
        ("{\"a\": 1} x", 1, 10, "unexpected character 'x' after the end of the JSON value; remove it"),
        ("", 1, 1, "the file is empty; expected a JSON object"),
        ("{\"a\": [1, 2}", 1, 12, "unexpected character '}'; expected ',' or ']' after an array element"),
        ("{\"a\": \"\\q\"}", 1, 8, "invalid escape '\\q' in a string; write a backslash as \\\\"),
        ("{\n  // note\n  \"a\": 1}", 2, 3, "unexpected character '/'; expected a key in double quotes"),
        ("{\"é\": 1, \"b\" 2}", 1, 14, "expected ':' after the key \"b\""),
    ])
    func locatesSyntaxErrors(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(syntaxError(text))
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error.message == message)
    }

    @Test("rejects invalid UTF-8 inside strings with its position")
    func rejectsInvalidUTF8() throws {
        let bytes = Array("{\"a\": \"x".utf8) + [0xFF] + Array("\"}".utf8)
        #expect(throws: JSONSyntaxError(offset: 8, message: "byte 0xFF is not valid UTF-8; save the file as UTF-8")) {
            try JSONParser.parse(bytes)
        }
    }

    @Test("rejects overlong and surrogate encodings", arguments: [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] as [[UInt8]])
    func rejectsBadSequences(sequence: [UInt8]) {
        let bytes = Array("[\"".utf8) + sequence + Array("\"]".utf8)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
    }

    @Test("rejects unpaired surrogate escapes")
    func rejectsUnpairedSurrogates() {
        #expect(throws: JSONSyntaxError.self) { try parse(#"["\ud800"]"#) }
        #expect(throws: JSONSyntaxError.self) { try parse(#"["\udc00x"]"#) }
    }

    @Test("limits nesting depth instead of overflowing the stack")
    func limitsDepth() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = syntaxError(deep)
        #expect(error?.message == "nesting deeper than \(JSONParser.maximumDepth) levels")
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(syntaxError(fine) == nil)
    }

    @Test("records the position of every value and key")
    func recordsPositions() throws {
        let text = "{\n  \"entries\": [\n    {\"reps\": -3}\n  ]\n}"
        let bytes = Array(text.utf8)
        let (_, table) = try JSONParser.parseWithPositions(bytes)
        let path = JSONPath.root.appending("entries").appending(0).appending("reps")
        #expect(SourceLocation(offset: table.offset(of: path), in: bytes) == SourceLocation(line: 3, column: 14))
        #expect(SourceLocation(offset: table.keyOffset(of: path), in: bytes) == SourceLocation(line: 3, column: 6))
        // A missing path falls back to its nearest existing parent.
        #expect(SourceLocation(offset: table.offset(of: path.appending("x")), in: bytes) == SourceLocation(line: 3, column: 14))
    }

    @Test("merging an object sets each of its members: a key present keeps its place and takes the new value, a new one is appended")
    func merge() {
        var object: JSONObject = ["a": .number(JSONNumber(1)), "b": .string("x"), "c": .null]
        object.merge(["c": .bool(true), "d": .array([]), "a": .null])
        #expect(object.keys == ["a", "b", "c", "d"])
        #expect(object["a"] == .null)
        #expect(object["b"] == .string("x"))
        #expect(object["c"] == .bool(true))
        #expect(object["d"] == .array([]))
        object.merge([:])
        #expect(object.count == 4)
    }
}
