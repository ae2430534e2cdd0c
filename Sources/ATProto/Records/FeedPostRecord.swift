/// An `app.bsky.feed.post` sharing a story on Bluesky, shaped exactly like Grain's own
/// crossposts (§6.3): the story link in the text, tag and link facets, the story's blob
/// as an image embed with its aspect ratio, and the `grainsocial` tag.
public struct FeedPostRecord: Codable, Sendable, Equatable {
    public static let collection = NSID.blueskyPost

    /// Link and tag facets, the same `app.bsky.richtext.facet` comments carry.
    public typealias Facet = RichTextFacet

    public struct ImagesEmbed: Codable, Sendable, Equatable {
        public struct Image: Codable, Sendable, Equatable {
            public var image: BlobRef
            public var alt: String
            public var aspectRatio: AspectRatio

            public init(image: BlobRef, alt: String, aspectRatio: AspectRatio) {
                self.image = image
                self.alt = alt
                self.aspectRatio = aspectRatio
            }
        }

        public var type = "app.bsky.embed.images"
        public var images: [Image]

        public init(images: [Image]) {
            self.images = images
        }

        enum CodingKeys: String, CodingKey { case type = "$type", images }
    }

    public var type = FeedPostRecord.collection.rawValue
    public var text: String
    public var facets: [Facet]?
    public var embed: ImagesEmbed
    public var tags: [String]
    public var createdAt: Datetime

    public init(text: String, facets: [Facet]?, embed: ImagesEmbed, tags: [String], createdAt: Datetime) {
        self.text = text
        self.facets = facets
        self.embed = embed
        self.tags = tags
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey { case type = "$type", text, facets, embed, tags, createdAt }
}
