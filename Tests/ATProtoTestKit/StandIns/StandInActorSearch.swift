import Foundation
import MicroHTTPServer

/// The stand-in AppView's `social.grain.unspecced.searchActorsTypeahead`, as Grain's
/// handler and lexicon have it: `q` required (a 400 without it), `limit` 1–10 (default
/// 5; else a 400), anonymous, and `{"actors": [{did, handle, displayName}]}` with each
/// account once. Grain searches its profiles' text and merges Bluesky's typeahead; the
/// stand-in knows only Grain profiles and matches a handle that starts with `q` or a
/// word of the display name that does (case-insensitive).
enum StandInActorSearch {
    static func answer(_ query: [String: String], profiles: [StandInAppView.PostedAuthor]) -> HTTPResponse {
        guard let q = query["q"]?.trimmingCharacters(in: .whitespaces), !q.isEmpty else {
            return json(400, #"{"error":"Missing required parameter: q"}"#)
        }
        var limit = 5
        if let text = query["limit"] {
            guard let value = Int(text), (1...10).contains(value) else { return json(400, #"{"error":"limit must be between 1 and 10"}"#) }
            limit = value
        }
        let wanted = q.lowercased()
        var seen: Set<String> = []
        var actors: [[String: String]] = []
        for profile in profiles where seen.insert(profile.did).inserted {
            let words = profile.displayName.lowercased().split(whereSeparator: \.isWhitespace)
            guard profile.handle.lowercased().hasPrefix(wanted) || words.contains(where: { $0.hasPrefix(wanted) }) else { continue }
            var actor = ["did": profile.did, "handle": profile.handle]
            if !profile.displayName.isEmpty { actor["displayName"] = profile.displayName }
            actors.append(actor)
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["actors": Array(actors.prefix(limit))])) ?? Data()
        return json(200, String(decoding: data, as: UTF8.self))
    }

    private static func json(_ status: Int, _ body: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        headers.add("Cache-Control", "no-store")
        return HTTPResponse(status: HTTPStatus(status), headers: headers, body: .bytes(Array(body.utf8)))
    }
}
