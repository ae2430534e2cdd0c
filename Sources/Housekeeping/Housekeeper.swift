import ATProto
package import Accounts
package import FoundationEssentials
package import GrainSupport
import OAuthClient
package import Posting
package import Social

/// Keeps the data directory small: drafts nobody posted are removed after two days,
/// and the photos of posted stories once their 24 hours (plus a day) are over, when
/// Grain's CDN serves them anyway. Failed drafts stay a week so they can be retried.
/// Sessions unused for their idle lifetime are forgotten, and favourites and comments
/// sent (or given up) more than two days ago, which pages no longer need. OAuth grants
/// whose session is gone (pruned, or its row lost) are revoked and removed.
///
/// A target of its own, above the features it sweeps (`Accounts`, `Social`, `Posting`),
/// so that none of them depends on another only to be cleaned up.
package struct Housekeeper: Sendable {
    package let drafts: any DraftRepository
    package let data: DataDirectory
    package let sessions: SessionStore
    package let logger: Logger
    package let now: @Sendable () -> Date
    package let socialWrites: (any SocialWriteRepository)?
    package let oauth: OAuthSessions?

    package init(
        drafts: any DraftRepository, data: DataDirectory, sessions: SessionStore, logger: Logger, now: @escaping @Sendable () -> Date,
        socialWrites: (any SocialWriteRepository)? = nil, oauth: OAuthSessions? = nil
    ) {
        self.drafts = drafts
        self.oauth = oauth
        self.socialWrites = socialWrites
        self.data = data
        self.sessions = sessions
        self.logger = logger
        self.now = now
    }

    /// Removes what is due; returns how many drafts went. Each kind of clean-up that
    /// fails is logged and left for the next sweep; the others still run.
    ///
    /// A draft's row goes before its photo (`DraftMaker` writes the photo before the row,
    /// so a row never names a missing photo): if the process dies in between, what is
    /// left is a photo without a draft, which a later sweep removes
    /// (`removeOrphanedPhotos`), never a draft without its photo.
    @discardableResult
    package func sweep() async -> Int {
        let current = now()
        var removed = 0
        var stale: [Draft] = []
        do {
            stale =
                try await drafts.abandoned(before: current.addingTimeInterval(-2 * 86_400))
                + drafts.failed(before: current.addingTimeInterval(-7 * 86_400))
        } catch {
            logger.error("old drafts could not be listed", ["error": String(describing: error)])
        }
        for draft in stale {
            do {
                try await drafts.delete(draft.id)
            } catch {
                logger.error("an old draft could not be removed", ["draft": draft.id.rawValue, "error": String(describing: error)])
                continue
            }
            removed += 1
            let photo = data.draftPhoto(draft.id)
            do {
                try FileManager.default.removeItem(atPath: photo)
            } catch  where FileManager.default.fileExists(atPath: photo) {
                logger.warning("an old draft's photo could not be removed", ["draft": draft.id.rawValue, "error": String(describing: error)])
            } catch {}
        }
        if removed > 0 { logger.info("old drafts removed", ["count": String(removed)]) }
        await removeOrphanedPhotos(now: current)
        do { try await sessions.pruneStale() } catch {
            logger.error("stale sessions could not be removed", ["error": String(describing: error)])
        }
        await endOrphanedGrants(now: current)
        do { try await socialWrites?.deleteFinished(before: current.addingTimeInterval(-2 * 86_400)) } catch {
            logger.error("old favourites and comments could not be removed", ["error": String(describing: error)])
        }
        return removed
    }

    /// Photos in the drafts directory older than an hour whose draft row does not exist:
    /// left by a crash between removing a row and its photo, or between writing a photo
    /// and its row. The hour leaves `DraftMaker` all the time it needs between the two.
    func removeOrphanedPhotos(now current: Date) async {
        let names: [String]
        let ids: Set<DraftID>
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: data.drafts)
            ids = try await drafts.allIDs()
        } catch {
            logger.error("the drafts directory could not be checked for leftover photos", ["error": String(describing: error)])
            return
        }
        // A name no draft can have (not a `DraftID`) is a leftover too.
        for name in names where name.hasSuffix(".jpg") && !(DraftID(String(name.dropLast(4))).map(ids.contains) ?? false) {
            let path = data.drafts + "/" + name
            guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                current.timeIntervalSince(modified) > 3600
            else { continue }
            do {
                try FileManager.default.removeItem(atPath: path)
                logger.info("a photo without a draft removed", ["file": name])
            } catch {
                logger.warning("a photo without a draft could not be removed", ["file": name, "error": String(describing: error)])
            }
        }
    }

    /// Grants in `oauth-sessions/` whose session row does not exist (the session was
    /// pruned as unused, or the process died between storing a grant and its row):
    /// revoked at their authorization server and removed. A grant younger than ten
    /// minutes is left alone, since its session may be being created right now (the
    /// grant is stored before the row).
    func endOrphanedGrants(now current: Date) async {
        guard let oauth else { return }
        do {
            let live = try await sessions.idHashes()
            for key in try await oauth.grants.sessionKeys() where !live.contains(key) {
                guard current.timeIntervalSince(await oauth.grants.savedAt(sessionKey: key) ?? .distantPast) > 600 else { continue }
                let grant = try? await oauth.grants.grant(sessionKey: key)
                if let grant { await oauth.client.revoke(grant) }
                try await oauth.grants.delete(sessionKey: key)
                logger.info("an OAuth grant without a session revoked and removed", ["did": grant?.did.rawValue ?? "(unreadable file)"])
            }
        } catch {
            logger.error("OAuth grants without a session could not be removed", ["error": String(describing: error)])
        }
    }

    /// Sweeps now and then every hour until cancelled.
    package func run() async {
        while !Task.isCancelled {
            await sweep()
            try? await Task.sleep(for: .seconds(3600))
        }
    }
}
