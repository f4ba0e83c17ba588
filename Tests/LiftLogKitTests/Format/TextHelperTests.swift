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
