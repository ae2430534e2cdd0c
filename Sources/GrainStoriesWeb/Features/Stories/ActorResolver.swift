import ATProto
import MicroHTTPServer
import Viewing

/// Turns the actor in a URL (a DID or a handle) into a DID: a handle through the
/// AppView's profile lookup, else among the story authors (whom the strip links by
/// handle, and who may have no Grain profile the AppView would give). A handle known to
/// neither is a 404 that says so; a DID is taken as it is.
struct ActorResolver: Sendable {
    let library: any StoryLibrary

    func did(for actor: ATIdentifier) async throws -> DID {
        switch actor {
        case .did(let did):
            return did
        case .handle(let handle):
            if let profile = try await library.profile(actor: actor).value { return profile.did }
            if let author = try await library.storyAuthors().value.first(where: { $0.profile.handle == handle }) { return author.profile.did }
            throw HTTPError(.notFound, "There is no one called \(handle.rawValue) on Grain.")
        }
    }
}
