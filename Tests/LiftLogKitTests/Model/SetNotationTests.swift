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
        ("bwx12", SetNotation(weight: nil, unit: nil, reps: 12, bodyweight: true)),
        ("BWX12", SetNotation(weight: nil, unit: nil, reps: 12, bodyweight: true)),
        ("bw+20x5", SetNotation(weight: 20, unit: .kg, reps: 5, bodyweight: true)),
        ("bw+45lbsx5@8", SetNotation(weight: 45, unit: .lbs, reps: 5, bodyweight: true, rpe: 8)),
        ("bw-25x8", SetNotation(weight: -25, unit: .kg, reps: 8, bodyweight: true)),
        ("bw+2.5x3x4", SetNotation(weight: 2.5, unit: .kg, reps: 3, bodyweight: true, count: 4)),
        ("60s", SetNotation(weight: nil, unit: nil, reps: nil, durationSeconds: 60)),
        ("45sec", SetNotation(weight: nil, unit: nil, reps: nil, durationSeconds: 45)),
        ("1:30", SetNotation(weight: nil, unit: nil, reps: nil, durationSeconds: 90)),
        ("1:02:30", SetNotation(weight: nil, unit: nil, reps: nil, durationSeconds: 3750)),
        ("2min", SetNotation(weight: nil, unit: nil, reps: nil, durationSeconds: 120)),
        ("1.5min", SetNotation(weight: nil, unit: nil, reps: nil, durationSeconds: 90)),
        ("1h", SetNotation(weight: nil, unit: nil, reps: nil, durationSeconds: 3600)),
        ("20x45s", SetNotation(weight: 20, unit: .kg, reps: nil, durationSeconds: 45)),
        ("bwx1:00", SetNotation(weight: nil, unit: nil, reps: nil, bodyweight: true, durationSeconds: 60)),
        ("60sx3", SetNotation(weight: nil, unit: nil, reps: nil, durationSeconds: 60, count: 3)),
        ("20sx8", SetNotation(weight: nil, unit: nil, reps: nil, durationSeconds: 20, count: 8)),
        ("5km", SetNotation(weight: nil, unit: nil, reps: nil, distanceMeters: 5000)),
        ("400m", SetNotation(weight: nil, unit: nil, reps: nil, distanceMeters: 400)),
        ("3mi", SetNotation(weight: nil, unit: nil, reps: nil, distanceMeters: 4828.032)),
        ("5km/25:00", SetNotation(weight: nil, unit: nil, reps: nil, durationSeconds: 1500, distanceMeters: 5000)),
        ("2000m/7:45", SetNotation(weight: nil, unit: nil, reps: nil, durationSeconds: 465, distanceMeters: 2000)),
        ("10KM/50min", SetNotation(weight: nil, unit: nil, reps: nil, durationSeconds: 3000, distanceMeters: 10000)),
        ("400mx6", SetNotation(weight: nil, unit: nil, reps: nil, distanceMeters: 400, count: 6)),
        ("w:400m", SetNotation(weight: nil, unit: nil, reps: nil, distanceMeters: 400, setType: .warmup)),
        ("102.5×5", SetNotation(weight: 102.5, unit: .kg, reps: 5)),
        ("100x5@rir2", SetNotation(weight: 100, unit: .kg, reps: 5, rir: 2)),
        ("100x5@RIR0x2", SetNotation(weight: 100, unit: .kg, reps: 5, rir: 0, count: 2)),
        ("w:60x5", SetNotation(weight: 60, unit: .kg, reps: 5, setType: .warmup)),
        ("W:60x5x2", SetNotation(weight: 60, unit: .kg, reps: 5, setType: .warmup, count: 2)),
        ("d:80x8", SetNotation(weight: 80, unit: .kg, reps: 8, setType: .drop)),
        ("f:100x3@10", SetNotation(weight: 100, unit: .kg, reps: 3, rpe: 10, setType: .failure)),
        ("w:bwx10", SetNotation(weight: nil, unit: nil, reps: 10, bodyweight: true, setType: .warmup)),
        // A load over a distance: a sled pushed, a farmer's walk.
        ("100x20m", SetNotation(weight: 100, unit: .kg, reps: nil, distanceMeters: 20)),
        ("40kgx0.5km", SetNotation(weight: 40, unit: .kg, reps: nil, distanceMeters: 500)),
        ("bw+20x40m/0:30", SetNotation(weight: 20, unit: .kg, reps: nil, bodyweight: true, durationSeconds: 30, distanceMeters: 40)),
        ("100x20mx3@8", SetNotation(weight: 100, unit: .kg, reps: nil, distanceMeters: 20, rpe: 8, count: 3)),
        ("20x2min", SetNotation(weight: 20, unit: .kg, reps: nil, durationSeconds: 120)),
    ])
    func valid(text: String, expected: SetNotation) throws {
        #expect(try SetNotation.parse(text, defaultUnit: .kg) == expected)
    }

    @Test("uses the store's unit when none is written")
    func defaultUnit() throws {
        #expect(try SetNotation.parse("135x5", defaultUnit: .lbs).unit == .lbs)
    }

    /// Each wrong token: the reason, the offset of the caret (in characters) and the nearest
    /// valid form, when one is close.
    @Test("points at the first wrong character and suggests the nearest valid form", arguments: [
        ("bw+x5", "expected a weight after 'bw+'", 3, "bw+20x5"),
        ("bw+20", "expected 'x' and the reps after the bodyweight load", 5, "bw+20x12"),
        ("bw+20stonex5", "unknown unit 'stone' (use kg or lbs)", 5, nil),
        ("bw+20kx5", "unknown unit 'k' (use kg or lbs)", 5, "bw+20kgx5"),
        ("abcx5", "weight 'abc' is not a number", 0, "100x5"),
        ("abc", "a set starts with a weight, a time, a distance or 'bw'", 0, nil),
        ("100x", "the reps are missing after 'x'", 4, "100x5"),
        ("100x-3", "reps cannot be negative", 4, "100x3"),
        ("100x5.5", "reps must be a whole number", 5, "100x5"),
        ("100x5@11", "RPE must be between 1 and 10 in steps of 0.5", 6, "100x5@10"),
        ("100x5@8.3", "RPE must be between 1 and 10 in steps of 0.5", 6, "100x5@8.5"),
        ("100stonex5", "unknown unit 'stone' (weights: kg, lbs; times: s, min; distances: m, km, mi)", 3, nil),
        ("100kx5", "unknown unit 'k' (weights: kg, lbs; times: s, min; distances: m, km, mi)", 3, "100kgx5"),
        ("5kmm", "unknown unit 'kmm' (weights: kg, lbs; times: s, min; distances: m, km, mi)", 1, "5km"),
        ("100", "a number alone is not a set: add 'x' and the reps, or a unit of time or distance", 3, "100x5"),
        ("100kg", "expected 'x' and the reps after the weight", 5, "100kgx5"),
        ("x5", "the weight is missing before 'x'", 0, "60x5"),
        ("100x5x0", "the number of sets must be 1 to 50", 6, "100x5x3"),
        ("100x5x99", "the number of sets must be 1 to 50", 6, "100x5x3"),
        ("100x5x3x2", "too many 'x': write WEIGHTxREPSxSETS", 7, "100x5x3"),
        // One plausible range for reps and weight, the one check applies to files.
        ("100x99999", "reps must be at most 1000, found 99999", 4, nil),
        ("100x99999999999999999999", "reps must be at most 1000, found 99999999999999999999", 4, nil),
        ("5001x5", "weight must be at most 5000, found 5001", 0, nil),
        ("102,5x5", "write decimals with a point", 3, "102.5x5"),
        ("-100x5", "a weight cannot be negative; for an assisted exercise write the assistance after bw-", 0, "bw-100x5"),
        ("100x5@", "RPE is missing after '@'", 6, "100x5@8"),
        ("100x5@rir", "the reps in reserve are missing after '@rir'", 9, "100x5@rir2"),
        ("100x5@rir11", "reps in reserve must be a whole number from 0 to 10", 9, "100x5@rir2"),
        ("100x5@rirx", "the reps in reserve are missing after '@rir'", 9, nil),
        ("100x5@8@9", "the effort is given twice", 7, "100x5@8"),
        ("q:100x5", "'q:' is not a set type; use w: (warm-up), d: (drop) or f: (to failure)", 0, "w:100x5"),
        ("w:", "the set is missing after 'w:'", 2, "w:60x5"),
        ("1:3", "write a clock time as M:SS or H:MM:SS, with seconds and minutes from 00 to 59", 2, "1:30"),
        ("1:75", "write a clock time as M:SS or H:MM:SS, with seconds and minutes from 00 to 59", 2, "1:30"),
        ("5km/", "expected a time after '/'", 4, "5km/25:00"),
        ("5km/25", "a time needs a unit: s, min or h, or write it as M:SS", 6, "5km/25s"),
        ("0m", "a distance must be more than 0", 0, "5m"),
        ("0s", "a time must be at least 1 second", 0, nil),
        ("25h", "a time must be at most 24 hours", 0, nil),
        ("20x45q", "unexpected 'q'", 5, "20x45"),
        ("", "the set is empty", 0, "100x5"),
        ("100x0m", "a distance must be more than 0", 4, "100x5m"),
        ("100x20m/", "expected a time after '/'", 8, "100x20m/25:00"),
        ("100x1001km", "a distance must be at most 1,000 km", 4, nil),
        // Sets × reps @ weight, as a board writes them: the same in the notation's order.
        ("3x8@60", "RPE must be between 1 and 10; for 3 sets of 8 at 60 write WEIGHTxREPSxSETS", 4, "60x8x3"),
        ("w:3x8@62.5kg", "RPE must be between 1 and 10; for 3 sets of 8 at 62.5kg write WEIGHTxREPSxSETS", 6, "w:62.5kgx8x3"),
        ("1x8@60", "RPE must be between 1 and 10 in steps of 0.5", 4, "1x8@10"),
        ("3x8x2@60", "RPE must be between 1 and 10 in steps of 0.5", 6, "3x8x2@10"),
    ] as [(String, String, Int, String?)])
    func invalid(text: String, reason: String, offset: Int, suggestion: String?) {
        let tail = suggestion.map { " Did you mean \($0)?" } ?? " Write sets like 100x5, 225lbsx5, 100x5@8, w:60x5, 100x5x3, bw+20x5, 60s, 20x45s, 5km/25:00 or 400mx6."
        let expected = LiftLogError.validation("Invalid set '\(text)': \(reason).\(tail)",
                                               remedy: .correctSet(token: text, offset: offset, suggestion: suggestion))
        #expect(throws: expected) { try SetNotation.parse(text, defaultUnit: .kg) }
    }

    @Test("every suggestion it makes is itself a valid set")
    func suggestionsParse() throws {
        for text in ["bw+x5", "100x", "100kx5", "q:60x5", "100,5x5", "1:3", "60", "100x5@11", "5km/", "x5", "100kg", "bw+20", "w:"] {
            do {
                _ = try SetNotation.parse(text, defaultUnit: .kg)
                Issue.record("'\(text)' parsed")
            } catch {
                guard case .validation(_, .correctSet(_, _, let suggestion?)?) = error else { Issue.record("no suggestion for '\(text)'"); continue }
                #expect(throws: Never.self) { try SetNotation.parse(suggestion, defaultUnit: .kg) }
            }
        }
    }

    @Test("reads a time or a distance given alone, for 'set --seconds' and '--distance'")
    func timesAndDistances() throws {
        #expect(try SetNotation.duration("45", option: "--seconds") == 45)
        #expect(try SetNotation.duration("1:30", option: "--seconds") == 90)
        #expect(try SetNotation.duration("2min", option: "--seconds") == 120)
        #expect(try SetNotation.distance("5km", option: "--distance") == 5000)
        #expect(throws: LiftLogError.validation("--seconds must be a time such as 45, 45s, 2min or 1:30, got '5km'.")) {
            try SetNotation.duration("5km", option: "--seconds")
        }
        #expect(throws: LiftLogError.validation("--distance must be a distance such as 400m, 5km or 3mi, got '100x5'.")) {
            try SetNotation.distance("100x5", option: "--distance")
        }
    }
}
