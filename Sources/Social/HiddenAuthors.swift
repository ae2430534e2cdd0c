package import ATProto
package import Accounts
package import FoundationEssentials
package import GrainSupport
package import Viewing

/// Per signed-in account, whom never to show: their Grain blocks (read from their own
/// PDS through `FollowLists`, so cached for minutes and served stale while the PDS is
/// down) together with the people they hid here (`HiddenAuthorRepository`). Every page gets
/// its `StoryVisibility` (the one policy for what may be shown) from here: the strip and
/// grid, the viewer, `/stories/…`, profiles, TV, comment lists and link previews.
package struct HiddenAuthors: Sendable {
    /// At most this many hidden people per account, so a script cannot grow the list
    /// without end.
    package static let maxPerAccount = 2000

    let graph: FollowLists
    let store: any HiddenAuthorRepository
    let logger: Logger
    let now: @Sendable () -> Date

    package init(graph: FollowLists, store: any HiddenAuthorRepository, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.graph = graph
        self.store = store
        self.logger = logger
        self.now = now
    }

    /// The policy for what the person signed in (nil: a visitor) may see: their blocks
    /// and hidden people left out, labels honoured.
    package func visibility(for account: AccountSession?) async -> StoryVisibility {
        guard let account else { return StoryVisibility(now: now()) }
        return visibility(of: await people(for: account), for: account)
    }

    /// The policy from `people` already read for `account`.
    func visibility(of people: HiddenPeople, for account: AccountSession?) -> StoryVisibility {
        StoryVisibility(blocked: people.blocked, hidden: people.hidden, viewer: account?.did, now: now())
    }

    /// Whom `account` blocks and whom they hid, apart.
    func people(for account: AccountSession) async -> HiddenPeople {
        async let blocks = blocked(by: account)
        var people = HiddenPeople()
        do {
            people.hidden = Set(try await store.hidden(by: account.did))
        } catch {
            logger.warning("the hidden list could not be read", ["did": account.did.rawValue, "error": String(describing: error)])
        }
        let found = await blocks
        people.blocked = found ?? []
        people.blocksUnknown = found == nil
        people.hidden.remove(account.did)
        people.blocked.remove(account.did)
        return people
    }

    /// Whether `actor`'s hearts, comments and mentions may reach `account` (its Activity
    /// page and push messages): false when `account` blocks or hid them, nil when the
    /// blocks could not be read and none were known (the caller decides what unsure means).
    package func admits(_ actor: DID, for account: AccountSession) async -> Bool? {
        let people = await people(for: account)
        if people.blocked.contains(actor) || people.hidden.contains(actor) { return false }
        return people.blocksUnknown ? nil : true
    }

    /// Hides `author`'s stories for `account`; false when their list is full.
    package func hide(_ author: DID, for account: AccountSession) async throws -> Bool {
        try await store.hide(author, by: account.did, now: now(), limit: HiddenAuthors.maxPerAccount)
    }

    package func unhide(_ author: DID, for account: AccountSession) async throws {
        try await store.unhide(author, by: account.did)
    }

    /// The people `account` hid here, most recently hidden first.
    package func hiddenList(for account: AccountSession) async throws -> [DID] {
        try await store.hidden(by: account.did)
    }

    private func blocked(by account: AccountSession) async -> Set<DID>? {
        do throws(FollowListError) {
            return Set(try await graph.subjects(of: account.did, on: account.pdsURL, in: .grainBlock).value)
        } catch {
            logger.warning("the account's blocks could not be read", ["did": account.did.rawValue, "error": error.description])
            return nil
        }
    }
}
