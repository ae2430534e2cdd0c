import ATProto
import Accounts
import FoundationEssentials
import MicroHTTPServer
import Posting
import Presentation
import Social
import Viewing

/// `POST /profile/{actor}/story/{rkey}/favorite` with `favorite=1` (give the heart) or
/// `0` (take it back), and the form token: the heart is written to (or deleted from) the
/// signed-in person's own repository through the outbox, which keeps it when the PDS
/// cannot take it now. Without the script the answer is the story again; the viewer's
/// script asks for JSON (`{"favorited": …, "state": …}`, and `"error"` with the reason
/// when the PDS refused: an answer, not an error status, so the page's console stays
/// clean) and rolls its optimistic heart back to `favorited` with that message.
struct FavoriteEndpoint: Sendable {
    let pages: PageRenderer
    package let stories: StoryLookup
    let outbox: SocialOutbox

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount(allowedTo: .heart)
        let form = try context.formFields(limit: 4096)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let found = try await stories.find(context)
        guard found.isLive else { throw HTTPError(.conflict, "This story has ended; it can no longer be liked.") }
        let give = try Self.givesHeart(form["favorite"], what: "the story")
        let write = try await give ? outbox.favourite(account, found.uri) : outbox.unfavourite(account, found.uri)
        var failure: String?
        if let write, write.status == .failed {
            failure = WriteProblemWords.stopped(write.attempts.problem, give ? .like : .unlike).headline
        }
        guard context.isScriptFetch else {
            if let failure { throw HTTPError(.badGateway, failure) }
            return HTTPResponse.redirect(to: StoryLinks.story(found.story, back: context.back))
        }
        var json = "{\"favorited\":\(failure == nil ? give : !give)"
        json +=
            ",\"state\":" + (write?.status == .pending ? write.flatMap(WriteProblemWords.state(of:)).map { "\"\(Self.jsonEscaped($0))\"" } ?? "null" : "null")
        if let failure { json += ",\"error\":\"\(Self.jsonEscaped(failure))\"" }
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        headers.add("Cache-Control", "no-store")
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(Array((json + "}").utf8)))
    }

    /// The `favorite` field of a heart form (the story's, or a comment's): `1` gives the
    /// heart, `0` takes it back; anything else is a 400 that names `what`.
    static func givesHeart(_ field: String?, what: String) throws -> Bool {
        switch field {
        case "1": true
        case "0": false
        default: throw HTTPError.badRequest("Say whether to like \(what) or not.")
        }
    }

    /// Our own texts and the PDS's reason, escaped as JSON.
    private static func jsonEscaped(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}
