public import GrainSupport
/// The tokens and identity `createSession` / `refreshSession` return. The tokens are
/// secrets: they stay on the server and never reach a log or a page.
public struct PDSSession: Sendable, Equatable {
    public var did: DID
    /// Nil when the PDS names no valid handle (then the DID is shown instead).
    public var handle: Handle?
    public var accessToken: Secret
    public var refreshToken: Secret

    public init(did: DID, handle: Handle?, accessToken: Secret, refreshToken: Secret) {
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
