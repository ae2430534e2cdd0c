import Foundation

/// `social.grain.actor.defs#profileView`. An empty `cid` marks an account without a
/// Grain profile record (then `handle` may be the DID itself).
public struct ProfileView: Codable, Sendable, Equatable {
    public var did: String
    public var handle: String
    public var cid: String?
    public var displayName: String?
    public var avatar: String?
    public var description: String?
    public var labels: [Label]?
    public var createdAt: String?

    public init(did: String, handle: String, cid: String? = nil, displayName: String? = nil, avatar: String? = nil) {
        self.did = did
        self.handle = handle
        self.cid = cid
        self.displayName = displayName
        self.avatar = avatar
    }

    private enum CodingKeys: String, CodingKey {
        case did, handle, cid, displayName, avatar, description, labels, createdAt
    }

    /// `did` is required; a missing handle falls back to the DID, as Grain does.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        did = try container.decode(String.self, forKey: .did)
        handle = container.decodeTolerantly(String.self, forKey: .handle) ?? did
        cid = container.decodeTolerantly(String.self, forKey: .cid)
        displayName = container.decodeTolerantly(String.self, forKey: .displayName)
        avatar = container.decodeTolerantly(String.self, forKey: .avatar)
        description = container.decodeTolerantly(String.self, forKey: .description)
        labels = container.decodeLossyArray(Label.self, forKey: .labels)
        createdAt = container.decodeTolerantly(String.self, forKey: .createdAt)
    }

    /// The display name when it has visible text, else the handle: what people see.
    public var name: String { ProfileView.visibleName(displayName, handle: handle) }

    static func visibleName(_ displayName: String?, handle: String) -> String {
        // Most names start and end with a visible ASCII character, so trimming would
        // change nothing; skipping Foundation's trim then saves a good part of `/`.
        if let displayName, let first = displayName.utf8.first, let last = displayName.utf8.last,
           isVisibleASCII(first), isVisibleASCII(last) {
            return displayName
        }
        if let trimmed = displayName?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty { return trimmed }
        return handle
    }

    /// ASCII that is neither whitespace nor a control character (0x21–0x7E).
    private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}
