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
