package import GrainSupport

/// The tokens and identity `createSession` / `refreshSession` return. The tokens are
/// secrets: they stay on the server and never reach a log or a page.
package struct PDSSession: Sendable, Equatable {
    package var did: DID
    /// Nil when the PDS names no valid handle (then the DID is shown instead).
    package var handle: Handle?
    package var accessToken: Secret
    package var refreshToken: Secret

    package init(did: DID, handle: Handle?, accessToken: Secret, refreshToken: Secret) {
        self.did = did
        self.handle = handle
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
}

/// The wire form of a session answer.
struct SessionResponse: Decodable {
    var did: DID
    var handle: String?
    var accessJwt: String
    var refreshJwt: String
}
