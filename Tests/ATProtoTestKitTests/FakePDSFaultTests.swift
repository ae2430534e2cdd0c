import ATProtoTestKit
import CurlHTTPClient
import Testing

@Suite struct FakePDSFaultTests {
    let story: JSONValue = ["repo": "alice.test", "collection": "x.y.z", "record": ["createdAt": "2026-09-04T08:12:31.407Z"]]

    /// Sends `request` over a new connection. On a reused connection libcurl silently
    /// resends a request whose connection closes before any answer byte (so a dropped
    /// createRecord would run twice); these tests look at one attempt.
    func outcomeOnFreshConnection(_ request: HTTPClientRequest) async throws -> Result<HTTPClientResponse, HTTPClientError> {
        let http = HTTPClient()
        do {
            let result = try await XRPCTestClient(http: http, baseURL: "").outcome(request)
            await http.shutdown()
            return result
        } catch {
            await http.shutdown()
            throw error
        }
    }

    func signIn(_ client: XRPCTestClient) async throws -> String? {
        try await client.signIn("alice.test", "alice-app-password")["accessJwt"]?.stringValue
    }

    @Test func aOneShotErrorFiresOnceAndOnlyForItsMethod() async throws {
        try await withFakePDS { pds, client in
            pds.inject(.internalServerError, on: "com.atproto.repo.createRecord")
            let token = try await signIn(client)
            #expect(try await client.get("com.atproto.server.getSession", token: token).status == 200)
            let failed = try await client.post("com.atproto.repo.createRecord", story, token: token)
            #expect(failed.status == 500)
            #expect(failed.errorName == "InternalServerError")
            #expect(try await client.post("com.atproto.repo.createRecord", story, token: token).status == 200)
            #expect(pds.callCount("com.atproto.repo.createRecord") == 2)
            #expect(pds.succeededCallCount("com.atproto.repo.createRecord") == 1)
            #expect(pds.records("x.y.z").count == 1)
        }
    }

    @Test func repeatedAndPersistentRulesKeepFiringUntilCleared() async throws {
        try await withFakePDS { pds, client async throws in
            pds.inject(.serviceUnavailable, on: nil, .times(2))
            #expect(try await client.get("com.atproto.server.describeServer").status == 503)
            #expect(try await client.get("com.atproto.identity.resolveHandle", [("handle", "alice.test")]).status == 503)
            #expect(try await client.get("com.atproto.server.describeServer").status == 200)
            pds.inject(.badGateway, on: "com.atproto.server.describeServer", .always)
            for _ in 0..<3 { #expect(try await client.get("com.atproto.server.describeServer").status == 502) }
            pds.clearFaults()
            #expect(try await client.get("com.atproto.server.describeServer").status == 200)
        }
    }

    @Test func aStalledCallTimesTheClientOutAndIsNotHandled() async throws {
        try await withFakePDS { pds, client in
            let token = try await signIn(client)
            pds.inject(.stall, on: "com.atproto.repo.createRecord")
            var request = HTTPClientRequest(
                method: "POST", url: pds.url("com.atproto.repo.createRecord"),
                headers: ["Authorization": "Bearer \(token ?? "")", "Content-Type": "application/json"],
                body: .bytes(story.serialized))
            request.timeout = .milliseconds(300)
            guard case .failure(let error) = try await client.outcome(request) else {
                Issue.record("a stalled call must not get an answer")
                return
            }
            #expect(error.code == .timedOut)
            #expect(pds.records("x.y.z").isEmpty)
            let call = try #require(pds.calls.last)
            #expect(call.method == "com.atproto.repo.createRecord" && call.status == nil && call.fault == .stall)
        }
    }

    @Test func droppingMidUploadClosesTheConnectionAndStoresNothing() async throws {
        try await withFakePDS { pds, client in
            let token = try await signIn(client)
            pds.inject(.dropDuringRequestBody(), on: "com.atproto.repo.uploadBlob")
            let body = [UInt8](repeating: 0xAB, count: 256 * 1024)
            let request = HTTPClientRequest(
                method: "POST", url: pds.url("com.atproto.repo.uploadBlob"),
                headers: ["Authorization": "Bearer \(token ?? "")", "Content-Type": "image/jpeg"], body: .bytes(body))
            guard case .failure(let error) = try await outcomeOnFreshConnection(request) else {
                Issue.record("a dropped upload must not get an answer")
                return
            }
            #expect(error.code == .connectionClosed)
            #expect(pds.blobs().isEmpty)
            #expect(pds.callCount("com.atproto.repo.uploadBlob") == 1)
            #expect(pds.succeededCallCount("com.atproto.repo.uploadBlob") == 0)
            #expect(try await client.upload(body, mimeType: "image/jpeg", token: token).status == 200)
            #expect(pds.blobs().count == 1)
        }
    }

    @Test func droppingAfterHandlingLeavesExactlyOneRecordTheClientNeverHeardOf() async throws {
        try await withFakePDS { pds, client in
            let token = try await signIn(client)
            pds.inject(.dropBeforeResponse(handled: true), on: "com.atproto.repo.createRecord")
            let request = HTTPClientRequest(
                method: "POST", url: pds.url("com.atproto.repo.createRecord"),
                headers: ["Authorization": "Bearer \(token ?? "")", "Content-Type": "application/json"],
                body: .bytes(story.serialized))
            guard case .failure(let error) = try await outcomeOnFreshConnection(request) else {
                Issue.record("the answer must be dropped")
                return
            }
            #expect(error.code == .connectionClosed)
            #expect(pds.records("x.y.z").count == 1)
            #expect(pds.succeededCallCount("com.atproto.repo.createRecord") == 1)
            pds.inject(.dropBeforeResponse(handled: false), on: "com.atproto.repo.createRecord")
            let unanswered = try await outcomeOnFreshConnection(request)
            #expect(throws: HTTPClientError.self) { try unanswered.get() }
            #expect(pds.records("x.y.z").count == 1)
        }
    }

    @Test func anExpireFaultForcesTheRefreshPath() async throws {
        try await withFakePDS { pds, client in
            let session = try await client.signIn("alice.test", "alice-app-password")
            pds.inject(.expireAccessToken, on: "com.atproto.repo.createRecord")
            let expired = try await client.post("com.atproto.repo.createRecord", story, token: session["accessJwt"]?.stringValue)
            #expect(expired.status == 400)
            #expect(expired.errorName == "ExpiredToken")
            let refreshed = try await client.post("com.atproto.server.refreshSession", token: session["refreshJwt"]?.stringValue)
            let retried = try await client.post("com.atproto.repo.createRecord", story, token: refreshed.json?["accessJwt"]?.stringValue)
            #expect(retried.status == 200)
            #expect(pds.records("x.y.z").count == 1)
        }
    }

    @Test func aDelayedAnswerStillArrivesAndIsLogged() async throws {
        try await withFakePDS { pds, client async throws in
            pds.inject(.delay(milliseconds: 50), on: "com.atproto.server.describeServer")
            #expect(try await client.get("com.atproto.server.describeServer").status == 200)
            #expect(pds.calls.last?.fault == .delay(milliseconds: 50))
            #expect(pds.calls.last?.succeeded == true)
        }
    }
}
