import Foundation
import GrainSupport
import P256

/// A compact JWT taken apart for assertions.
struct JWTInspection {
    let header: [String: Any]
    let claims: [String: Any]
    let signingInput: [UInt8]
    let signature: [UInt8]

    init(_ text: String) throws {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let header = Base64URL.decode(parts[0]), let claims = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2])
        else { throw Malformed() }
        self.header = try JSONSerialization.jsonObject(with: Data(header)) as? [String: Any] ?? [:]
        self.claims = try JSONSerialization.jsonObject(with: Data(claims)) as? [String: Any] ?? [:]
        signingInput = Array((parts[0] + "." + parts[1]).utf8)
        self.signature = signature
    }

    func isSigned(by key: P256.PublicKey) -> Bool { key.isValidSignature(signature, for: signingInput) }

    struct Malformed: Error {}
}
