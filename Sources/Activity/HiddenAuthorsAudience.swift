package import ATProto
package import Accounts
package import Social

/// The live `ActivityAudience`: the recipient's Grain blocks and the people they hid here
/// (`HiddenAuthors`, read with their newest session). When the blocks cannot be read, the
/// activity is kept for the page (which checks again when it is shown) but not pushed.
package struct HiddenAuthorsAudience: ActivityAudience {
    let hidden: HiddenAuthors
    let sessions: SessionStore

    package init(hidden: HiddenAuthors, sessions: SessionStore) {
        self.hidden = hidden
        self.sessions = sessions
    }

    package func admits(_ actor: DID, toReach recipient: DID) async -> Bool? {
        guard let session = try? await sessions.newestSession(of: recipient) else { return false }
        return await hidden.admits(actor, for: session)
    }
}
