/// A `social.grain.comment` record as GrainStories writes it: text on a story
/// (`subject`), optionally a reply to another comment (`replyTo`, as Grain's clients
/// write it: the comment answered) and mention facets for the `@handle`s that resolved
/// (links typed into a comment stay text here). Both are left out when absent.
package struct CommentRecord: Codable, Sendable, Equatable {
    package static let collection = NSID.grainComment
    /// The lexicon's limits: `maxGraphemes` 300 and `maxLength` 3000 (UTF-8 bytes).
    package static let maxGraphemes = 300
    package static let maxBytes = 3000

    package var type = CommentRecord.collection.rawValue
    package var text: String
    package var facets: [RichTextFacet]?
    package var subject: ATURI
    package var replyTo: ATURI?
    package var createdAt: Datetime

    package init(text: String, facets: [RichTextFacet]? = nil, subject: ATURI, replyTo: ATURI? = nil, createdAt: Datetime) {
        self.text = text
        self.facets = facets?.isEmpty == true ? nil : facets
        self.subject = subject
        self.replyTo = replyTo
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case text, facets, subject, replyTo, createdAt
    }

    /// Checks the text as the lexicon counts it: graphemes are extended grapheme
    /// clusters (Swift's `Character`, what atproto's validators count), length is bytes.
    /// A refusal here is said to the person before anything reaches their PDS.
    package static func validate(text: String) throws(RecordValidationError) {
        if text.allSatisfy(\.isWhitespace) { throw RecordValidationError("Write something first.") }
        let graphemes = text.count
        if graphemes > maxGraphemes {
            throw RecordValidationError("A comment can have at most \(maxGraphemes) characters; this one has \(graphemes).")
        }
        if text.utf8.count > maxBytes {
            throw RecordValidationError("This comment is too long (at most \(maxBytes) bytes of text).")
        }
    }

    package func validate() throws(RecordValidationError) {
        guard type == CommentRecord.collection.rawValue else { throw RecordValidationError("$type must be \(CommentRecord.collection.rawValue)") }
        try CommentRecord.validate(text: text)
        guard createdAt.isUTC else { throw RecordValidationError("createdAt must be a UTC datetime") }
        if let replyTo { try CommentRecord.validate(replyTo: replyTo) }
        let length = text.utf8.count
        for facet in facets ?? [] where facet.index.byteStart < 0 || facet.index.byteEnd > length || facet.index.byteStart >= facet.index.byteEnd {
            throw RecordValidationError("a facet's byte range lies outside the text")
        }
    }

    /// A reply answers a comment: `replyTo` must name a `social.grain.comment` record.
    package static func validate(replyTo: ATURI) throws(RecordValidationError) {
        guard replyTo.collection == collection, replyTo.did != nil, replyTo.rkey != nil else {
            throw RecordValidationError("A reply must answer a comment.")
        }
    }
}
