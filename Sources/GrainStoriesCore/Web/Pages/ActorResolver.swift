import MicroHTTPServer

/// Turns the actor in a URL (a DID or a handle) into a DID, through the AppView's
/// profile lookup for handles.
struct ActorResolver: Sendable {
    let library: any StoryLibrary

    func did(for actor: String) async throws -> String {
        guard ActorResolver.isPlausibleActor(actor) else { throw HTTPError.notFound }
        if actor.hasPrefix("did:") { return actor }
        guard let profile = try await library.profile(actor: actor).value else { throw HTTPError.notFound }
        return profile.did
    }

    /// A DID or a handle-shaped name; anything else cannot be an actor.
    static func isPlausibleActor(_ actor: String) -> Bool {
        if actor.hasPrefix("did:") { return SeenCookie.isPlausibleDID(actor) }
        guard actor.utf8.count <= 253, actor.contains(".") else { return false }
        return actor.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || $0 == 0x2E }
    }
}
