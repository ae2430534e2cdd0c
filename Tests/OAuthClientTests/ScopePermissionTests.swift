import OAuthClient
import Testing

/// Granted scopes read by AT Protocol permission semantics: what each form allows, and
/// that hostile or malformed tokens allow nothing.
@Suite struct ScopePermissionTests {
    /// One repo question: does `scope` allow `action` on `collection`?
    struct RepoCase: Sendable, CustomTestStringConvertible {
        var scope: String
        var collection: String
        var action: RepoAction
        var allowed: Bool
        var testDescription: String { "\(scope) \(allowed ? "allows" : "refuses") \(action) \(collection)" }
    }

    static let story = "social.grain.story"

    static let repoCases: [RepoCase] = [
        // transition:generic allows every write.
        RepoCase(scope: "atproto transition:generic", collection: story, action: .create, allowed: true),
        RepoCase(scope: "atproto transition:generic", collection: "app.bsky.feed.post", action: .delete, allowed: true),
        // atproto alone allows nothing.
        RepoCase(scope: "atproto", collection: story, action: .create, allowed: false),
        // A bare collection allows all three actions, on that collection only.
        RepoCase(scope: "atproto repo:social.grain.story", collection: story, action: .create, allowed: true),
        RepoCase(scope: "atproto repo:social.grain.story", collection: story, action: .update, allowed: true),
        RepoCase(scope: "atproto repo:social.grain.story", collection: story, action: .delete, allowed: true),
        RepoCase(scope: "atproto repo:social.grain.story", collection: "social.grain.comment", action: .create, allowed: false),
        // Named actions allow only those.
        RepoCase(scope: "atproto repo:social.grain.story?action=create&action=delete", collection: story, action: .create, allowed: true),
        RepoCase(scope: "atproto repo:social.grain.story?action=create&action=delete", collection: story, action: .delete, allowed: true),
        RepoCase(scope: "atproto repo:social.grain.story?action=create&action=delete", collection: story, action: .update, allowed: false),
        // Any collection.
        RepoCase(scope: "atproto repo:*", collection: "app.bsky.feed.like", action: .update, allowed: true),
        RepoCase(scope: "atproto repo:*?action=delete", collection: "app.bsky.feed.like", action: .create, allowed: false),
        // The query-only form, several collections.
        RepoCase(
            scope: "atproto repo?collection=a.b.c&collection=d.e.f&action=create", collection: "d.e.f", action: .create, allowed: true),
        RepoCase(
            scope: "atproto repo?collection=a.b.c&collection=d.e.f&action=create", collection: "a.b.c", action: .update, allowed: false),
        RepoCase(
            scope: "atproto repo?collection=a.b.c&collection=d.e.f&action=create", collection: "g.h.i", action: .create, allowed: false),
        RepoCase(scope: "atproto repo?collection=*", collection: story, action: .delete, allowed: true),
        // Percent-encoded values are decoded.
        RepoCase(scope: "atproto repo:social%2Egrain%2Estory?action=%63reate", collection: story, action: .create, allowed: true),
        RepoCase(scope: "atproto repo?collection=social.grain.story&action=%75pdate", collection: story, action: .update, allowed: true),
        // Exact collections, not prefixes.
        RepoCase(scope: "atproto repo:social.grain.story", collection: "social.grain.storyline", action: .create, allowed: false),
        RepoCase(scope: "atproto repo:social.grain", collection: story, action: .create, allowed: false),
        // A blob grant is no repo grant.
        RepoCase(scope: "atproto blob:*/*", collection: story, action: .create, allowed: false),
        // Any one token suffices.
        RepoCase(scope: "atproto repo:a.b.c repo:social.grain.story?action=update", collection: story, action: .update, allowed: true),
    ]

    @Test(arguments: repoCases) func repoPermissions(_ example: RepoCase) {
        #expect(OAuthScope(example.scope).allowsRepo(example.collection, action: example.action) == example.allowed)
    }

    /// One blob question: does `scope` allow uploading `mimeType`?
    struct BlobCase: Sendable, CustomTestStringConvertible {
        var scope: String
        var mimeType: String
        var allowed: Bool
        var testDescription: String { "\(scope) \(allowed ? "allows" : "refuses") \(mimeType)" }
    }

    static let blobCases: [BlobCase] = [
        BlobCase(scope: "atproto transition:generic", mimeType: "video/mp4", allowed: true),
        BlobCase(scope: "atproto", mimeType: "image/jpeg", allowed: false),
        BlobCase(scope: "atproto blob:image/*", mimeType: "image/jpeg", allowed: true),
        BlobCase(scope: "atproto blob:image/*", mimeType: "image/png", allowed: true),
        BlobCase(scope: "atproto blob:image/*", mimeType: "video/mp4", allowed: false),
        BlobCase(scope: "atproto blob:image/*", mimeType: "image/*", allowed: true),
        BlobCase(scope: "atproto blob:*/*", mimeType: "application/octet-stream", allowed: true),
        BlobCase(scope: "atproto blob:*/*", mimeType: "*/*", allowed: true),
        BlobCase(scope: "atproto blob:image/jpeg", mimeType: "image/jpeg", allowed: true),
        BlobCase(scope: "atproto blob:image/jpeg", mimeType: "image/png", allowed: false),
        BlobCase(scope: "atproto blob:image/jpeg", mimeType: "image/*", allowed: false),
        BlobCase(scope: "atproto blob?accept=image/*&accept=video/*", mimeType: "video/mp4", allowed: true),
        BlobCase(scope: "atproto blob?accept=image/*&accept=video/*", mimeType: "image/webp", allowed: true),
        BlobCase(scope: "atproto blob?accept=image/*&accept=video/*", mimeType: "audio/ogg", allowed: false),
        BlobCase(scope: "atproto blob:image%2F*", mimeType: "image/heic", allowed: true),
        BlobCase(scope: "atproto blob?accept=image%2Fjpeg", mimeType: "image/jpeg", allowed: true),
        // Media types compare case-insensitively; parameters are ignored.
        BlobCase(scope: "atproto blob:Image/JPEG", mimeType: "image/jpeg; charset=binary", allowed: true),
        BlobCase(scope: "atproto blob:image/jpeg", mimeType: "IMAGE/JPEG", allowed: true),
        // Not a media type: never allowed, whatever the grant.
        BlobCase(scope: "atproto blob:*/*", mimeType: "", allowed: false),
        BlobCase(scope: "atproto blob:*/*", mimeType: "jpeg", allowed: false),
        BlobCase(scope: "atproto transition:generic", mimeType: "image/jpeg/x", allowed: false),
        BlobCase(scope: "atproto blob:*/*", mimeType: "*/jpeg", allowed: false),
        // A repo grant is no blob grant.
        BlobCase(scope: "atproto repo:*", mimeType: "image/jpeg", allowed: false),
    ]

    @Test(arguments: blobCases) func blobPermissions(_ example: BlobCase) {
        #expect(OAuthScope(example.scope).allowsBlob(mimeType: example.mimeType) == example.allowed)
    }

    /// Tokens that must grant nothing at all: unknown resources, bad syntax, unknown
    /// parameters or values, ambiguous or hostile input.
    static let worthlessTokens: [String] = [
        "", "repo", "repo:", "repo?", "repo:?", "blob", "blob:", "blob?", ":", "?", ":repo", "?collection=a.b.c",
        "transition:generic?x=1", "transition:generic:", "transition:chat.bsky", "transition:email", "Transition:Generic",
        "REPO:social.grain.story", "repository:social.grain.story", "rpc:com.atproto.repo.createRecord", "account:repo?action=manage",
        "identity:*", "include:social.grain.auth",
        // Unknown actions or parameters invalidate the whole token.
        "repo:social.grain.story?action=create&action=destroy", "repo:social.grain.story?action=", "repo:social.grain.story?action",
        "repo:social.grain.story?aud=*", "repo:social.grain.story?collection=a.b.c", "repo:social.grain.story?&action=create",
        "repo:social.grain.story?action=create&", "repo:social.grain.story?=create", "repo?action=create",
        // Not collections.
        "repo:social.grain.*", "repo:social", "repo:*.*", "repo:social..grain.story", "repo:-social.grain.story",
        "repo:social.grain.story#x", "repo:social.grain.story/x", "repo:%", "repo:%zz", "repo:%C0%AF", "repo:social%00.grain.story",
        "repo:social.grain.story%20repo:*", "repo:social.grain.story\nrepo:*",
        // Not media ranges.
        "blob:image", "blob:*/jpeg", "blob:*", "blob:/", "blob:image/", "blob:/jpeg", "blob:image/jpeg/x", "blob:image/jpeg;q=1",
        "blob:image/*?accept=video/*", "blob?accept=", "blob?accept=image/*&accept=nonsense", "blob:image/*?size=1",
        "blob:im age/*", "blob:image%2F", String(repeating: "a", count: 5000), "repo:" + String(repeating: "a.", count: 3000) + "a",
        "\u{0}", "repo:social.grain.story\u{0}", "blob:ímage/*",
    ]

    @Test(arguments: worthlessTokens) func malformedOrUnknownTokensAllowNothing(_ token: String) {
        #expect(ScopePermission(token) == nil)
        let scope = OAuthScope(tokens: [token])
        for action in RepoAction.allCases {
            #expect(!scope.allowsRepo("social.grain.story", action: action))
            #expect(!scope.allowsRepo("a.b.c", action: action))
        }
        #expect(!scope.allowsBlob(mimeType: "image/jpeg"))
        #expect(!scope.allowsBlob(mimeType: "video/mp4"))
    }

    @Test func tokensReadAsThePermissionsTheyName() {
        #expect(ScopePermission("atproto") == .atproto)
        #expect(ScopePermission("transition:generic") == .transitionGeneric)
        #expect(ScopePermission("repo:a.b.c") == .repo(collections: ["a.b.c"], actions: [.create, .update, .delete]))
        #expect(ScopePermission("repo?collection=a.b.c&collection=*&action=update") == .repo(collections: ["a.b.c", "*"], actions: [.update]))
        #expect(ScopePermission("blob?accept=image/*&accept=VIDEO/mp4")?.acceptedRanges == ["image/*", "video/mp4"])
    }

    @Test func anInvalidCollectionIsNeverAllowedEvenByTheBroadestGrants() {
        for scope in [OAuthScope("atproto transition:generic"), OAuthScope("atproto repo:*")] {
            #expect(!scope.allowsRepo("not a collection", action: .create))
            #expect(!scope.allowsRepo("", action: .delete))
            #expect(scope.allowsRepo("a.b.c", action: .delete))
        }
    }
}

extension ScopePermission {
    /// A blob permission's ranges as text, for comparing.
    fileprivate var acceptedRanges: [String]? {
        guard case .blob(let accept) = self else { return nil }
        return accept.map(\.description)
    }
}
