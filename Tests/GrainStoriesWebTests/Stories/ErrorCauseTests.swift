import ATProtoTestKit
import AppTestKit
import CurlHTTPClient
import FeatureTestKit
import Foundation
import LoggingTestKit
import MicroHTTPServer
import PhotoPipeline
import PhotoTestKit
import Testing

@testable import ATProto
@testable import Accounts
@testable import GrainStoriesWeb
@testable import GrainSupport
@testable import Posting
@testable import Presentation
@testable import Social
@testable import Viewing

/// A failed AppView call reaches the page layer with its whole cause inside, as typed
/// values (`StoryLibraryError` → `XRPCError` → `OutboundError` → `HTTPClientError`), and
/// the one error boundary logs that chain while the page keeps its friendly text.
@Suite struct ErrorCauseTests {
    static let maya = "did:plc:hbrpoigf3cbfnobm2o4rak3v"

    /// A live library on a stand-in AppView in `mode`, with a short call timeout.
    static func failure(_ mode: StandInAppView.Mode, timeout: Duration = .seconds(5)) async throws -> StoryLibraryError {
        let appView = try StandInAppView(image: try JPEGEncoder.encode(TestImages.photoLike(width: 12, height: 16), quality: 85))
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let library = AppViewStoryLibrary(client: AppViewClient(xrpc: XRPCClient(baseURL: appView.baseURL, http: http), timeout: timeout))
        appView.setMode(mode)
        let result: Result<Fetched<[StoryAuthor]>, StoryLibraryError>
        do throws(StoryLibraryError) { result = .success(try await library.storyAuthors()) } catch { result = .failure(error) }
        await http.shutdown()
        await appView.stop()
        guard case .failure(let error) = result else {
            Issue.record("the AppView in mode \(mode) was read successfully")
            throw CancellationError()
        }
        return error
    }

    @Test func anAppViewThatHangsFailsWithTheTransportTimeoutInside() async throws {
        let error = try await Self.failure(.hang, timeout: .milliseconds(300))
        guard case .unavailable(.transport(.transport(let transport))) = error else {
            Issue.record("expected a transport failure inside, got \(error)")
            return
        }
        #expect(transport.code == .timedOut)
        #expect(transport.curlCode == 28)
        #expect(error.cause.isTransient)
        #expect(error.description.hasPrefix("appview unavailable: xrpc transport: timed out (curl 28)"), "\(error)")
    }

    @Test func anAppViewThatAnswersGarbageFailsWithTheDecodingProblemInside() async throws {
        let error = try await Self.failure(.malformedJSON)
        guard case .unavailable(.undecodable(let problem)) = error else {
            Issue.record("expected an undecodable answer inside, got \(error)")
            return
        }
        #expect(problem.kind == .corrupted)
        #expect(!error.cause.isTransient, "garbage is not retried as if Grain were down")
        #expect(error.description.hasPrefix("appview unavailable: unreadable answer: "), "\(error)")
    }

    @Test func anAppViewErrorAnswerKeepsItsStatusAndErrorName() async throws {
        let error = try await Self.failure(.serverError)
        #expect(error == .unavailable(.remote(status: 500, error: "InternalServerError", message: nil)))
        #expect(error.cause.status == 500)
        #expect(error.cause.isTransient)
        #expect(error.description == "appview unavailable: HTTP 500 InternalServerError")
    }

    @Test func theErrorBoundaryLogsTheChainButShowsOnlyTheFriendlyText() async throws {
        let error = try await Self.failure(.hang, timeout: .milliseconds(300))
        let app = try await AppHarness()
        let errors = ErrorResponder(pages: app.pages, logger: app.logger)
        let response = errors.response(for: error, request: HTTPRequest(method: .get, target: "/x"), requestID: "ref7")
        await app.shutdown()
        #expect(response.status == .serviceUnavailable)
        #expect(response.text.contains("Grain could not be reached just now"))
        #expect(!response.text.contains("curl"))
        #expect(
            app.logs.lines.contains {
                $0.contains("request failed") && $0.contains("id=ref7") && $0.contains("appview unavailable: xrpc transport: timed out (curl 28)")
            }, "\(app.logs.lines)")
    }

    @Test func aPageWhoseLibraryFailsLogsTheCauseOnTheRequestLine() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        library.update { $0.failing = true }
        let app = try await AppHarness(library: library)
        let response = await app.respond("/profile/\(Self.maya)/story/3muojebufwseb")
        await app.shutdown()
        #expect(response.status == .serviceUnavailable)
        #expect(response.text.contains("Grain could not be reached just now"))
        #expect(!response.text.contains("fake: unreachable"))
        #expect(
            app.logs.lines.contains {
                $0.contains("request failed") && $0.contains("appview unavailable: xrpc transport: could not connect (curl 7): fake: unreachable")
            }, "\(app.logs.lines)")
    }

    @Test func theStripLogsTheCauseWhenItFallsBackToANotice() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        library.update { $0.failing = true }
        let app = try await AppHarness(library: library)
        let response = await app.respond("/")
        await app.shutdown()
        #expect(response.status == .ok)
        #expect(
            app.logs.lines.contains {
                $0.contains("the AppView could not be read for the strip") && $0.contains("appview unavailable: xrpc transport: could not connect (curl 7)")
            }, "\(app.logs.lines)")
    }

    @Test func decodingProblemsNameThePathThatDidNotFit() throws {
        struct Strip: Decodable {
            struct Author: Decodable { var latestAt: String }
            var authors: [Author]
        }
        let failure: DecodingProblem
        do {
            _ = try JSONDecoder().decode(Strip.self, from: Data(#"{"authors":[{"latestAt":"x"},{"latestAt":3}]}"#.utf8))
            Issue.record("decoded a number as a string")
            return
        } catch {
            failure = DecodingProblem(error)
        }
        #expect(failure.kind == .typeMismatch)
        #expect(failure.path == "authors[1].latestAt")
        #expect(failure.description.hasPrefix("at authors[1].latestAt: "))
    }

    @Test func aFailedSignInCallNeverPrintsThePassword() async throws {
        let pds = try FakePDS()
        let http = OutboundHTTP(userAgent: "GrainStoriesTests", insecureHosts: ["127.0.0.1"])
        let client = PDSClient(baseURL: pds.baseURL, http: http)
        let password = "hunter2-app-password"
        var failure: XRPCError?
        do throws(XRPCError) {
            _ = try await client.createSession(identifier: "nobody.test", password: Secret(password))
        } catch {
            failure = error
        }
        await http.shutdown()
        pds.stop()
        let error = try #require(failure)
        #expect(error.status == 401)
        #expect(!String(describing: error).contains(password))
        #expect(!String(reflecting: AuthorizedPDS.Failure.pds(error)).contains(password))
    }
}
