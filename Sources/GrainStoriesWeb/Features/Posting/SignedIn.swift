import Accounts
import MicroHTTPServer
import Posting
import Viewing

extension RequestContext {
    /// The signed-in account, or a redirect to the sign-in page that comes back to this
    /// page afterwards (for pages that are read; a form sent without an account starts
    /// over from the home page).
    func requireAccount() throws(SignInRequired) -> AccountSession {
        guard let account else {
            throw SignInRequired(next: request.method == .get ? StoryLinks.safeBack(request.path) : nil)
        }
        return account
    }

    /// The signed-in account, when its sign-in allows `action` (an OAuth grant may not):
    /// otherwise 403 saying plainly what the sign-in lacks and how to fix it.
    func requireAccount(allowedTo action: AccountAction) throws -> AccountSession {
        let account = try requireAccount()
        guard action.isAllowed(for: account) else { throw HTTPError.forbidden(action.missingGrant) }
        return account
    }
}

/// Answers with a redirect to `/signin` (pages that need an account); `expired` when
/// the PDS ended the session, so the sign-in page can say so.
struct SignInRequired: HTTPResponseError {
    var expired = false
    /// Where to go once signed in: a path on this site (`StoryLinks.safeBack`).
    package var next: String?
    var status: HTTPStatus { .seeOther }
    var publicMessage: String { "Please sign in first." }
    var headers: [(String, String)] { [("Location", SignInPage.address(expired: expired, next: next))] }
}
