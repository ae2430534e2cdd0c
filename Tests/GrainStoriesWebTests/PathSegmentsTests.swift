import GrainSupport
import MicroHTTPServer
import TestKit
import Testing

@testable import GrainStoriesWeb

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

    /// The splitting every path took before plain paths got their byte-level fast path:
    /// decoding each segment, then refusing dots, separators and empty segments.
    private static func reference(_ rawPath: String) -> [String]? {
        guard rawPath.utf8.first == 0x2F, rawPath.utf8.count <= 4096 else { return nil }
        var decoded: [String] = []
        for raw in rawPath.utf8.split(separator: 0x2F, omittingEmptySubsequences: false).dropFirst() {
            guard let segment = PercentEncoding.decode(Substring(raw), plusIsSpace: false) else { return nil }
            if segment == "." || segment == ".." || segment.utf8.contains(where: { $0 == 0x2F || $0 == 0x5C || $0 == 0 }) { return nil }
            decoded.append(segment)
        }
        if decoded.last == "" { decoded.removeLast() }
        if decoded.contains("") { return nil }
        return decoded
    }

    /// Every path, plain or not, splits (or is refused) exactly as before.
    @Test func everyPathSplitsAsItDidBefore() {
        let pieces = ["a", "b", ".", "..", "...", "%2e", "%2F", "%41", "%", "\\", "\u{0}", "é", "+", "did:plc:x", "", "/", ".a", "a."]
        var random = SplitMix64(seed: 0xC0FFEE)
        func next() -> Int { Int(truncatingIfNeeded: random.next() >> 33) }
        var paths = ["/", "//", "/a/", "/a//", "/.", "/..", "/...", "/a/b/c", "/ünï/cödé", "/media/sig/aHR0cHM6Ly9leGFtcGxl"]
        for _ in 0..<4000 {
            paths.append("/" + (0..<(next() % 6)).map { _ in pieces[next() % pieces.count] }.joined(separator: next() % 3 == 0 ? "" : "/"))
        }
        for path in paths {
            #expect((try? PathSegments(rawPath: path).segments) == Self.reference(path), "\(path.debugDescription)")
        }
    }
}
