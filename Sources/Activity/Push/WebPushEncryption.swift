package import P256

/// Web Push message encryption (RFC 8291) in the `aes128gcm` content coding (RFC 8188):
/// what only the subscribed browser can read, however many push services carry it.
///
/// A fresh sender key pair and salt for every message; one record (the payload, the
/// last-record delimiter `0x02`, no padding), so a payload must fit one 4096-byte record.
package enum WebPushEncryption {
    /// The record size written in the header, as browsers and push services expect.
    package static let recordSize = 4096
    /// The largest payload one record carries: the record size less the tag (16) and the
    /// delimiter (1).
    package static let maxPayloadBytes = recordSize - AESGCM.tagByteCount - 1

    private static func freshKey() throws(P256Error) -> P256.PrivateKey { try P256.PrivateKey.generate() }

    /// Encrypts `payload` for the browser whose public key is `receiver` and whose
    /// authentication secret is `authSecret` (16 bytes). `sender` and `salt` are fresh
    /// unless given (RFC 8291's test vector gives them).
    package static func encrypt(
        _ payload: [UInt8], to receiver: P256.PublicKey, authSecret: [UInt8], sender: P256.PrivateKey? = nil, salt: [UInt8]? = nil
    ) throws(P256Error) -> [UInt8] {
        guard payload.count <= maxPayloadBytes else {
            throw P256Error(operation: "WebPushEncryption.encrypt", reason: "a payload of \(payload.count) bytes does not fit one record")
        }
        guard authSecret.count == 16 else {
            throw P256Error(operation: "WebPushEncryption.encrypt", reason: "the authentication secret is 16 bytes, not \(authSecret.count)")
        }
        let key: P256.PrivateKey
        if let sender { key = sender } else { key = try Self.freshKey() }
        var generator = SystemRandomNumberGenerator()
        let salt = salt ?? (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        guard salt.count == 16 else { throw P256Error(operation: "WebPushEncryption.encrypt", reason: "the salt is 16 bytes") }
        let senderPoint = key.publicKey.uncompressedPoint
        let receiverPoint = receiver.uncompressedPoint
        // RFC 8291 §3.3-3.4: the ECDH secret, mixed with the authentication secret and both
        // public keys into the input keying material.
        let shared = try key.sharedSecret(with: receiver)
        let keyInfo = Array("WebPush: info".utf8) + [0] + receiverPoint + senderPoint
        let ikm = try HKDF.sha256(ikm: shared, salt: authSecret, info: keyInfo, length: 32)
        // RFC 8188 §2.2-2.3: the content-encryption key and nonce (one record: sequence 0).
        let contentKey = try HKDF.sha256(ikm: ikm, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0], length: 16)
        let nonce = try HKDF.sha256(ikm: ikm, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0], length: 12)
        let sealed = try AESGCM.seal(payload + [0x02], key: contentKey, nonce: nonce)
        let size = UInt32(recordSize)
        let header =
            salt + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + [UInt8(senderPoint.count)] + senderPoint
        return header + sealed
    }
}
