/// A record of Grain's social graph that points at one person: a follow
/// (`social.grain.graph.follow`) or a block (`social.grain.graph.block`), both
/// `{subject: did, createdAt: datetime}`. Only the subject is read; a record whose
/// subject is not a DID does not decode (and is left out of a listing).
public struct GraphRecord: Decodable, Sendable, Equatable {
    public var subject: DID

    public init(subject: DID) {
        self.subject = subject
    }
}
