import ATProto
package import Foundation

/// The fake PDS's protocol logic, with no sockets: a value holding accounts, sessions,
/// repositories and blobs that answers one `XRPCRequest` at a time. `FakePDS` serves it
/// over HTTP and adds fault injection; tests may also drive it directly.
///
/// It follows the reference PDS (bluesky-social/atproto) in status codes, error names and
/// JSON shapes for the methods it knows (see the `FakePDSCore+…` files); commits are not
/// a real Merkle search tree, so commit CIDs are unique but not verifiable.
package struct FakePDSCore: Sendable {
    package struct Configuration: Sendable {
        /// `describeServer`'s `did` and the tokens' `aud`.
        package var serviceDID: String
        /// The PDS endpoint in DID documents; `FakePDS` sets its own base URL here.
        package var serviceEndpoint: String
        /// `uploadBlob` answers 413 `PayloadTooLarge` above this.
        package var maxBlobBytes: Int
        /// Lifetimes in seconds (the reference: 2 hours and 90 days).
        package var accessTokenLifetime: Int64
        package var refreshTokenLifetime: Int64
        /// Seconds an uploaded blob that no record references is kept. A real PDS keeps
        /// such an upload in temporary storage and drops it later, so a record written
        /// long after its upload finds no blob (400 `BlobNotFound`) and must upload again.
        package var unreferencedBlobLifetime: TimeInterval

        package init(
            serviceDID: String = "did:web:fakepds.test",
            serviceEndpoint: String = "http://127.0.0.1",
            maxBlobBytes: Int = 5 * 1024 * 1024,
            accessTokenLifetime: Int64 = 2 * 3600,
            refreshTokenLifetime: Int64 = 90 * 86400,
            unreferencedBlobLifetime: TimeInterval = 3600
        ) {
            self.serviceDID = serviceDID
            self.serviceEndpoint = serviceEndpoint
            self.maxBlobBytes = maxBlobBytes
            self.accessTokenLifetime = accessTokenLifetime
            self.refreshTokenLifetime = refreshTokenLifetime
            self.unreferencedBlobLifetime = unreferencedBlobLifetime
        }
    }

    /// One refresh-token chain link: valid until rotated or revoked.
    struct Session: Sendable {
        let did: String
        var revoked = false
    }

    /// One account's records (collection → rkey → record) and current commit.
    struct Repository: Sendable {
        var records: [String: [String: FakePDS.Record]] = [:]
        var commitCID = ""
        var rev = ""
    }

    package var configuration: Configuration
    package let accounts: [FakePDS.Account]
    let tokenKey: [UInt8]
    var sessions: [String: Session] = [:]
    /// Every access token issued (token → DID), so tests can expire them early.
    var issuedAccessTokens: [String: String] = [:]
    var expiredAccessTokens: Set<String> = []
    var repositories: [String: Repository] = [:]
    var blobs: [String: [String: FakePDS.Blob]] = [:]
    /// When each uploaded blob arrived, by `"<did> <cid>"` (seeded blobs never expire).
    var blobUploadedAt: [String: Date] = [:]
    var clock = TIDClock()

    package init(accounts: [FakePDS.Account] = [.alice], configuration: Configuration = Configuration()) {
        self.accounts = accounts
        self.configuration = configuration
        var generator = SystemRandomNumberGenerator()
        self.tokenKey = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for account in accounts { repositories[account.did] = Repository() }
    }

    /// Answers one call at time `now` (which also decides token expiry).
    package mutating func handle(_ request: XRPCRequest, at now: Date) -> XRPCResponse {
        do {
            return try dispatch(request, at: now)
        } catch {
            return error.response
        }
    }

    private mutating func dispatch(_ request: XRPCRequest, at now: Date) throws(XRPCFailure) -> XRPCResponse {
        let queries: Set<String> = [
            "com.atproto.server.describeServer", "com.atproto.server.getSession", "com.atproto.repo.getRecord",
            "com.atproto.repo.listRecords", "com.atproto.repo.describeRepo", "com.atproto.sync.getBlob",
            "com.atproto.identity.resolveHandle",
        ]
        let procedures: Set<String> = [
            "com.atproto.server.createSession", "com.atproto.server.refreshSession",
            "com.atproto.server.deleteSession", "com.atproto.repo.uploadBlob", "com.atproto.repo.createRecord",
            "com.atproto.repo.putRecord", "com.atproto.repo.deleteRecord",
        ]
        let expected = queries.contains(request.nsid) ? "GET" : procedures.contains(request.nsid) ? "POST" : nil
        guard let expected else {
            throw XRPCFailure(status: 501, name: "MethodNotImplemented", message: "Method Not Implemented")
        }
        guard request.httpMethod == expected || (expected == "GET" && request.httpMethod == "HEAD") else {
            throw .invalidRequest("Incorrect HTTP method (\(request.httpMethod)) expected \(expected)")
        }
        switch request.nsid {
        case "com.atproto.server.describeServer": return describeServer()
        case "com.atproto.server.createSession": return try createSession(request, at: now)
        case "com.atproto.server.refreshSession": return try refreshSession(request, at: now)
        case "com.atproto.server.getSession": return try getSession(request, at: now)
        case "com.atproto.server.deleteSession": return try deleteSession(request, at: now)
        case "com.atproto.repo.uploadBlob": return try uploadBlob(request, at: now)
        case "com.atproto.repo.createRecord": return try createRecord(request, at: now)
        case "com.atproto.repo.putRecord": return try putRecord(request, at: now)
        case "com.atproto.repo.deleteRecord": return try deleteRecord(request, at: now)
        case "com.atproto.repo.getRecord": return try getRecord(request)
        case "com.atproto.repo.listRecords": return try listRecords(request)
        case "com.atproto.repo.describeRepo": return try describeRepo(request)
        case "com.atproto.sync.getBlob": return try getBlob(request)
        default: return try resolveHandle(request)
        }
    }

    /// The account whose handle (case-insensitively) or DID is `identifier`.
    func account(_ identifier: String) -> FakePDS.Account? {
        accounts.first { $0.did == identifier || $0.handle.lowercased() == identifier.lowercased() }
    }
}
