/// `social.grain.unspecced.getStoryAuthors#storyAuthor`: someone with live stories.
package struct StoryAuthor: Codable, Sendable, Equatable {
    package var profile: ProfileView
    package var storyCount: Int
    /// `createdAt` of the author's newest live story.
    package var latestAt: Datetime

    package init(profile: ProfileView, storyCount: Int, latestAt: Datetime) {
        self.profile = profile
        self.storyCount = storyCount
        self.latestAt = latestAt
    }

    private enum CodingKeys: String, CodingKey { case profile, storyCount, latestAt }

    /// `profile` and `latestAt` are required; a missing count reads as one story.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        profile = try container.decode(ProfileView.self, forKey: .profile)
        latestAt = try container.decode(Datetime.self, forKey: .latestAt)
        storyCount = container.decodeTolerantly(Int.self, forKey: .storyCount) ?? 1
    }
}
