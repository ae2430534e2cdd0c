import Foundation
import GrainSupport
import P256

/// A compact JWS as the stand-in authorization server reads it: written independently
/// of the client's own encoder, so a client bug cannot be mirrored by its checker.
struct StandInJWT {
    let header: [String: Any]
    let claims: [String: Any]
    let signingInput: [UInt8]
    let signature: [UInt8]

    /// Nil for anything that is not three base64url parts of JSON objects.
    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(String(parts[0])), let claimBytes = Base64URL.decode(String(parts[1])),
            let signature = Base64URL.decode(String(parts[2])),
            let header = (try? JSONSerialization.jsonObject(with: Data(headerBytes))) as? [String: Any],
            let claims = (try? JSONSerialization.jsonObject(with: Data(claimBytes))) as? [String: Any]
        else { return nil }
        self.header = header
        self.claims = claims
        self.signingInput = Array((parts[0] + "." + parts[1]).utf8)
        self.signature = signature
    }

    /// Whether `key` signed this token with ES256.
    func isSigned(by key: P256.PublicKey) -> Bool {
        header["alg"] as? String == "ES256" && key.isValidSignature(signature, for: signingInput)
    }

    func string(_ name: String) -> String? { claims[name] as? String }

    func int(_ name: String) -> Int? { (claims[name] as? NSNumber)?.intValue }

    /// The P-256 key of a JWK object (`kty` EC, `crv` P-256), nil for any other.
    static func publicKey(jwk: [String: Any]) -> P256.PublicKey? {
        guard jwk["kty"] as? String == "EC", jwk["crv"] as? String == "P-256", jwk["d"] == nil,
            let x = (jwk["x"] as? String).flatMap(Base64URL.decode), let y = (jwk["y"] as? String).flatMap(Base64URL.decode)
        else { return nil }
        return try? P256.PublicKey(x: x, y: y)
    }
}
