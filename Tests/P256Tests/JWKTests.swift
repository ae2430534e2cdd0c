import GrainSupport
import P256
import Testing

/// The JWK members and the RFC 7638 thumbprint, against RFC 9449's published example.
@Suite struct JWKTests {
    @Test func theRFC9449ExampleKeyHasThePublishedThumbprint() throws {
        let key = try P256.PublicKey(
            x: try #require(Base64URL.decode(TestVectors.rfc9449X)),
            y: try #require(Base64URL.decode(TestVectors.rfc9449Y))
        )
        #expect(key.jwkThumbprint == TestVectors.rfc9449Thumbprint)
    }

    @Test func theJWKIsTheCanonicalMembersInOrderWithoutWhitespace() throws {
        let key = try P256.PublicKey(
            x: try #require(Base64URL.decode(TestVectors.rfc9449X)),
            y: try #require(Base64URL.decode(TestVectors.rfc9449Y))
        )
        #expect(key.jwk == #"{"crv":"P-256","kty":"EC","x":"\#(TestVectors.rfc9449X)","y":"\#(TestVectors.rfc9449Y)"}"#)
    }

    @Test func theThumbprintIsBase64URLOfSHA256OfTheJWK() throws {
        let key = try P256.PrivateKey.generate().publicKey
        #expect(key.jwkThumbprint == Base64URL.encode(SHA256.hash(Array(key.jwk.utf8))))
        #expect(key.jwkThumbprint.count == 43)
    }

    @Test func aPointOffTheCurveIsRefused() {
        var y = TestVectors.rfc6979PublicY
        y[31] ^= 0x01
        #expect(throws: P256Error.self) { try P256.PublicKey(x: TestVectors.rfc6979PublicX, y: y) }
    }

    @Test func coordinatesOfTheWrongLengthAreRefused() {
        #expect(throws: P256Error.self) {
            try P256.PublicKey(x: Array(TestVectors.rfc6979PublicX.dropFirst()), y: TestVectors.rfc6979PublicY)
        }
        #expect(throws: P256Error.self) {
            try P256.PublicKey(x: TestVectors.rfc6979PublicX, y: TestVectors.rfc6979PublicY + [0])
        }
    }

    @Test func aCoordinateWithALeadingZeroByteIsStillPaddedTo32Bytes() throws {
        // About one key in 128 has a coordinate below 2^248; OpenSSL returns those shorter.
        var found: P256.PublicKey?
        for _ in 0..<5_000 where found == nil {
            let key = try P256.PrivateKey.generate().publicKey
            if key.x[0] == 0 || key.y[0] == 0 { found = key }
        }
        let key = try #require(found)
        #expect(key.x.count == 32 && key.y.count == 32)
        #expect(try P256.PublicKey(x: key.x, y: key.y) == key)
    }
}
