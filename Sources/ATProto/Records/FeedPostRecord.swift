/// An `app.bsky.feed.post` sharing a story on Bluesky, shaped exactly like Grain's own
/// crossposts (§6.3): the story link in the text, tag and link facets, the story's blob
/// as an image embed with its aspect ratio, and the `grainsocial` tag.
package struct FeedPostRecord: Codable, Sendable, Equatable {
    package static let collection = NSID.blueskyPost

    /// Link and tag facets, the same `app.bsky.richtext.facet` comments carry.
    package typealias Facet = RichTextFacet

    package struct ImagesEmbed: Codable, Sendable, Equatable {
        package struct Image: Codable, Sendable, Equatable {
            package var image: BlobRef
            package var alt: String
            package var aspectRatio: AspectRatio

            package init(image: BlobRef, alt: String, aspectRatio: AspectRatio) {
                self.image = image
                self.alt = alt
                self.aspectRatio = aspectRatio
            }
        }

        package var type = "app.bsky.embed.images"
        package var images: [Image]

        package init(images: [Image]) {
            self.images = images
        }

        enum CodingKeys: String, CodingKey {
            case type = "$type"
            case images
        }
    }

    package var type = FeedPostRecord.collection.rawValue
    package var text: String
    package var facets: [Facet]?
    package var embed: ImagesEmbed
    package var tags: [String]
    package var createdAt: Datetime

    package init(text: String, facets: [Facet]?, embed: ImagesEmbed, tags: [String], createdAt: Datetime) {
        self.text = text
        self.facets = facets
        self.embed = embed
        self.tags = tags
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case text, facets, embed, tags, createdAt
    }
}
