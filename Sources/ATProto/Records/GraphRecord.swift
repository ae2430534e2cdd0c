/// A record of Grain's social graph that points at one person: a follow
/// (`social.grain.graph.follow`) or a block (`social.grain.graph.block`), both
/// `{subject: did, createdAt: datetime}`. Only the subject is read; a record whose
/// subject is not a DID does not decode (and is left out of a listing).
package struct GraphRecord: Decodable, Sendable, Equatable {
    package var subject: DID

    package init(subject: DID) {
        self.subject = subject
    }
}
