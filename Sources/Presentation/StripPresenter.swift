public import Foundation
public import HTMLTemplates
public import ATProto
public import Viewing

/// The story strip's template values: one entry per author in strip order (`StripOrder`),
/// with the ring colour from this browser's (or account's) seen state, and the signed-in
/// person's own tile.
public struct StripPresenter: Sendable {
    public let signer: MediaURLSigner

    public init(signer: MediaURLSigner) {
        self.signer = signer
    }

    /// One entry per author; `now` dates each person's newest story on the grid.
    public func authors(_ authors: [StoryAuthor], seen: SeenState, now: Date) -> TemplateValue {
        .list(authors.filter { $0.storyCount > 0 }.map { author in
            let profile = author.profile
            let allSeen = seen.hasSeenAll(author: profile.did, latestAt: author.latestAt)
            return [
                "did": .string(profile.did.rawValue),
                "name": .string(profile.name),
                "href": .string(StoryLinks.author(profile.did)),
                "ringClass": .string(allSeen ? "ring-seen" : "ring-unseen"),
                "accessibleName": .string("\(profile.name), \(Self.count(author.storyCount)), \(allSeen ? "seen" : "new")"),
                "avatar": AvatarPresenter.value(url: profile.avatar, name: profile.name, signer: signer),
                "cover": .string(StoryLinks.cover(profile.did)),
                "time": .string(RelativeTime.short(from: author.latestAt.date, now: now)),
                "timeLong": .string(RelativeTime.long(from: author.latestAt.date, now: now)),
                "latestAt": .string(author.latestAt.rawValue),
                "count": .string(Self.count(author.storyCount)),
            ]
        })
    }

    /// The first tile for a signed-in person: their avatar with a plus badge. With a live
    /// story of their own (`story`) it offers both "View your story" and "Add to your
    /// story", as Grain's apps do; without one it goes straight to the new-story form.
    public func own(name: String, avatarURL: String?, story: StoryAuthor?, seen: SeenState) -> TemplateValue {
        var value: [String: TemplateValue] = [
            "avatar": AvatarPresenter.value(url: avatarURL, name: name, signer: signer),
            "hasStory": .bool(story != nil),
        ]
        if let story {
            let allSeen = seen.hasSeenAll(author: story.profile.did, latestAt: story.latestAt)
            value["href"] = .string(StoryLinks.author(story.profile.did))
            value["ringClass"] = .string(allSeen ? "ring-seen" : "ring-unseen")
            value["accessibleName"] = .string("Your story, \(Self.count(story.storyCount))")
        }
        return .object(value)
    }

    private static func count(_ stories: Int) -> String {
        stories == 1 ? "1 story" : "\(stories) stories"
    }
}
