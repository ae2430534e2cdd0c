import Foundation
import ATProto
import Viewing
public import Accounts

extension PostingServices {
    /// After a restart, puts this server's stories of the last day back into the local
    /// overlay, so they stay visible until the AppView lists them.
    public func restoreLocalStories(sessions: SessionStore) async {
        guard let posted = try? await drafts.posted(since: now().addingTimeInterval(-86_400)) else { return }
        for draft in posted {
            guard let entry = try? await drafts.progress(draft.id), let uri = entry.storyURI, let cid = entry.storyCID else { continue }
            let creator = (try? await sessions.profileView(of: draft.did)) ?? ProfileView(did: draft.did, handle: nil, cid: "")
            await local.add(LocalStories.view(of: draft, uri: uri, cid: cid, creator: creator, createdAt: entry.recordCreatedAt))
        }
    }
}
