import ATProto
import Accounts
import FoundationEssentials
import MicroHTTPServer
import Posting
import Viewing

/// Reads and records what has been seen: for a signed-in person on the server, under
/// their account, so their rings are grey on every device they use; for a visitor in
/// the browser's `seen` cookie.
///
/// The two are kept apart: on a browser several people share (a family tablet with an
/// account each), what one of them saw must not turn another's rings grey, so while an
/// account is picked only its own state counts and the cookie is neither read nor
/// written. Signed out, the browser's cookie is what it always was.
struct SeenTracker: Sendable {
    static let cookieLifetimeSeconds = 2 * 24 * 3600
    let accounts: any SeenRepository
    let now: @Sendable () -> Date

    func state(_ context: RequestContext) async -> SeenState {
        guard let account = context.account else { return browserState(context) }
        return (try? await accounts.state(for: account.did)) ?? SeenState()
    }

    /// What this browser's cookie says was seen (all there is for someone not signed in).
    /// Over https a plain `seen` from before the `__Host-` names still counts until the
    /// new cookie is written: it only ever greys rings, so one planted there gains nothing.
    func browserState(_ context: RequestContext) -> SeenState {
        SeenCookie.decode(context.cookie(SeenCookie.name) ?? context.cookies[SeenCookie.name])
    }

    /// Marks a story seen; returns the `Set-Cookie` value when the cookie changed (only
    /// for visitors: a signed-in person's is recorded on the server).
    func markSeen(author did: DID, createdAt: Datetime, context: RequestContext) async -> String? {
        if let account = context.account {
            try? await accounts.record(did: account.did, author: did, newestMilliseconds: SeenState.milliseconds(createdAt), now: now())
            return nil
        }
        var state = browserState(context)
        guard state.markSeen(author: did, createdAt: createdAt) else { return nil }
        state.prune(now: now())
        return Cookies.setCookie(
            name: SeenCookie.name, value: SeenCookie.encode(state),
            maxAgeSeconds: SeenTracker.cookieLifetimeSeconds, secure: context.isSecure
        )
    }
}
