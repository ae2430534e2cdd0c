import ATProto
import Accounts
import MicroHTTPServer
import Posting

/// `POST /seen`: the viewer script reports each story it actually showed. The custom
/// header it must send cannot be set by another site without a CORS preflight, which
/// this server never grants, so other sites cannot mark stories as seen.
///
/// The script also says whom its page was shown for (`by`: an account's DID, empty for
/// a visitor). On a browser several people share, a viewer left open in one tab while
/// another account was picked in another would otherwise mark stories seen for the
/// person who did not see them; such a report is answered like any other (the script
/// has nothing to do about it) but recorded for nobody. A form without `by` (a script
/// from before this field) is taken as the current account's.
struct SeenEndpoint: Sendable {
    let seen: SeenTracker

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        guard context.isScriptFetch else { throw HTTPError.forbidden("This address is only for the story viewer.") }
        let form = try context.formFields(limit: 2048)
        guard let did = form["did"].flatMap(DID.init), let createdAt = form["createdAt"].flatMap(Datetime.init) else {
            throw HTTPError.badRequest("Which story was seen is missing or malformed.")
        }
        var response = HTTPResponse(status: .noContent)
        response.headers.add("Cache-Control", "no-store")
        if let shownFor = form["by"], shownFor != (context.account?.did.rawValue ?? "") { return response }
        if let cookie = await seen.markSeen(author: did, createdAt: createdAt, context: context) {
            response.headers.add("Set-Cookie", cookie)
        }
        return response
    }
}
