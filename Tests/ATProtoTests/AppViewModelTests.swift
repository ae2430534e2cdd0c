import ATProtoTestKit
import Foundation
import TestKit
import Testing

@testable import ATProto

@Suite struct AppViewModelTests {
    private func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    @Test func storyAuthorsDecodeInServerOrderIncludingAnAuthorWithoutAProfile() throws {
        let response = try decode(StoryAuthorsResponse.self, Fixtures.data("getStoryAuthors"))
        #expect(response.authors.map(\.profile.handle) == ["kenji.photo", "tomasreyes.selfhosted.social", "mayaokafor.bsky.social", "erin-walks.bsky.social"])
        #expect(response.authors[2].storyCount == 3)
        #expect(response.authors[2].latestAt == "2026-09-04T15:03:55.120Z")
        let erin = response.authors[3].profile
        #expect(erin.cid == "")
        #expect(erin.displayName == nil && erin.avatar == nil)
        #expect(erin.name == "erin-walks.bsky.social")
        #expect(response.authors[1].profile.name == "Tomás Reyes")
    }

    @Test func storiesDecodeWithLocationsLabelsAndCrossPosts() throws {
        let stories = try decode(StoriesResponse.self, Fixtures.data("getStories")).stories
        #expect(stories.count == 3)
        #expect(stories[0].rkey == "3muojebufwseb")
        #expect(stories[0].aspectRatio == AspectRatio(width: 1500, height: 2000))
        #expect(stories[0].location == HThreeLocation(value: "8a28f0004a77fff", name: "Powell's City of Books"))
        #expect(stories[0].address?.postalCode == "97209")
        #expect(stories[0].placeLabel == "Powell's City of Books, Portland, Oregon, US")
        #expect(stories[0].crossPost?.url == "https://bsky.app/profile/did:plc:hbrpoigf3cbfnobm2o4rak3v/post/3muojef6hikor")
        #expect(stories[1].labels?.map(\.val) == ["nudity"])
        #expect(stories[1].labels?.first?.neg == nil)
        #expect(stories[1].placeLabel == nil)
        #expect(stories[2].commentCount == 1)
    }

    @Test func getStoryLacksHydratedFieldsAndAnEmptyObjectMeansUnknown() throws {
        let story = try #require(try decode(StoryResponse.self, Fixtures.data("getStory")).story)
        #expect(story.expired == nil && story.commentCount == nil && story.locationDisplay == nil)
        #expect(story.placeLabel == "Powell's City of Books")
        #expect(try decode(StoryResponse.self, Data("{}".utf8)).story == nil)
    }

    @Test func archiveAndProfileDecode() throws {
        let archive = try decode(StoriesResponse.self, Fixtures.data("getStoryArchive"))
        #expect(archive.stories.count == 4)
        #expect(archive.stories[3].expired == true)
        #expect(archive.cursor == "2026-08-29T10:11:12.345Z")
        let profile = try decode(ProfileViewDetailed.self, Fixtures.data("getProfile"))
        #expect(profile.name == "Maya Okafor")
        #expect(profile.followersCount == 418 && profile.followsCount == 201 && profile.galleryCount == 23)
        #expect(profile.description?.hasPrefix("Bookshops") == true)
    }

    @Test func minimalViewsWithEveryOptionalFieldAbsentDecode() throws {
        let json = """
            {"stories":[{"uri":"at://did:plc:a/social.grain.story/3k","creator":{"did":"did:plc:a"},"fullsize":"https://cdn.example/f","createdAt":"2026-09-04T10:00:00.000Z"}]}
            """
        let story = try #require(try decode(StoriesResponse.self, Data(json.utf8)).stories.first)
        #expect(story.creator.handle == nil)
        #expect(story.creator.shownHandle == "did:plc:a")
        #expect(story.thumb == "https://cdn.example/f")
        #expect(story.aspectRatio == AspectRatio(width: 4, height: 3))
        #expect(story.labels == [])
        let profile = try decode(ProfileViewDetailed.self, Data(#"{"did":"did:plc:a","handle":"a.test","cid":""}"#.utf8))
        #expect(profile.followersCount == nil)
    }

    @Test func unknownFieldsAndMalformedEntriesAreTolerated() throws {
        let json = """
            {"authors":[
              {"profile":{"did":"did:plc:a","handle":"a.test","future":{"x":1}},"storyCount":2,"latestAt":"2026-09-04T10:00:00.000Z","unviewedCount":1},
              {"profile":"not an object","storyCount":1,"latestAt":"x"},
              {"storyCount":1},
              {"profile":{"did":"did:plc:b","handle":"b.test","displayName":42},"latestAt":"2026-09-04T09:00:00.000Z"}
            ],"cursor":"ignored"}
            """
        let authors = try decode(StoryAuthorsResponse.self, Data(json.utf8)).authors
        #expect(authors.map(\.profile.did) == ["did:plc:a", "did:plc:b"])
        #expect(authors[1].profile.displayName == nil)
        #expect(authors[1].storyCount == 1)

        let stories = """
            {"stories":[{"uri":"at://did:plc:x/social.grain.story/1","creator":{"did":"did:plc:x"},"fullsize":"https://f","createdAt":"2026-09-04T10:00:00.000Z","aspectRatio":{"width":0,"height":-3},"labels":[{"val":"nudity"},{"nope":true}],"expired":"maybe"}]}
            """
        let story = try #require(try decode(StoriesResponse.self, Data(stories.utf8)).stories.first)
        #expect(story.aspectRatio == AspectRatio(width: 4, height: 3))
        #expect(story.labels?.map(\.val) == ["nudity"])
        #expect(story.expired == nil)
    }

    @Test(arguments: [
        ("Maya Okafor", "Maya Okafor"), (" Maya ", "Maya"), ("\tMaya\n", "Maya"), ("\u{A0}Maya\u{3000}", "Maya"),
        ("Zoë", "Zoë"), ("Zoë ", "Zoë"), ("   ", "maya.example"), ("", "maya.example"), ("M", "M"), ("🙂", "🙂"),
    ])
    func theVisibleNameIsTheTrimmedDisplayNameOrTheHandle(displayName: String, expected: String) {
        #expect(ProfileView.visibleName(displayName, handle: "maya.example") == expected)
        #expect(ProfileView.visibleName(nil, handle: "maya.example") == "maya.example")
    }

    @Test func responsesWithoutTheirListAreErrors() throws {
        #expect(throws: DecodingError.self) { try decode(StoryAuthorsResponse.self, Data("{}".utf8)) }
        #expect(throws: DecodingError.self) { try decode(StoriesResponse.self, Data(#"{"error":"x"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try decode(StoriesResponse.self, Data("[1,2]".utf8)) }
        #expect(throws: DecodingError.self) { try decode(CommentThreadPage.self, Data(#"{"cursor":"c"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try decode(FollowingPage.self, Data(#"{"error":"x"}"#.utf8)) }
        // An empty list is an answer, not an error.
        #expect(try decode(CommentThreadPage.self, Data(#"{"comments":[]}"#.utf8)).comments.isEmpty)
        #expect(try decode(FollowingPage.self, Data(#"{"items":[]}"#.utf8)).items.isEmpty)
    }
}
