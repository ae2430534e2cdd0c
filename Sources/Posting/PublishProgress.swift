package import ATProto
package import Accounts

/// How far publishing one draft has got. It is kept with the draft (`DraftRepository`),
/// and each step's result is written there before the next step starts, so after a crash
/// or restart publishing resumes where it was and repeats at most one step (each of which
/// is safe to repeat). `PublishMachine` decides what comes next.
package struct PublishProgress: Sendable, Equatable {
    /// The steps, in order.
    package enum Step: String, Sendable, CaseIterable {
        /// Make sure `social.grain.actor.profile/self` exists (Grain only indexes accounts with one).
        case profile
        /// `uploadBlob` the photo.
        case upload
        /// `createRecord` the story with its pre-chosen key.
        case story
        /// The optional Bluesky post.
        case crosspost
        case done
    }

    /// Where publishing stands; stored as the draft's `state` (publishing, posted,
    /// failed), so the draft and its publishing can never disagree.
    package enum Status: String, Sendable {
        case pending, posted, failed
    }

    package var draftID: DraftID
    package var did: DID
    /// The PDS of the session that made the draft; only a session of `did` there
    /// publishes it.
    package var pdsURL: String
    package var step: Step
    /// The record's `createdAt`, fixed when publishing starts so every retry writes the
    /// same record.
    package var recordCreatedAt: Datetime
    package var blob: BlobRef?
    package var storyURI: ATURI?
    package var storyCID: String?
    /// Failed tries of the current step, when the next is due and what went wrong last.
    package var attempts: WriteAttempts
    package var status: Status

    package init(
        draftID: DraftID, did: DID, pdsURL: String, step: Step, recordCreatedAt: Datetime, blob: BlobRef?, storyURI: ATURI?,
        storyCID: String?, attempts: WriteAttempts, status: Status
    ) {
        self.draftID = draftID
        self.did = did
        self.pdsURL = pdsURL
        self.step = step
        self.recordCreatedAt = recordCreatedAt
        self.blob = blob
        self.storyURI = storyURI
        self.storyCID = storyCID
        self.attempts = attempts
        self.status = status
    }

    /// The draft state that `status` is stored as.
    package var draftState: Draft.State {
        switch status {
        case .pending: .publishing
        case .posted: .posted
        case .failed: .failed
        }
    }
}
