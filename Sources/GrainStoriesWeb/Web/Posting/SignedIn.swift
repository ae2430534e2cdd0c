import MicroHTTPServer
import Posting

extension RequestContext {
    /// The signed-in account, or a redirect to the sign-in page.
    func requireAccount() throws(SignInRequired) -> AccountSession {
        guard let account else { throw SignInRequired() }
        return account
    }
}

/// Answers with a redirect to `/signin` (pages that need an account); `expired` when
/// the PDS ended the session, so the sign-in page can say so.
struct SignInRequired: HTTPResponseError {
    var expired = false
    var status: HTTPStatus { .seeOther }
    var publicMessage: String { "Please sign in first." }
    var headers: [(String, String)] { [("Location", expired ? "/signin?reason=expired" : "/signin")] }
}
