import Testing
@testable import LiftLogKit
import LiftLogTestSupport

/// A small deterministic generator, so a failing case can be replayed.
struct FuzzGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var z = state
        z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        return z ^ (z >> 33)
    }
}

/// One way of damaging a file, as a hand edit, a bad merge or a broken disk might.
enum Mutation: CaseIterable {
    case deleteByte, duplicateByte, insertPunctuation, wrongType, hugeNumber, deepNesting, invalidUTF8, byteOrderMark, crlf, truncate, nullValue, swapQuotes

    func apply(to bytes: [UInt8], using random: inout FuzzGenerator) -> [UInt8] {
        var bytes = bytes
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch self {
        case .deleteByte: if !bytes.isEmpty { bytes.remove(at: position) }
        case .duplicateByte: if !bytes.isEmpty { bytes.insert(bytes[position], at: position) }
        case .insertPunctuation: bytes.insert(Array("{}[],:\"\\".utf8).randomElement(using: &random)!, at: position)
        case .wrongType: bytes = replaceFirst(bytes, of: [": 5", ": \"", ": true", ": 100"].randomElement(using: &random)!, with: [": \"five\"", ": 7", ": [1]", ": {}"].randomElement(using: &random)!)
        case .hugeNumber: bytes = replaceFirst(bytes, of: ": 5", with: ": 1" + String(repeating: "0", count: Int.random(in: 10...400, using: &random)))
        case .deepNesting:
            let depth = Int.random(in: 50...5_000, using: &random)
            bytes = replaceFirst(bytes, of: ": 5", with: ": " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        case .invalidUTF8: bytes.insert([0xFF, 0xC0, 0xED, 0x80].randomElement(using: &random)!, at: position)
        case .byteOrderMark: bytes = [0xEF, 0xBB, 0xBF] + bytes
        case .crlf: bytes = bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
        case .truncate: bytes = Array(bytes.prefix(position))
        case .nullValue: bytes = replaceFirst(bytes, of: ": \"", with: ": null, \"x\": \"")
        case .swapQuotes: bytes = bytes.map { $0 == 0x22 && Bool.random(using: &random) ? 0x27 : $0 }
        }
        return bytes
    }

    private func replaceFirst(_ bytes: [UInt8], of target: String, with replacement: String) -> [UInt8] {
        let needle = Array(target.utf8)
        guard needle.count <= bytes.count else { return bytes }
        for start in 0...(bytes.count - needle.count) where Array(bytes[start..<start + needle.count]) == needle {
            return Array(bytes[..<start]) + Array(replacement.utf8) + Array(bytes[(start + needle.count)...])
        }
        return bytes
    }
}

@Suite("Fuzzing hand-damaged session files")
struct FuzzTests {
    @Test("thousands of damaged files: no crash, no hang, every problem located, no file modified", .timeLimit(.minutes(3)))
    func damagedSessions() throws {
        try withTemporaryDirectory { root throws in
            let clock = TestClock()
            let store = try makeStore(at: root, clock: clock, seed: false)
            try store.addExercise(name: "Back Squat")
            let stored = try store.startSession()
            try store.log(exercise: "Back Squat", sets: [SetNotation(weight: 100, unit: .kg, reps: 5, rpe: 8, count: 3)])
            try store.finish(feel: 4, notes: "Solid — «día» 💪")
            let path = root + "/store/" + stored.path
            let original = Array(try #require(readText(path)).utf8)
            var random = FuzzGenerator(state: 20_251_122)
            var outcomes: [String: Int] = [:]
            for round in 0..<2_000 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    bytes = Mutation.allCases.randomElement(using: &random)!.apply(to: bytes, using: &random)
                }
                writeBytes(bytes, to: path)
                // Every way the file is read.
                let report = try Store.check(at: root + "/store")
                for problem in report.problems where problem.path == stored.path {
                    #expect(problem.line >= 1 || problem.message.contains("larger than"), "round \(round): unlocated problem \(problem)")
                }
                do {
                    _ = try store.session(idPrefix: stored.session.id.rawValue)
                    outcomes["read", default: 0] += 1
                } catch let error as LiftLogError {
                    #expect(error.code == .corruptFile || error.code == .notFound, "round \(round): \(error)")
                    if case .corruptFile(let problems) = error { #expect(problems.allSatisfy { $0.line >= 1 }, "round \(round): \(problems)") }
                    outcomes[error.code.rawValue, default: 0] += 1
                }
                _ = try store.history(HistoryQuery())
                _ = try store.format(apply: false)
                #expect(readBytes(path) == bytes, "round \(round): a read changed the file")
            }
            // The mutations produced both readable and broken files.
            #expect(outcomes["read", default: 0] > 50)
            #expect(outcomes["CORRUPT_FILE", default: 0] > 500)
        }
    }
}
