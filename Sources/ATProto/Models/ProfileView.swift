import FoundationEssentials
import GrainSupport

/// `social.grain.actor.defs#profileView`. An empty `cid` marks an account without a
/// Grain profile record. `handle` is nil when the view has none or a malformed one;
/// then the DID is shown in its place (`shownHandle`), as Grain does.
package struct ProfileView: Codable, Sendable, Equatable {
    package var did: DID
    package var handle: Handle?
    package var cid: String?
    package var displayName: String?
    package var avatar: String?
    package var description: String?
    package var labels: [Label]?
    package var createdAt: Datetime?

    package init(did: DID, handle: Handle?, cid: String? = nil, displayName: String? = nil, avatar: String? = nil) {
        self.did = did
        self.handle = handle
        self.cid = cid
        self.displayName = displayName
        self.avatar = avatar
    }

    private enum CodingKeys: String, CodingKey {
        case did, handle, cid, displayName, avatar, description, labels, createdAt
    }

    /// `did` is required and must be a DID; a missing or malformed handle is nil.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        did = try container.decode(DID.self, forKey: .did)
        handle = container.decodeTolerantly(Handle.self, forKey: .handle)
        cid = container.decodeTolerantly(String.self, forKey: .cid)
        displayName = container.decodeTolerantly(String.self, forKey: .displayName)
        avatar = container.decodeTolerantly(String.self, forKey: .avatar)
        description = container.decodeTolerantly(String.self, forKey: .description)
        labels = container.decodeLossyArray(Label.self, forKey: .labels)
        createdAt = container.decodeTolerantly(Datetime.self, forKey: .createdAt)
    }

    /// The display name when it has visible text, else the handle: what people see.
    package var name: String { ProfileView.visibleName(displayName, handle: shownHandle) }

    /// The handle, or the DID when there is none: what goes after the `@`.
    package var shownHandle: String { handle?.rawValue ?? did.rawValue }

    package static func visibleName(_ displayName: String?, handle: String) -> String {
        // Most names start and end with a visible ASCII character, so trimming would
        // change nothing; skipping Foundation's trim then saves a good part of `/`.
        if let displayName, let first = displayName.utf8.first, let last = displayName.utf8.last,
            isVisibleASCII(first), isVisibleASCII(last)
        {
            return displayName
        }
        if let trimmed = displayName?.trimmingWhitespaceAndNewlines(), !trimmed.isEmpty { return trimmed }
        return handle
    }

    /// ASCII that is neither whitespace nor a control character (0x21–0x7E).
    private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}
