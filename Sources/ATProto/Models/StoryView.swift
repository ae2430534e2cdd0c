import FoundationEssentials
import GrainSupport

/// `social.grain.story.defs#storyView`. Only the fields Grain requires are
/// non-optional; `getStory` omits `expired`, `commentCount` and `viewer`, and a
/// `getStory` for an unknown story is `{}`.
package struct StoryView: Codable, Sendable, Equatable {
    package var uri: ATURI
    package var cid: String
    package var creator: ProfileView
    package var thumb: String
    package var fullsize: String
    package var aspectRatio: AspectRatio
    package var createdAt: Datetime
    package var location: HThreeLocation?
    package var locationDisplay: String?
    package var address: AddressLocation?
    package var labels: [Label]?
    package var expired: Bool?
    package var commentCount: Int?
    package var crossPost: CrossPostInfo?

    /// `uri` must name a record (`at://<did>/<collection>/<rkey>`), as every story's does;
    /// decoding checks this, code that builds a view passes `ATURI(did, .story, rkey)`.
    package init(uri: ATURI, cid: String, creator: ProfileView, thumb: String, fullsize: String, aspectRatio: AspectRatio, createdAt: Datetime) {
        precondition(uri.rkey != nil && uri.did != nil, "a story's URI names a record: \(uri)")
        self.uri = uri
        self.cid = cid
        self.creator = creator
        self.thumb = thumb
        self.fullsize = fullsize
        self.aspectRatio = aspectRatio
        self.createdAt = createdAt
    }

    private enum CodingKeys: String, CodingKey {
        case uri, cid, creator, thumb, fullsize, aspectRatio, createdAt, location, locationDisplay, address, labels,
            expired, commentCount, crossPost
    }

    /// Required: `uri` (a record's AT URI), `creator`, `fullsize`, `createdAt`. Everything else degrades:
    /// a missing thumbnail uses the full-size image, an unreadable aspect ratio is 4:3
    /// (Grain's own fallback), malformed optional parts are dropped.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uri = try container.decode(ATURI.self, forKey: .uri)
        guard uri.rkey != nil, uri.did != nil else {
            throw DecodingError.dataCorruptedError(forKey: .uri, in: container, debugDescription: "not a record URI")
        }
        creator = try container.decode(ProfileView.self, forKey: .creator)
        fullsize = try container.decode(String.self, forKey: .fullsize)
        createdAt = try container.decode(Datetime.self, forKey: .createdAt)
        cid = container.decodeTolerantly(String.self, forKey: .cid) ?? ""
        thumb = container.decodeTolerantly(String.self, forKey: .thumb) ?? fullsize
        aspectRatio = (container.decodeTolerantly(AspectRatio.self, forKey: .aspectRatio) ?? AspectRatio(width: 4, height: 3)).sanitized
        location = container.decodeTolerantly(HThreeLocation.self, forKey: .location)
        locationDisplay = container.decodeTolerantly(String.self, forKey: .locationDisplay)
        address = container.decodeTolerantly(AddressLocation.self, forKey: .address)
        labels = container.decodeLossyArray(Label.self, forKey: .labels)
        expired = container.decodeTolerantly(Bool.self, forKey: .expired)
        commentCount = container.decodeTolerantly(Int.self, forKey: .commentCount)
        crossPost = container.decodeTolerantly(CrossPostInfo.self, forKey: .crossPost)
    }

    /// The record key (`at://did/social.grain.story/<rkey>`); every initialiser makes sure
    /// the URI has one.
    package var rkey: RecordKey {
        guard let rkey = uri.rkey else { preconditionFailure("a story's URI names a record: \(uri)") }
        return rkey
    }

    /// What to show as the place: the AppView's formatted label, else the record's
    /// place name, else the locality or country of the address.
    package var placeLabel: String? {
        for candidate in [locationDisplay, location?.name, address?.locality, address?.country] {
            if let text = candidate?.trimmingWhitespaceAndNewlines(), !text.isEmpty { return text }
        }
        return nil
    }
}

/// `social.grain.gallery.defs#crossPostInfo`: the Bluesky post that shares the story.
package struct CrossPostInfo: Codable, Sendable, Equatable {
    package var url: String

    package init(url: String) { self.url = url }
}
