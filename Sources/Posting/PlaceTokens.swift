import ATProto
import FoundationEssentials
import GrainSupport

/// Places found by search are handed to the browser as signed tokens, so the form can
/// send a choice back without the server keeping search results, and without anyone
/// slipping in an arbitrary "place".
package struct PlaceTokens: Sendable {
    private let key: [UInt8]

    package init(key: [UInt8]) { self.key = key }

    package func token(for place: DraftPlace) -> String {
        let payload = (try? JSONEncoder.atproto.encode(place)).map(Array.init) ?? []
        return Base64URL.encode(payload) + "." + signature(payload)
    }

    package func place(from token: String?) -> DraftPlace? {
        guard let token, token.utf8.count <= 4096 else { return nil }
        let parts = token.split(separator: ".")
        guard parts.count == 2, let payload = Base64URL.decode(String(parts[0])),
            HMAC.constantTimeEqual(Array(signature(payload).utf8), Array(parts[1].utf8))
        else { return nil }
        return try? JSONDecoder().decode(DraftPlace.self, from: Data(payload))
    }

    private func signature(_ payload: [UInt8]) -> String {
        Base64URL.encode(HMAC.sha256(key: key, message: Array("place:".utf8) + payload).prefix(16))
    }
}
