public import HTMLTemplates
public import ATProto

/// The story strip's template values: one entry per author in the AppView's order,
/// with the ring colour from this browser's (or account's) seen state.
public struct StripPresenter: Sendable {
    public let signer: MediaURLSigner

    public init(signer: MediaURLSigner) {
        self.signer = signer
    }

    public func authors(_ authors: [StoryAuthor], seen: SeenState) -> TemplateValue {
        .list(authors.filter { $0.storyCount > 0 }.map { author in
            let profile = author.profile
            let allSeen = seen.hasSeenAll(author: profile.did, latestAt: author.latestAt)
            let count = author.storyCount
            let stories = count == 1 ? "1 story" : "\(count) stories"
            return [
                "did": .string(profile.did.rawValue),
                "name": .string(profile.name),
                "href": .string(StoryLinks.author(profile.did)),
                "ringClass": .string(allSeen ? "ring-seen" : "ring-unseen"),
                "accessibleName": .string("\(profile.name), \(stories), \(allSeen ? "seen" : "new")"),
                "avatar": AvatarPresenter.value(url: profile.avatar, name: profile.name, signer: signer),
            ]
        })
    }
}
