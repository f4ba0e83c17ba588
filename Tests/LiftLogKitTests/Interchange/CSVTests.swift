import Testing
@testable import LiftLogKit
import LiftLogTestSupport

private func records(_ text: String, separator: UInt8 = 0x2C) throws -> [[String]] {
    var reader = CSVReader(bytes: Array(text.utf8), separator: separator)
    var all: [[String]] = []
    while let record = try reader.next() { all.append(record.fields) }
    return all
}

@Suite("CSV")
struct CSVTests {
    @Test("reads RFC 4180", arguments: [
        ("a,b,c\n1,2,3\n", [["a", "b", "c"], ["1", "2", "3"]]),
        ("a,b\r\n1,2", [["a", "b"], ["1", "2"]]),
        ("\"a,b\",\"say \"\"hi\"\"\"\n", [["a,b", "say \"hi\""]]),
        ("\"line\nbreak\",x\n", [["line\nbreak", "x"]]),
        ("a,,c\n,\n", [["a", "", "c"], ["", ""]]),
        ("\u{FEFF}a,b\n", [["a", "b"]]),
        ("a\n\n\nb\n", [["a"], ["b"]]),
        ("a,b\r1,2\r", [["a", "b"], ["1", "2"]]),
        ("\"\"\n", [[""]]),
        ("é,😀\n", [["é", "😀"]]),
    ])
    func reads(text: String, expected: [[String]]) throws {
        #expect(try records(text) == expected)
    }

    @Test("reads semicolon files with every field quoted")
    func semicolons() throws {
        let text = "\"Workout #\";\"Date\";\"Weight (kg)\"\n\"1\";\"2021-03-05 18:07:12\";\"72,5\"\n"
        #expect(CSVReader.separator(forHeader: Array(text.utf8)) == 0x3B)
        #expect(try records(text, separator: 0x3B) == [["Workout #", "Date", "Weight (kg)"], ["1", "2021-03-05 18:07:12", "72,5"]])
    }

    @Test("knows the line each record starts on")
    func lines() throws {
        var reader = CSVReader(bytes: Array("a\n\"b\nc\"\nd\n".utf8))
        var lines: [Int] = []
        while let record = try reader.next() { lines.append(record.line) }
        #expect(lines == [1, 2, 4])
    }

    @Test("reports broken quoting and invalid UTF-8 with the line")
    func errors() {
        #expect(throws: CSVError(line: 2, message: "a quoted field is not closed before the end of the file")) { try records("a\n\"b,c\n") }
        #expect(throws: CSVError(line: 1, message: "text after a closing quote; a quote inside a quoted field is written twice (\"\")")) { try records("\"a\"b,c\n") }
        #expect(throws: CSVError.self) {
            var reader = CSVReader(bytes: [0x61, 0xFF, 0x0A])
            _ = try reader.next()
        }
    }

    @Test("writes what it reads back, quoting only when needed, and neutralises formulas")
    func writes() throws {
        let writer = CSVWriter()
        let row = ["plain", "a,b", "say \"hi\"", "two\nlines", " padded ", "=SUM(A1)", "+1", "-3", "@cmd", "-3.5", ""]
        let line = writer.line(row)
        #expect(line == "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\" padded \",'=SUM(A1),+1,-3,'@cmd,-3.5,\r\n")
        #expect(try records(line) == [["plain", "a,b", "say \"hi\"", "two\nlines", " padded ", "'=SUM(A1)", "+1", "-3", "'@cmd", "-3.5", ""]])
        // A Windows line break is one grapheme ("\r\n"): still a line break to quote.
        #expect(writer.line(["two\r\nlines", "é,e\u{301}"]) == "\"two\r\nlines\",\"é,e\u{301}\"\r\n")
        let semicolons = CSVWriter(separator: ";")
        #expect(semicolons.line(["a;b", "a,b"]) == "\"a;b\";a,b\r\n")
        #expect(try records(writer.line(["two\r\nlines"])) == [["two\r\nlines"]])
        // A formula that also needs quotes: the apostrophe inside the quotes.
        #expect(writer.line(["=a,b", "x\"y"]) == "\"'=a,b\",\"x\"\"y\"\r\n")
        // A separator of several bytes.
        let broken = CSVWriter(separator: "¦")
        #expect(broken.line(["a¦b", "a,b", "c"]) == "\"a¦b\"¦a,b¦c\r\n")
        // An export's lines are the lines, one after the other.
        #expect(writer.lines([row, ["é", ""], []]) == Array((writer.line(row) + "é,\r\n" + "\r\n").utf8))
        #expect(broken.lines([["a¦b"], ["c"]]) == Array("\"a¦b\"\r\nc\r\n".utf8))
    }

    @Test("random bytes never crash or hang the reader", .timeLimit(.minutes(5)))
    func fuzz() {
        var random = FuzzGenerator(state: 99)
        let alphabet: [UInt8] = Array("ab,;\"\r\n é".utf8) + [0xFF, 0xC3]
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...80, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            var reader = CSVReader(bytes: bytes)
            var count = 0
            while count < 1_000, let record = try? reader.next() {
                count += 1
                _ = record
            }
            #expect(count < 1_000)
        }
    }
}

@Suite("FIT writing")
struct FITWriterTests {
    @Test("the FIT CRC is CRC-16/ARC: its check value, and a file's CRC over itself is zero")
    func crc() {
        #expect(FITWriter.crc(Array("123456789".utf8)) == 0xBB3D)
        var writer = FITWriter()
        writer.message(0, [FITWriter.Field(number: 0, type: .enumeration, value: 4)])
        let bytes = writer.bytes
        #expect(FITWriter.crc(bytes) == 0)
        #expect(Array(bytes[8..<12]) == Array(".FIT".utf8))
        #expect(FITWriter.crc(Array(bytes[0..<14])) == 0)
    }
}
