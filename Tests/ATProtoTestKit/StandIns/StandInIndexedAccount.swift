import Foundation

/// An account whose stories and Bluesky posts the stand-in AppView has indexed from a
/// fake PDS (`StandInAppView.indexStories`), as Grain's AppView indexes tracked accounts:
/// its stories are served by `getStories`, `getStoryArchive` and `getStoryAuthors`, and a
/// post whose text holds a story's path is reported as that story's `crossPost`.
struct StandInIndexedAccount: Sendable, Equatable {
    /// A `social.grain.story` record as the views need it.
    struct Story: Sendable, Equatable {
        var rkey: String
        var cid: String
        var blob: String
        var width: Int
        var height: Int
        var createdAt: Date
        var createdAtText: String
        /// The record's self-label values.
        var labels: [String]
    }

    /// An `app.bsky.feed.post` record: its key and text.
    struct Post: Sendable, Equatable {
        var rkey: String
        var text: String
    }

    /// Grain's hide set (`server/labels/_hidden.ts`): a story carrying one is served to
    /// nobody and, since Grain's newer AppView, not counted in `storyCount` either.
    static let hidden: Set<String> = ["!hide", "!takedown", "spam", "copyright", "gore", "nsfl", "dmca-violation", "doxxing"]

    var did: String
    var handle: String
    var stories: [Story]
    var posts: [Post]

    /// Stories shown to anyone (no hide-set self-label), newest first.
    var shownStories: [Story] {
        stories.filter { $0.labels.allSatisfy { !Self.hidden.contains($0) } }.sorted { $0.createdAt > $1.createdAt }
    }

    /// The shown stories of the last 24 hours at `now`, oldest first (`getStories`).
    func liveStories(at now: Date) -> [Story] {
        shownStories.filter { now.timeIntervalSince($0.createdAt) < 86_400 }.reversed()
    }

    /// The Bluesky post linking back to `story`, found as Grain's AppView finds it: the
    /// account's first post whose text holds `/profile/{did}/story/{rkey}` or, since
    /// Grain's newer AppView, `/profile/{handle}/story/{rkey}`.
    func crossPostURL(of story: Story) -> String? {
        let paths = ["/profile/\(did)/story/\(story.rkey)", "/profile/\(handle)/story/\(story.rkey)"]
        guard let post = posts.first(where: { post in paths.contains { post.text.contains($0) } }) else { return nil }
        return "https://bsky.app/profile/\(did)/post/\(post.rkey)"
    }

    /// `story` as a `storyView`, with the CDN URLs at `base`.
    func view(_ story: Story, base: String, now: Date) -> [String: Any] {
        var view: [String: Any] = [
            "uri": "at://\(did)/social.grain.story/\(story.rkey)", "cid": story.cid,
            "creator": ["did": did, "handle": handle, "cid": "bafyreistandinindexed"],
            "thumb": "\(base)/cdn/feed_thumbnail/\(did)/\(story.blob)", "fullsize": "\(base)/cdn/feed_fullsize/\(did)/\(story.blob)",
            "aspectRatio": ["width": story.width, "height": story.height], "createdAt": story.createdAtText,
            "expired": now.timeIntervalSince(story.createdAt) >= 86_400, "commentCount": 0,
        ]
        if !story.labels.isEmpty {
            view["labels"] = story.labels.map { value in
                ["src": did, "uri": "at://\(did)/social.grain.story/\(story.rkey)", "val": value, "cts": ISO8601Parsing.format(now)]
            }
        }
        if let url = crossPostURL(of: story) { view["crossPost"] = ["url": url] }
        return view
    }
}
