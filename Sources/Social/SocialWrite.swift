public import Foundation
public import ATProto

/// One favourite or comment (or the undoing of one) a person asked for here, on its way
/// to their PDS. It is stored before the first attempt with the record key it will have,
/// so nothing typed is lost to a PDS that is down or a restart, and a retry finds the
/// record an earlier attempt made instead of making a second one.
public struct SocialWrite: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case favorite, unfavorite, comment, uncomment

        public var collection: NSID { self == .favorite || self == .unfavorite ? FavoriteRecord.collection : CommentRecord.collection }
    }

    public enum Status: String, Sendable {
        /// Not on the PDS yet; tried again at `nextAttemptAt`.
        case pending
        /// The PDS has it.
        case done
        /// Given up: refused by the PDS, signed out, or too many tries. `lastError` says why.
        case failed
    }

    public var id: Int64
    public var did: DID
    /// The PDS of the session that asked for it: only a session of `did` there sends it.
    public var pdsURL: String
    public var kind: Kind
    public var rkey: RecordKey
    /// The story's AT URI.
    public var subject: ATURI
    public var text: String?
    public var recordCreatedAt: Datetime
    public var status: Status
    public var attempts: Int
    public var nextAttemptAt: Date
    public var lastError: String?
    public var queuedAt: Date

    /// The record this write creates or deletes.
    public var uri: ATURI { ATURI(did, kind.collection, rkey) }

    /// What the person is told: nothing once done, else whether it is on its way.
    public var stateText: String? {
        switch status {
        case .done: nil
        case .pending: attempts == 0 ? "Sending…" : "Not sent yet: will retry."
        case .failed: "Not sent: \(lastError ?? "unknown problem")"
        }
    }

    public init(
        id: Int64, did: DID, pdsURL: String, kind: Kind, rkey: RecordKey, subject: ATURI, text: String?, recordCreatedAt: Datetime,
        status: Status = .pending, attempts: Int = 0, nextAttemptAt: Date, lastError: String? = nil, queuedAt: Date
    ) {
        self.id = id
        self.did = did
        self.pdsURL = pdsURL
        self.kind = kind
        self.rkey = rkey
        self.subject = subject
        self.text = text
        self.recordCreatedAt = recordCreatedAt
        self.status = status
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.queuedAt = queuedAt
    }
}
