import Foundation
import GrainSupport
import MicroHTTPServer
import P256
import Synchronization

/// The DPoP proof check both servers run on every request (RFC 9449 §4.3).
extension StandInOAuthServer {
    /// Why a proof was refused.
    enum ProofProblem: Error {
        /// Missing, malformed or wrong: `invalid_dpop_proof`.
        case invalid(String)
        /// Good except for the nonce: `use_dpop_nonce`.
        case useNonce
    }

    /// The key thumbprint (`jkt`) of a valid proof for `request` at `url`, with the
    /// server's current nonce (`resource` picks the PDS's) and, for resource requests,
    /// `ath` matching `accessToken`.
    func checkProof(_ request: HTTPRequest, url: String, resource: Bool, accessToken: String? = nil) -> Result<String, ProofProblem> {
        let fields = request.headers.values(for: "DPoP")
        guard fields.count == 1, let proof = StandInJWT(fields[0]) else { return .failure(.invalid("one DPoP header with a JWT")) }
        guard proof.header["typ"] as? String == "dpop+jwt" else { return .failure(.invalid("typ")) }
        guard let jwk = proof.header["jwk"] as? [String: Any], let key = StandInJWT.publicKey(jwk: jwk) else {
            return .failure(.invalid("jwk"))
        }
        guard proof.isSigned(by: key) else { return .failure(.invalid("signature")) }
        guard proof.string("htm") == request.method.rawValue else { return .failure(.invalid("htm")) }
        guard proof.string("htu") == url else { return .failure(.invalid("htu")) }
        guard let iat = proof.int("iat"), abs(Double(iat) - Date().timeIntervalSince1970) <= 60 else { return .failure(.invalid("iat")) }
        guard let jti = proof.string("jti"), jti.count >= 12 else { return .failure(.invalid("jti")) }
        if let accessToken {
            guard proof.string("ath") == Base64URL.encode(SHA256.hash(Array(accessToken.utf8))) else { return .failure(.invalid("ath")) }
        }
        return state.withLock { state in
            state.log.proofJTIs.append(jti)
            let fresh = state.seenProofJTIs.insert(jti).inserted
            guard fresh || state.lies.contains(.acceptReplayedProofs) else { return .failure(.invalid("jti replayed")) }
            let nonce = resource ? state.resourceNonce : state.authorizationNonce
            guard proof.string("nonce") == nonce, !state.lies.contains(.withholdNonce) else { return .failure(.useNonce) }
            return .success(key.jwkThumbprint)
        }
    }

    /// The JWK thumbprint (`jkt`) of the key in a JWK object.
    static func thumbprint(_ key: [String: Any]) -> String? { StandInJWT.publicKey(jwk: key)?.jwkThumbprint }
}
