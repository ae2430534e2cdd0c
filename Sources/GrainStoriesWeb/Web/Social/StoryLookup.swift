import Foundation
import ATProto
import MicroHTTPServer
import Viewing

/// The story a favourite or comment request is about, from its address
/// (`/profile/{actor}/story/{rkey}/…`): live when it is among the author's live stories,
/// ended when the AppView still knows it but it is past its day, else a 404, as in the
/// viewer. Hide-labelled stories are a 404 too.
struct StoryLookup: Sendable {
    let library: any StoryLibrary
    let now: @Sendable () -> Date

    struct Found: Sendable {
        var story: StoryView
        var isLive: Bool
        var uri: ATURI { story.uri }
    }

    func find(_ context: RequestContext) async throws -> Found {
        let rkey = try context.parameter("rkey", as: RecordKey.self)
        let did = try await ActorResolver(library: library).did(for: context.actorParameter())
        if let live = try await library.stories(of: did).value.first(where: { $0.rkey == rkey }) {
            return Found(story: live, isLive: true)
        }
        guard let story = try await library.story(uri: ATURI(did, .story, rkey)), story.creator.did == did,
              LabelPolicy.decide(story.labels ?? [], now: now()) != .hide
        else { throw HTTPError(.notFound, "This story is not available. It may have been deleted.") }
        return Found(story: story, isLive: false)
    }
}
