/// `social.grain.actor.profile` (key `self`). Grain only indexes accounts that have
/// one, so GrainStories creates it before the first story (§4.7).
public struct GrainProfileRecord: Codable, Sendable, Equatable {
    public static let collection = NSID.grainProfile

    public var type = GrainProfileRecord.collection.rawValue
    public var displayName: String?
    public var description: String?
    public var avatar: BlobRef?
    public var createdAt: Datetime

    public init(displayName: String?, description: String?, avatar: BlobRef?, createdAt: Datetime) {
        self.displayName = displayName
        self.description = description
        self.avatar = avatar
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey { case type = "$type", displayName, description, avatar, createdAt }
}

/// The parts of `app.bsky.actor.profile/self` that are copied into a new Grain profile.
public struct BlueskyProfileRecord: Decodable, Sendable, Equatable {
    public var displayName: String?
    public var description: String?
    public var avatar: BlobRef?
    public var createdAt: String?

    enum CodingKeys: String, CodingKey { case displayName, description, avatar, createdAt }

    /// Tolerant: a malformed avatar or text never blocks posting.
    public init(from decoder: any Decoder) throws {
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
public struct RecordRef: Codable, Sendable, Equatable {
    public var uri: ATURI
    public var cid: String

    public init(uri: ATURI, cid: String) {
        self.uri = uri
        self.cid = cid
    }

    public var rkey: RecordKey? { uri.rkey }
}
