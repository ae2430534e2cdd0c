package import ATProto
package import Accounts
package import FoundationEssentials

/// One favourite or comment (or the undoing of one) a person asked for here, on its way
/// to their PDS. It is stored before the first attempt with the record key it will have,
/// so nothing typed is lost to a PDS that is down or a restart, and a retry finds the
/// record an earlier attempt made instead of making a second one.
package struct SocialWrite: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case favorite, unfavorite, comment, uncomment

        package var collection: NSID { self == .favorite || self == .unfavorite ? FavoriteRecord.collection : CommentRecord.collection }
    }

    package enum Status: String, Sendable {
        /// Not on the PDS yet; tried again at `attempts.nextAt`.
        case pending
        /// The PDS has it.
        case done
        /// Given up: refused by the PDS, signed out, or too many tries. `attempts.problem` says why.
        case failed
    }

    package var id: Int64
    package var did: DID
    /// The PDS of the session that asked for it: only a session of `did` there sends it.
    package var pdsURL: String
    package var kind: Kind
    package var rkey: RecordKey
    /// What it is about: the story's AT URI for a comment; the story's or a comment's
    /// for a favourite (a heart on a comment).
    package var subject: ATURI
    package var text: String?
    /// For a reply: the comment it answers.
    package var replyTo: ATURI?
    /// For a comment: the mention facets of its text, found when it was written.
    package var facets: [RichTextFacet]?
    package var recordCreatedAt: Datetime
    package var status: Status
    /// Failed tries, when the next is due and what went wrong last.
    package var attempts: WriteAttempts
    package var queuedAt: Date

    /// The record this write creates or deletes.
    package var uri: ATURI { ATURI(did, kind.collection, rkey) }

    package init(
        id: Int64, did: DID, pdsURL: String, kind: Kind, rkey: RecordKey, subject: ATURI, text: String?, replyTo: ATURI? = nil,
        facets: [RichTextFacet]? = nil, recordCreatedAt: Datetime, status: Status = .pending, attempts: WriteAttempts, queuedAt: Date
    ) {
        self.id = id
        self.did = did
        self.pdsURL = pdsURL
        self.kind = kind
        self.rkey = rkey
        self.subject = subject
        self.text = text
        self.replyTo = replyTo
        self.facets = facets
        self.recordCreatedAt = recordCreatedAt
        self.status = status
        self.attempts = attempts
        self.queuedAt = queuedAt
    }
}
