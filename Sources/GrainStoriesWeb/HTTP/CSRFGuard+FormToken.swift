import Accounts

extension CSRFGuard {
    /// The token a form carries for this browser, and the `csrf` cookie to set with the
    /// page when it has none yet (a visitor who is not signed in: double submit, see
    /// `CSRFGuard`). Forms anyone may send (signing in, a TV's settings) start here.
    func formToken(for context: RequestContext) -> (token: String, setCookie: String?) {
        guard context.account == nil else { return (token(for: context) ?? "", nil) }
        if let cookie = context.cookie(CSRFGuard.cookieName), cookie.utf8.count == 43 {
            return (token(anonymousCookie: cookie), nil)
        }
        let cookie = SessionStore.randomToken()
        return (
            token(anonymousCookie: cookie),
            Cookies.setCookie(name: CSRFGuard.cookieName, value: cookie, maxAgeSeconds: nil, secure: context.isSecure)
        )
    }
}
