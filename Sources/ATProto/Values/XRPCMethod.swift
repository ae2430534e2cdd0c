/// An XRPC method (`/xrpc/{nsid}`): a checked `NSID`, so a call site names a method by
/// one of the constants below rather than by a string that might be misspelt. Every
/// method this server calls is a constant here, next to the collections in `NSID`.
package struct XRPCMethod: Hashable, Sendable, CustomStringConvertible {
    package let nsid: NSID

    package init(_ nsid: NSID) { self.nsid = nsid }

    /// The NSID as it goes into the URL path.
    package var description: String { nsid.rawValue }

    private init(known text: String) {
        guard let nsid = NSID(text) else { preconditionFailure("not an NSID: \(text)") }
        self.nsid = nsid
    }

    // MARK: Sessions (app passwords), on the account's PDS

    package static let createSession = XRPCMethod(known: "com.atproto.server.createSession")
    package static let refreshSession = XRPCMethod(known: "com.atproto.server.refreshSession")
    package static let deleteSession = XRPCMethod(known: "com.atproto.server.deleteSession")

    // MARK: Records and blobs, on the account's PDS

    package static let getRecord = XRPCMethod(known: "com.atproto.repo.getRecord")
    package static let createRecord = XRPCMethod(known: "com.atproto.repo.createRecord")
    package static let putRecord = XRPCMethod(known: "com.atproto.repo.putRecord")
    package static let deleteRecord = XRPCMethod(known: "com.atproto.repo.deleteRecord")
    package static let listRecords = XRPCMethod(known: "com.atproto.repo.listRecords")
    package static let uploadBlob = XRPCMethod(known: "com.atproto.repo.uploadBlob")

    // MARK: Grain's AppView

    package static let getStoryAuthors = XRPCMethod(known: "social.grain.unspecced.getStoryAuthors")
    package static let getStories = XRPCMethod(known: "social.grain.unspecced.getStories")
    package static let getStory = XRPCMethod(known: "social.grain.unspecced.getStory")
    package static let getStoryArchive = XRPCMethod(known: "social.grain.unspecced.getStoryArchive")
    package static let getCommentThread = XRPCMethod(known: "social.grain.unspecced.getCommentThread")
    package static let getFollowing = XRPCMethod(known: "social.grain.unspecced.getFollowing")
    package static let getActorProfile = XRPCMethod(known: "social.grain.unspecced.getActorProfile")
    package static let grainSearchActorsTypeahead = XRPCMethod(known: "social.grain.unspecced.searchActorsTypeahead")

    // MARK: Bluesky's AppView (the typeahead's fallback)

    package static let blueskySearchActorsTypeahead = XRPCMethod(known: "app.bsky.actor.searchActorsTypeahead")
}
