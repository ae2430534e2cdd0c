/// A `social.grain.comment` record as GrainStories writes it: plain text on a story
/// (`subject`), no facets (links typed into a comment stay text here, as they are in
/// Grain's own composer unless it detects them).
package struct CommentRecord: Codable, Sendable, Equatable {
    package static let collection = NSID.grainComment
    /// The lexicon's limits: `maxGraphemes` 300 and `maxLength` 3000 (UTF-8 bytes).
    package static let maxGraphemes = 300
    package static let maxBytes = 3000

    package var type = CommentRecord.collection.rawValue
    package var text: String
    package var subject: ATURI
    package var createdAt: Datetime

    package init(text: String, subject: ATURI, createdAt: Datetime) {
        self.text = text
        self.subject = subject
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case type = "$type"
        case text, subject, createdAt
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
    }
}
