import ATProto
import MicroHTTPServer
import Viewing

extension StoryVisibility {
    /// Refuses a page about `did`'s stories (a story link, `/stories/{actor}`) when the
    /// policy leaves them out: a 404 that says why in words, with no photo and no link
    /// preview, rather than the story or a redirect into it. A story address passed on
    /// by someone else must not show a person one blocked or hid.
    func requireShown(author did: DID) throws(HTTPError) {
        switch author(did) {
        case .notShown(.blocked):
            throw HTTPError(.notFound, "This story is not shown to you: you block this person on Grain. Blocks are undone in Grain.")
        case .notShown(.hidden):
            throw HTTPError(
                .notFound,
                "This story is not shown to you: you hid this person's stories. Their profile, and Hidden people under your account, offer Unhide.")
        case .notShown(.labelled), .shown, .behindWarning:
            return
        }
    }

    /// Refuses a single story the policy shows nobody or not this person (see
    /// `requireShown(author:)`); a hide-labelled one is simply not available.
    func requireShown(story: StoryView) throws(HTTPError) {
        try requireShown(author: story.creator.did)
        if self.story(story) == .notShown(.labelled) {
            throw HTTPError(.notFound, "This story is not available. It may have been deleted.")
        }
    }
}
