import ATProto
import FoundationEssentials
import MicroHTTPServer
import Social
import Viewing

/// The story a favourite or comment request is about, from its address
/// (`/profile/{actor}/story/{rkey}/…`): live when it is among the author's live stories,
/// ended when the AppView still knows it but it is past its day, else a 404, as in the
/// viewer. Hide-labelled stories are a 404 too, and so are the stories of someone the
/// signed-in person blocks or hid (`StoryVisibility`): their comments page is not shown.
struct StoryLookup: Sendable {
    let library: any StoryLibrary
    let hidden: HiddenAuthors

    struct Found: Sendable {
        var story: StoryView
        var isLive: Bool
        var uri: ATURI { story.uri }
    }

    func find(_ context: RequestContext) async throws -> Found {
        let rkey = try context.parameter("rkey", as: RecordKey.self)
        let did = try await ActorResolver(library: library).did(for: context.actorParameter())
        let visibility = await hidden.visibility(for: context.account)
        try visibility.requireShown(author: did)
        if let live = try await library.stories(of: did).value.first(where: { $0.rkey == rkey }) {
            return Found(story: live, isLive: true)
        }
        guard let story = try await library.story(uri: ATURI(did, .story, rkey)), story.creator.did == did
        else { throw HTTPError(.notFound, "This story is not available. It may have been deleted.") }
        try visibility.requireShown(story: story)
        return Found(story: story, isLive: false)
    }
}
