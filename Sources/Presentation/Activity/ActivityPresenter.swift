package import ATProto
package import Activity
package import FoundationEssentials
package import Viewing

/// Turns stored activity into the Activity page's lines, the way Grain's notification
/// list groups them: hearts on the same story (or the same comment) become one line
/// ("Dave and 2 others hearted your story"), placed where the newest of them is; comments,
/// replies and mentions stay one line each with their text. Pure: the caller reads the
/// profiles and stories first.
package struct ActivityPresenter: Sendable {
    let signer: MediaURLSigner

    package init(signer: MediaURLSigner) { self.signer = signer }

    /// `items` newest first (as stored); `profiles` and `stories` as far as they could be
    /// read; `lastLook` the person's previous visit to the page; `visibility` leaves out
    /// people blocked or hidden since the item was kept.
    package func entries(
        _ items: [ActivityItem], profiles: [DID: ProfileView], stories: [ATURI: StoryView], visibility: StoryVisibility, lastLook: Date?,
        now: Date
    ) -> [ActivityPageModel.Entry] {
        var groups: [(key: String, items: [ActivityItem])] = []
        var index: [String: Int] = [:]
        for item in items where visibility.author(item.actor) == .shown {
            let key: String
            switch item.kind {
            case .heartOnStory: key = "heart " + item.story.rawValue
            case .heartOnComment: key = "heart " + (item.comment?.rawValue ?? item.record.rawValue)
            default: key = item.record.rawValue + " " + item.kind.rawValue
            }
            if let at = index[key] {
                if !groups[at].items.contains(where: { $0.actor == item.actor }) { groups[at].items.append(item) }
            } else {
                index[key] = groups.count
                groups.append((key, [item]))
            }
        }
        return groups.map { group in
            let first = group.items[0]
            let names = group.items.map { profiles[$0.actor]?.name ?? $0.actor.rawValue }
            let story = stories[first.story]
            let thumb = story.flatMap { StoryTile.visual($0, visibility: visibility, signer: signer).thumb }
            let profile = profiles[first.actor]
            return ActivityPageModel.Entry(
                sentence: Self.sentence(first.kind, names: names), href: Self.href(first, story: story), thumb: thumb,
                avatar: AvatarPresenter.model(url: profile?.avatar, name: names[0], signer: signer),
                text: first.kind == .heartOnStory || first.kind == .heartOnComment ? nil : first.text,
                when: RelativeTime.long(from: first.at, now: now),
                isNew: lastLook.map { first.at > $0 } ?? true)
        }
    }

    /// "Dave hearted your story", "Dave and Erin …", "Dave and 2 others …".
    static func sentence(_ kind: ActivityKind, names: [String]) -> String {
        let who: String
        switch names.count {
        case 1: who = names[0]
        case 2: who = "\(names[0]) and \(names[1])"
        default: who = "\(names[0]) and \(names.count - 1) others"
        }
        switch kind {
        case .heartOnStory: return "\(who) hearted your story"
        case .heartOnComment: return "\(who) hearted your comment"
        case .commentOnStory: return "\(who) commented on your story"
        case .replyToComment: return "\(who) replied to your comment"
        case .mention: return "\(who) mentioned you in a comment"
        }
    }

    /// The story, or its comments for anything about a comment.
    static func href(_ item: ActivityItem, story: StoryView?) -> String {
        guard let author = item.story.did, let rkey = item.story.rkey else { return "/activity" }
        let link = StoryLinks.story(did: author, handle: story?.creator.handle, rkey: rkey)
        return item.kind == .heartOnStory ? link : link + "/comments"
    }
}
