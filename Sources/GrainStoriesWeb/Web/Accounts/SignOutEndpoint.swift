import ATProto
import MicroHTTPServer
import Posting

/// `POST /signout`: ends the session on the PDS (best effort) and here, and clears the
/// cookie.
struct SignOutEndpoint: Sendable {
    let pages: PageRenderer
    let sessions: SessionStore
    let pds: AuthorizedPDS

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let form = try context.formFields(limit: 4096)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        if let account = context.account {
            let client = pds.client(for: account)
            try? await client.deleteSession(account.tokens.refreshToken)
            try await sessions.delete(idHash: account.idHash)
        }
        var response = HTTPResponse.redirect(to: "/")
        response.headers.add("Set-Cookie", Cookies.setCookie(name: SessionStore.cookieName, value: "", maxAgeSeconds: 0, secure: context.isSecure))
        return response
    }
}
