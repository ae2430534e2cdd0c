package import Foundation
import MicroHTTPServer
import Synchronization
import TestKit

/// A stand-in for Grain's AppView on 127.0.0.1 (port 0), served by the project's own
/// HTTP server: the reference's example responses with their timestamps shifted so the
/// scenario is happening now, image URLs pointing at this server's `/cdn/…` (which
/// serves a real JPEG), and switchable failure modes.
package final class StandInAppView: Sendable {
    /// What the next AppView queries do.
    package enum Mode: Sendable, Equatable {
        case normal
        case serverError
        /// Never answers within the client's timeout.
        case hang
        case malformedJSON
        case emptyLists
    }

    /// Someone who posted while a test runs: they lead `getStoryAuthors` (newest first)
    /// with one story, listed by `getStories` like the other synthetic authors.
    package struct PostedAuthor: Sendable, Equatable {
        package var did: String
        package var handle: String
        package var displayName: String
        package var createdAt: Date

        package init(did: String, handle: String, displayName: String, createdAt: Date = Date()) {
            self.did = did
            self.handle = handle
            self.displayName = displayName
            self.createdAt = createdAt
        }
    }

    struct State {
        var mode: Mode = .normal
        var posted: [PostedAuthor] = []
        var queries: [String: Int] = [:]
        var imageRequests: [String: Int] = [:]
        var imageDelay: Duration = .zero
        var comments: [StandInComment] = []
        /// Whom each indexed account follows, newest follow first (DIDs).
        var following: [String: [String]] = [:]
        /// Accounts whose stories and posts were indexed from a fake PDS.
        var indexed: [StandInIndexedAccount] = []
        /// Grain profiles `searchActorsTypeahead` finds besides the story authors.
        var actors: [PostedAuthor] = []
        /// Every XRPC method asked, in the order the queries arrived.
        var arrivals: [String] = []
        /// Whether `searchActorsTypeahead` answers wait (`holdTypeahead`), and those waiting.
        var holdsTypeahead = false
        var heldTypeahead: [CheckedContinuation<Void, Never>] = []
    }

    /// The mutable state, in a class so the server's handler can share it.
    final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let server: HTTPServer
    let shared = Shared()
    /// The scenario's "now" (2026-09-04T18:00Z) is mapped to the real time of `init`.
    package let offset: TimeInterval
    package let image: [UInt8]

    package var baseURL: String { "http://127.0.0.1:\(server.port)" }

    package init(image: [UInt8]) throws {
        self.image = image
        let offset = Date().timeIntervalSince1970 - 1_788_544_800
        self.offset = offset
        let box = ResponderBox()
        let shared = self.shared
        server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threadCount: 2), responder: box)
        try server.start()
        let base = "http://127.0.0.1:\(server.port)"
        box.set { [shared] request in
            await StandInAppView.respond(to: request, shared: shared, base: base, offset: offset, image: image)
        }
    }

    package func setMode(_ mode: Mode) { shared.state.withLock { $0.mode = mode } }
    package func setImageDelay(_ delay: Duration) { shared.state.withLock { $0.imageDelay = delay } }
    /// `author` posts a story: from now on they are the first of the story authors.
    package func post(_ author: PostedAuthor) { shared.state.withLock { $0.posted.insert(author, at: 0) } }

    /// `did` has a Grain profile from now on: `searchActorsTypeahead` finds it.
    package func addActor(did: String, handle: String, displayName: String) {
        shared.state.withLock { $0.actors.append(PostedAuthor(did: did, handle: handle, displayName: displayName)) }
    }

    /// `comment` is listed from now on (by `getCommentThread` of its subject).
    package func addComment(_ comment: StandInComment) { shared.state.withLock { $0.comments.append(comment) } }

    /// Indexes the `social.grain.comment` records of `accounts` on `pds`, as Grain's
    /// AppView does from the network: new records are listed from now on (with the
    /// account's handle as its name, and their `replyTo`), records deleted since are no
    /// longer listed; every listed comment's `favCount` becomes the number of those
    /// accounts' `social.grain.favorite` records whose subject it is (absent when none).
    package func indexComments(from pds: FakePDS, accounts: [FakePDS.Account]) {
        let records = accounts.flatMap { account in pds.records("social.grain.comment", of: account.did).map { (account, $0) } }
        let favourites = accounts.flatMap { pds.records("social.grain.favorite", of: $0.did) }.compactMap { $0.value["subject"]?.stringValue }
        defer {
            shared.state.withLock { state in
                for index in state.comments.indices {
                    let count = favourites.filter { $0 == state.comments[index].uri }.count
                    state.comments[index].favCount = count > 0 ? count : nil
                }
            }
        }
        shared.state.withLock { state in
            let dids = Set(accounts.map(\.did))
            let present = Set(records.map { $0.1.uri })
            state.comments.removeAll { $0.isIndexed && dids.contains($0.authorDID) && !present.contains($0.uri) }
            for (account, record) in records where !state.comments.contains(where: { $0.uri == record.uri }) {
                guard let text = record.value["text"]?.stringValue, let subject = record.value["subject"]?.stringValue,
                    let created = record.value["createdAt"]?.stringValue.flatMap(ISO8601Parsing.parse)
                else { continue }
                var comment = StandInComment(
                    uri: record.uri, cid: record.cid, subject: subject, authorDID: account.did, handle: account.handle,
                    text: text, facetsJSON: record.value["facets"]?.text, replyTo: record.value["replyTo"]?.stringValue, createdAt: created)
                comment.isIndexed = true
                state.comments.append(comment)
            }
        }
    }

    /// Indexes the `social.grain.graph.follow` records of `accounts` on `pds`, as Grain's
    /// AppView does: `getFollowing` lists their subjects from now on, newest record first.
    package func indexFollows(from pds: FakePDS, accounts: [FakePDS.Account]) {
        let lists = accounts.map { account in
            (
                account.did,
                pds.records("social.grain.graph.follow", of: account.did)
                    // Newest first: by createdAt, then by record key (TIDs grow with time).
                    .sorted { ($0.value["createdAt"]?.stringValue ?? "", $0.uri) > ($1.value["createdAt"]?.stringValue ?? "", $1.uri) }
                    .compactMap { $0.value["subject"]?.stringValue }
            )
        }
        shared.state.withLock { state in
            for (did, subjects) in lists { state.following[did] = subjects }
        }
    }

    /// How often `nsid` was queried.
    package func queryCount(_ nsid: String) -> Int { shared.state.withLock { $0.queries[nsid] ?? 0 } }
    /// How often any `/cdn/` image was requested, by path.
    package var imageRequestCount: Int { shared.state.withLock { $0.imageRequests.values.reduce(0, +) } }
    /// How often an image whose path contains `part` was requested (one photo, by its
    /// author and record key).
    package func imageRequests(containing part: String) -> Int {
        shared.state.withLock { $0.imageRequests.filter { $0.key.contains(part) }.values.reduce(0, +) }
    }

    /// The timestamp of the scenario, shifted to now (`2026-09-04T15:03:55.120Z` → …).
    package func shifted(_ datetime: String) -> String {
        guard let date = ISO8601Parsing.parse(datetime) else { return datetime }
        return ISO8601Parsing.format(date.addingTimeInterval(offset))
    }

    package func stop() async {
        releaseTypeahead()
        await server.shutdown(gracePeriod: .seconds(2))
    }

    private static func respond(to request: HTTPRequest, shared: Shared, base: String, offset: TimeInterval, image: [UInt8]) async -> HTTPResponse {
        if request.path.hasPrefix("/cdn/") {
            let delay = shared.state.withLock { state -> Duration in
                state.imageRequests[request.path, default: 0] += 1
                return state.imageDelay
            }
            if delay > .zero { try? await Task.sleep(for: delay) }
            if request.path.hasSuffix("/missing") { return HTTPResponse(status: .notFound) }
            var headers = HTTPHeaders()
            headers.add("Content-Type", "image/jpeg")
            return HTTPResponse(status: .ok, headers: headers, body: .bytes(image))
        }
        guard request.path.hasPrefix("/xrpc/") else { return HTTPResponse(status: .notFound) }
        let nsid = String(request.path.dropFirst(6))
        let (mode, posted, comments, following, indexed, actors) = shared.state.withLock {
            state -> (Mode, [PostedAuthor], [StandInComment], [String: [String]], [StandInIndexedAccount], [PostedAuthor]) in
            state.queries[nsid, default: 0] += 1
            state.arrivals.append(nsid)
            return (state.mode, state.posted, state.comments, state.following, state.indexed, state.actors)
        }
        if nsid == StandInAppView.typeahead { await StandInAppView.waitWhileTypeaheadIsHeld(shared) }
        switch mode {
        case .normal: break
        case .serverError: return json(500, #"{"error":"InternalServerError"}"#)
        case .hang:
            try? await Task.sleep(for: .seconds(30))
            return json(500, "{}")
        case .malformedJSON: return json(200, #"{"authors":[{"profile":"#)
        case .emptyLists:
            if nsid.hasSuffix("getStoryAuthors") { return json(200, #"{"authors":[]}"#) }
            if nsid.hasSuffix("getStories") { return json(200, #"{"stories":[]}"#) }
        }
        let query = Dictionary(
            (request.query ?? "").split(separator: "&").map { pair -> (String, String) in
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { first, _ in first })
        let maya = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
        let now = Date()
        // `actor` is an at-identifier (a handle or a DID), as Grain's newer AppView takes it;
        // a handle nobody here has lists no stories.
        let authors = authorList(base: base, offset: offset, posted: posted, indexed: indexed, now: now)
        let actor = query["actor"].flatMap { did(of: $0, authors: authors, indexed: indexed) }
        let account = indexed.first { $0.did == actor }
        switch nsid {
        case "social.grain.unspecced.getStoryAuthors":
            return json(200, serialized(["authors": authors]))
        case "social.grain.unspecced.getStories":
            guard let actor else { return json(200, #"{"stories":[]}"#) }
            if actor == maya { return json(200, counted(rewrite("getStories", base: base, offset: offset), comments)) }
            if let account {
                return json(200, counted(serialized(["stories": account.liveStories(at: now).map { account.view($0, base: base, now: now) }]), comments))
            }
            return json(200, counted(syntheticStories(for: actor, authors: authors, base: base), comments))
        case "social.grain.unspecced.getStory":
            if query["story"]?.hasPrefix("at://\(maya)/") == true, query["story"]?.hasSuffix("3muojebufwseb") == true {
                return json(200, counted(rewrite("getStory", base: base, offset: offset), comments))
            }
            if let story = indexedStory(query["story"] ?? "", indexed: indexed, base: base, now: now) { return json(200, counted(story, comments)) }
            return json(200, "{}")
        case "social.grain.unspecced.getStoryArchive":
            // Maya's example page (limit 4 in the fixture, so the limit asked for is checked
            // only for being sent); any page after it is the end of her archive.
            guard let limit = query["limit"].flatMap({ Int($0) }), (1...100).contains(limit) else {
                return json(400, #"{"error":"InvalidRequest"}"#)
            }
            if let account { return json(200, indexedArchive(account, limit: limit, cursor: query["cursor"], base: base, now: now)) }
            guard actor == maya, query["cursor"] == nil else { return json(200, #"{"stories":[]}"#) }
            return json(200, rewrite("getStoryArchive", base: base, offset: offset))
        case "social.grain.unspecced.getCommentThread":
            return commentThread(query, comments: comments)
        case "social.grain.unspecced.getFollowing":
            return followingPage(query, following: following)
        case "social.grain.unspecced.searchActorsTypeahead":
            return StandInActorSearch.answer(query, profiles: actors + posted + storyAuthorProfiles(base: base, offset: offset))
        case "social.grain.unspecced.getActorProfile":
            if actor == maya { return json(200, rewrite("getProfile", base: base, offset: offset)) }
            if let profile = indexedProfile(query["actor"] ?? "", authors: authors, indexed: indexed) { return json(200, profile) }
            return json(400, #"{"error":"Actor not found"}"#)
        default:
            return json(400, #"{"error":"Method not implemented"}"#)
        }
    }

    /// Story views with `commentCount` as Grain computes it, for the stories that have
    /// comments here (the fixtures' own counts stand for the others).
    private static func counted(_ body: String, _ comments: [StandInComment]) -> String {
        guard !comments.isEmpty, var root = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else { return body }
        func count(_ story: [String: Any]) -> [String: Any] {
            var story = story
            let uri = story["uri"] as? String ?? ""
            let number = comments.filter { $0.subject == uri }.count
            if number > 0 { story["commentCount"] = number }
            return story
        }
        if let stories = root["stories"] as? [[String: Any]] { root["stories"] = stories.map(count) }
        if let story = root["story"] as? [String: Any] { root["story"] = count(story) }
        guard let data = try? JSONSerialization.data(withJSONObject: root) else { return body }
        return String(decoding: data, as: UTF8.self)
    }

    /// `getCommentThread` as the lexicon says: `subject` required (an AT URI), `limit`
    /// 1–100 (default 20), an opaque `cursor`; oldest first, with `totalCount`, and a
    /// cursor only when more follow.
    private static func commentThread(_ query: [String: String], comments: [StandInComment]) -> HTTPResponse {
        guard let subject = query["subject"], subject.hasPrefix("at://") else {
            return json(400, #"{"error":"InvalidRequest","message":"Error: Params must have the property \"subject\""}"#)
        }
        let thread = comments.filter { $0.subject == subject }.sorted { $0.createdAt < $1.createdAt }
        return paged(query, thread, defaultLimit: 20, cursorPrefix: "o", listKey: "comments") { $0.viewJSON() }
    }

    /// `getFollowing` as the lexicon says: `actor` required (a DID), `limit` 1–100
    /// (default 50), an opaque `cursor`; newest follow first, with `totalCount`, and a
    /// cursor only when more follow. An actor nobody indexed follows no one.
    private static func followingPage(_ query: [String: String], following: [String: [String]]) -> HTTPResponse {
        guard let actor = query["actor"], actor.hasPrefix("did:") else {
            return json(400, #"{"error":"InvalidRequest","message":"Error: Params must have the property \"actor\""}"#)
        }
        return paged(query, following[actor] ?? [], defaultLimit: 50, cursorPrefix: "f", listKey: "items") { "{\"did\":\"\($0)\"}" }
    }

    /// One page of `all` as Grain's unspecced lists answer: `limit` 1–100 (else a 400),
    /// an opaque cursor (`cursorPrefix` and an offset; anything else a 400), `totalCount`,
    /// and a cursor only when more follow.
    private static func paged<Item>(
        _ query: [String: String], _ all: [Item], defaultLimit: Int, cursorPrefix: Character, listKey: String,
        _ itemJSON: (Item) -> String
    ) -> HTTPResponse {
        var limit = defaultLimit
        if let text = query["limit"] {
            guard let value = Int(text), (1...100).contains(value) else { return json(400, #"{"error":"InvalidRequest","message":"limit out of range"}"#) }
            limit = value
        }
        var start = 0
        if let cursor = query["cursor"] {
            guard cursor.first == cursorPrefix, let offset = Int(cursor.dropFirst()), offset >= 0 else {
                return json(400, #"{"error":"InvalidRequest","message":"bad cursor"}"#)
            }
            start = min(offset, all.count)
        }
        let page = all[start..<min(all.count, start + limit)]
        var body = "{\"\(listKey)\":[" + page.map(itemJSON).joined(separator: ",") + "],\"totalCount\":\(all.count)"
        if start + limit < all.count { body += ",\"cursor\":\"\(cursorPrefix)\(start + limit)\"" }
        return json(200, body + "}")
    }

    /// The story authors, newest story first: the fixture's and those who posted during
    /// the test, with the indexed accounts' (counted as Grain counts them) in their place.
    private static func authorList(
        base: String, offset: TimeInterval, posted: [PostedAuthor], indexed: [StandInIndexedAccount], now: Date
    ) -> [[String: Any]] {
        let fixture = rewrite("getStoryAuthors", base: base, offset: offset)
        let listed = (try? JSONSerialization.jsonObject(with: Data(fixture.utf8)) as? [String: Any])?["authors"] as? [[String: Any]] ?? []
        let added: [[String: Any]] = posted.map { author in
            [
                "profile": ["did": author.did, "handle": author.handle, "displayName": author.displayName, "cid": "bafyreistandinposted"],
                "storyCount": 1, "latestAt": ISO8601Parsing.format(author.createdAt),
            ]
        }
        let indexedDIDs = Set(indexed.map(\.did))
        let others = (added + listed).filter { !indexedDIDs.contains(($0["profile"] as? [String: Any])?["did"] as? String ?? "") }
        let all = indexedAuthors(indexed, now: now) + others
        // Newest first; the fixture's own order (already newest first) is kept among equals.
        return all.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element["latestAt"] as? String ?? "", rhs.element["latestAt"] as? String ?? "")
            return left != right ? left > right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The fixture's story authors as Grain profiles (for the actor search).
    private static func storyAuthorProfiles(base: String, offset: TimeInterval) -> [PostedAuthor] {
        guard let root = try? JSONSerialization.jsonObject(with: Data(rewrite("getStoryAuthors", base: base, offset: offset).utf8)) as? [String: Any],
            let authors = root["authors"] as? [[String: Any]]
        else { return [] }
        return authors.compactMap { author in
            guard let profile = author["profile"] as? [String: Any], let did = profile["did"] as? String, let handle = profile["handle"] as? String
            else { return nil }
            return PostedAuthor(did: did, handle: handle, displayName: profile["displayName"] as? String ?? "")
        }
    }

    /// Authors other than Maya get `storyCount` simple stories ending at `latestAt`.
    private static func syntheticStories(for did: String, authors: [[String: Any]], base: String) -> String {
        guard let author = authors.first(where: { ($0["profile"] as? [String: Any])?["did"] as? String == did }),
            let profile = author["profile"] as? [String: Any], let latest = ISO8601Parsing.parse(author["latestAt"] as? String ?? "")
        else { return #"{"stories":[]}"# }
        let count = author["storyCount"] as? Int ?? 1
        let stories: [[String: Any]] = (0..<count).reversed().map { index in
            let rkey = "3mstand\(did.suffix(4))\(index)"
            return [
                "uri": "at://\(did)/social.grain.story/\(rkey)", "cid": "bafyreistandin\(index)", "creator": profile,
                "thumb": "\(base)/cdn/feed_thumbnail/\(did)/\(rkey)", "fullsize": "\(base)/cdn/feed_fullsize/\(did)/\(rkey)",
                "aspectRatio": ["width": 1200, "height": 1600],
                "createdAt": ISO8601Parsing.format(latest.addingTimeInterval(Double(-index * 60))), "expired": false, "commentCount": 0,
            ]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["stories": stories])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The fixture with its datetimes moved by `offset` and CDN URLs pointed here.
    static func rewrite(_ fixture: String, base: String, offset: TimeInterval) -> String {
        var text = String(decoding: Fixtures.data(fixture), as: UTF8.self)
        text = text.replacingOccurrences(of: "https://cdn.grain.social/", with: "\(base)/cdn/")
        let pattern = #""(createdAt|latestAt|cts|cursor)": "([^"]+)""#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        let matches = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed()
        for match in matches {
            guard let range = Range(match.range(at: 2), in: text), let date = ISO8601Parsing.parse(String(text[range])) else { continue }
            text.replaceSubrange(range, with: ISO8601Parsing.format(date.addingTimeInterval(offset)))
        }
        return text
    }

    private static func json(_ status: Int, _ body: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        headers.add("Cache-Control", "no-store")
        return HTTPResponse(status: HTTPStatus(status), headers: headers, body: .bytes(Array(body.utf8)))
    }
}

/// Lets the responder be created before the server's port (and so the URLs it writes)
/// is known.
final class ResponderBox: HTTPResponder {
    private let handler = Mutex<(@Sendable (HTTPRequest) async -> HTTPResponse)?>(nil)

    func set(_ body: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) { handler.withLock { $0 = body } }

    func respond(to request: HTTPRequest) async -> HTTPResponse {
        guard let body = handler.withLock({ $0 }) else { return HTTPResponse(status: .serviceUnavailable) }
        return await body(request)
    }
}

/// Millisecond UTC datetimes for the stand-ins (independent of the app's own parser).
enum ISO8601Parsing {
    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
