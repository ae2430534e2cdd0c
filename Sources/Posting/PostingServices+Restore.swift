import ATProto
package import Accounts
import FoundationEssentials
package import GrainSupport
import Viewing

extension PostingServices {
    /// After a restart, puts this server's stories of the last day back into the local
    /// overlay, so they stay visible until the AppView lists them. A database that
    /// cannot be read costs only that overlay (the stories are on their PDSes), so it
    /// is logged and start-up goes on.
    package func restoreLocalStories(sessions: SessionStore, logger: Logger) async {
        let posted: [Draft]
        do { posted = try await drafts.posted(since: now().addingTimeInterval(-86_400)) } catch {
            logger.warning("this server's recent stories could not be read back", ["error": String(describing: error)])
            return
        }
        for draft in posted {
            let progress: PublishProgress?
            do { progress = try await drafts.progress(draft.id) } catch {
                logger.warning("a recent story's progress could not be read back", ["draft": draft.id.rawValue, "error": String(describing: error)])
                continue
            }
            guard let entry = progress, let uri = entry.storyURI, let cid = entry.storyCID else { continue }
            let creator = (try? await sessions.profileView(of: draft.did)) ?? ProfileView(did: draft.did, handle: nil, cid: "")
            await local.add(LocalStories.view(of: draft, uri: uri, cid: cid, creator: creator, createdAt: entry.recordCreatedAt))
        }
    }
}
