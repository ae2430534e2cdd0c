package import FoundationEssentials
package import OAuthClient

/// OAuth sign-ins between the redirect to the authorization server and the callback,
/// kept in memory under their `state` (the PKCE verifier and DPoP key never leave this
/// server), each bound to the browser that started it and to the page to return to.
///
/// Decisions: a sign-in is taken out once (a replayed callback finds nothing); it lasts
/// `lifetime` (ten minutes: enough to type a password and approve, short enough that a
/// leaked link is soon useless); a restart forgets them (the person starts again, and
/// nothing half-done is kept on disk). Memory is bounded twice, so one visitor cannot
/// push out everyone else's sign-ins: at most `perBrowser` per browser (its oldest
/// dropped) and `capacity` in all (the oldest dropped).
package actor PendingOAuthSignIns {
    /// A sign-in waiting for its callback.
    package struct Entry: Sendable {
        package var authorization: PendingAuthorization
        /// SHA-256 of the browser's sign-in cookie: the callback must come with it.
        package var browser: String
        /// Where the person was, to return there signed in.
        package var next: String?
        package var startedAt: Date

        package init(authorization: PendingAuthorization, browser: String, next: String?, startedAt: Date) {
            self.authorization = authorization
            self.browser = browser
            self.next = next
            self.startedAt = startedAt
        }
    }

    package static let lifetime: TimeInterval = 600
    let capacity: Int
    let perBrowser: Int
    let now: @Sendable () -> Date
    private var entries: [String: Entry] = [:]

    package init(capacity: Int = 2000, perBrowser: Int = 4, now: @escaping @Sendable () -> Date = Date.init) {
        self.capacity = capacity
        self.perBrowser = perBrowser
        self.now = now
    }

    /// Keeps `entry` under its authorization's `state`.
    package func add(_ entry: Entry) {
        let time = now()
        entries = entries.filter { time.timeIntervalSince($0.value.startedAt) < Self.lifetime }
        let same = entries.filter { $0.value.browser == entry.browser }.sorted { $0.value.startedAt < $1.value.startedAt }
        for old in same.prefix(max(0, same.count - perBrowser + 1)) { entries[old.key] = nil }
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.startedAt < $1.value.startedAt }) {
            entries[oldest.key] = nil
        }
        entries[entry.authorization.state] = entry
    }

    /// Takes out the sign-in with `state` if it is still current and `browser` started
    /// it. A callback from another browser leaves it in place (the real one may follow).
    package func take(state: String, browser: String) -> Entry? {
        guard let entry = entries[state] else { return nil }
        guard now().timeIntervalSince(entry.startedAt) < Self.lifetime else {
            entries[state] = nil
            return nil
        }
        guard entry.browser == browser else { return nil }
        entries[state] = nil
        return entry
    }

    /// How many sign-ins are waiting (for tests of the bounds).
    package var count: Int { entries.count }
}
