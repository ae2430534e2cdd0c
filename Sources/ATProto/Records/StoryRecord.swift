/// A `social.grain.story` record as GrainStories writes it (lexicon
/// `social.grain.story`, see the reference §1.1 and §4).
package struct StoryRecord: Codable, Sendable, Equatable {
    package static let collection = NSID.story

    package var type = StoryRecord.collection.rawValue
    package var media: BlobRef
    package var aspectRatio: AspectRatio
    package var location: HThreeLocation?
    package var address: AddressLocation?
    package var labels: SelfLabels?
    /// UTC with milliseconds and `Z`: the AppView compares these as strings.
    package var createdAt: Datetime

    package init(media: BlobRef, aspectRatio: AspectRatio, location: HThreeLocation?, address: AddressLocation?, labels: SelfLabels?, createdAt: Datetime) {
        self.media = media
        self.aspectRatio = aspectRatio
        self.location = location
        self.address = location == nil ? nil : address
        self.labels = labels
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case media, aspectRatio, location, address, labels, createdAt
    }

    /// Grain's indexer silently skips records that fail its lexicon; check them here
    /// first (§4.6) so a bad record is an error the person sees, not a story that never
    /// appears.
    package func validate() throws(RecordValidationError) {
        guard type == StoryRecord.collection.rawValue else { throw RecordValidationError("$type must be \(StoryRecord.collection.rawValue)") }
        guard media.mimeType.hasPrefix("image/") || media.mimeType.hasPrefix("video/") else { throw RecordValidationError("media must be an image") }
        guard media.size > 0, media.size <= 5_000_000 else { throw RecordValidationError("media must be at most 5,000,000 bytes") }
        guard aspectRatio.width >= 1, aspectRatio.height >= 1 else { throw RecordValidationError("aspectRatio must be at least 1 × 1") }
        guard createdAt.isUTC else { throw RecordValidationError("createdAt must be a UTC datetime") }
        if let location {
            guard location.value.utf8.count == 15, location.value.hasPrefix("8") else { throw RecordValidationError("location must be an H3 cell") }
        }
        if let address {
            guard let country = address.country, (2...10).contains(country.count) else {
                throw RecordValidationError("address.country must have 2 to 10 characters")
            }
        }
        if let labels {
            guard labels.values.allSatisfy({ SelfLabels.offered.contains($0.val) }) else { throw RecordValidationError("unknown content warning") }
        }
    }
}

/// A record that does not match its lexicon.
package struct RecordValidationError: Error, Sendable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
