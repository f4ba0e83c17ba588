import Testing
@testable import LiftLogKit

@Suite("IDs packed into 16 bytes")
struct PackedUUIDTests {
    @Test("spells the identifier back, digit for digit")
    func roundTrip() {
        for text in ["00000000-0000-4000-8000-000000000001", "ffffffff-ffff-4fff-bfff-ffffffffffff", "3f2c9a1e-8b7d-4c6e-9f01-2a3b4c5d6e7f"] {
            #expect(PackedUUID(Session.ID(rawValue: text)!).text == text)
        }
        for _ in 0..<200 {
            let id = Session.ID.random()
            #expect(PackedUUID(id).text == id.rawValue)
        }
    }

    @Test("orders and compares as the text does")
    func order() {
        let ids = (0..<300).map { _ in Session.ID.random() } + ["0a000000-0000-4000-8000-000000000000", "a0000000-0000-4000-8000-000000000000",
                                                                 "00000000-0000-4000-8000-00000000000a", "00000000-0000-4000-8000-0000000000a0"].map { Session.ID(rawValue: $0)! }
        #expect(ids.sorted().map(\.rawValue) == ids.map(PackedUUID.init).sorted().map(\.text))
        let first = ids[0]
        #expect(PackedUUID(first) == PackedUUID(Session.ID(rawValue: first.rawValue)!))
        #expect(PackedUUID(first) != PackedUUID(ids[1]))
    }
}
