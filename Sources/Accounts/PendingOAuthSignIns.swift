package import FoundationEssentials
package import OAuthClient

/// OAuth sign-ins between the redirect to the authorization server and the callback,
/// kept in memory under their `state` (the PKCE verifier and DPoP key never leave this
/// server), each bound to the browser that started it and to the page to return to.
///
/// Decisions: a sign-in is taken out once (a replayed callback finds nothing); it lasts
/// `lifetime` (ten minutes: enough to type a password and approve, short enough that a
/// leaked link is soon useless); a restart forgets them (the person starts again, and
/// nothing half-done is kept on disk).
///
/// Memory is bounded so that a flood pushes out only the flooder's own sign-ins: at most
/// `perBrowser` per browser and `perNetwork` per client network (an IPv4 address or an
/// IPv6 /64, `ClientNetwork`), each dropping its own oldest; and `capacity` in all, where
/// the entry that goes is the oldest of the network holding the most. A person's one
/// sign-in in progress therefore survives any number of starts from other networks (the
/// starts themselves are limited per network and in total, `OAuthSignIn`).
package actor PendingOAuthSignIns {
    /// A sign-in waiting for its callback.
    package struct Entry: Sendable {
        package var authorization: PendingAuthorization
        /// The browser's binding (`OAuthSignIn.begin`): the callback must come with it.
        package var browser: String
        /// The client network the sign-in was started from (`ClientNetwork.key`).
        package var network: String
        /// Where the person was, to return there signed in.
        package var next: String?
        package var startedAt: Date

        package init(authorization: PendingAuthorization, browser: String, network: String, next: String?, startedAt: Date) {
            self.authorization = authorization
            self.browser = browser
            self.network = network
            self.next = next
            self.startedAt = startedAt
        }
    }

    package static let lifetime: TimeInterval = 600
    let capacity: Int
    let perBrowser: Int
    let perNetwork: Int
    let now: @Sendable () -> Date
    private var entries: [String: Entry] = [:]

    package init(capacity: Int = 2000, perBrowser: Int = 4, perNetwork: Int = 40, now: @escaping @Sendable () -> Date = Date.init) {
        self.capacity = capacity
        self.perBrowser = perBrowser
        self.perNetwork = perNetwork
        self.now = now
    }

    /// Keeps `entry` under its authorization's `state`, making room as the type's note
    /// says: only ever at the expense of the browser, the network, or (when the table is
    /// full) the network holding the most entries.
    package func add(_ entry: Entry) {
        let time = now()
        entries = entries.filter { time.timeIntervalSince($0.value.startedAt) < Self.lifetime }
        dropOldest(of: entries.filter { $0.value.browser == entry.browser }, keeping: perBrowser - 1)
        dropOldest(of: entries.filter { $0.value.network == entry.network }, keeping: perNetwork - 1)
        if entries.count >= capacity {
            let groups = Dictionary(grouping: entries, by: { $0.value.network })
            // The most entries (the newcomer counted with its own network) loses; of
            // equals, the one that started a sign-in last (the newcomer's own network
            // loses a tie): a flood is what is starting sign-ins now, a person who has
            // started one is waiting.
            func weight(_ network: String) -> (Int, Date) {
                let group = groups[network] ?? []
                if network == entry.network { return (group.count + 1, .distantFuture) }
                return (group.count, group.map(\.value.startedAt).max() ?? .distantPast)
            }
            if let largest = groups.keys.max(by: { weight($0) < weight($1) }), let group = groups[largest] {
                dropOldest(of: Dictionary(uniqueKeysWithValues: group.map { ($0.key, $0.value) }), keeping: group.count - 1)
            }
        }
        entries[entry.authorization.state] = entry
    }

    /// Removes the oldest of `group` until at most `keeping` are left.
    private func dropOldest(of group: [String: Entry], keeping: Int) {
        let sorted = group.sorted { $0.value.startedAt < $1.value.startedAt }
        for old in sorted.prefix(max(0, sorted.count - max(0, keeping))) { entries[old.key] = nil }
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
