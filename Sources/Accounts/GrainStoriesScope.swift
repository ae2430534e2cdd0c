package import OAuthClient

/// The OAuth scope this server asks for: `atproto`, uploading images, and exactly the
/// collections it writes with exactly the actions it uses. Stories are created and
/// deleted; the Grain profile is created (and kept up to date) before a first story,
/// since Grain indexes only accounts that have one; favourites and comments are created
/// and deleted (a heart taken back, a comment removed); Bluesky crossposts are created,
/// and delete is asked for so a crosspost can be taken back with its story.
package enum GrainStoriesScope {
    package static let requested = OAuthScope(
        tokens: [
            "atproto",
            "blob:image/*",
            "repo:social.grain.story?action=create&action=delete",
            "repo:social.grain.actor.profile?action=create&action=update",
            "repo:social.grain.favorite?action=create&action=delete",
            "repo:social.grain.comment?action=create&action=delete",
            "repo:app.bsky.feed.post?action=create&action=delete",
        ])
}
