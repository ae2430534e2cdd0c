package import Posting

extension DraftQuota {
    /// The quota `--max-drafts` and `--max-draft-bytes` set.
    package init(configuration: AppConfiguration) {
        self.init(maxDrafts: configuration.maxDraftsPerAccount, maxBytes: configuration.maxDraftBytesPerAccount)
    }
}
