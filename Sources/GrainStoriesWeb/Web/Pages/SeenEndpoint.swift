import MicroHTTPServer
import ATProto

/// `POST /seen`: the viewer script reports each story it actually showed. The custom
/// header it must send cannot be set by another site without a CORS preflight, which
/// this server never grants, so other sites cannot mark stories as seen.
struct SeenEndpoint: Sendable {
    let seen: SeenTracker

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        guard context.isScriptFetch else { throw HTTPError.forbidden("This address is only for the story viewer.") }
        let form = try context.formFields(limit: 2048)
        guard let did = form["did"].flatMap(DID.init), let createdAt = form["createdAt"].flatMap(Datetime.init) else { throw HTTPError.badRequest("Which story was seen is missing or malformed.") }
        var response = HTTPResponse(status: .noContent)
        response.headers.add("Cache-Control", "no-store")
        if let cookie = await seen.markSeen(author: did, createdAt: createdAt, context: context) {
            response.headers.add("Set-Cookie", cookie)
        }
        return response
    }
}
