import ATProto
import ATProtoTestKit
import Accounts
import GrainSupport
import OAuthClient
import Testing

/// What each action needs of an OAuth grant, down to the single action of a `repo:`
/// permission: a grant that may create records of a collection but not delete them
/// allows posting but not deleting, and a heart (given and taken back) needs both.
@Suite struct AccountActionTests {
    static func account(granted scope: String?) -> AccountSession {
        let did: DID = "did:plc:alice11111111111111111111"
        return AccountSession(
            idHash: "h", did: did, handle: nil, displayName: nil, pdsURL: "https://pds.example",
            tokens: PDSSession(did: did, handle: nil, accessToken: Secret(""), refreshToken: Secret("")),
            kind: scope.map { .oauth(granted: OAuthScope($0)) } ?? .appPassword)
    }

    static func allowed(_ scope: String?) -> Set<String> {
        Set(AccountAction.allCases.filter { $0.isAllowed(for: account(granted: scope)) }.map { "\($0)" })
    }

    @Test func anAppPasswordAndTheFullGrantMayDoEverything() {
        let all = Set(AccountAction.allCases.map { "\($0)" })
        #expect(Self.allowed(nil) == all)
        #expect(Self.allowed(GrainStoriesScope.requested.description) == all)
        #expect(Self.allowed("atproto transition:generic") == all)
        #expect(Self.allowed("atproto").isEmpty)
    }

    @Test(arguments: [
        // Posting needs the upload and the story's creation, nothing more.
        ("atproto blob:image/* repo:social.grain.story?action=create", ["postStory"]),
        ("atproto blob:image/png repo:social.grain.story?action=create", []),
        ("atproto blob:image/* repo:social.grain.story?action=delete", ["deleteStory"]),
        ("atproto repo:social.grain.story?action=create&action=delete", ["deleteStory"]),
        ("atproto blob:image/* repo:social.grain.story", ["postStory", "deleteStory"]),
        // A crosspost needs only its creation; taking it down with the story, only its deletion.
        ("atproto repo:app.bsky.feed.post?action=create", ["crosspost"]),
        ("atproto repo:app.bsky.feed.post?action=delete", ["deleteCrosspost"]),
        // A heart is given and taken back: both actions, or no heart at all.
        ("atproto repo:social.grain.favorite?action=create", []),
        ("atproto repo:social.grain.favorite?action=delete", []),
        ("atproto repo:social.grain.favorite?action=create&action=delete", ["heart"]),
        // Comments: posting and deleting apart.
        ("atproto repo:social.grain.comment?action=create", ["comment"]),
        ("atproto repo:social.grain.comment?action=delete", ["deleteComment"]),
        ("atproto repo:social.grain.comment?action=update", []),
        ("atproto repo:*?action=create", ["crosspost", "comment"]),
    ])
    func eachActionNeedsExactlyWhatItDoes(scope: String, allowed: [String]) {
        #expect(Self.allowed(scope) == Set(allowed), "\(scope)")
    }
}
