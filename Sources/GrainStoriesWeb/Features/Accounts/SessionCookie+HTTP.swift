import Accounts
import Posting

extension SessionCookie {
    /// The `Set-Cookie` values that give the browser this cookie: HttpOnly and
    /// SameSite=Lax like every cookie here (the ids never reach a script), for the idle
    /// lifetime; an empty cookie is deleted. Over https it is `__Host-sid`, and a plain
    /// `sid` the browser still sent (an older version's) is deleted, its ids having moved
    /// into the new one.
    func setCookies(for context: RequestContext) -> [String] {
        let secure = context.isSecure
        var fields = [
            Cookies.setCookie(
                name: SessionStore.cookieName, value: value, maxAgeSeconds: isEmpty ? 0 : Int(SessionStore.idleLifetime), secure: secure)
        ]
        if context.isSecure, context.cookies[SessionStore.cookieName] != nil {
            fields.append(Cookies.setCookie(name: SessionStore.cookieName, value: "", maxAgeSeconds: 0, secure: true, plainName: true))
        }
        return fields
    }
}
