public import Foundation
public import ATProto
public import GrainSupport
public import Accounts

extension Publisher {
    /// What publishing needs from the rest of the server.
    public struct Dependencies: Sendable {
        /// Drafts and their publishing progress.
        public var drafts: any DraftRepository
        /// Where the drafts' photos are.
        public var data: DataDirectory
        public var sessions: SessionStore
        public var pds: AuthorizedPDS
        public var composer: CrosspostComposer
        /// Called once the story record exists (the crosspost may still follow), with the
        /// record's `createdAt`.
        public var storyPosted: @Sendable (Draft, RecordRef, AccountSession, Datetime) async -> Void
        public var logger: Logger
        public var now: @Sendable () -> Date

        public init(
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
