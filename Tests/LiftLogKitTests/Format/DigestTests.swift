import Testing
@testable import LiftLogKit

/// SHA-1 (name-based identifiers, imports' digests) and SHA-256 (the web app's content security
/// policy), which share their padding and word order.
@Suite("Digests")
struct DigestTests {
    private func hexDigits(_ bytes: [UInt8]) -> String {
        bytes.map { hex($0, width: 2) }.joined().lowercased()
    }

    /// Messages of `count` bytes, either side of where the padding needs a second block.
    private func message(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(($0 * 7 + 3) % 256) } }

    @Test("SHA-256 gives FIPS 180-4's digests, and Python's hashlib's across the padding's block boundaries")
    func sha256() {
        #expect(hexDigits(SHA256.digest(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hexDigits(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hexDigits(SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        let expected: [Int: String] = [
            0: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            55: "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b",
            56: "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27",
            63: "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055",
            64: "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241",
            65: "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e",
            119: "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e",
            120: "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5",
        ]
        for (count, digest) in expected { #expect(hexDigits(SHA256.digest(message(count))) == digest, "\(count) bytes") }
    }

    @Test("SHA-1 gives FIPS 180-4's digests, and Python's hashlib's across the padding's block boundaries")
    func sha1() {
        #expect(hexDigits(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hexDigits(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hexDigits(SHA1.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
        let expected: [Int: String] = [
            0: "da39a3ee5e6b4b0d3255bfef95601890afd80709",
            55: "ddf57317ef34bfee3b6df83d359098930eb278bc",
            56: "a0d492bb0fc889d0eca3bc137066ab6f4f74f369",
            63: "c55856749bef509bdfe6bfebfc7bf4e793e82132",
            64: "bede92be29c3874e1b54ddc77988d606fc857a8e",
            65: "b05a80522b053d6dc7e0a517d0e70212c7dad11f",
            119: "504e27376a6e0f0dba8295b85cb25dc4dfa17d23",
            120: "82134b02fb3f702491be9bed581eeab59334acb2",
        ]
        for (count, digest) in expected { #expect(hexDigits(SHA1.digest(message(count))) == digest, "\(count) bytes") }
    }
}
