import Testing
@testable import LiftLogKit

@Suite("The weights an exercise is set to")
struct FixedLoadsTests {
    @Test("read from weights and runs, and written back the same way", arguments: [
        ("2-10/2,12.5,15", [2.0, 4, 6, 8, 10, 12.5, 15], "2-10/2,12.5,15"),
        ("5, 10, 15, 20", [5.0, 10, 15, 20], "5-20/5"),
        ("2.5,5", [2.5, 5.0], "2.5,5"),
        ("1.25-3.75/1.25", [1.25, 2.5, 3.75], "1.25-3.75/1.25"),
        ("", [], ""),
    ])
    func roundTrip(text: String, loads: [Double], written: String) throws {
        #expect(try FixedLoads.parse(text) == loads)
        #expect(FixedLoads.text(loads) == written)
        #expect(try FixedLoads.parse(written) == loads)
    }

    @Test("a list it cannot read, or out of order, is refused naming what is wrong", arguments: [
        ("2-x", "'2-x' is neither a weight nor a run from-to/step. Write weights and runs such as 2-30/2,32.5,35."),
        ("30-2/2", "'30-2/2' is not a run from-to/step with the lighter first. Write weights and runs such as 2-30/2,32.5,35."),
        ("4,2", "Loads go lightest first, each once: 2 comes after 4."),
        ("2,2", "Loads go lightest first, each once: 2 comes after 2."),
        ("0,5", "Each load must be more than 0 and at most 1000, found 0."),
        ("1-1000/1", "An exercise lists at most 200 loads, found 1000."),
    ])
    func refused(text: String, message: String) {
        #expect(throws: LiftLogError.validation(message)) { try FixedLoads.parse(text) }
    }

    @Test("the nearest load, the heaviest at most a weight, and a warm-up ramp among them")
    func choosing() {
        let rack = [2.0, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]
        #expect(FixedLoads.nearest(23, in: rack) == 22)
        #expect(FixedLoads.nearest(23.5, in: rack) == 24)
        #expect(FixedLoads.atMost(23.9, in: rack) == 22)
        #expect(FixedLoads.atMost(1, in: rack) == 2)
        #expect(FixedLoads.nearest(23, in: []) == 23)
        let ramp = FixedLoads.warmup(to: 30, sets: 4, loads: rack)
        #expect(ramp.map(\.weight) == [12, 14, 20, 24] && ramp.map(\.reps) == [10, 5, 3, 2], "\(ramp)")
        // Never as heavy as the work, each heavier than the one before.
        #expect(FixedLoads.warmup(to: 4, sets: 4, loads: rack).map(\.weight) == [2])
    }
}
