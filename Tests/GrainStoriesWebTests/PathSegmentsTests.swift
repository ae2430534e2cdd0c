@testable import GrainStoriesWeb
import MicroHTTPServer
import TestSupport
import Testing

@Suite struct PathSegmentsTests {
    @Test func plainPathsSplitIntoDecodedSegments() throws {
        #expect(try PathSegments(rawPath: "/").segments == [])
        #expect(try PathSegments(rawPath: "/a/b%20c/").segments == ["a", "b c"])
        #expect(try PathSegments(rawPath: "/profile/did%3Aplc%3Axyz").segments == ["profile", "did:plc:xyz"])
    }

    @Test(arguments: [
        "/../etc/passwd", "/assets/../Package.swift", "/assets/%2e%2e/secret", "/assets/%2E%2E/secret",
        "/assets/.%2e/x", "/assets/a%2fb", "/assets/a%2Fb", "/assets/a%5cb", "/assets/a%00b", "/assets/./x",
        "/assets/%2e", "/assets/a%zz", "/assets/a%", "/assets/%ff%fe", "relative", "/a//b",
    ])
    func traversalAndMalformedPathsAreRefused(path: String) {
        #expect(throws: HTTPError.self) { try PathSegments(rawPath: path) }
    }

    @Test func refusedPathsAreBadRequests() {
        do {
            _ = try PathSegments(rawPath: "/assets/%2e%2e/x")
            Issue.record("expected an error")
        } catch {
            #expect(error.status == .badRequest)
        }
    }

    @Test func overlongPathsAreRefused() {
        #expect(throws: HTTPError.self) { try PathSegments(rawPath: "/" + String(repeating: "a", count: 5000)) }
    }
}
