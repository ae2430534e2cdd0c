import ATProto
import ATProtoTestKit
import Accounts
import Foundation
package import GrainSupport
import Posting
import SQLiteRepositories
import SQLiteStore

/// A data directory written straight to disk, as `backup` and `restore` find one: a real
/// database holding the drafts and sessions asked for, a `secret.key`, draft photos and
/// the OAuth folders, each file with `fileMode` and each folder with `directoryMode`
/// (deliberately loose by default, so a copy that keeps a source's mode shows).
package struct DataDirectoryFixture: Sendable {
    package let data: DataDirectory
    /// An id no draft can be given twice; its photo's bytes are `photo(of:)`.
    package static let draftID = "AAAAAAAAAAAAAAAAAAAAAA"
    /// The session id hash whose OAuth grant is written.
    package static let sessionHash = String(repeating: "ab", count: 32)
    /// A client key id (base64url, as an RFC 7638 thumbprint is).
    package static let clientKeyID = "Kid0123456789abcdefghijklmnopqrstuvwxyzABCD"

    /// Writes the directory at `root` with the drafts `draftIDs` (whatever their ids;
    /// photos are written for the ids `photosFor` lists, by path, however odd) and the one
    /// session `sessionHash`.
    package init(
        at root: String, draftIDs: [String] = [DataDirectoryFixture.draftID], photosFor: [String]? = nil,
        fileMode: Int = 0o644, directoryMode: Int = 0o755
    ) async throws {
        data = DataDirectory.layout(of: root)
        for directory in [data.root, data.drafts, data.oauthClientKeys, data.oauthSessions] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let database = try await AppDatabase.open(at: data.database)
        let drafts = SQLiteDraftRepository(database: database)
        let did: DID = "did:plc:fixture44444444444444444"
        for (index, id) in draftIDs.enumerated() {
            // Stored under a valid id, then renamed in the table: an archive's database
            // may hold any text there, which no `Draft` can.
            let stored = DraftID.random()
            try await drafts.insert(
                Draft(
                    id: stored, did: did, pdsURL: "https://pds.example", storyRKey: RecordKey("3mstory\(index)")!, postRKey: RecordKey("3mpost\(index)")!,
                    photoBytes: 4, width: 1, height: 1, gpsCell: nil, place: nil, labels: [], crosspost: false, state: .draft,
                    createdAt: Date(timeIntervalSince1970: 1_788_544_800)))
            try await database.database.write { db in try db.execute("UPDATE drafts SET id = ? WHERE id = ?", [id, stored.rawValue]) }
        }
        try await SQLiteSessionRepository(database: database).insert(
            AccountSession(
                idHash: Self.sessionHash, did: did, handle: nil, displayName: nil, pdsURL: "https://pds.example",
                tokens: PDSSession(did: did, handle: nil, accessToken: Secret("a"), refreshToken: Secret("r"))),
            at: Date(timeIntervalSince1970: 1_788_544_800))
        await database.close()
        try Self.write(Array(repeating: 7, count: 32), to: data.secretKey, mode: fileMode)
        for id in photosFor ?? draftIDs {
            try Self.write(Self.photo(of: id), to: data.draftPhoto(id), mode: fileMode)
        }
        try Self.write(Array("-----BEGIN PRIVATE KEY-----\n".utf8), to: data.oauthClientKeys + "/\(Self.clientKeyID).pem", mode: fileMode)
        try Self.write(Array(Self.clientKeyID.utf8), to: data.oauthClientKeys + "/current", mode: fileMode)
        try Self.write(Array(#"{"grant":"fixture"}"#.utf8), to: data.oauthSessions + "/\(Self.sessionHash).json", mode: fileMode)
        for directory in [data.root, data.drafts, data.oauthClientKeys, data.oauthSessions] {
            try FileManager.default.setAttributes([.posixPermissions: directoryMode], ofItemAtPath: directory)
        }
        try FileManager.default.setAttributes([.posixPermissions: fileMode], ofItemAtPath: data.database)
    }

    /// The bytes of draft `id`'s photo in the fixture.
    package static func photo(of id: String) -> [UInt8] { Array("photo of \(id)".utf8) }

    private static func write(_ bytes: [UInt8], to path: String, mode: Int) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }
}
