/// What a route accepts as a request body, declared with the route so the server can
/// refuse an unwanted body from the head alone, before storing any of it.
package struct RouteBody: Sendable, Equatable {
    /// Largest body the route reads; 0 for routes that take none (every GET).
    package var maxBytes: Int
    /// The body is only wanted from a signed-in person (uploads, drafts, deletes).
    package var needsAccount: Bool
    /// How long the whole body may take to arrive, from the end of the head.
    package var timeLimit: Duration
    /// The body is only wanted from the browser itself or a page of this site
    /// (`RequestInitiator`): for posts that carry no form token (the share target).
    package var refusesOtherSites: Bool

    package init(maxBytes: Int, needsAccount: Bool = false, timeLimit: Duration = .seconds(30), refusesOtherSites: Bool = false) {
        self.maxBytes = maxBytes
        self.needsAccount = needsAccount
        self.timeLimit = timeLimit
        self.refusesOtherSites = refusesOtherSites
    }

    /// No body at all.
    package static let none = RouteBody(maxBytes: 0)

    /// A small form (sign-in, seen, delete): a few KB within 30 s.
    package static func form(_ maxBytes: Int, needsAccount: Bool = false) -> RouteBody {
        RouteBody(maxBytes: maxBytes, needsAccount: needsAccount)
    }
}
