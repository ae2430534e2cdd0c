/// An `app.bsky.feed.post` sharing a story on Bluesky, shaped exactly like Grain's own
/// crossposts (§6.3): the story link in the text, tag and link facets, the story's blob
/// as an image embed with its aspect ratio, and the `grainsocial` tag.
public struct FeedPostRecord: Codable, Sendable, Equatable {
    public static let collection = NSID.blueskyPost

    public struct Facet: Codable, Sendable, Equatable {
        public struct ByteSlice: Codable, Sendable, Equatable {
            public var byteStart: Int
            public var byteEnd: Int
        }

        /// `app.bsky.richtext.facet#tag` or `#link`.
        public struct Feature: Codable, Sendable, Equatable {
            public var type: String
            public var tag: String?
            public var uri: String?

            public static func tag(_ tag: String) -> Feature { Feature(type: "app.bsky.richtext.facet#tag", tag: tag, uri: nil) }
            public static func link(_ uri: String) -> Feature { Feature(type: "app.bsky.richtext.facet#link", tag: nil, uri: uri) }

            enum CodingKeys: String, CodingKey { case type = "$type", tag, uri }
        }

        public var index: ByteSlice
        public var features: [Feature]
    }

    public struct ImagesEmbed: Codable, Sendable, Equatable {
        public struct Image: Codable, Sendable, Equatable {
            public var image: BlobRef
            public var alt: String
            public var aspectRatio: AspectRatio
        }

        public var type = "app.bsky.embed.images"
        public var images: [Image]

        enum CodingKeys: String, CodingKey { case type = "$type", images }
    }

    public var type = FeedPostRecord.collection.rawValue
    public var text: String
    public var facets: [Facet]?
    public var embed: ImagesEmbed
    public var tags: [String]
    public var createdAt: Datetime

    enum CodingKeys: String, CodingKey { case type = "$type", text, facets, embed, tags, createdAt }
}
