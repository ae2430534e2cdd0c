public import GrainSupport
/// The `com.atproto` procedures GrainStories uses on one person's PDS: sessions with an
/// app password, records and blobs. It is a protocol so the PDS is an edge of the
/// application: `PDSClient` talks to a real one over HTTP, tests may answer in memory.
///
/// Implementations keep `PDSClient`'s contract: every call that needs it takes the
/// access token explicitly (refreshing is `AuthorizedPDS`'s business), and failures are
/// the `XRPCError` the PDS's answer (or its absence) means.
public protocol PDSConnection: Sendable {
    /// The PDS's base URL, as sessions store it.
    var baseURL: String { get }

    func createSession(identifier: String, password: Secret) async throws(XRPCError) -> PDSSession
    /// New tokens for a refresh token; the old refresh token is spent.
    func refreshSession(_ refreshToken: Secret) async throws(XRPCError) -> PDSSession
    func deleteSession(_ refreshToken: Secret) async throws(XRPCError)

    /// The record, or nil when the PDS says there is none.
    func getRecord<Value: Decodable>(
        repo: DID, collection: NSID, rkey: RecordKey, as type: Value.Type, accessToken: Secret
    ) async throws(XRPCError) -> (ref: RecordRef, value: Value)?
    /// Creates a record; with `rkey` nil the PDS picks the key.
    func createRecord<Record: Encodable>(
        repo: DID, collection: NSID, rkey: RecordKey?, record: Record, accessToken: Secret
    ) async throws(XRPCError) -> RecordRef
    func putRecord<Record: Encodable>(
        repo: DID, collection: NSID, rkey: RecordKey, record: Record, accessToken: Secret
    ) async throws(XRPCError) -> RecordRef
    func deleteRecord(repo: DID, collection: NSID, rkey: RecordKey, accessToken: Secret) async throws(XRPCError)
    /// One page of the records in `collection` of `repo`, newest first. Records are
    /// public, so no session is needed (TV mode reads anyone's follows this way).
    func listRecords<Value: Decodable>(
        repo: DID, collection: NSID, limit: Int, cursor: String?, as type: Value.Type
    ) async throws(XRPCError) -> RecordPage<Value>
    /// Uploads the file at `path` as a blob.
    func uploadBlob(path: String, mimeType: String, accessToken: Secret) async throws(XRPCError) -> BlobRef
}
