import GrainSupport
import Testing

@testable import GrainStoriesWeb

/// A form token masked for a page unmasks to itself, differs every time, and anything
/// else (tampered, cut, not base64url) does not pass `CSRFGuard`'s comparison.
@Suite struct TokenMaskTests {
    static let token = Base64URL.encode((0..<32).map { UInt8($0 * 7 % 256) })

    @Test func aMaskedTokenUnmasksToTheTokenAndDiffersEachTime() throws {
        let masked = try (0..<8).map { _ in try #require(TokenMask.mask(Self.token)) }
        #expect(Set(masked).count == masked.count)
        for value in masked {
            #expect(value.count == 86)
            #expect(!value.contains(Self.token))
            #expect(TokenMask.unmask(value) == Base64URL.decode(Self.token))
            #expect(CSRFGuard.matches(value, token: Self.token))
        }
    }

    @Test func theTokenAsItIsStillMatchesAndAnotherDoesNot() {
        #expect(CSRFGuard.matches(Self.token, token: Self.token))
        let other = Base64URL.encode([UInt8](repeating: 1, count: 32))
        #expect(!CSRFGuard.matches(other, token: Self.token))
        #expect(!CSRFGuard.matches(TokenMask.mask(other) ?? "", token: Self.token))
    }

    @Test func everyTamperedOrMalformedValueIsRefused() throws {
        let masked = try #require(TokenMask.mask(Self.token))
        var bytes = try #require(Base64URL.decode(masked))
        for index in [0, 31, 32, 63] {
            var changed = bytes
            changed[index] ^= 0x01
            #expect(!CSRFGuard.matches(Base64URL.encode(changed), token: Self.token), "byte \(index)")
        }
        bytes.removeLast(2)
        #expect(!CSRFGuard.matches(Base64URL.encode(bytes), token: Self.token), "shorter")
        for malformed in [
            "", "A", "AAA", masked + "A", masked + "AA", String(masked.dropLast()), "*" + masked.dropFirst(), String(repeating: "A", count: 4096),
        ] {
            #expect(!CSRFGuard.matches(malformed, token: Self.token), "\(malformed.prefix(20))")
        }
        #expect(TokenMask.unmask("A") == nil && TokenMask.unmask("") == nil && TokenMask.unmask("AAAA") == nil)
        #expect(TokenMask.mask("not a token!") == nil && TokenMask.mask("") == nil)
    }
}
