import GrainSupport
package import MicroHTTPServer

/// Who made a request that cannot carry this site's form token, as the browser tells it:
/// the browser on its own (the phone's share sheet sending a photo to the installed app,
/// an address typed in), a page of this site, or a page of another site.
///
/// A Web Share Target `POST` is made by the browser, not by one of our forms, so it has no
/// CSRF token (`CSRFGuard`); what stops another site from sending one in the visitor's
/// name is this. Browsers that support share targets send Fetch Metadata
/// (`Sec-Fetch-Site`): `none` for a request the browser starts itself (the share sheet's
/// navigation), `same-origin` for our own pages, `same-site` or `cross-site` for a page
/// anywhere else, which no page can forge. Without it (an older browser), the `Origin` of
/// a `POST` must be this site's; a missing or `null` one (a sandboxed frame) is not.
/// A request that names another origin is another site's, whatever else it says.
package enum RequestInitiator: Equatable, Sendable {
    /// The browser itself, or a page of this site.
    case browserOrThisSite
    /// A page of another site (or a request that cannot show it is not one).
    case anotherSite

    package init(_ request: HTTPRequest) {
        let origin = request.headers["Origin"]?.trimmingWhitespace().lowercased()
        let ours = Self.ownOrigin(of: request)
        if let origin, origin != "null", origin != ours {
            self = .anotherSite
            return
        }
        if let site = request.headers["Sec-Fetch-Site"]?.trimmingWhitespace().lowercased() {
            self = site == "none" || site == "same-origin" ? .browserOrThisSite : .anotherSite
            return
        }
        self = origin != nil && origin == ours ? .browserOrThisSite : .anotherSite
    }

    /// The origin the browser addressed: the scheme and host a trusted proxy forwarded
    /// (the server drops `X-Forwarded-*` from everyone else), else http and `Host`.
    static func ownOrigin(of request: HTTPRequest) -> String? {
        let host = request.headers["X-Forwarded-Host"].flatMap { $0.split(separator: ",").first.map { $0.trimmingWhitespace() } } ?? request.headers["Host"]
        guard let host, !host.isEmpty else { return nil }
        return (RequestContext.isSecure(request) ? "https://" : "http://") + host.lowercased()
    }

    /// What a person sees when another site tried to hand this server a photo.
    package static let refusal = HTTPError.forbidden(
        "This photo was sent by another website, so it was not taken: only your own phone's share sheet or this site can add a photo to your stories. To post it, share it from your gallery or choose it with + on this site."
    )
}
