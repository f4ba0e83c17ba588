import Testing
@testable import LiftLogKit
import LiftLogTestSupport

@Suite("Set notation")
struct SetNotationTests {
    @Test("reads every documented form", arguments: [
        ("100x5", SetNotation(weight: 100, unit: .kg, reps: 5)),
        ("100kgx5", SetNotation(weight: 100, unit: .kg, reps: 5)),
        ("225lbsx5", SetNotation(weight: 225, unit: .lbs, reps: 5)),
        ("225lbx5", SetNotation(weight: 225, unit: .lbs, reps: 5)),
        ("100x5@8.5", SetNotation(weight: 100, unit: .kg, reps: 5, rpe: 8.5)),
        ("100x5x3", SetNotation(weight: 100, unit: .kg, reps: 5, count: 3)),
        ("100x5x3@8", SetNotation(weight: 100, unit: .kg, reps: 5, rpe: 8, count: 3)),
        ("100x5@8x3", SetNotation(weight: 100, unit: .kg, reps: 5, rpe: 8, count: 3)),
        ("bwx12", SetNotation(weight: nil, unit: nil, reps: 12)),
        ("BWX12", SetNotation(weight: nil, unit: nil, reps: 12)),
        ("102.5×5", SetNotation(weight: 102.5, unit: .kg, reps: 5)),
        ("100x5@rir2", SetNotation(weight: 100, unit: .kg, reps: 5, rir: 2)),
        ("100x5@RIR0x2", SetNotation(weight: 100, unit: .kg, reps: 5, rir: 0, count: 2)),
        ("w:60x5", SetNotation(weight: 60, unit: .kg, reps: 5, setType: .warmup)),
        ("W:60x5x2", SetNotation(weight: 60, unit: .kg, reps: 5, setType: .warmup, count: 2)),
        ("d:80x8", SetNotation(weight: 80, unit: .kg, reps: 8, setType: .drop)),
        ("f:100x3@10", SetNotation(weight: 100, unit: .kg, reps: 3, rpe: 10, setType: .failure)),
        ("w:bwx10", SetNotation(weight: nil, unit: nil, reps: 10, setType: .warmup)),
    ])
    func valid(text: String, expected: SetNotation) throws {
        #expect(try SetNotation.parse(text, defaultUnit: .kg) == expected)
    }

    @Test("uses the store's unit when none is written")
    func defaultUnit() throws {
        #expect(try SetNotation.parse("135x5", defaultUnit: .lbs).unit == .lbs)
    }

    @Test("explains what is wrong", arguments: [
        ("abcx5", "weight 'abc' is not a number"),
        ("100x", "reps missing after 'x'"),
        ("100x-3", "reps must be a whole number of 0 or more"),
        ("100x5@11", "RPE must be between 1 and 10 in steps of 0.5"),
        ("100x5@8.3", "RPE must be between 1 and 10 in steps of 0.5"),
        ("100stonex5", "unknown unit 'stone' (use kg or lbs)"),
        ("100", "expected WEIGHTxREPS"),
        ("x5", "the weight is missing before 'x'"),
        ("100x5x0", "the number of sets must be a whole number of 1 or more"),
        ("100x5x99", "the number of sets must be at most 50, found 99"),
        // One plausible range for reps and weight, the one check applies to files.
        ("100x99999", "reps must be at most 1000, found 99999"),
        ("100x99999999999999999999", "reps must be at most 1000, found 99999999999999999999"),
        ("5001x5", "weight must be at most 5000, found 5001"),
        ("102,5x5", "write decimals with a point, as in 102.5"),
        ("-100x5", "weight cannot be negative"),
        ("100x5@", "RPE is missing after '@'"),
        ("100x5@rir", "the reps in reserve are missing after '@rir'"),
        ("100x5@rir11", "reps in reserve must be a whole number from 0 to 10, as in @rir2"),
        ("100x5@rirx", "the reps in reserve are missing after '@rir'"),
        ("q:100x5", "'q:' is not a set type; use w: (warm-up), d: (drop) or f: (to failure)"),
    ])
    func invalid(text: String, reason: String) {
        let message = "Invalid set '\(text)': \(reason). Write sets like 100x5, 100kgx5, 225lbsx5, 100x5@8.5, 100x5@rir2, w:60x5, 100x5x3 or bwx12."
        #expect(throws: LiftLogError.validation(message)) { try SetNotation.parse(text, defaultUnit: .kg) }
    }
}
