package import GrainSupport

/// The `com.atproto` procedures GrainStories uses on one person's PDS: records and
/// blobs, and the session procedures of app passwords. It is a protocol so the PDS is
/// an edge of the application: `PDSClient` talks to a real one over HTTP, tests may
/// answer in memory.
///
/// A connection is bound to a `PDSAuthorizer` (`PDSConnector.connection(to:authorizer:)`):
/// the record and blob calls carry its header fields and retry as it decides, through
/// `AuthorizedExchange`, and fail with `PDSCallFailure`. The session procedures are how
/// an app-password session is born, renewed and ended; they carry their own credential
/// (the password, or the refresh token) and nothing of the authorizer's, and fail with
/// the `XRPCError` the PDS's answer (or its absence) means. Listing records needs no
/// credentials at all.
package protocol PDSConnection: Sendable {
    /// The PDS's base URL, as sessions store it.
    var baseURL: String { get }

    func createSession(identifier: String, password: Secret) async throws(XRPCError) -> PDSSession
    /// New tokens for a refresh token; the old refresh token is spent.
    func refreshSession(_ refreshToken: Secret) async throws(XRPCError) -> PDSSession
    func deleteSession(_ refreshToken: Secret) async throws(XRPCError)

    /// The record, or nil when the PDS says there is none.
    func getRecord<Value: Decodable>(
        repo: DID, collection: NSID, rkey: RecordKey, as type: Value.Type
    ) async throws(PDSCallFailure) -> (ref: RecordRef, value: Value)?
    /// Creates a record; with `rkey` nil the PDS picks the key.
    func createRecord<Record: Encodable>(
        repo: DID, collection: NSID, rkey: RecordKey?, record: Record
    ) async throws(PDSCallFailure) -> RecordRef
    func putRecord<Record: Encodable>(
        repo: DID, collection: NSID, rkey: RecordKey, record: Record
    ) async throws(PDSCallFailure) -> RecordRef
    func deleteRecord(repo: DID, collection: NSID, rkey: RecordKey) async throws(PDSCallFailure)
    /// One page of the records in `collection` of `repo`, newest first. Records are
    /// public, so no session is needed (TV mode reads anyone's follows this way).
    func listRecords<Value: Decodable>(
        repo: DID, collection: NSID, limit: Int, cursor: String?, as type: Value.Type
    ) async throws(XRPCError) -> RecordPage<Value>
    /// Uploads the file at `path` as a blob.
    func uploadBlob(path: String, mimeType: String) async throws(PDSCallFailure) -> BlobRef
}
