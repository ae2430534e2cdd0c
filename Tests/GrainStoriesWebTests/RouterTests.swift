import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

@Suite struct RouterTests {
    private func router() -> Router {
        var router = Router()
        router.get("/") { _ in HTTPResponse(status: .ok, contentType: "text/plain", text: "home") }
        router.get("/profile/:actor/story/:rkey") { context in
            HTTPResponse(status: .ok, contentType: "text/plain", text: "\(try context.parameter("actor"))|\(try context.parameter("rkey"))")
        }
        router.post("/signout", body: .form(4096)) { _ in HTTPResponse(status: .seeOther) }
        router.get("/assets/*path") { HTTPResponse(status: .ok, contentType: "text/plain", text: try $0.parameter("path")) }
        return router
    }

    private func call(_ method: HTTPMethod, _ path: String, on router: Router? = nil) async throws -> String? {
        let router = router ?? self.router()
        guard case .matched(let handler, let parameters, _, _) = router.resolve(method, try PathSegments(rawPath: path)) else { return nil }
        let response = try await handler(try RequestContext(request: HTTPRequest(method: method, target: path), parameters: parameters))
        guard case .bytes(let bytes) = response.body else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func parametersAreCapturedAndDecoded() async throws {
        #expect(try await call(.get, "/profile/did:plc:abc/story/3muojebufwseb") == "did:plc:abc|3muojebufwseb")
        #expect(try await call(.get, "/profile/maya%2Ebsky.social/story/x") == "maya.bsky.social|x")
    }

    @Test func restParameterTakesTheRemainingSegments() async throws {
        #expect(try await call(.get, "/assets/icons/ring.svg") == "icons/ring.svg")
        #expect(try await call(.get, "/assets") == nil)
    }

    @Test func headUsesTheGetRoute() async throws {
        #expect(try await call(.head, "/") == "home")
    }

    @Test func unknownPathsAreNotFound() throws {
        guard case .notFound = router().resolve(.get, try PathSegments(rawPath: "/nope")) else {
            Issue.record("expected not found")
            return
        }
        guard case .notFound = router().resolve(.get, try PathSegments(rawPath: "/profile/a/story")) else {
            Issue.record("a shorter path must not match")
            return
        }
    }

    @Test func wrongMethodListsTheAllowedOnes() throws {
        guard case .methodNotAllowed(let allowed) = router().resolve(.post, try PathSegments(rawPath: "/")) else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == [.get, .head])
        guard case .methodNotAllowed(let onlyPost) = router().resolve(.get, try PathSegments(rawPath: "/signout")) else {
            Issue.record("expected 405")
            return
        }
        #expect(onlyPost == [.post])
    }

    @Test func routesSaySeparatelyWhetherTheyNeedTheSignedInAccount() throws {
        var router = Router()
        router.get("/static", usesAccount: false) { _ in HTTPResponse() }
        router.get("/page") { _ in HTTPResponse() }
        guard case .matched(_, _, let staticUses, _) = router.resolve(.get, try PathSegments(rawPath: "/static")),
            case .matched(_, _, let pageUses, _) = router.resolve(.get, try PathSegments(rawPath: "/page"))
        else {
            Issue.record("both routes should match")
            return
        }
        #expect(!staticUses && pageUses)
    }

    /// The order routes were added in decides between a literal route and one starting
    /// with a parameter or `*rest`, whichever was added first, for immediate handlers too.
    @Test func theFirstRouteAddedWinsWhetherItStartsWithALiteralOrAParameter() async throws {
        func answer(_ text: String) -> Router.Handler { { _ in HTTPResponse(status: .ok, contentType: "text/plain", text: text) } }
        var router = Router()
        router.get("/early/x", answer("early literal"))
        router.get("/:name/x", answer("parameter"))
        router.get("/late/x", answer("late literal"))
        router.get("/*rest", answer("rest"))
        router.getImmediately("/immediate/x") { _ in HTTPResponse(status: .ok, contentType: "text/plain", text: "immediate") }
        #expect(try await call(.get, "/early/x", on: router) == "early literal")
        #expect(try await call(.get, "/late/x", on: router) == "parameter")
        #expect(try await call(.get, "/other/x", on: router) == "parameter")
        #expect(try await call(.get, "/late/y", on: router) == "rest")
        #expect(try await call(.get, "/early", on: router) == "rest")
        #expect(try await call(.get, "/immediate/x", on: router) == "parameter")
        #expect(try await call(.get, "/immediate/y", on: router) == "rest")
        #expect(router.immediateHandler(.get, try PathSegments(rawPath: "/immediate/x")) == nil)

        var immediateFirst = Router()
        immediateFirst.getImmediately("/immediate/x") { _ in HTTPResponse(status: .ok, contentType: "text/plain", text: "immediate") }
        immediateFirst.get("/:name/x", answer("parameter"))
        #expect(immediateFirst.immediateHandler(.get, try PathSegments(rawPath: "/immediate/x")) != nil)
        #expect(immediateFirst.immediateHandler(.get, try PathSegments(rawPath: "/other/x")) == nil)
        guard case .methodNotAllowed(let allowed) = immediateFirst.resolve(.post, try PathSegments(rawPath: "/immediate/x")) else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == [.get, .head])
    }
}
