import ATProto
import Accounts
import MicroHTTPServer
import Posting

/// `POST /signout`: ends the current account's session on the PDS (best effort) and
/// here. Other accounts signed in on this browser stay signed in, and the most
/// recently picked of them becomes the current one; with `all=1` every account on
/// this browser is signed out and the cookie cleared.
struct SignOutEndpoint: Sendable {
    let pages: PageRenderer
    let sessions: SessionStore
    let pds: AuthorizedPDS

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let form = try context.formFields(limit: 4096)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let leaving = form["all"] == "1" ? context.signedInAccounts : context.account.map { [$0] } ?? []
        for account in leaving {
            await pds.endSession(account)
            try await sessions.delete(idHash: account.idHash)
        }
        let staying = context.otherAccounts.filter { other in !leaving.contains { $0.idHash == other.idHash } }
        let cookie = context.sessionCookie.keeping(idHashes: Set(staying.map(\.idHash)))
        var response = HTTPResponse.redirect(to: "/")
        for field in cookie.setCookies(for: context) { response.headers.add("Set-Cookie", field) }
        return response
    }
}
