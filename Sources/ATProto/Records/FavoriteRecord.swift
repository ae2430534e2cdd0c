import FoundationEssentials

/// A `social.grain.favorite` record: the heart a person puts on a story, kept in their
/// own repository (`subject` is the story's AT URI). Undoing it deletes the record, so
/// the record key is what "my heart on this story" is remembered by.
package struct FavoriteRecord: Codable, Sendable, Equatable {
    package static let collection = NSID.grainFavorite

    package var type = FavoriteRecord.collection.rawValue
    package var subject: ATURI
    /// UTC with milliseconds and `Z`, like every record this server writes.
    package var createdAt: Datetime

    package init(subject: ATURI, createdAt: Datetime) {
        self.subject = subject
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case subject, createdAt
    }

    /// Reading someone's favourites: `$type` may be missing and only `subject` matters,
    /// so a record with an odd `createdAt` still counts as a heart.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subject = try container.decode(ATURI.self, forKey: .subject)
        createdAt = container.decodeTolerantly(Datetime.self, forKey: .createdAt) ?? Datetime(.init(timeIntervalSince1970: 0))
    }
}
