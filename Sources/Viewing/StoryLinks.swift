package import ATProto
import GrainSupport

/// The URLs pages link to, built in one place so every link is encoded the same way.
package enum StoryLinks {
    /// Whom a link names, as Grain's clients choose: the handle when it is a usable one
    /// (atproto syntax, and not a reserved name such as `handle.invalid`, which the
    /// AppView reports for an account whose handle does not check out), else the DID.
    /// Every link this server hands out goes through here, so pages, Share, link
    /// previews and crossposts agree; a DID link keeps working all the same.
    package static func actor(did: DID, handle: Handle?) -> ATIdentifier {
        guard let handle, handle.isResolvable else { return .did(did) }
        return .handle(handle)
    }

    /// `/profile/{handle or did}/story/{rkey}`: the same path as Grain's story links
    /// (`actor(did:handle:)` picks which), so a link works on grain.social with the host
    /// swapped.
    package static func story(did: DID, handle: Handle?, rkey: RecordKey, back: String? = nil) -> String {
        let actor = actor(did: did, handle: handle)
        return withBack("/profile/\(PercentEncoding.encodePathSegment(actor.rawValue))/story/\(PercentEncoding.encodePathSegment(rkey.rawValue))", back)
    }

    /// `story`'s own address, named by its creator's handle when usable.
    package static func story(_ story: StoryView, back: String? = nil) -> String {
        self.story(did: story.creator.did, handle: story.creator.handle, rkey: story.rkey, back: back)
    }

    /// `story`'s delete confirmation, keeping `back` (where the viewer returns) so the
    /// page can land there when no story of the person is left.
    package static func deleteStory(_ story: StoryView, back: String? = nil) -> String {
        withBack(self.story(story) + "/delete", back)
    }

    /// `/stories/{handle or did}`: an author's stories from the first one not yet seen.
    package static func author(did: DID, handle: Handle?, back: String? = nil) -> String {
        author(actor(did: did, handle: handle), back: back)
    }

    /// `/stories/{actor}` for an actor as given (a URL's own, say).
    package static func author(_ actor: some ProtocolText, back: String? = nil) -> String {
        withBack("/stories/\(PercentEncoding.encodePathSegment(actor.rawValue))", back)
    }

    /// `/stories/{did}/cover`: the photo of an author's newest story (a redirect to its
    /// proxied thumbnail), so the home page's grid costs no AppView calls to render: each
    /// tile's image asks on its own, lazily, when it comes into view.
    package static func cover(_ did: DID) -> String {
        "/stories/\(PercentEncoding.encodePathSegment(did.rawValue))/cover"
    }

    /// `/profile/{handle or did}`.
    package static func profile(did: DID, handle: Handle?) -> String {
        profile(actor(did: did, handle: handle))
    }

    /// `/profile/{actor}` for an actor as given (a URL's own, or a mention's DID).
    package static func profile(_ actor: some ProtocolText) -> String {
        "/profile/\(PercentEncoding.encodePathSegment(actor.rawValue))"
    }

    /// `/signin`, saying why when the session `expired`, and coming back to `next`.
    package static func signIn(expired: Bool = false, next: String? = nil) -> String {
        signIn(reason: expired ? .expired : nil, next: next)
    }

    /// `/signin?reason=…&next=…`: the page headed with why (`SignInReason`), coming back
    /// to `next` once signed in.
    package static func signIn(reason: SignInReason?, next: String? = nil) -> String {
        var parameters: [String] = []
        if let reason { parameters.append("reason=" + reason.rawValue) }
        if let next = safeBack(next) { parameters.append("next=" + PercentEncoding.encodeComponent(next)) }
        return parameters.isEmpty ? "/signin" : "/signin?" + parameters.joined(separator: "&")
    }

    /// A `back` value from a query string, kept only if it is a path on this site
    /// (never `//host`, a scheme, or a backslash trick), else nil.
    package static func safeBack(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/"), !value.hasPrefix("//"), !value.hasPrefix("/\\"),
            value.utf8.count <= 512,
            !value.unicodeScalars.contains(where: { $0.value < 0x21 || $0 == "\\" || $0.value == 0x7F })
        else { return nil }
        return value
    }

    private static func withBack(_ path: String, _ back: String?) -> String {
        guard let back, back != "/" else { return path }
        return path + "?back=" + PercentEncoding.encodeComponent(back)
    }
}
