import ATProto
import Accounts
import MicroHTTPServer
import Posting

/// `POST /accounts/switch`: makes another account signed in on this browser the
/// current one (a family tablet, one person after another).
///
/// The form names the account by its DID, and only the accounts whose session ids
/// this browser's cookie holds can be picked: the server finds them by hashing the ids
/// the browser sent, so naming someone else's DID, or copying a session's hash into
/// the cookie, picks nobody. The form token is the current account's, as for every
/// form, so another site cannot switch a browser's account either. Only this browser
/// changes: the other devices of these accounts go on as they were.
struct AccountSwitchEndpoint: Sendable {
    let pages: PageRenderer

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let form = try context.formFields(limit: 4096)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        guard let did = form["did"].flatMap(DID.init) else {
            throw HTTPError.badRequest("Choose an account to switch to.")
        }
        guard let chosen = context.signedInAccounts.first(where: { $0.did == did }),
            let id = context.sessionCookie.id(hashedAs: chosen.idHash)
        else {
            throw HTTPError.forbidden("That account is not signed in on this browser. Sign in to add it.")
        }
        let live = Set(context.signedInAccounts.map(\.idHash))
        let cookie = context.sessionCookie.keeping(idHashes: live).choosing(id)
        var response = HTTPResponse.redirect(to: "/")
        for field in cookie.setCookies(for: context) { response.headers.add("Set-Cookie", field) }
        return response
    }
}
