/// What SHA-1 and SHA-256 share (FIPS 180-4 §5): the message padded to whole blocks of 64
/// bytes, read and written as big-endian 32-bit words.
enum HashBlocks {
    /// `message`, a 1 bit, zeros to 56 bytes past a multiple of 64, and its length in bits.
    static func padded(_ message: [UInt8]) -> [UInt8] {
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bits = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        return padded
    }

    /// The big-endian word at `offset` of `bytes`.
    static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// `words` as bytes, each big-endian: the digest.
    static func bytes(of words: [UInt32]) -> [UInt8] {
        words.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }
}
