import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

@Suite struct RequestParsingTests {
    @Test func queryStringsDecodePlusAndEscapes() throws {
        let query = try QueryParameters(parsing: "q=two+words&name=Tom%C3%A1s&flag&q=again")
        #expect(query["q"] == "two words")
        #expect(query["name"] == "Tomás")
        #expect(query["flag"] == "")
        #expect(query.values("q") == ["two words", "again"])
        #expect(query["missing"] == nil)
    }

    @Test func malformedQueryEscapesAreBadRequests() {
        #expect(throws: HTTPError.self) { try QueryParameters(parsing: "a=%E0%A4") }
        #expect(throws: HTTPError.self) { try QueryParameters(parsing: "a=%g1") }
    }

    @Test func cookiesAreParsedFirstOneWins() {
        let cookies = Cookies.parse("a=1; b=\"two\"; a=3; junk; =x; c=")
        #expect(cookies == ["a": "1", "b": "two", "c": ""])
        #expect(Cookies.parse(nil).isEmpty)
    }

    /// Over https a cookie is `__Host-` (Secure, `Path=/`, no `Domain`: only this host
    /// can set it); over http the prefix, which browsers refuse there, is left off.
    @Test func setCookieHasSafeDefaults() {
        let value = Cookies.setCookie(name: "sid", value: "abc", maxAgeSeconds: 60, secure: true)
        #expect(value == "__Host-sid=abc; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=Lax")
        #expect(Cookies.setCookie(name: "s", value: "v", maxAgeSeconds: nil, secure: false) == "s=v; Path=/; HttpOnly; SameSite=Lax")
        #expect(Cookies.setCookie(name: "sid", value: "", maxAgeSeconds: 0, secure: true, plainName: true).hasPrefix("sid=; "))
    }

    @Test func formBodiesAreParsed() throws {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
        let request = HTTPRequest(method: .post, path: "/signin", headers: headers, body: .memory(Array("handle=maya.bsky.social&note=a+b%26c".utf8)))
        let form = try RequestContext(request: request).formFields()
        #expect(form["handle"] == "maya.bsky.social")
        #expect(form["note"] == "a b&c")
    }

    @Test func formBodiesOfTheWrongTypeOrSizeAreRefused() throws {
        var json = HTTPHeaders()
        json.add("Content-Type", "application/json")
        let wrongType = HTTPRequest(method: .post, path: "/", headers: json, body: .memory(Array("{}".utf8)))
        #expect(throws: HTTPError.self) { try RequestContext(request: wrongType).formFields() }

        var form = HTTPHeaders()
        form.add("Content-Type", "application/x-www-form-urlencoded")
        let large = HTTPRequest(method: .post, path: "/", headers: form, body: .memory(Array(repeating: 0x61, count: 100)))
        do {
            _ = try RequestContext(request: large).formFields(limit: 10)
            Issue.record("expected 413")
        } catch {
            #expect(error.status == .contentTooLarge)
        }
    }

    @Test func gzipAcceptanceHonoursQualityValues() {
        #expect(AcceptEncoding.allowsGzip("gzip, deflate, br"))
        #expect(AcceptEncoding.allowsGzip("br;q=1.0, gzip;q=0.8"))
        #expect(!AcceptEncoding.allowsGzip("gzip;q=0"))
        #expect(!AcceptEncoding.allowsGzip("identity"))
        #expect(AcceptEncoding.allowsGzip("*"))
        #expect(!AcceptEncoding.allowsGzip("*;q=0"))
        #expect(!AcceptEncoding.allowsGzip(nil))
    }

    @Test func entityTagsMatchWeaklyAndInLists() {
        #expect(ETagMatcher.matches("\"abc\"", etag: "\"abc\""))
        #expect(ETagMatcher.matches("W/\"abc\"", etag: "\"abc\""))
        #expect(ETagMatcher.matches("\"x\", \"abc\"", etag: "\"abc\""))
        #expect(ETagMatcher.matches("*", etag: "\"abc\""))
        #expect(!ETagMatcher.matches("\"abd\"", etag: "\"abc\""))
    }
}
