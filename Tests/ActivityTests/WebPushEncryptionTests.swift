import AppTestKit
import GrainSupport
import P256
import Testing

@testable import Activity

/// RFC 8291's message encryption: byte for byte against the RFC's own example, and read
/// back by the push stand-in's separately written decryption.
@Suite struct WebPushEncryptionTests {
    func bytes(_ text: String) -> [UInt8] { Base64URL.decode(text)! }

    /// RFC 8291, Appendix A.
    @Test func theRFCExampleEncryptsToTheRFCsBytes() throws {
        let receiver = try P256.PublicKey(
            uncompressedPoint: bytes("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"))
        let sender = try P256.PrivateKey(rawScalar: bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
        #expect(
            Base64URL.encode(sender.publicKey.uncompressedPoint)
                == "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
        let body = try WebPushEncryption.encrypt(
            Array("When I grow up, I want to be a watermelon".utf8), to: receiver, authSecret: bytes("BTBZMqHH6r4Tts7J_aSIgg"),
            sender: sender, salt: bytes("DGv6ra1nlYgDCS1FRnbzlw"))
        #expect(
            Base64URL.encode(body)
                == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        )
    }

    @Test func theRFCExampleDecryptsWithTheBrowsersKeysInTheStandIn() throws {
        let browser = StandInPushService.Browser(
            endpoint: "http://127.0.0.1/push/1", key: try P256.PrivateKey(rawScalar: bytes("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94")),
            auth: bytes("BTBZMqHH6r4Tts7J_aSIgg"))
        let body = bytes(
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        )
        #expect(StandInPushService.decrypt(body, browser: browser) == Array("When I grow up, I want to be a watermelon".utf8))
        var changed = body
        changed[changed.count - 3] ^= 1
        #expect(StandInPushService.decrypt(changed, browser: browser) == nil, "a changed byte fails the tag")
    }

    @Test func freshKeysAndSaltsEveryTimeAndOnlyTheSubscribedBrowserCanRead() async throws {
        let push = try StandInPushService()
        let browser = try push.subscribe()
        let other = try push.subscribe()
        let payload = Array(#"{"title":"GrainStories"}"#.utf8)
        let first = try WebPushEncryption.encrypt(payload, to: browser.key.publicKey, authSecret: browser.auth)
        let second = try WebPushEncryption.encrypt(payload, to: browser.key.publicKey, authSecret: browser.auth)
        #expect(first != second)
        #expect(first.prefix(16) != second.prefix(16), "a fresh salt")
        #expect(StandInPushService.decrypt(first, browser: browser) == payload)
        #expect(StandInPushService.decrypt(second, browser: browser) == payload)
        #expect(StandInPushService.decrypt(first, browser: other) == nil)
        await push.stop()
    }

    @Test func aPayloadLargerThanOneRecordIsRefused() throws {
        let key = try P256.PrivateKey.generate()
        #expect(throws: P256Error.self) {
            try WebPushEncryption.encrypt(
                [UInt8](repeating: 1, count: WebPushEncryption.maxPayloadBytes + 1), to: key.publicKey, authSecret: [UInt8](repeating: 0, count: 16))
        }
        _ = try WebPushEncryption.encrypt(
            [UInt8](repeating: 1, count: WebPushEncryption.maxPayloadBytes), to: key.publicKey, authSecret: [UInt8](repeating: 0, count: 16))
    }
}
