package import Foundation

/// A comment the stand-in AppView lists in `getCommentThread`: given by a test, or
/// indexed from a fake PDS's `social.grain.comment` records (as Grain's AppView indexes
/// them from the network, some time after they were written).
package struct StandInComment: Sendable, Equatable {
    package var uri: String
    package var cid: String
    package var subject: String
    package var authorDID: String
    package var handle: String
    package var displayName: String?
    package var text: String
    /// The `facets` array as JSON text, exactly as given (hostile ones included).
    package var facetsJSON: String?
    package var createdAt: Date
    /// The comment it answers (`replyTo`), as an AT URI.
    package var replyTo: String?
    /// How many favourites name it (`favCount`), as Grain counts them once indexed.
    package var favCount: Int?
    /// Indexed from a fake PDS (so it goes when its record does), not given by a test.
    var isIndexed = false

    package init(
        uri: String, cid: String = "bafyreistandincomment", subject: String, authorDID: String, handle: String,
        displayName: String? = nil, text: String, facetsJSON: String? = nil, replyTo: String? = nil, favCount: Int? = nil, createdAt: Date
    ) {
        self.uri = uri
        self.cid = cid
        self.subject = subject
        self.authorDID = authorDID
        self.handle = handle
        self.displayName = displayName
        self.text = text
        self.facetsJSON = facetsJSON
        self.createdAt = createdAt
        self.replyTo = replyTo
        self.favCount = favCount
    }

    /// `commentView` as JSON (built as text so hostile facets reach the client unchanged).
    func viewJSON() -> String {
        func quoted(_ text: String) -> String {
            String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
        }
        var author = "{\"did\":\(quoted(authorDID)),\"handle\":\(quoted(handle))"
        if let displayName { author += ",\"displayName\":\(quoted(displayName))" }
        author += "}"
        var json = "{\"uri\":\(quoted(uri)),\"cid\":\(quoted(cid)),\"author\":\(author),\"text\":\(quoted(text)),"
        json += "\"createdAt\":\(quoted(ISO8601Parsing.format(createdAt)))"
        if let facetsJSON { json += ",\"facets\":\(facetsJSON)" }
        if let replyTo { json += ",\"replyTo\":\(quoted(replyTo))" }
        if let favCount { json += ",\"favCount\":\(favCount)" }
        return json + "}"
    }
}
