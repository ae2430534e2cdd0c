package import ATProto
import FoundationEssentials
package import GrainSupport

/// What the follower does with each Jetstream event: keeps what concerns the accounts
/// signed in here, believed only as far as it can be, and pushes what is new.
///
/// - The actor is the repository's DID, never anything the record says.
/// - A heart or comment counts only once the story or comment it points at is found on
///   its PDS (`ActivitySubjects`); a heart on a comment takes that comment's story.
/// - People the recipient blocks or hid are dropped; when unsure, kept unpushed (the page
///   checks again).
/// - A deleted heart or comment disappears; an account deleted or taken down takes its
///   activity with it.
/// - The repository adds an item once, so a replayed event (after a restart, a reconnect,
///   another host) is neither listed nor pushed twice.
package struct ActivityIngest: Sendable {
    package let repository: any ActivityRepository
    let subjects: any ActivitySubjects
    let audience: any ActivityAudience
    /// The accounts signed in here, read for every event.
    let local: @Sendable () -> Set<DID>
    /// Called for each newly added item, with whether the recipient's lists admit its
    /// actor for certain (only then is it pushed).
    let added: @Sendable (ActivityItem, _ certain: Bool) async -> Void
    /// Called after a deletion or a gone account took items away.
    let removed: @Sendable () async -> Void
    let logger: Logger

    package init(
        repository: any ActivityRepository, subjects: any ActivitySubjects, audience: any ActivityAudience,
        local: @escaping @Sendable () -> Set<DID>, added: @escaping @Sendable (ActivityItem, _ certain: Bool) async -> Void,
        removed: @escaping @Sendable () async -> Void = {}, logger: Logger
    ) {
        self.repository = repository
        self.subjects = subjects
        self.audience = audience
        self.local = local
        self.added = added
        self.removed = removed
        self.logger = logger
    }

    /// Applies one event; throws only when storage fails (the follower then stops moving
    /// its cursor past this event).
    package func handle(_ event: JetstreamEvent) async throws {
        let date = Date(timeIntervalSince1970: TimeInterval(event.timeMicroseconds) / 1_000_000)
        switch event.kind {
        case .commit(let commit):
            let record = ATURI(event.did, commit.collection, commit.rkey)
            switch commit.operation {
            case .delete:
                try await repository.recordDeleted(record, at: date)
                await removed()
            case .create, .update:
                guard let body = commit.record else { return }
                let candidates = ActivityCandidate.candidates(actor: event.did, record: record, commit: body, at: date, local: local())
                for candidate in candidates { try await consider(candidate) }
            }
        case .account(let active, let status):
            if !active, let status, ["deleted", "takendown", "suspended"].contains(status) {
                try await repository.actorGone(event.did, at: date)
                await removed()
            }
        case .identity, .other:
            break
        }
    }

    private func consider(_ candidate: ActivityCandidate) async throws {
        var item = candidate.item
        switch await subjects.check(candidate.mustExist) {
        case .story where candidate.mustExist.collection == .story:
            break
        case .comment(let story):
            if item.kind == .heartOnComment { item.story = story }
            guard item.story == story else { return }
        case .unknown:
            logger.info(
                "activity not believed: its subject could not be checked",
                ["subject": candidate.mustExist.rawValue, "record": item.record.rawValue])
            return
        default:
            return
        }
        let admitted = await audience.admits(item.actor, toReach: item.recipient)
        guard admitted != false else { return }
        guard try await repository.add(item) else { return }
        await added(item, admitted == true)
    }
}
