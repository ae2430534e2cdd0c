import Posting
import Foundation
import MicroHTTPServer
import ATProto
import Viewing

/// Reads and records what has been seen: in the `seen` cookie for every browser, and
/// for signed-in people also on the server, merged, so their rings are grey on every
/// device they use.
struct SeenTracker: Sendable {
    static let cookieLifetimeSeconds = 2 * 24 * 3600
    let accounts: AccountSeenStore
    let now: @Sendable () -> Date

    func state(_ context: RequestContext) async -> SeenState {
        let browser = browserState(context)
        guard let account = context.account, let stored = try? await accounts.state(for: account.did) else { return browser }
        return browser.merged(with: stored)
    }

    /// What this browser's cookie says was seen (all there is for someone not signed in).
    func browserState(_ context: RequestContext) -> SeenState {
        SeenCookie.decode(context.cookies[SeenCookie.name])
    }

    /// Marks a story seen; returns the `Set-Cookie` value when the cookie changed.
    func markSeen(author did: DID, createdAt: Datetime, context: RequestContext) async -> String? {
        if let account = context.account {
            try? await accounts.record(did: account.did, author: did, newestMilliseconds: SeenState.milliseconds(createdAt), now: now())
        }
        var state = SeenCookie.decode(context.cookies[SeenCookie.name])
        guard state.markSeen(author: did, createdAt: createdAt) else { return nil }
        state.prune(now: now())
        return Cookies.setCookie(
            name: SeenCookie.name, value: SeenCookie.encode(state),
            maxAgeSeconds: SeenTracker.cookieLifetimeSeconds, secure: context.isSecure
        )
    }
}
