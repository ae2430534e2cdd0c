import ATProtoTestKit
import CurlHTTPClient
import HTTPTestKit
import PhotoPipeline
import PhotoTestKit
import TestKit
import Testing

@testable import ATProto
@testable import Presentation
@testable import Social
@testable import Viewing

/// The live story library against a stand-in AppView over real HTTP, with a manual
/// clock for its lifetimes and failure pauses: what an outage or made-up names cost Grain.
@Suite struct AppViewStoryLibraryTests {
    static let authors = "social.grain.unspecced.getStoryAuthors"
    static let profiles = "social.grain.unspecced.getActorProfile"

    /// Runs `body` with a stand-in AppView and a library reading it on `clock`.
    static func withLibrary(_ body: (AppViewStoryLibrary, StandInAppView, ManualClock) async throws -> Void) async throws {
        let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 12, height: 16), quality: 85))
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let clock = ManualClock()
        let library = AppViewStoryLibrary(
            client: AppViewClient(xrpc: XRPCClient(baseURL: appView.baseURL, http: http), timeout: .seconds(5)), clock: { clock.now })
        do {
            try await body(library, appView, clock)
        } catch {
            await http.shutdown()
            await appView.stop()
            throw error
        }
        await http.shutdown()
        await appView.stop()
    }

    /// The archive comes a page at a time from `getStoryArchive`, newest first, expired
    /// stories included, and the cursor leads to the next page.
    @Test func theArchiveIsPagedByItsCursor() async throws {
        try await Self.withLibrary { library, appView, _ in
            let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"
            let first = try await library.archive(of: maya, before: nil)
            #expect(first.stories.count >= 2)
            #expect(zip(first.stories, first.stories.dropFirst()).allSatisfy { $0.createdAt > $1.createdAt }, "newest first")
            #expect(first.stories.contains { $0.expired == true }, "expired stories are in the archive")
            let next = try #require(first.next)
            #expect(next == first.stories.last?.createdAt || next < first.stories.first!.createdAt)
            let last = try await library.archive(of: maya, before: next)
            #expect(last.stories.isEmpty && last.next == nil)
            #expect(appView.queryCount("social.grain.unspecced.getStoryArchive") == 2, "not cached: each page is asked for")
        }
    }

    @Test func theStripIsAvailableWithoutWaitingWhileNothingNeedsAskingGrain() async throws {
        try await Self.withLibrary { library, appView, clock in
            #expect(library.cachedStoryAuthors() == nil, "nothing loaded yet")
            let loaded = try await library.storyAuthors()
            let cached = try #require(library.cachedStoryAuthors()).get()
            #expect(cached.value == loaded.value)
            #expect(!cached.isStale)
            clock.advance(by: .seconds(31))
            #expect(library.cachedStoryAuthors() == nil, "past its lifetime: the next page refreshes it")
            _ = try await library.storyAuthors()
            await library.settle()
            #expect(try #require(library.cachedStoryAuthors()).get().value == loaded.value)
            // Grain fails: once the refresh failed, the last good strip is answered at once,
            // marked stale, while the key pauses.
            appView.setMode(.serverError)
            clock.advance(by: .seconds(31))
            _ = try await library.storyAuthors()
            await library.settle()
            let stale = try #require(library.cachedStoryAuthors()).get()
            #expect(stale.isStale)
            #expect(stale.value == loaded.value)
            #expect(appView.queryCount(Self.authors) == 3)
        }
    }

    /// The strip answered without waiting is kept between pages (`FreshStripMemo`), but
    /// never past a change to the cache: dropping it, or a refresh that brings someone new,
    /// shows at once.
    @Test func theKeptStripNeverOutlivesAChangeToTheCache() async throws {
        try await Self.withLibrary { library, appView, clock in
            let before = try await library.storyAuthors().value
            #expect(try #require(library.cachedStoryAuthors()).get().value == before)
            #expect(try #require(library.cachedStoryAuthors()).get().value == before, "asked again: the kept strip")
            appView.post(.init(did: "did:plc:newcomer0000000000000000", handle: "newcomer.test", displayName: "Newcomer"))
            await library.invalidate(author: "did:plc:newcomer0000000000000000")
            #expect(library.cachedStoryAuthors() == nil, "dropped from the cache: nothing to answer without asking Grain")
            let after = try await library.storyAuthors().value
            #expect(after.count == before.count + 1)
            #expect(try #require(library.cachedStoryAuthors()).get().value == after)
            // A refresh in the background replaces it too.
            appView.post(.init(did: "did:plc:secondcomer00000000000000", handle: "second.test", displayName: "Second"))
            clock.advance(by: .seconds(31))
            #expect(library.cachedStoryAuthors() == nil, "past its lifetime")
            _ = try await library.storyAuthors()
            await library.settle()
            #expect(try #require(library.cachedStoryAuthors()).get().value.count == before.count + 2)
        }
    }

    @Test func aRememberedFailureIsAnsweredWithoutWaiting() async throws {
        try await Self.withLibrary { library, appView, clock in
            appView.setMode(.serverError)
            await #expect(throws: StoryLibraryError.self) { try await library.storyAuthors() }
            guard case .failure(.unavailable) = library.cachedStoryAuthors() else {
                Issue.record("the failure should be answered at once during its pause")
                return
            }
            clock.advance(by: .seconds(2))
            #expect(library.cachedStoryAuthors() == nil, "the pause is over: the next page asks Grain again")
            #expect(appView.queryCount(Self.authors) == 1)
        }
    }

    @Test func anAppViewThatFailsIsAskedOncePerPauseHoweverManyPagesLoad() async throws {
        try await Self.withLibrary { library, appView, clock in
            appView.setMode(.serverError)
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<20 { group.addTask { _ = try? await library.storyAuthors() } }
            }
            for _ in 0..<30 {
                await #expect(throws: StoryLibraryError.self) { try await library.storyAuthors() }
            }
            #expect(appView.queryCount(Self.authors) == 1)
            clock.advance(by: .seconds(2))
            for _ in 0..<30 { _ = try? await library.storyAuthors() }
            #expect(appView.queryCount(Self.authors) == 2)
        }
    }

    @Test func duringAnOutageTheLastGoodStripIsServedMarkedStale() async throws {
        try await Self.withLibrary { library, appView, clock in
            #expect(try await library.storyAuthors().value.contains { $0.profile.displayName == "Maya Okafor" })
            appView.setMode(.serverError)
            clock.advance(by: .seconds(31))
            _ = try await library.storyAuthors()
            await library.settle()
            for _ in 0..<20 {
                let fetched = try await library.storyAuthors()
                #expect(fetched.isStale)
                #expect(fetched.value.contains { $0.profile.displayName == "Maya Okafor" })
            }
            #expect(appView.queryCount(Self.authors) == 2, "one success, one failed refresh, then nothing within the pause")
        }
    }

    @Test func anUnknownProfileNameAskedFiftyTimesIsLookedUpOnce() async throws {
        try await Self.withLibrary { library, appView, _ in
            for _ in 0..<50 {
                let profile = try await library.profile(actor: "nobody-here.test").value
                #expect(profile == nil)
            }
            #expect(appView.queryCount(Self.profiles) == 1)
        }
    }

    @Test func aProfileLookupThatFailsIsNotRepeatedWithinItsPause() async throws {
        try await Self.withLibrary { library, appView, clock in
            appView.setMode(.serverError)
            for _ in 0..<50 { _ = try? await library.profile(actor: "x.test") }
            #expect(appView.queryCount(Self.profiles) == 1)
            clock.advance(by: .seconds(2))
            _ = try? await library.profile(actor: "x.test")
            #expect(appView.queryCount(Self.profiles) == 2)
            for _ in 0..<50 { _ = try? await library.profile(actor: "X.test") }
            #expect(appView.queryCount(Self.profiles) == 2, "the pause is now 4 s, whatever the letter case")
        }
    }

    @Test(arguments: [
        (400, #"{"error":"Actor not found"}"#), (400, #"{"error":"ProfileNotFound","message":"Profile not found"}"#),
        (400, #"{"error":"InvalidRequest","message":"Error: could not resolve handle"}"#), (404, #"{"error":"NotFound"}"#),
        (400, #"{"error":"HandleNotFound"}"#),
    ])
    func everyWayOfSayingNoSuchActorIsRememberedAsNoOne(status: Int, body: String) async throws {
        let appView = try ScriptedHTTPServer { _ in
            .respond(ScriptedHTTPServer.Response(status: status, headers: [("Content-Type", "application/json")], payload: .bytes(Array(body.utf8))))
        }
        defer { appView.stop() }
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let clock = ManualClock()
        let library = AppViewStoryLibrary(
            client: AppViewClient(xrpc: XRPCClient(baseURL: appView.baseURL, http: http), timeout: .seconds(5)), clock: { clock.now })
        for _ in 0..<50 {
            let profile = try? await library.profile(actor: "made-up.test")
            #expect(profile != nil && profile?.value == nil, "a page that says there is no such person, not that Grain is down")
        }
        clock.advance(by: .seconds(60))
        _ = try? await library.profile(actor: "made-up.test")
        #expect(appView.requests.count == 1, "remembered for the profile lifetime, not just a failure pause")
        await http.shutdown()
    }

    @Test func otherClientErrorsAreFailuresNotMissingPeople() {
        #expect(!AppViewClient.saysNoSuchActor(.remote(status: 400, error: "MethodNotImplemented", message: nil)))
        #expect(!AppViewClient.saysNoSuchActor(.remote(status: 500, error: "InternalServerError", message: "not found")))
        #expect(!AppViewClient.saysNoSuchActor(.remote(status: 404, error: "XRPCNotSupported", message: nil)), "a wrong AppView address")
        #expect(!AppViewClient.saysNoSuchActor(.undecodable(DecodingProblem(kind: .corrupted, path: "", detail: "x"))))
    }
}
