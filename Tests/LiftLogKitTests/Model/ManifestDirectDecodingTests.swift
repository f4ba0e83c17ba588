import Testing
@testable import LiftLogKit

/// `liftlog.json` is read straight from its bytes when nothing in it is unusual, and through the
/// JSON tree otherwise: the two must agree on every manifest the straight way accepts.
@Suite("The manifest read straight from its bytes")
struct ManifestDirectDecodingTests {
    /// The manifest the tree's decoder reads from `bytes`, or `nil` when it finds a problem.
    private func readAsTree(_ bytes: [UInt8]) -> StoreManifest? {
        (try? JSONParser.parse(bytes)).flatMap { try? StoreManifest.decodeDocument($0) }
    }

    /// Values for each preference: those the tree's decoder reads first, then ones it refuses.
    private let preferenceValues: [String: (good: [JSONValue], bad: [JSONValue])] = [
        "unit": (["kg", "lbs"], ["KG", "lb", 1, .null]),
        "week_start": (["monday", "sunday"], ["Monday", true, .null]),
        "bar": ([20, 20.5, 0, -1, 45e0, 1.5e1], ["20", .null, 1e13, [20]]),
        "rest_seconds": ([90, 0, -5, 120.0], [90.5, "90", .null]),
        "warmups": ([true, false], ["true", 1, .null]),
        "sex": (["female", "male"], ["other", .null]),
        "plates": ([[], [25, 20, 15, 10, 5, 2.5, 1.25], [0.5]], [[25, "20"], [.null], 25, ["1e13"], [1e13]]),
    ]

    @Test("agrees with the tree's decoder on 3,000 manifests, and reads every plain one itself")
    func againstTheTree() throws {
        var generator = SystemRandomNumberGenerator()
        var straight = 0
        for round in 0..<3_000 {
            var manifest: [String: JSONValue] = ["format": "liftlog", "format_version": 1]
            var plain = true
            // Every fifth manifest without preferences (they all take their defaults).
            if round % 5 != 0 {
                var preferences: [String: JSONValue] = [:]
                for (key, values) in preferenceValues where Bool.random(using: &generator) {
                    if Int.random(in: 0..<6, using: &generator) == 0 {
                        preferences[key] = values.bad.randomElement(using: &generator)!
                        plain = false
                    } else {
                        preferences[key] = values.good.randomElement(using: &generator)!
                    }
                }
                manifest["preferences"] = .object(JSONObject(preferences))
            }
            switch Int.random(in: 0..<12, using: &generator) {
            case 0: manifest["format"] = "liftlogs"; plain = false
            case 1: manifest["format_version"] = 2; plain = false
            case 2: manifest["format_version"] = 0; plain = false
            case 3: manifest["format_version"] = "1"; plain = false
            case 4: manifest["sync"] = ["provider": "git"]; plain = false
            case 5: manifest["format"] = nil; plain = false
            case 6: manifest["preferences"] = "kg"; plain = false
            default: break
            }
            let value = JSONValue.object(JSONObject(manifest))
            for bytes in [JSONWriter.canonicalBytes(value), JSONWriter.compactBytes(value)] {
                let tree = readAsTree(bytes)
                let direct = StoreManifest.decodeDirect(bytes)
                if let direct {
                    straight += 1
                    #expect(direct == tree, "\(String(decoding: bytes, as: UTF8.self))")
                } else if plain {
                    Issue.record("a plain manifest went the tree's way: \(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
        // About a quarter are plain: each of the 7 preferences is bad one time in 12, and 7
        // of the 12 changes above are not plain, so 6,000 readings give about 1,590 plain ones
        // (a standard deviation of about 50: the bound is 8 of them below).
        #expect(straight > 1_200)
    }

    @Test("gives up on what only the tree's decoder reads or reports, which then reads it as before")
    func givesUp() throws {
        let cases = [
            #"{"format": "liftlog", "format_version": 1, "sync": true}"#,
            #"{"format": "liftlog", "format_version": 1, "preferences": {"unit": "kg", "theme": "dark"}}"#,
            #"{"format": "liftlog", "format_version": 1, "format_version": 1}"#,
            #"{"format": "liftlog", "format_version": null}"#,
            #"{"format": "liftlog", "format_version": 1, "preferences": null}"#,
            #"{"format": "liftlog", "format_version": 3}"#,
            #"{"format": "liftlog"}"#,
            #"{"format": "liftlog", "format_version": 1} trailing"#,
            #"["liftlog", 1]"#,
        ]
        for text in cases {
            #expect(StoreManifest.decodeDirect(Array(text.utf8)) == nil, "\(text)")
        }
        // A manifest with an unknown key is still read, the key kept, by the tree's way.
        let kept = try DocumentDecoder.decode(Array(cases[0].utf8), path: "liftlog.json", as: StoreManifest.self)
        #expect(kept.unknownFields["sync"] == .bool(true))
        // And a too-new version is refused with the tree's words.
        #expect(throws: (any Error).self) { try DocumentDecoder.decode(Array(cases[5].utf8), path: "liftlog.json", as: StoreManifest.self) }
    }
}
