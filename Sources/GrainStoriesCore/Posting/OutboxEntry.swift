public import Foundation

/// One story on its way to the PDS. Each step's result is written to the database
/// before the next step starts, so after a crash or restart publishing resumes where it
/// was, and repeats at most one step (each of which is safe to repeat).
public struct OutboxEntry: Sendable, Equatable {
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

    public enum Status: String, Sendable {
        case pending, posted, failed
    }

    public var draftID: String
    public var did: String
    public var step: Step
    /// The record's `createdAt`, fixed when publishing starts so every retry writes the
    /// same record.
    public var recordCreatedAt: String
    public var blob: BlobRef?
    public var storyURI: String?
    public var storyCID: String?
    public var attempts: Int
    public var nextAttemptAt: Date
    public var lastError: String?
    public var status: Status
}
