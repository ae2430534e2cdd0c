import Testing

@testable import GrainSupport

@Suite struct CryptoTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256MatchesTheStandardVectors(input: String, digest: String) {
        #expect(Hex.encode(SHA256.hash(Array(input.utf8))) == digest)
    }

    @Test func sha256OfAMillionAs() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: 0x61, count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        #expect(Hex.encode(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func incrementalAndOneShotHashingAgree() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var hasher = SHA256()
        hasher.update(Array(bytes[0..<3]))
        hasher.update(Array(bytes[3..<130]))
        hasher.update(bytes[130...].map { $0 })
        #expect(hasher.finalize() == SHA256.hash(bytes))
    }

    /// RFC 4231 test cases 1, 2 and 6 (a key longer than the block).
    @Test func hmacMatchesRFC4231() {
        #expect(
            Hex.encode(HMAC.sha256(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            Hex.encode(HMAC.sha256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            Hex.encode(HMAC.sha256(key: [UInt8](repeating: 0xaa, count: 131), message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func constantTimeComparison() {
        #expect(HMAC.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!HMAC.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!HMAC.constantTimeEqual([1, 2, 3], [1, 2]))
    }
}
