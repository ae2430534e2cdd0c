import Accounts
import Posting

extension SessionCookie {
    /// The `Set-Cookie` value that gives the browser this cookie: HttpOnly and
    /// SameSite=Lax like every cookie here (the ids never reach a script), for the idle
    /// lifetime; an empty cookie is deleted.
    func setCookie(secure: Bool) -> String {
        Cookies.setCookie(
            name: SessionStore.cookieName, value: value,
            maxAgeSeconds: isEmpty ? 0 : Int(SessionStore.idleLifetime), secure: secure)
    }
}
