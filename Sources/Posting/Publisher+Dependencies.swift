package import ATProto
package import Accounts
package import FoundationEssentials
package import GrainSupport

extension Publisher {
    /// What publishing needs from the rest of the server.
    package struct Dependencies: Sendable {
        /// Drafts and their publishing progress.
        package var drafts: any DraftRepository
        /// Where the drafts' photos are.
        package var data: DataDirectory
        package var sessions: SessionStore
        package var pds: AuthorizedPDS
        package var composer: CrosspostComposer
        /// Called once the story record exists (the crosspost may still follow), with the
        /// record's `createdAt`.
        package var storyPosted: @Sendable (Draft, RecordRef, AccountSession, Datetime) async -> Void
        package var logger: Logger
        package var now: @Sendable () -> Date

        package init(
            drafts: any DraftRepository, data: DataDirectory, sessions: SessionStore, pds: AuthorizedPDS, composer: CrosspostComposer,
            storyPosted: @escaping @Sendable (Draft, RecordRef, AccountSession, Datetime) async -> Void,
            logger: Logger, now: @escaping @Sendable () -> Date
        ) {
            self.drafts = drafts
            self.data = data
            self.sessions = sessions
            self.pds = pds
            self.composer = composer
            self.storyPosted = storyPosted
            self.logger = logger
            self.now = now
        }
    }
}
