/// `social.grain.actor.defs#profileViewDetailed`, what `getActorProfile` returns.
package struct ProfileViewDetailed: Codable, Sendable, Equatable {
    package var did: DID
    package var handle: Handle?
    package var cid: String?
    package var displayName: String?
    package var description: String?
    package var avatar: String?
    package var followersCount: Int?
    package var followsCount: Int?
    package var galleryCount: Int?
    package var createdAt: Datetime?
    package var labels: [Label]?
    package var viewer: ActorViewerState?

    package init(did: DID, handle: Handle?) {
        self.did = did
        self.handle = handle
    }

    package var name: String { ProfileView.visibleName(displayName, handle: shownHandle) }

    /// The handle, or the DID when there is none: what goes after the `@`.
    package var shownHandle: String { handle?.rawValue ?? did.rawValue }

    private enum CodingKeys: String, CodingKey {
        case did, handle, cid, displayName, description, avatar, followersCount, followsCount, galleryCount, createdAt, labels, viewer
    }

    /// `did` is required; anything else that is missing or malformed is left out.
    package init(from decoder: any Decoder) throws {
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
package struct ActorViewerState: Codable, Sendable, Equatable {
    package var following: String?
    package var followedBy: String?
    package var blocking: String?
    package var blockedBy: Bool?
    package var muted: Bool?
}
