import Testing
@testable import LiftLogKit

@Suite("Identifiers")
struct IdentifierTests {
    @Test("an identifier read from bytes is accepted exactly when its text is", arguments: [
        "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f", "3F2C9A1E-8B7D-4C6E-9F01-2A3B4C5D6E7F", "3f2c9a1e8b7d-4c6e-9f01-2a3b4c5d6e7f0",
        "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7", "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7g", "", "3f2c9a1e_8b7d-4c6e-9f01-2a3b4c5d6e7f",
        "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6é7",
    ])
    func fromBytes(text: String) {
        var bytes = text
        let read = bytes.withUTF8 { Session.ID(bytes: $0[...]) }
        #expect(read == Session.ID(rawValue: text))
        #expect(read?.rawValue == Session.ID(rawValue: text)?.rawValue)
    }

    @Test("new identifiers are lowercase version 4 UUIDs, all different, using every hex digit in every random position")
    func randomIdentifiers() throws {
        let made = (0..<2_000).map { _ in Session.ID.random().rawValue }
        #expect(Set(made).count == made.count)
        for text in made {
            #expect(Session.ID(rawValue: text) != nil, "not a canonical UUID: \(text)")
            let characters = Array(text)
            #expect(characters.count == 36)
            #expect(characters[14] == "4", "version nibble of \(text)")
            #expect("89ab".contains(characters[19]), "variant of \(text)")
        }
        // Each random digit position takes all 16 values over 2,000 draws (a stuck or
        // byte-swapped nibble would not).
        for position in 0..<36 where ![8, 13, 14, 18, 19, 23].contains(position) {
            let seen = Set(made.map { Array($0)[position] })
            #expect(seen.count == 16, "position \(position) took only \(seen.sorted())")
        }
        let variants = Set(made.map { Array($0)[19] })
        #expect(variants == ["8", "9", "a", "b"])
    }
}

/// A set's ID is checked in every set of every session read; the check reads ASCII IDs as
/// bytes and must say exactly what the rule on characters says.
@Suite("Set IDs")
struct SetIDRuleTests {
    /// The rule as SPEC and the messages state it, on characters.
    private func plainRule(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 64 && !id.contains { $0.isWhitespace || $0 == "/" || $0 == "." }
    }

    @Test("every ASCII character alone, and around a usable ID")
    func everyASCIICharacter() {
        for scalar in 0..<0x80 {
            let character = String(UnicodeScalar(UInt8(scalar)))
            for id in [character, "ab" + character, character + "cd", "s1" + character + "x"] {
                #expect(WorkoutSet.isUsableID(id) == plainRule(id), "\(Array(id.utf8))")
            }
        }
    }

    @Test("lengths about 64, and characters of several bytes")
    func lengths() {
        for count in [0, 1, 63, 64, 65, 100] {
            for piece in ["a", "é", "e\u{301}", "🏋️", "\r\n", "日"] {
                let id = String(repeating: piece, count: count)
                #expect(WorkoutSet.isUsableID(id) == plainRule(id), "\(count) × \(piece.unicodeScalars.map(\.value))")
            }
        }
        #expect(WorkoutSet.isUsableID(String(repeating: "a", count: 64)))
        #expect(!WorkoutSet.isUsableID(String(repeating: "a", count: 65)))
        #expect(WorkoutSet.isUsableID(String(repeating: "é", count: 64)))   // 128 bytes, 64 characters
    }

    @Test("random IDs of ASCII, accents, other spaces and line ends")
    func random() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "Z", "0", "-", "_", ":", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1C}", "\u{1F}", "\u{7F}", "\u{00}",
                      "/", ".", "é", "e\u{301}", "\u{A0}", "\u{85}", "\u{2028}", "\u{3000}", "\u{200B}", "日", "🏋️", "․"]
        for _ in 0..<5_000 {
            let id = (0..<Int.random(in: 0...70, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(WorkoutSet.isUsableID(id) == plainRule(id), "\(id.unicodeScalars.map(\.value))")
        }
    }
}
