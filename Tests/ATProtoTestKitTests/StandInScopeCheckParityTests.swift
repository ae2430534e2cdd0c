import ATProtoTestKit
import OAuthClient
import Testing

/// The stand-in PDS's scope check and OAuthClient's `OAuthScope` are written apart (so
/// one cannot mirror the other's bug), yet must read every granted scope alike, or a
/// test against the stand-in would tell the app something a real PDS would not.
@Suite struct StandInScopeCheckParityTests {
    static let scopes: [String] = [
        "atproto", "atproto transition:generic", "transition:generic", "repo:social.grain.story", "repo:*", "repo:*?action=delete",
        "repo:social.grain.story?action=create&action=delete", "repo?collection=a.b.c&collection=d.e.f&action=create", "repo?collection=*",
        "repo:social%2Egrain%2Estory?action=%63reate", "repo:social.grain.story?action=create&action=destroy", "repo:social.grain.story?aud=*",
        "repo:social.grain.story?collection=a.b.c", "repo?action=create", "repo:", "repo?", "repo", "repo:social.grain.*", "repo:social",
        "repo:social.grain.story?action=", "repo:social.grain.story?&action=create", "repo:%zz", "repo:%C0%AF", "REPO:social.grain.story",
        "repository:social.grain.story", "repo:social.grain." + String(repeating: "x", count: 64), "blob:image/*", "blob:*/*", "blob:image/jpeg",
        "blob?accept=image/*&accept=video/*", "blob:image%2F*", "blob:Image/JPEG", "blob:image", "blob:*/jpeg", "blob:*", "blob:image/*?accept=video/*",
        "blob?accept=", "blob?accept=image/*&accept=nonsense", "blob:image/*?size=1", "blob:", "blobs:image/*", "transition:generic?x=1",
        "transition:chat.bsky", "rpc:com.atproto.repo.createRecord", "identity:*",
    ]
    static let collections = ["social.grain.story", "a.b.c", "d.e.f", "social.grain.comment", "app.bsky.feed.like", "not a collection", ""]
    static let mimeTypes = ["image/jpeg", "IMAGE/PNG; charset=x", "image/*", "video/mp4", "audio/ogg", "*/*", "*/jpeg", "jpeg", "", "image/jpeg/x"]

    @Test(arguments: scopes) func bothReadAScopeAlike(_ scope: String) {
        let client = OAuthScope(scope)
        let server = StandInScopeCheck(scope)
        for collection in Self.collections {
            for action in RepoAction.allCases {
                #expect(
                    client.allowsRepo(collection, action: action) == server.allowsRepo(collection, action: action.rawValue),
                    "\(action) \(collection)")
            }
        }
        for mimeType in Self.mimeTypes {
            #expect(client.allowsBlob(mimeType: mimeType) == server.allowsBlob(mimeType: mimeType), "\(mimeType)")
        }
    }
}
