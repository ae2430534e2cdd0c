/// `app.bsky.richtext.facet`: a byte range of a text (UTF-8 offsets, end exclusive) and
/// what it is: a link, a mention or a tag. The offsets are whatever the writer put in
/// its record, so nothing may trust them: `CommentText` checks every range before one
/// becomes a link. A feature of a kind not known here is kept as `.other` (shown as text).
/// The crosspost's facets are this type too (`FeedPostRecord.Facet`).
package struct RichTextFacet: Codable, Sendable, Equatable {
    package struct ByteSlice: Codable, Sendable, Equatable {
        package var byteStart: Int
        package var byteEnd: Int

        package init(byteStart: Int, byteEnd: Int) {
            self.byteStart = byteStart
            self.byteEnd = byteEnd
        }
    }

    package enum Feature: Codable, Sendable, Equatable {
        case link(String)
        case mention(DID)
        case tag(String)
        case other

        private enum CodingKeys: String, CodingKey {
            case type = "$type"
            case uri, did, tag
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch container.decodeTolerantly(String.self, forKey: .type) {
            case "app.bsky.richtext.facet#link":
                self = container.decodeTolerantly(String.self, forKey: .uri).map(Feature.link) ?? .other
            case "app.bsky.richtext.facet#mention":
                self = container.decodeTolerantly(DID.self, forKey: .did).map(Feature.mention) ?? .other
            case "app.bsky.richtext.facet#tag":
                self = container.decodeTolerantly(String.self, forKey: .tag).map(Feature.tag) ?? .other
            default:
                self = .other
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .link(let uri):
                try container.encode("app.bsky.richtext.facet#link", forKey: .type)
                try container.encode(uri, forKey: .uri)
            case .mention(let did):
                try container.encode("app.bsky.richtext.facet#mention", forKey: .type)
                try container.encode(did, forKey: .did)
            case .tag(let tag):
                try container.encode("app.bsky.richtext.facet#tag", forKey: .type)
                try container.encode(tag, forKey: .tag)
            case .other:
                break
            }
        }
    }

    package var index: ByteSlice
    package var features: [Feature]

    package init(index: ByteSlice, features: [Feature]) {
        self.index = index
        self.features = features
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decode(ByteSlice.self, forKey: .index)
        features = container.decodeLossyArray(Feature.self, forKey: .features)
    }

    private enum CodingKeys: String, CodingKey { case index, features }
}
