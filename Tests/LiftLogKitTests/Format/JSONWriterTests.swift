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

    @Test("a byte buffer holds what an array holds after the same appends, through every growth")
    func byteBuffer() {
        var generator = SystemRandomNumberGenerator()
        for capacity in [0, 1, 16, 100] {
            var buffer = ByteBuffer(capacity: capacity)
            var array: [UInt8] = []
            for _ in 0..<2_000 {
                if Bool.random(using: &generator) {
                    let byte = UInt8.random(in: 0...255, using: &generator)
                    buffer.append(byte)
                    array.append(byte)
                } else {
                    let run = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                    run.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
                    array.append(contentsOf: run)
                }
            }
            buffer.append("end")
            array.append(contentsOf: Array("end".utf8))
            #expect(buffer.bytes() == array)
        }
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

    @Test("reads decimals exactly as Double(String) does, from their digits when they are plain", arguments: [
        "0", "-0", "1", "100", "102.5", "0.1", "0.3", "27407.5", "-12.75", "1.005", "123456789012345", "1234567890123456",
        "0.000001", "0.0000000000000000000001", "0.00000000000000000000001", "9007199254740993", "99999999999999.99",
        "1e5", "1E-3", "inf", "nan", ".5", "5.", "-", ".", "", "+3", "1.2.3", "12a", "0x10", "00012.50",
    ])
    func decimals(text: String) {
        let read = JSONNumber.double(ArraySlice(Array(text.utf8)))
        let expected = text.isEmpty ? nil : Double(text)
        #expect(read?.bitPattern == expected?.bitPattern || (read?.isNaN == true && expected?.isNaN == true), "\(text): \(String(describing: read)) against \(String(describing: expected))")
    }

    @Test("reads random decimals of up to 17 digits exactly as Double(String) does")
    func randomDecimals() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...17, using: &generator)
            var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let dot = Int.random(in: 0...digits, using: &generator)
            if dot > 0 && dot < digits { text.insert(".", at: text.index(text.startIndex, offsetBy: dot)) }
            if Bool.random(using: &generator) { text = "-" + text }
            let read = JSONNumber.double(ArraySlice(Array(text.utf8)))
            #expect(read?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        // Numbers as the index writes them: every weight in steps of 0.05 up to 500, and volumes.
        for hundredths in stride(from: 0, through: 50_000, by: 5) {
            let text = JSONNumber(Double(hundredths) / 100).text
            #expect(JSONNumber.double(ArraySlice(Array(text.utf8)))?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }
}
