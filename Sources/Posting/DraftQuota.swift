import GrainSupport

/// How much one account may keep in drafts, so one person (or a stolen session) cannot
/// fill the server's disk with uploads: a number of drafts not yet posted, and a total
/// of photo bytes kept for the account (posted photos count until they are cleaned up).
/// Set by `--max-drafts` and `--max-draft-bytes`.
package struct DraftQuota: Sendable, Equatable {
    /// Why an upload was refused, in words for the person at the form.
    package enum Exceeded: Error, Sendable, Equatable {
        case tooManyDrafts(limit: Int)
        case tooManyBytes(limit: Int)

        package var publicMessage: String {
            switch self {
            case .tooManyDrafts(let limit):
                "You already have \(limit) drafts that are not posted yet, the most one account can keep here. Post or discard some of them first (unposted drafts are also removed after two days)."
            case .tooManyBytes(let limit):
                "Your drafts and recent stories already take \(ByteCountText.describe(limit)) on this server, the most one account can keep here. Post or discard some drafts first (photos of posted stories are removed after two days)."
            }
        }
    }

    /// What `DraftRepository.insert(_:within:)` did: a refusal is an answer, not a
    /// failure, so the caller switches over it instead of finding it among the errors.
    package enum Insertion: Sendable, Equatable {
        /// The draft fitted and is stored.
        case inserted
        /// The draft did not fit and nothing was stored.
        case refused(Exceeded)
    }

    /// What an account keeps now.
    package struct Usage: Sendable, Equatable {
        /// Drafts not yet posted (being edited, being published, or failed).
        package var drafts: Int
        /// Bytes of all its draft photos on disk.
        package var bytes: Int

        package init(drafts: Int, bytes: Int) {
            self.drafts = drafts
            self.bytes = bytes
        }
    }

    package var maxDrafts: Int
    package var maxBytes: Int

    package init(maxDrafts: Int, maxBytes: Int) {
        self.maxDrafts = maxDrafts
        self.maxBytes = maxBytes
    }

    /// Why one more draft of `newBytes` does not fit next to `usage`, or nil when it does.
    package func refusal(for usage: Usage, adding newBytes: Int) -> Exceeded? {
        if usage.drafts >= maxDrafts { return .tooManyDrafts(limit: maxDrafts) }
        if usage.bytes + newBytes > maxBytes { return .tooManyBytes(limit: maxBytes) }
        return nil
    }
}
