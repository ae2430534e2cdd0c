import Foundation
import MicroHTTPServer
import Synchronization

extension StandInAppView {
    /// Indexes the `social.grain.story` and `app.bsky.feed.post` records of `accounts` on
    /// `pds`, as Grain's AppView does from the network: from now on their stories are
    /// served (`getStories`, `getStoryArchive`, counted in `getStoryAuthors` without the
    /// hidden ones), with `crossPost` when one of their posts links back to the story.
    package func indexStories(from pds: FakePDS, accounts: [FakePDS.Account]) {
        let indexed = accounts.map { account in
            StandInIndexedAccount(
                did: account.did, handle: account.handle,
                stories: pds.records("social.grain.story", of: account.did).compactMap { record in
                    guard let text = record.value["createdAt"]?.stringValue, let created = ISO8601Parsing.parse(text) else { return nil }
                    let ratio = record.value["aspectRatio"]
                    return StandInIndexedAccount.Story(
                        rkey: record.rkey, cid: record.cid, blob: record.value["media"]?["ref"]?["$link"]?.stringValue ?? record.rkey,
                        width: Int(ratio?["width"]?.integerValue ?? 3), height: Int(ratio?["height"]?.integerValue ?? 4),
                        createdAt: created, createdAtText: text,
                        labels: (record.value["labels"]?["values"]?.arrayValue ?? []).compactMap { $0["val"]?.stringValue })
                },
                posts: pds.records("app.bsky.feed.post", of: account.did).compactMap { record in
                    record.value["text"]?.stringValue.map { StandInIndexedAccount.Post(rkey: record.rkey, text: $0) }
                })
        }
        shared.state.withLock { state in
            state.indexed.removeAll { account in indexed.contains { $0.did == account.did } }
            state.indexed += indexed
        }
    }

    /// The DID an `actor` parameter names (a DID as it is; a handle of an author or an
    /// indexed account), or nil for a handle nobody here has.
    static func did(of actor: String, authors: [[String: Any]], indexed: [StandInIndexedAccount]) -> String? {
        if actor.hasPrefix("did:") { return actor }
        let handle = actor.lowercased()
        if let account = indexed.first(where: { $0.handle == handle }) { return account.did }
        return authors.compactMap { $0["profile"] as? [String: Any] }.first { ($0["handle"] as? String)?.lowercased() == handle }?["did"] as? String
    }

    /// `getStoryAuthors` entries for the indexed accounts with a live story that is not
    /// hidden: `storyCount` counts only those, as Grain's newer AppView does, so it equals
    /// what `getStories` serves.
    static func indexedAuthors(_ indexed: [StandInIndexedAccount], now: Date) -> [[String: Any]] {
        indexed.compactMap { account in
            let live = account.liveStories(at: now)
            guard let newest = live.last else { return nil }
            return [
                "profile": ["did": account.did, "handle": account.handle, "cid": "bafyreistandinindexed"],
                "storyCount": live.count, "latestAt": newest.createdAtText,
            ]
        }
    }

    /// `getStoryArchive` for an indexed account: every story not hidden, newest first,
    /// `limit` a page; the cursor is the `createdAt` of a page's last story, and the next
    /// page holds the older ones.
    static func indexedArchive(_ account: StandInIndexedAccount, limit: Int, cursor: String?, base: String, now: Date) -> String {
        var stories = account.shownStories
        if let cursor, let before = ISO8601Parsing.parse(cursor) { stories = stories.filter { $0.createdAt < before } }
        let page = Array(stories.prefix(limit))
        var root: [String: Any] = ["stories": page.map { account.view($0, base: base, now: now) }]
        if stories.count > limit, let last = page.last { root["cursor"] = last.createdAtText }
        return serialized(root)
    }

    /// `getStory` for an indexed story, expired or not (Grain's `getStory` leaves hidden
    /// ones to the client too).
    static func indexedStory(_ uri: String, indexed: [StandInIndexedAccount], base: String, now: Date) -> String? {
        for account in indexed {
            if let story = account.stories.first(where: { uri == "at://\(account.did)/social.grain.story/\($0.rkey)" }) {
                return serialized(["story": account.view(story, base: base, now: now)])
            }
        }
        return nil
    }

    /// `getActorProfile` for an author or indexed account named by DID or handle.
    static func indexedProfile(_ actor: String, authors: [[String: Any]], indexed: [StandInIndexedAccount]) -> String? {
        guard let did = did(of: actor, authors: authors, indexed: indexed) else { return nil }
        if let account = indexed.first(where: { $0.did == did }) {
            return serialized(["did": account.did, "handle": account.handle, "cid": "bafyreistandinindexed"])
        }
        guard let profile = authors.compactMap({ $0["profile"] as? [String: Any] }).first(where: { $0["did"] as? String == did }) else { return nil }
        return serialized(profile)
    }

    static func serialized(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
