import ATProto

/// The people a signed-in person never sees stories or comments from: those they block
/// on Grain (their `social.grain.graph.block` records) and those they hid on this
/// server. Kept apart so a profile can say which it is; `StoryVisibility` (made from
/// them by `HiddenAuthors`) decides what that means for each page.
struct HiddenPeople: Sendable, Equatable {
    var blocked: Set<DID>
    var hidden: Set<DID>
    /// The blocks could not be read (and none were known): `blocked` may be short.
    var blocksUnknown: Bool

    init(blocked: Set<DID> = [], hidden: Set<DID> = [], blocksUnknown: Bool = false) {
        self.blocked = blocked
        self.hidden = hidden
        self.blocksUnknown = blocksUnknown
    }
}
