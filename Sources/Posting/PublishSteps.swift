import ATProto
import Accounts
import FoundationEssentials
import GrainSupport

/// The individual publish steps for one draft. Every step is safe to repeat: the
/// profile is written with `putRecord`, a re-uploaded blob has the same CID, and the
/// story and crosspost use keys chosen with the draft and are looked up before they
/// are created (and again when creating fails), so a lost answer never leads to a
/// second record.
struct PublishSteps: Sendable {
    let dependencies: Publisher.Dependencies
    let draft: Draft
    let account: AccountSession

    /// Decodes any record value without keeping it (existence checks).
    private struct AnyRecord: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// Performs `step` for the draft at `progress`, returning what it produced for
    /// `PublishMachine.apply`; failures are thrown sorted (`PublishFailure`), so the
    /// publisher records them as they are.
    func perform(_ step: PublishProgress.Step, _ progress: PublishProgress) async throws(PublishFailure) -> PublishMachine.StepResult {
        switch step {
        case .profile:
            try await ensureGrainProfile()
            return .profileReady
        case .upload:
            return .uploaded(try await uploadPhoto())
        case .story:
            guard let blob = progress.blob else { return .uploaded(try await uploadPhoto()) }
            let record = StoryRecord(
                media: blob, aspectRatio: AspectRatio(width: draft.width, height: draft.height),
                location: draft.place.map { HThreeLocation(value: $0.cell, name: $0.name) }, address: draft.place?.address,
                labels: draft.labels.isEmpty ? nil : SelfLabels(draft.labels), createdAt: progress.recordCreatedAt
            )
            do { try record.validate() } catch { throw .permanent(.invalidRecord(detail: error.description)) }
            do {
                return .storyCreated(try await dependencies.pds.createOnce(account, collection: StoryRecord.collection, rkey: draft.storyRKey, record: record))
            } catch {
                if case .pds(.remote(400, "BlobNotFound", let message, _)) = error {
                    throw .blobMissing(.refused(status: 400, error: "BlobNotFound", message: message))
                }
                throw .sorting(error)
            }
        case .crosspost, .done:
            if draft.crosspost, let blob = progress.blob {
                let story = StoryRecord(
                    media: blob, aspectRatio: AspectRatio(width: draft.width, height: draft.height), location: nil, address: nil,
                    labels: nil, createdAt: progress.recordCreatedAt
                )
                let place = draft.place?.displayText
                let post = dependencies.composer.post(
                    for: story, did: draft.did, handle: account.handle, rkey: draft.storyRKey, place: place, createdAt: progress.recordCreatedAt)
                _ = try await createOnce(collection: FeedPostRecord.collection, rkey: draft.postRKey, record: post)
            }
            return .crosspostDone
        }
    }

    /// Deletes a story this draft's publishing created after the person had cancelled it
    /// (the request was already on its way), so Cancel holds. Best effort: if the PDS
    /// cannot be reached the story stays, the draft can still be posted (the same key
    /// finds it) or deleted from the viewer, and the log says so.
    func withdraw(_ ref: RecordRef) async {
        let did = draft.did
        let rkey = draft.storyRKey
        do {
            _ = try await call { client in
                try await client.deleteRecord(repo: did, collection: StoryRecord.collection, rkey: rkey)
            }
        } catch {
            dependencies.logger.warning(
                "a story created after its draft was cancelled could not be deleted",
                [
                    "draft": draft.id.rawValue, "uri": ref.uri.rawValue, "error": String(describing: error),
                ])
        }
    }

    /// Grain only indexes accounts with `social.grain.actor.profile/self`; make one from
    /// the Bluesky profile (name, bio, avatar blob) when it is missing.
    private func ensureGrainProfile() async throws(PublishFailure) {
        let did = draft.did
        let existing = try await call { client in
            try await client.getRecord(repo: did, collection: GrainProfileRecord.collection, rkey: .profileSelf, as: AnyRecord.self).map { $0.ref }
        }
        guard existing == nil else { return }
        let bluesky = try await call { client in
            try await client.getRecord(repo: did, collection: .blueskyProfile, rkey: .profileSelf, as: BlueskyProfileRecord.self)?.value
        }
        let profile = GrainProfileRecord(
            displayName: bluesky?.displayName ?? account.displayName, description: bluesky?.description,
            avatar: bluesky?.avatar, createdAt: Datetime(dependencies.now())
        )
        _ = try await call { client in
            try await client.putRecord(repo: did, collection: GrainProfileRecord.collection, rkey: .profileSelf, record: profile)
        }
    }

    private func uploadPhoto() async throws(PublishFailure) -> BlobRef {
        let path = dependencies.data.draftPhoto(draft.id)
        guard FileManager.default.fileExists(atPath: path) else { throw .permanent(.photoMissing) }
        let blob = try await call { client in try await client.uploadBlob(path: path, mimeType: "image/jpeg") }
        guard blob.size == draft.photoBytes || blob.size == 0 else {
            throw .transient(.incompleteUpload(stored: blob.size, expected: draft.photoBytes))
        }
        return blob
    }

    /// Creates the record under `rkey` unless it is already there.
    private func createOnce<Record: Encodable & Sendable>(collection: NSID, rkey: RecordKey, record: Record) async throws(PublishFailure) -> RecordRef {
        do {
            return try await dependencies.pds.createOnce(account, collection: collection, rkey: rkey, record: record)
        } catch {
            throw .sorting(error)
        }
    }

    /// One PDS call with token refresh, its failures sorted into transient or permanent.
    private func call<Value: Sendable>(_ body: @Sendable (any PDSConnection) async throws -> Value) async throws(PublishFailure) -> Value {
        do {
            return try await dependencies.pds.perform(account, body)
        } catch {
            throw .sorting(error)
        }
    }
}
