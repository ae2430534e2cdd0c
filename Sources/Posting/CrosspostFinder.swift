package import ATProto
package import Accounts
import FoundationEssentials

/// Finds the Bluesky post (`app.bsky.feed.post`) that shares one of an account's stories,
/// so deleting the story can take that copy too. Nothing in either record points at the
/// other (Grain links them by the post's text, §6.4), so three places are asked, cheapest
/// first:
/// 1. the draft the story was posted from here, whose crosspost key was chosen with it;
/// 2. the `crossPost` link the AppView reports for the story (Grain's apps' crossposts);
/// 3. the account's own newest posts, at most `searchedPosts`, for one whose text links
///    the story (`/profile/{did or handle}/story/{rkey}`), stopping at posts older than
///    the story.
///
/// A candidate counts only when the post is in the account's own repository and its text
/// links this story, so a stale draft or a wrong AppView answer cannot delete another post.
package struct CrosspostFinder: Sendable {
    let drafts: any DraftRepository
    let pds: AuthorizedPDS
    /// How many of the account's newest posts the search reads at most (pages of 100).
    static let searchedPosts = 300

    package init(drafts: any DraftRepository, pds: AuthorizedPDS) {
        self.drafts = drafts
        self.pds = pds
    }

    /// A crosspost found: the record and where Bluesky shows it.
    package struct Post: Sendable, Equatable {
        package var uri: ATURI
        package var rkey: RecordKey
        /// The post on bsky.app, for a person to open (and delete it there).
        package var blueskyURL: String
    }

    /// What the search found.
    package enum Lookup: Sendable, Equatable {
        case found(Post)
        /// No post of the account's shares the story.
        case none
        /// The account's PDS could not be read, so whether one does is not known.
        case unknown
    }

    /// Only what the search reads of a post.
    private struct PostText: Decodable {
        var text: String?
        var createdAt: String?
    }

    /// The post sharing `account`'s story `rkey`; `story` is its view when known (for the
    /// AppView's link and the time it was posted).
    package func find(story rkey: RecordKey, of account: AccountSession, view story: StoryView?) async -> Lookup {
        var unreadable = false
        var candidates: [RecordKey] = []
        if let draft = try? await drafts.find(did: account.did, storyRKey: rkey), draft.crosspost { candidates.append(draft.postRKey) }
        if let key = Self.postKey(story?.crossPost?.url, account: account), !candidates.contains(key) { candidates.append(key) }
        for key in candidates {
            do {
                if let text = try await post(key, of: account)?.text, Self.links(text, story: rkey, account: account) {
                    return .found(Self.post(key, of: account))
                }
            } catch {
                unreadable = true
            }
        }
        switch await search(story: rkey, of: account, since: story?.createdAt.date) {
        case .found(let post): return .found(post)
        case .unknown: return .unknown
        case .none: return unreadable ? .unknown : .none
        }
    }

    /// The account's newest posts, page by page, for one linking the story.
    private func search(story rkey: RecordKey, of account: AccountSession, since: Date?) async -> Lookup {
        let client = pds.client(for: account)
        // Clocks differ: a post made with the story may carry a time a little before it.
        let oldest = since?.addingTimeInterval(-86_400)
        var cursor: String?
        var read = 0
        while read < Self.searchedPosts {
            let page: RecordPage<PostText>
            do {
                page = try await client.listRecords(repo: account.did, collection: FeedPostRecord.collection, limit: 100, cursor: cursor, as: PostText.self)
            } catch {
                return .unknown
            }
            for entry in page.records {
                guard let key = entry.uri.rkey, entry.uri.did == account.did else { continue }
                if let text = entry.value.text, Self.links(text, story: rkey, account: account) { return .found(Self.post(key, of: account)) }
                if let oldest, let made = entry.value.createdAt.flatMap(Datetime.init)?.date, made < oldest { return .none }
            }
            read += page.listedCount
            guard let next = page.cursor, page.listedCount > 0 else { return .none }
            cursor = next
        }
        return .none
    }

    private func post(_ key: RecordKey, of account: AccountSession) async throws -> PostText? {
        try await pds.perform(account) { client in
            try await client.getRecord(repo: account.did, collection: FeedPostRecord.collection, rkey: key, as: PostText.self)?.value
        }
    }

    private static func post(_ key: RecordKey, of account: AccountSession) -> Post {
        Post(
            uri: ATURI(account.did, FeedPostRecord.collection, key), rkey: key,
            blueskyURL: "https://bsky.app/profile/\(account.did.rawValue)/post/\(key.rawValue)")
    }

    /// The record key of `https://bsky.app/profile/{account}/post/{rkey}`, when the URL
    /// names a post of this account (by DID or handle).
    static func postKey(_ url: String?, account: AccountSession) -> RecordKey? {
        guard let url, url.hasPrefix("https://bsky.app/profile/") else { return nil }
        let parts = url.dropFirst("https://bsky.app/profile/".count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1] == "post", names(account, String(parts[0])) else { return nil }
        return RecordKey(String(parts[2]))
    }

    /// Whether `text` links the story: a word of it holds the path
    /// `/profile/{did or handle}/story/{rkey}` (as Grain's link back reads it, §6.4).
    static func links(_ text: String, story rkey: RecordKey, account: AccountSession) -> Bool {
        text.split(whereSeparator: \.isWhitespace).contains { word in
            let parts = word.split(separator: "/", omittingEmptySubsequences: false)
            return parts.indices.dropLast(3).contains { at in
                parts[at] == "profile" && names(account, String(parts[at + 1])) && parts[at + 2] == "story"
                    && parts[at + 3].prefix { $0 != "?" && $0 != "#" } == rkey.rawValue
            }
        }
    }

    /// Whether `name` (from a URL) is the account's DID or its handle (in any case).
    private static func names(_ account: AccountSession, _ name: String) -> Bool {
        name == account.did.rawValue || account.handle.map { $0.rawValue.lowercased() == name.lowercased() } == true
    }
}
