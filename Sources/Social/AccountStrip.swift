package import ATProto
package import Accounts
import FoundationEssentials
package import GrainSupport
package import Viewing

/// A signed-in person's strip (`StripSelection`) from its parts: the AppView's authors,
/// whom the person follows (their own `social.grain.graph.follow` records, through
/// `FollowLists`), whom they block or hid (`HiddenAuthors`), the strip they chose
/// (`StripChoiceRepository`) and what they have seen. The home page draws it and records its
/// order; the viewer moves through the same order (`StripSnapshots`).
package struct AccountStrip: Sendable {
    /// The strip as drawn, and what the page says about it.
    package struct Drawn: Sendable {
        package var selection: StripSelection
        /// The AppView's list was an old one (Grain unreachable).
        package var isStale: Bool
        /// Whom the person follows could not be read, so everyone is shown.
        package var followsUnknown: Bool
        /// Whom the person blocks could not be read (nor was it known): they may be shown.
        package var blocksUnknown: Bool

        package init(selection: StripSelection, isStale: Bool, followsUnknown: Bool, blocksUnknown: Bool) {
            self.selection = selection
            self.isStale = isStale
            self.followsUnknown = followsUnknown
            self.blocksUnknown = blocksUnknown
        }
    }

    package let library: any StoryLibrary
    package let graph: FollowLists
    package let hidden: HiddenAuthors
    package let choices: any StripChoiceRepository
    package let snapshots: StripSnapshots
    package let logger: Logger

    /// Remembers `choice` as the strip `account` sees from now on, on every device.
    package func choose(_ choice: StripChoice, for account: AccountSession) async throws(StripChoiceNotSaved) {
        do { try await choices.setChoice(choice, for: account.did) } catch {
            logger.warning("the strip choice could not be saved", ["did": account.did.rawValue, "error": String(describing: error)])
            throw StripChoiceNotSaved(cause: error)
        }
    }

    /// The home page's strip, whose order becomes the one the viewer keeps to.
    package func draw(for account: AccountSession, seen: SeenState) async throws(StoryLibraryError) -> Drawn {
        let drawn = try await selection(for: account, seen: seen)
        snapshots.record(drawn.selection.authors.map(\.profile.did), account: account.did, choice: drawn.selection.choice)
        return drawn
    }

    /// The authors, in the order the viewer moves through for `account`: the strip they
    /// were last shown, kept stable while they watch. Empty when Grain cannot be read.
    package func viewerOrder(for account: AccountSession, seen: SeenState) async -> [DID] {
        guard let drawn = try? await selection(for: account, seen: seen) else { return [] }
        return snapshots.stable(drawn.selection.authors.map(\.profile.did), account: account.did, choice: drawn.selection.choice)
    }

    private func selection(for account: AccountSession, seen: SeenState) async throws(StoryLibraryError) -> Drawn {
        async let people = hidden.people(for: account)
        async let follows = self.follows(of: account)
        async let stored = storedChoice(of: account)
        let fetched = try await library.storyAuthors()
        let known = await follows
        let chosen = await stored
        let hidden = await people
        let visibility = self.hidden.visibility(of: hidden, for: account)
        let selection = StripSelection.select(
            fetched.value, viewer: account.did, follows: known.map(Set.init), hidden: visibility.leftOut, chosen: chosen, seen: seen)
        return Drawn(selection: selection, isStale: fetched.isStale, followsUnknown: known == nil, blocksUnknown: hidden.blocksUnknown)
    }

    private func follows(of account: AccountSession) async -> [DID]? {
        do throws(FollowListError) {
            return try await graph.subjects(of: account.did, on: account.pdsURL, in: .grainFollow).value
        } catch {
            logger.warning("the account's follows could not be read", ["did": account.did.rawValue, "error": error.description])
            return nil
        }
    }

    private func storedChoice(of account: AccountSession) async -> StripChoice? {
        do { return try await choices.choice(for: account.did) } catch {
            logger.warning("the strip choice could not be read", ["did": account.did.rawValue, "error": String(describing: error)])
            return nil
        }
    }

    package init(
        library: any StoryLibrary, graph: FollowLists, hidden: HiddenAuthors, choices: any StripChoiceRepository, snapshots: StripSnapshots, logger: Logger
    ) {
        self.library = library
        self.graph = graph
        self.hidden = hidden
        self.choices = choices
        self.snapshots = snapshots
        self.logger = logger
    }
}
