import Foundation
import ATProto
import GrainSupport
import Posting
import Viewing

/// Per signed-in account, whom never to show: their Grain blocks (read from their own
/// PDS through `FollowLists`, so cached for minutes and served stale while the PDS is
/// down) together with the people they hid here (`HiddenAuthorStore`). The strip, the
/// viewer's neighbours, profiles and comment lists all ask this one service.
struct HiddenAuthors: Sendable {
    let graph: FollowLists
    let store: HiddenAuthorStore
    let logger: Logger
    let now: @Sendable () -> Date

    init(graph: FollowLists, store: HiddenAuthorStore, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.graph = graph
        self.store = store
        self.logger = logger
        self.now = now
    }

    /// Blocks ∪ hidden list: the authors whose stories and comments `account` never sees.
    func hiddenAuthors(for account: AccountSession) async -> Set<DID> {
        await people(for: account).all
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

    /// Hides `author`'s stories for `account`; false when their list is full.
    func hide(_ author: DID, for account: AccountSession) async throws -> Bool {
        try await store.hide(author, by: account.did, now: now())
    }

    func unhide(_ author: DID, for account: AccountSession) async throws {
        try await store.unhide(author, by: account.did)
    }

    /// The people `account` hid here, most recently hidden first.
    func hiddenList(for account: AccountSession) async throws -> [DID] {
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
