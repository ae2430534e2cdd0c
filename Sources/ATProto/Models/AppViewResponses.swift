/// Response bodies of the AppView queries GrainStories reads.
public struct StoryAuthorsResponse: Codable, Sendable, Equatable {
    public var authors: [StoryAuthor]
    public init(authors: [StoryAuthor]) { self.authors = authors }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        authors = try container.decodeRequiredLossyArray(StoryAuthor.self, forKey: .authors)
    }
}

public struct StoriesResponse: Codable, Sendable, Equatable {
    public var stories: [StoryView]
    public var cursor: String?
    public init(stories: [StoryView], cursor: String? = nil) {
        self.stories = stories
        self.cursor = cursor
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stories = try container.decodeRequiredLossyArray(StoryView.self, forKey: .stories)
        cursor = container.decodeTolerantly(String.self, forKey: .cursor)
    }
}

/// `getStory`: `{}` when the story is unknown.
public struct StoryResponse: Codable, Sendable, Equatable {
    public var story: StoryView?
    public init(story: StoryView?) { self.story = story }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        story = container.decodeTolerantly(StoryView.self, forKey: .story)
    }
}
