/// Response bodies of the AppView queries GrainStories reads.
package struct StoryAuthorsResponse: Codable, Sendable, Equatable {
    package var authors: [StoryAuthor]
    package init(authors: [StoryAuthor]) { self.authors = authors }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        authors = try container.decodeRequiredLossyArray(StoryAuthor.self, forKey: .authors)
    }
}

package struct StoriesResponse: Codable, Sendable, Equatable {
    package var stories: [StoryView]
    package var cursor: String?
    package init(stories: [StoryView], cursor: String? = nil) {
        self.stories = stories
        self.cursor = cursor
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stories = try container.decodeRequiredLossyArray(StoryView.self, forKey: .stories)
        cursor = container.decodeTolerantly(String.self, forKey: .cursor)
    }
}

/// `getStory`: `{}` when the story is unknown.
package struct StoryResponse: Codable, Sendable, Equatable {
    package var story: StoryView?
    package init(story: StoryView?) { self.story = story }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        story = container.decodeTolerantly(StoryView.self, forKey: .story)
    }
}
