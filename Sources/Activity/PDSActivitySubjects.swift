package import ATProto
package import FoundationEssentials
import Synchronization

/// `ActivitySubjects` from the records themselves: `com.atproto.repo.getRecord` on the PDS
/// of the repository the URI names (anonymous; records are public), found by `locate` (a
/// signed-in account's own PDS, else identity resolution). Answers are remembered for a
/// while (found: 10 minutes, missing: 1 minute) so a burst of hearts on one story costs
/// one request; "unknown" is never remembered.
package final class PDSActivitySubjects: ActivitySubjects {
    package static let foundLifetime: TimeInterval = 600
    package static let missingLifetime: TimeInterval = 60
    private static let capacity = 4096

    private let http: OutboundHTTP
    private let locate: @Sendable (DID) async -> String?
    private let now: @Sendable () -> Date
    private let remembered = Mutex<[ATURI: (check: SubjectCheck, until: Date)]>([:])

    package init(http: OutboundHTTP, locate: @escaping @Sendable (DID) async -> String?, now: @escaping @Sendable () -> Date) {
        self.http = http
        self.locate = locate
        self.now = now
    }

    package func check(_ uri: ATURI) async -> SubjectCheck {
        let time = now()
        if let known = remembered.withLock({ $0[uri] }), known.until > time { return known.check }
        let answer = await ask(uri)
        let lifetime: TimeInterval? =
            switch answer {
            case .story, .comment: Self.foundLifetime
            case .missing: Self.missingLifetime
            case .unknown: nil
            }
        if let lifetime {
            remembered.withLock { entries in
                if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
                entries[uri] = (answer, time.addingTimeInterval(lifetime))
            }
        }
        return answer
    }

    private func ask(_ uri: ATURI) async -> SubjectCheck {
        guard let did = uri.did, let collection = uri.collection, let rkey = uri.rkey,
            collection == .story || collection == .grainComment
        else { return .missing }
        guard let pds = await locate(did) else { return .unknown }
        do {
            let found = try await PDSClient(baseURL: pds, http: http).getRecord(repo: did, collection: collection, rkey: rkey, as: SubjectRecord.self)
            guard let found else { return .missing }
            guard collection == .grainComment else { return .story }
            guard let story = found.value.subject.flatMap(ATURI.init), story.collection == .story else { return .missing }
            return .comment(story: story)
        } catch {
            return .unknown
        }
    }

    /// The one field a comment's check needs (a story's record only has to exist).
    private struct SubjectRecord: Decodable {
        var subject: String?
        enum CodingKeys: CodingKey { case subject }
        init(from decoder: any Decoder) throws {
            subject = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .subject)
        }
    }
}
