/// `social.grain.comment.defs#commentView`: one comment as the AppView lists it, with
/// its author's profile. `text` is plain text (render it escaped); `facets` are the
/// writer's claims about byte ranges of it, checked before use.
package struct CommentView: Codable, Sendable, Equatable {
    package var uri: ATURI
    package var cid: String
    package var author: ProfileView
    package var text: String
    package var facets: [RichTextFacet]?
    package var replyTo: ATURI?
    package var createdAt: Datetime
    /// How many favourites Grain has indexed for it (absent: none known).
    package var favCount: Int?

    package init(
        uri: ATURI, cid: String, author: ProfileView, text: String, facets: [RichTextFacet]? = nil, replyTo: ATURI? = nil,
        createdAt: Datetime, favCount: Int? = nil
    ) {
        self.uri = uri
        self.cid = cid
        self.author = author
        self.text = text
        self.facets = facets
        self.replyTo = replyTo
        self.createdAt = createdAt
        self.favCount = favCount
    }

    private enum CodingKeys: String, CodingKey { case uri, cid, author, text, facets, replyTo, createdAt, favCount }

    /// The required fields must be there and well formed (else the comment is left out
    /// of its page); a malformed optional field is dropped.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uri = try container.decode(ATURI.self, forKey: .uri)
        cid = try container.decode(String.self, forKey: .cid)
        author = try container.decode(ProfileView.self, forKey: .author)
        text = try container.decode(String.self, forKey: .text)
        createdAt = try container.decode(Datetime.self, forKey: .createdAt)
        facets = container.contains(.facets) ? container.decodeLossyArray(RichTextFacet.self, forKey: .facets) : nil
        replyTo = container.decodeTolerantly(ATURI.self, forKey: .replyTo)
        favCount = container.decodeTolerantly(Int.self, forKey: .favCount).map { max(0, $0) }
    }
}

/// `getCommentThread`'s answer: a page of comments, oldest first, the cursor of the
/// next page (absent on the last) and, when Grain counts them, how many there are.
package struct CommentThreadPage: Codable, Sendable, Equatable {
    package var comments: [CommentView]
    package var cursor: String?
    package var totalCount: Int?

    package init(comments: [CommentView], cursor: String? = nil, totalCount: Int? = nil) {
        self.comments = comments
        self.cursor = cursor
        self.totalCount = totalCount
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        comments = try container.decodeRequiredLossyArray(CommentView.self, forKey: .comments)
        cursor = container.decodeTolerantly(String.self, forKey: .cursor)
        totalCount = container.decodeTolerantly(Int.self, forKey: .totalCount)
    }

    private enum CodingKeys: String, CodingKey { case comments, cursor, totalCount }
}
