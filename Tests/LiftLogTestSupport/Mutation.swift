/// A small deterministic generator, so a failing case can be replayed.
public struct FuzzGenerator: RandomNumberGenerator {
    public init(state: UInt64) { self.state = state }
    public var state: UInt64
    public mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var z = state
        z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        return z ^ (z >> 33)
    }
}

/// One way of damaging a file, as a hand edit, a bad merge or a broken disk might.
public enum Mutation: CaseIterable {
    case deleteByte, duplicateByte, insertPunctuation, wrongType, hugeNumber, deepNesting, invalidUTF8, byteOrderMark, crlf, truncate, nullValue, swapQuotes

    public func apply(to bytes: [UInt8], using random: inout FuzzGenerator) -> [UInt8] {
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

