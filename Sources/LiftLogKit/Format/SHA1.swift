/// SHA-1, used only to derive name-based (version 5) UUIDs, never for security.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        let data = HashBlocks.padded(message)
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 { w[i] = HashBlocks.word(data, at: chunk + i * 4) }
            for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32)
                switch i {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let temp = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, rotate(b, 30), a, temp)
            }
            h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d; h[4] &+= e
        }
        return HashBlocks.bytes(of: h)
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        value << count | value >> (32 - count)
    }
}

extension Identifier {
    /// The liftlog namespace for name-based identifiers (a fixed random UUID).
    static var liftlogNamespace: [UInt8] {
        [0x6c, 0x69, 0x66, 0x74, 0x6c, 0x6f, 0x67, 0x2d, 0x9a, 0x41, 0x4e, 0x0b, 0x8f, 0x52, 0x7d, 0x13]
    }

    /// A version 5 UUID derived from `name`: the same name always gives the same identifier,
    /// so two stores seeded or importing independently agree on IDs.
    public static func nameBased(_ name: String) -> Identifier {
        var digest = Array(SHA1.digest(liftlogNamespace + Array(name.utf8)).prefix(16))
        digest[6] = (digest[6] & 0x0F) | 0x50
        digest[8] = (digest[8] & 0x3F) | 0x80
        let hexDigits = digest.map { hex($0, width: 2).lowercased() }.joined()
        let chars = Array(hexDigits)
        let text = String(chars[0..<8]) + "-" + String(chars[8..<12]) + "-" + String(chars[12..<16]) + "-" + String(chars[16..<20]) + "-" + String(chars[20..<32])
        return Identifier(uncheckedRawValue: text)
    }
}

extension Identifier {
    /// The ID of a new document of `kind` (`exercise`, `plan`) named `name`: derived from the
    /// name's key (``Exercise/nameKey(_:)``), as a seeded exercise's is, so two devices that
    /// each add "Hip Airplane" give it the same ID and git merges their two files into one.
    /// `random` makes one when that ID is `taken` already (an exercise renamed since keeps the
    /// ID its first name gave it).
    package static func forNew(_ kind: String, named name: String, taken: (Identifier) -> Bool, random: () -> Identifier) -> Identifier {
        let derived = nameBased(kind + ":" + Exercise.nameKey(name))
        return taken(derived) ? random() : derived
    }
}
