import Accounts
import GrainSupport

/// Tokens for every state-changing form, checked on submission.
///
/// Pages carry them masked afresh for every answer (`TokenMask`, `PageDelivery`), so a
/// page with a token can be compressed without giving it away (BREACH).
///
/// For a signed-in browser the token is an HMAC of its session (so it changes with
/// every sign-in); before sign-in it is an HMAC of a random `csrf` cookie (double
/// submit). Another site can neither read our cookies nor compute the HMAC, so it
/// cannot forge a valid form.
package struct CSRFGuard: Sendable {
    package static let fieldName = "csrf"
    package static let cookieName = "csrf"

    private let key: [UInt8]

    package init(key: [UInt8]) { self.key = key }

    /// The token forms carry for this browser; nil before sign-in without a cookie.
    package func token(for context: RequestContext) -> String? {
        binding(context).map(sign)
    }

    /// A token for a browser that has just been given `cookieValue`.
    package func token(anonymousCookie cookieValue: String) -> String {
        sign("anon:" + cookieValue)
    }

    /// Throws 403 unless `submitted` is this browser's token: masked, as every page sends
    /// it (`TokenMask`), or as it is (a page rendered before tokens were masked). A masked
    /// value that does not unmask to the token, tampered or malformed, is refused the same
    /// way as a wrong one.
    package func verify(_ submitted: String?, for context: RequestContext) throws(HTTPError) {
        guard let submitted, let binding = binding(context), Self.matches(submitted, token: sign(binding)) else {
            throw HTTPError.forbidden("This form has expired or did not come from this site. Please go back, reload the page and try again.")
        }
    }

    /// What ties an OAuth sign-in to the browser that started it: an HMAC of the sign-in's
    /// own cookie (`flow`) together with this browser's binding (its current session, or
    /// its form cookie). A sign-in cookie carried into another browser (planted by a
    /// sibling host on plain http, say) gives another value there, so it cannot finish a
    /// sign-in someone else started; nil when the browser has no binding at all.
    package func signInBinding(flow: String, for context: RequestContext) -> String? {
        binding(context).map { sign("oauth-flow:" + flow + ":" + $0) }
    }

    /// Whether `submitted` is `token`, masked or not, compared in constant time.
    static func matches(_ submitted: String, token: String) -> Bool {
        if submitted.utf8.count == token.utf8.count { return HMAC.constantTimeEqual(Array(submitted.utf8), Array(token.utf8)) }
        guard let unmasked = TokenMask.unmask(submitted), let expected = Base64URL.decode(token) else { return false }
        return HMAC.constantTimeEqual(unmasked, expected)
    }

    private func binding(_ context: RequestContext) -> String? {
        if let account = context.account { return "session:" + account.idHash }
        if let cookie = context.cookie(CSRFGuard.cookieName), cookie.utf8.count == 43 { return "anon:" + cookie }
        return nil
    }

    private func sign(_ binding: String) -> String {
        Base64URL.encode(HMAC.sha256(key: key, message: Array(("csrf:" + binding).utf8)))
    }
}
