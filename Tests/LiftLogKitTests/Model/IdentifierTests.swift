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
