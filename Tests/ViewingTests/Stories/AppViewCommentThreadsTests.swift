import ATProtoTestKit
import CurlHTTPClient
import Foundation
import TestKit
import Testing

@testable import ATProto
@testable import Presentation
@testable import Social
@testable import Viewing

/// Comment threads from the stand-in AppView over real HTTP through the live client:
/// oldest first with a cursor, remembered for their short lifetime (every story view asks
/// for the first page), and an outage is a library error, not a crash.
@Suite struct AppViewCommentThreadsTests {
    static let subject: ATURI = "at://did:plc:hbrpoigf3cbfnobm2o4rak3v/social.grain.story/3muojebufwseb"
    static let nsid = "social.grain.unspecced.getCommentThread"

    @Test func pagesComeOldestFirstAndTheFirstIsCachedForItsLifetime() async throws {
        let appView = try StandInAppView(image: [0xFF, 0xD8])
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let clock = ManualClock()
        let threads = AppViewCommentThreads(
            client: AppViewClient(xrpc: XRPCClient(baseURL: appView.baseURL, http: http)), lifetime: .seconds(15), clock: { clock.now })
        let start = Date(timeIntervalSince1970: 1_788_540_000)
        for index in 0..<3 {
            appView.addComment(
                StandInComment(
                    uri: "at://did:plc:bob222222222222222222222/social.grain.comment/3mc\(index)", subject: Self.subject.rawValue,
                    authorDID: "did:plc:bob222222222222222222222", handle: "bob.test", text: "c\(2 - index)",
                    createdAt: start.addingTimeInterval(Double(2 - index) * 60)))
        }
        let first = try await threads.page(subject: Self.subject, limit: 2, cursor: nil)
        #expect(first.comments.map(\.text) == ["c0", "c1"], "oldest first")
        #expect(first.totalCount == 3)
        let cursor = try #require(first.cursor)
        let second = try await threads.page(subject: Self.subject, limit: 2, cursor: cursor)
        #expect(second.comments.map(\.text) == ["c2"])
        #expect(second.cursor == nil)
        _ = try await threads.page(subject: Self.subject, limit: 2, cursor: nil)
        #expect(appView.queryCount(Self.nsid) == 2, "the first page again comes from memory")
        clock.advance(by: .seconds(16))
        _ = try await threads.page(subject: Self.subject, limit: 2, cursor: nil)
        await threads.settle()
        #expect(appView.queryCount(Self.nsid) == 3, "asked again once its lifetime is over")

        appView.setMode(.serverError)
        await #expect(throws: StoryLibraryError.self) {
            try await threads.page(subject: "at://did:plc:other/social.grain.story/3mnew", limit: 20, cursor: nil)
        }
        await http.shutdown()
        await appView.stop()
    }
}

/// The stand-in's story views count its comments as Grain's do (`storyView.commentCount`).
@Suite struct StandInCommentCountTests {
    @Test func storyViewsCarryTheNumberOfCommentsOnThem() async throws {
        let appView = try StandInAppView(image: [0xFF, 0xD8])
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let client = AppViewClient(xrpc: XRPCClient(baseURL: appView.baseURL, http: http))
        let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
        for index in 0..<2 {
            appView.addComment(
                StandInComment(
                    uri: "at://did:plc:bob222222222222222222222/social.grain.comment/3mk\(index)", subject: AppViewCommentThreadsTests.subject.rawValue,
                    authorDID: "did:plc:bob222222222222222222222", handle: "bob.test", text: "hi", createdAt: Date()))
        }
        let stories = try await client.stories(actor: maya)
        #expect(stories.first { $0.uri == AppViewCommentThreadsTests.subject }?.commentCount == 2)
        #expect(try await client.story(uri: AppViewCommentThreadsTests.subject)?.commentCount == 2)
        await http.shutdown()
        await appView.stop()
    }
}
