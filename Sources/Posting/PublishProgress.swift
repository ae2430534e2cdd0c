public import Foundation
public import ATProto

/// How far publishing one draft has got. It is kept with the draft (`DraftRepository`),
/// and each step's result is written there before the next step starts, so after a crash
/// or restart publishing resumes where it was and repeats at most one step (each of which
/// is safe to repeat). `PublishMachine` decides what comes next.
public struct PublishProgress: Sendable, Equatable {
    /// The steps, in order.
    public enum Step: String, Sendable, CaseIterable {
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
    public enum Status: String, Sendable {
        case pending, posted, failed
    }

    public var draftID: String
    public var did: DID
    /// The PDS of the session that made the draft; only a session of `did` there
    /// publishes it.
    public var pdsURL: String
    public var step: Step
    /// The record's `createdAt`, fixed when publishing starts so every retry writes the
    /// same record.
    public var recordCreatedAt: Datetime
    public var blob: BlobRef?
    public var storyURI: ATURI?
    public var storyCID: String?
    public var attempts: Int
    public var nextAttemptAt: Date
    public var lastError: String?
    public var status: Status

    public init(
        draftID: String, did: DID, pdsURL: String, step: Step, recordCreatedAt: Datetime, blob: BlobRef?, storyURI: ATURI?,
        storyCID: String?, attempts: Int, nextAttemptAt: Date, lastError: String?, status: Status
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
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.status = status
    }

    /// The draft state that `status` is stored as.
    public var draftState: Draft.State {
        switch status {
        case .pending: .publishing
        case .posted: .posted
        case .failed: .failed
        }
    }
}
