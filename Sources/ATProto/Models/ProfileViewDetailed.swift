/// `social.grain.actor.defs#profileViewDetailed`, what `getActorProfile` returns.
public struct ProfileViewDetailed: Codable, Sendable, Equatable {
    public var did: DID
    public var handle: Handle?
    public var cid: String?
    public var displayName: String?
    public var description: String?
    public var avatar: String?
    public var followersCount: Int?
    public var followsCount: Int?
    public var galleryCount: Int?
    public var createdAt: Datetime?
    public var labels: [Label]?
    public var viewer: ActorViewerState?

    public init(did: DID, handle: Handle?) {
        self.did = did
        self.handle = handle
    }

    public var name: String { ProfileView.visibleName(displayName, handle: shownHandle) }

    /// The handle, or the DID when there is none: what goes after the `@`.
    public var shownHandle: String { handle?.rawValue ?? did.rawValue }

    private enum CodingKeys: String, CodingKey {
        case did, handle, cid, displayName, description, avatar, followersCount, followsCount, galleryCount, createdAt, labels, viewer
    }

    /// `did` is required; anything else that is missing or malformed is left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        did = try container.decode(DID.self, forKey: .did)
        handle = container.decodeTolerantly(Handle.self, forKey: .handle)
        cid = container.decodeTolerantly(String.self, forKey: .cid)
        displayName = container.decodeTolerantly(String.self, forKey: .displayName)
        description = container.decodeTolerantly(String.self, forKey: .description)
        avatar = container.decodeTolerantly(String.self, forKey: .avatar)
        followersCount = container.decodeTolerantly(Int.self, forKey: .followersCount)
        followsCount = container.decodeTolerantly(Int.self, forKey: .followsCount)
        galleryCount = container.decodeTolerantly(Int.self, forKey: .galleryCount)
        createdAt = container.decodeTolerantly(Datetime.self, forKey: .createdAt)
        labels = container.decodeLossyArray(Label.self, forKey: .labels)
        viewer = container.decodeTolerantly(ActorViewerState.self, forKey: .viewer)
    }
}

/// The relationship fields of an actor view; tolerated and mostly ignored (reads are
/// anonymous).
public struct ActorViewerState: Codable, Sendable, Equatable {
    public var following: String?
    public var followedBy: String?
    public var blocking: String?
    public var blockedBy: Bool?
    public var muted: Bool?
}
