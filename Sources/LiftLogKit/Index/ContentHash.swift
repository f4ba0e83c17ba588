/// A 64-bit hash of a file's bytes, to tell whether a cache was made from exactly that content
/// (not a defence against anyone crafting collisions: the index is a local cache).
///
/// Eight bytes at a time, each multiplied in and rotated (as xxHash's rounds do), then mixed
/// so that every input bit moves every output bit. Never 0, which callers keep for "unknown".
enum ContentHash {
    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime1: UInt64 = 0x9E37_79B1_85EB_CA87, prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var hash: UInt64 = 0x27D4_EB2F_1656_67C5 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = ((hash ^ (word &* prime2)) << 31 | (hash ^ (word &* prime2)) >> 33) &* prime1
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ (tail &* prime2 &+ shift)) &* prime1
        // SplitMix64's finalizer.
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 31
        return hash == 0 ? 1 : hash
    }
}
