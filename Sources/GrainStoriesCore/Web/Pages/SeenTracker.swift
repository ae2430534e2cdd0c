import Foundation
import MicroHTTPServer

/// Reads and records what this browser has seen, through the `seen` cookie.
struct SeenTracker: Sendable {
    static let cookieLifetimeSeconds = 2 * 24 * 3600
    let now: @Sendable () -> Date

    func state(_ context: RequestContext) -> SeenState {
        SeenCookie.decode(context.cookies[SeenCookie.name])
    }

    /// Marks a story seen; returns the `Set-Cookie` value when something changed.
    func markSeen(author did: String, createdAt: String, context: RequestContext) -> String? {
        var state = state(context)
        guard state.markSeen(author: did, createdAt: createdAt) else { return nil }
        state.prune(now: now())
        return Cookies.setCookie(
            name: SeenCookie.name, value: SeenCookie.encode(state),
            maxAgeSeconds: SeenTracker.cookieLifetimeSeconds, secure: context.isSecure
        )
    }
}
