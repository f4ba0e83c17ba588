import Testing
@testable import LiftLogKit

@Suite("Text helpers")
struct TextHelperTests {
    @Test("replacing occurrences: every one, left to right, without overlaps, as UTF-8 bytes", arguments: [
        ("a-b-c", "-", "_", "a_b_c"),
        ("--a--", "-", "", "a"),
        ("aaaa", "aa", "b", "bb"),
        ("aaa", "aa", "b", "ba"),
        ("say \"hi\"", "\"", "\"\"", "say \"\"hi\"\""),
        ("{values}.", "{values}", "kg or lb", "kg or lb."),
        ("no match", "xyz", "!", "no match"),
        ("", "a", "b", ""),
        ("ab", "abc", "x", "ab"),
        ("5×5 @ 80", "×", "x", "5x5 @ 80"),
        ("line\r\nnext", "\n", " ", "line\r next"),
        ("Übung Übung", "Ü", "U", "Ubung Ubung"),
        ("same", "", "x", "same"),
    ])
    func replacing(text: String, target: String, replacement: String, expected: String) {
        #expect(text.replacingOccurrences(of: target, with: replacement) == expected)
    }
}

@Suite("Trimming and UTF-8, ASCII read as bytes")
struct WhitespaceTests {
    @Test("trimming: ASCII and Unicode whitespace at either end, nothing inside", arguments: [
        (" a ", "a"), ("a", "a"), ("", ""), ("   ", ""), ("a b", "a b"), ("\tx\r\n", "x"),
        ("\u{00A0}Bench\u{3000}", "Bench"), ("x\u{2003}", "x"), ("\u{0085}x", "x"), ("é ", "é"), (" Übung", "Übung"),
    ])
    func trimming(text: String, expected: String) {
        #expect(text.trimmingWhitespace() == expected)
    }

    @Test("trimming the end only")
    func trailing() {
        #expect("  a  ".trimmingTrailingWhitespace() == "  a")
        #expect(" a".trimmingTrailingWhitespace() == " a")
        #expect("a\u{00A0}".trimmingTrailingWhitespace() == "a")
    }

    @Test("UTF-8 is checked before a string is made of it")
    func validatingUTF8() {
        #expect(String(validatingUTF8Bytes: Array("plain".utf8)) == "plain")
        #expect(String(validatingUTF8Bytes: Array("Übung 5×5".utf8)) == "Übung 5×5")
        #expect(String(validatingUTF8Bytes: []) == "")
        #expect(String(validatingUTF8Bytes: [0x61, 0xC3]) == nil)              // cut short
        #expect(String(validatingUTF8Bytes: [0xC0, 0x80]) == nil)              // overlong
        #expect(String(validatingUTF8Bytes: [0xED, 0xA0, 0x80]) == nil)        // a surrogate
        #expect(String(validatingUTF8Bytes: [0x61, 0xFF, 0x62]) == nil)
    }
}

@Suite("Joining strings")
struct JoinedTests {
    /// The standard library's `joined(separator:)`: in generic code, a call finds the
    /// library's, not the one declared on `[String]`.
    private func libraryJoined<Strings: BidirectionalCollection>(_ strings: Strings, separator: String) -> String where Strings.Element == String {
        strings.joined(separator: separator)
    }

    @Test("[String].joined gives what the standard library's gives")
    func sameAsTheLibrary() {
        let pieces = ["", "a", "Back Squat", "×", "e\u{301}", "\u{301}", "👩‍👩‍👧", "\r", "\n", "\r\n", "中文", "tab\t", "ẞ"]
        let separators = ["", ", ", " · ", "\n", "\u{301}", "\r", "\t"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let strings = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            let separator = separators.randomElement(using: &generator)!
            let joined = strings.joined(separator: separator)
            #expect(joined == libraryJoined(strings, separator: separator), "\(strings) \(separator.debugDescription)")
            #expect(Array(joined.utf8) == Array(libraryJoined(strings, separator: separator).utf8))
            #expect(strings.joined() == libraryJoined(strings, separator: ""))
        }
    }
}
