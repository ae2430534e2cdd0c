/// `social.grain.actor.profile` (key `self`). Grain only indexes accounts that have
/// one, so GrainStories creates it before the first story (§4.7).
package struct GrainProfileRecord: Codable, Sendable, Equatable {
    package static let collection = NSID.grainProfile

    package var type = GrainProfileRecord.collection.rawValue
    package var displayName: String?
    package var description: String?
    package var avatar: BlobRef?
    package var createdAt: Datetime

    package init(displayName: String?, description: String?, avatar: BlobRef?, createdAt: Datetime) {
        self.displayName = displayName
        self.description = description
        self.avatar = avatar
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case displayName, description, avatar, createdAt
    }
}

/// The parts of `app.bsky.actor.profile/self` that are copied into a new Grain profile.
package struct BlueskyProfileRecord: Decodable, Sendable, Equatable {
    package var displayName: String?
    package var description: String?
    package var avatar: BlobRef?
    package var createdAt: String?

    enum CodingKeys: String, CodingKey { case displayName, description, avatar, createdAt }

    /// Tolerant: a malformed avatar or text never blocks posting.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        displayName = container.decodeTolerantly(String.self, forKey: .displayName)
        description = container.decodeTolerantly(String.self, forKey: .description)
        avatar = container.decodeTolerantly(BlobRef.self, forKey: .avatar)
        createdAt = container.decodeTolerantly(String.self, forKey: .createdAt)
    }
}

/// `getRecord`'s answer.
struct GetRecordResponse<Value: Decodable>: Decodable {
    var uri: ATURI
    var cid: String?
    var value: Value
}

/// `createRecord` / `putRecord`'s answer.
package struct RecordRef: Codable, Sendable, Equatable {
    package var uri: ATURI
    package var cid: String

    package init(uri: ATURI, cid: String) {
        self.uri = uri
        self.cid = cid
    }

    package var rkey: RecordKey? { uri.rkey }
}
