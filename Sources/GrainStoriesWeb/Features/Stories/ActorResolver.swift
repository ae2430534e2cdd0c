import ATProto
import Viewing

/// Turns the actor in a URL (a DID or a handle) into a DID, through the AppView's
/// profile lookup for handles.
struct ActorResolver: Sendable {
    let library: any StoryLibrary

    func did(for actor: ATIdentifier) async throws -> DID {
        switch actor {
        case .did(let did):
            return did
        case .handle:
            guard let profile = try await library.profile(actor: actor).value else { throw HTTPError.notFound }
            return profile.did
        }
    }
}
