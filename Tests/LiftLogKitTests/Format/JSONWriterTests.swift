import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Canonical JSON writer")
struct JSONWriterTests {
    @Test("sorts keys, indents by two spaces and ends with one newline")
    func canonicalLayout() {
        let value: JSONValue = ["b": [1, 2], "a": ["y": true, "x": .null], "c": [], "d": [:]]
        #expect(JSONWriter.canonicalString(value) == """
        {
          "a": {
            "x": null,
            "y": true
          },
          "b": [
            1,
            2
          ],
          "c": [],
          "d": {}
        }

        """)
    }

    @Test("escapes quotes, backslashes and control characters, keeps other characters")
    func escaping() {
        let value: JSONValue = ["s": "a\"b\\c\nd\te\u{01}é😀/"]
        #expect(JSONWriter.canonicalString(value) == "{\n  \"s\": \"a\\\"b\\\\c\\nd\\te\\u0001é😀/\"\n}\n")
    }

    @Test("orders keys by code point, as Python's sort_keys does")
    func codePointOrder() {
        let value: JSONValue = ["é": 1, "z": 2, "Z": 3, "a_b": 4, "ab": 5]
        let keys = JSONWriter.canonicalString(value).split(separator: "\n").dropFirst().dropLast().map { $0.split(separator: "\"")[1] }
        #expect(keys == ["Z", "a_b", "ab", "z", "é"])
    }

    @Test("writes numbers canonically", arguments: [(100.0, "100"), (102.5, "102.5"), (0.1, "0.1"), (-3.0, "-3"), (1e20, "1e+20")])
    func numbers(value: Double, text: String) {
        #expect(JSONNumber(value).text == text)
    }

    @Test("reads back what it writes, byte for byte")
    func roundTrip() throws {
        let value: JSONValue = ["name": "Bench Press", "n": .number(JSONNumber(validatedText: "1.50")), "list": [["k": "v"]]]
        let bytes = JSONWriter.canonicalBytes(value)
        #expect(try JSONParser.parse(bytes) == value)
        #expect(JSONWriter.canonicalBytes(try JSONParser.parse(bytes)) == bytes)
    }
}

@Suite("JSON numbers")
struct JSONNumberTests {
    @Test("reads numbers exactly as the C library does", arguments: [
        "0", "-0", "5", "102.5", "0.1", "2.675", "-3.25", "123456789012345", "1234567890123456", "1e3", "1.5E-2",
        "0.000001", "99999.99", "12345678901234567890", "-1.7976931348623157e308",
    ])
    func doubles(text: String) {
        #expect(JSONNumber(validatedText: text).doubleValue == Double(text))
    }
}
