import ATProtoTestKit
import Accounts
import AppTestKit
import CurlHTTPClient
import Foundation
import GrainSupport
import Housekeeping
import LoggingTestKit
import MicroHTTPServer
import Posting
import TestKit
import Testing

@testable import GrainStoriesWeb

/// Signing in with OAuth through the real server (`--oauth on`, its own public
/// address) against the stand-in authorization server and PDS: the client documents it
/// publishes, the redirect out and back, the session it keeps, and every lie refused.
@Suite struct OAuthSignInTests {
    /// A stand-in authorization server + PDS hosting one fresh account, published in the
    /// test directory, and the live app (`--oauth on`) with a browser.
    struct Flow {
        let server: StandInOAuthServer
        let app: LiveApp
        let browser: HTTPBrowser
        let did: String
        let handle: String

        static func start(mode: OAuthMode = .on, lifetime: Int = 1800) async throws -> Flow {
            let (server, did, handle) = try StandInOAuthServer.withFreshAccount(accessTokenLifetime: lifetime)
            let app = try await LiveApp.startAtKnownAddress(appViewURL: "http://127.0.0.1:9") { $0.oauth = mode }
            return Flow(server: server, app: app, browser: HTTPBrowser(baseURL: app.baseURL), did: did, handle: handle)
        }

        /// Submits the OAuth form on `/signin` (from `next`) and gives the answer.
        func start(_ identifier: String? = nil, next: String? = nil) async throws -> HTTPClientResponse {
            let page = try await browser.get("/signin" + (next.map { "?next=" + PercentEncoding.encodeComponent($0) } ?? ""))
            let token = try #require(CookieJar.csrfToken(in: page.text))
            var fields = [("csrf", token), ("identifier", identifier ?? handle)]
            if let next { fields.append(("next", next)) }
            return try await browser.postForm("/signin/oauth", fields)
        }

        /// Where the page answering the OAuth form sends the browser on to (its refresh
        /// and its link say the same).
        static func onward(_ page: HTTPClientResponse) throws -> String {
            let refresh = try #require(HTMLInspection.attributeValues("content", in: page.text) { $0.contains("http-equiv=\"refresh\"") }.first)
            let link = try #require(HTMLInspection.attributeValues("href", in: page.text) { $0.contains("class=\"button\"") }.first)
            #expect(refresh == "0;url=" + link)
            return link.replacingOccurrences(of: "&amp;", with: "&")
        }

        /// Approves at the authorization server and gives the callback's path and query.
        func approve(_ redirect: HTTPClientResponse, deny: Bool = false) throws -> String {
            let location = try Self.onward(redirect)
            let callback = try #require(server.approve(authorizationURL: location, deny: deny))
            #expect(callback.hasPrefix(app.baseURL + "/oauth/callback?"))
            return String(callback.dropFirst(app.baseURL.count))
        }

        var grantFiles: [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: app.configuration.dataDirectory + "/oauth-sessions")) ?? []
        }

        func stop() async {
            await browser.shutdown()
            await app.stop()
            await server.stop()
        }
    }

    @Test func theClientDocumentsNameThisServerItsCallbackItsScopeAndItsKey() async throws {
        let flow = try await Flow.start()
        let metadataResponse = try await flow.browser.get("/oauth/client-metadata.json")
        #expect(metadataResponse.status == 200)
        #expect(metadataResponse.headers["Content-Type"] == "application/json")
        let metadata = try #require(try JSONSerialization.jsonObject(with: Data(metadataResponse.body)) as? [String: Any])
        #expect(metadata["client_id"] as? String == flow.app.baseURL + "/oauth/client-metadata.json")
        #expect(metadata["redirect_uris"] as? [String] == [flow.app.baseURL + "/oauth/callback"])
        #expect(metadata["jwks_uri"] as? String == flow.app.baseURL + "/oauth/jwks.json")
        #expect(metadata["token_endpoint_auth_method"] as? String == "private_key_jwt")
        #expect(metadata["dpop_bound_access_tokens"] as? Bool == true)
        let scope = Set(((metadata["scope"] as? String) ?? "").split(separator: " ").map(String.init))
        #expect(
            scope == [
                "atproto", "blob:image/*", "repo:social.grain.story?action=create&action=delete",
                "repo:social.grain.actor.profile?action=create&action=update", "repo:social.grain.favorite?action=create&action=delete",
                "repo:social.grain.comment?action=create&action=delete", "repo:app.bsky.feed.post?action=create&action=delete",
            ])
        let jwks = try #require(try JSONSerialization.jsonObject(with: Data(try await flow.browser.get("/oauth/jwks.json").body)) as? [String: Any])
        let keys = try #require(jwks["keys"] as? [[String: Any]])
        let kids = try FileManager.default.contentsOfDirectory(atPath: flow.app.configuration.dataDirectory + "/oauth-client-keys")
            .filter { $0.hasSuffix(".pem") }.map { String($0.dropLast(4)) }
        #expect(keys.compactMap { $0["kid"] as? String } == kids)
        #expect(keys.allSatisfy { $0["d"] == nil }, "only public halves are published")
        await flow.stop()
    }

    @Test func signingInGoesOutAndComesBackToThePageThePersonWasOn() async throws {
        let flow = try await Flow.start()
        let redirect = try await flow.start(next: "/stories/new")
        #expect(redirect.status == 200)
        let location = try Flow.onward(redirect)
        #expect(location.hasPrefix(flow.server.issuer + "/oauth/authorize?"), "the browser goes to the account's authorization server")
        #expect(location.contains("request_uri="), "the request itself was pushed (PAR), only its handle travels")
        let callback = try await flow.browser.get(try flow.approve(redirect))
        #expect(callback.status == 303)
        #expect(callback.headers["Location"] == "/stories/new")
        let page = try await flow.browser.get("/stories/new")
        #expect(page.status == 200, "signed in")
        #expect(page.text.contains(flow.handle))
        // The grant is kept in a file of its own, readable by this server's user alone.
        let files = flow.grantFiles
        #expect(files.count == 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: flow.app.configuration.dataDirectory + "/oauth-sessions/" + files[0])
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let grant = try String(contentsOfFile: flow.app.configuration.dataDirectory + "/oauth-sessions/" + files[0], encoding: .utf8)
        #expect(grant.contains(flow.did))
        // No token reached the log.
        #expect(!flow.app.logs.lines.contains { $0.contains("cod-") }, "no authorization code is logged")
        await flow.stop()
    }

    @Test func aCallbackInABrowserThatDidNotStartTheSignInSignsNobodyIn() async throws {
        let flow = try await Flow.start()
        let callbackPath = try flow.approve(try await flow.start())
        // The attacker's own sign-in, its callback link sent to someone else.
        let victim = HTTPBrowser(baseURL: flow.app.baseURL)
        let answer = try await victim.get(callbackPath)
        #expect(answer.status == 400)
        #expect(answer.text.contains("not started in this browser"))
        #expect(victim.cookie("sid") == nil)
        #expect(flow.grantFiles.isEmpty)
        // The browser that started it can still finish, once.
        #expect(try await flow.browser.get(callbackPath).status == 303)
        let replay = try await flow.browser.get(callbackPath)
        #expect(replay.status == 400, "a callback is used once")
        await victim.shutdown()
        await flow.stop()
    }

    @Test func aCancelledSignInSaysSoAndKeepsNothing() async throws {
        let flow = try await Flow.start()
        let answer = try await flow.browser.get(try flow.approve(try await flow.start(), deny: true))
        #expect(answer.status == 200, "cancelling is a choice, answered with the sign-in page")
        #expect(answer.text.contains("Signing in was cancelled."))
        #expect(flow.browser.cookie("sid") == nil)
        #expect(flow.grantFiles.isEmpty)
        await flow.stop()
    }

    @Test(arguments: [
        (StandInOAuthServer.Lie.callbackIssuer("http://127.0.0.1:1"), 400, "did not come from the sign-in server"),
        (StandInOAuthServer.Lie.subject("did:plc:someoneelseaaaaaaaaaaaa"), 502, "signed in a different account"),
    ])
    func aLyingAuthorizationServerSignsNobodyIn(lie: StandInOAuthServer.Lie, status: Int, message: String) async throws {
        let flow = try await Flow.start()
        let redirect = try await flow.start()
        flow.server.setLies([lie])
        let answer = try await flow.browser.get(try flow.approve(redirect))
        #expect(answer.status == status)
        #expect(answer.text.contains(message))
        #expect(flow.browser.cookie("sid") == nil)
        #expect(flow.grantFiles.isEmpty)
        await flow.stop()
    }

    @Test func aSubjectLivingOnAnotherPDSIsRefusedAndItsTokensRevoked() async throws {
        let flow = try await Flow.start()
        let redirect = try await flow.start()
        // The account's own identity now names a PDS this authorization server does not protect.
        TestIdentityDirectory.shared.publish(did: flow.did, handle: flow.handle, pds: "http://127.0.0.1:9")
        let answer = try await flow.browser.get(try flow.approve(redirect))
        #expect(answer.status == 502)
        #expect(flow.browser.cookie("sid") == nil)
        #expect(flow.grantFiles.isEmpty)
        #expect(flow.server.log.revocations > 0, "tokens issued for the wrong account are revoked")
        await flow.stop()
    }

    @Test func signingOutRevokesTheGrantAndForgetsIt() async throws {
        let flow = try await Flow.start()
        _ = try await flow.browser.get(try flow.approve(try await flow.start()))
        #expect(flow.grantFiles.count == 1)
        let home = try await flow.browser.get("/")
        let token = try #require(CookieJar.csrfToken(in: home.text))
        let out = try await flow.browser.postForm("/signout", [("csrf", token)])
        #expect(out.status == 303)
        #expect(flow.server.log.revocations > 0)
        #expect(flow.grantFiles.isEmpty)
        #expect(!(try await flow.browser.get("/").text.contains(flow.handle)))
        await flow.stop()
    }

    @Test func withOAuthOnlyAppPasswordsAreNeitherOfferedNorTaken() async throws {
        let flow = try await Flow.start(mode: .only)
        let page = try await flow.browser.get("/signin")
        #expect(page.text.contains("action=\"/signin/oauth\""))
        #expect(!page.text.contains("type=\"password\""))
        let token = try #require(CookieJar.csrfToken(in: page.text))
        let refused = try await flow.browser.postForm("/signin", [("csrf", token), ("identifier", flow.handle), ("password", "x")])
        #expect(refused.status == 403)
        await flow.stop()
    }

    @Test func withOAuthOnBothWaysAreOfferedAndWithItOffOnlyAppPasswords() async throws {
        let flow = try await Flow.start(mode: .on)
        let page = try await flow.browser.get("/signin")
        #expect(page.text.contains("action=\"/signin/oauth\""))
        #expect(page.text.contains("Use an app password instead"))
        #expect(page.text.contains("type=\"password\""))
        await flow.stop()
        let plain = try await LiveApp.start(appViewURL: "http://127.0.0.1:9")
        let off = try await plain.request("/signin")
        #expect(!off.text.contains("/signin/oauth"))
        #expect(off.text.contains("type=\"password\""))
        #expect(try await plain.request("/oauth/client-metadata.json").status == 404)
        await plain.stop()
    }

    @Test func anAppPasswordAccountAndAnOAuthAccountShareOneBrowserAndSwitch() async throws {
        let flow = try await Flow.start(mode: .on)
        let pds = try FakePDS()
        // Alice with an app password first.
        let page = try await flow.browser.get("/signin")
        let token = try #require(CookieJar.csrfToken(in: page.text))
        let alice = try await flow.browser.postForm(
            "/signin", [("csrf", token), ("identifier", "alice.test"), ("password", FakePDS.Account.alice.password), ("pds", pds.baseURL)])
        #expect(alice.status == 303)
        // Then the OAuth account, added beside her.
        let added = try await flow.browser.get(try flow.approve(try await flow.start()))
        #expect(added.status == 303)
        var home = try await flow.browser.get("/")
        #expect(home.text.contains("<span class=\"account-handle\">@\(flow.handle)</span>"), "the OAuth account is the current one")
        #expect(home.text.contains("Switch to @alice.test"))
        let switchToken = try #require(CookieJar.csrfToken(in: home.text))
        #expect(try await flow.browser.postForm("/accounts/switch", [("csrf", switchToken), ("did", FakePDS.Account.alice.did)]).status == 303)
        home = try await flow.browser.get("/")
        #expect(home.text.contains("<span class=\"account-handle\">@alice.test</span>"))
        #expect(home.text.contains("Switch to @\(flow.handle)"))
        // Signing Alice out leaves the OAuth account signed in, its grant untouched.
        let out = try await flow.browser.postForm("/signout", [("csrf", try #require(CookieJar.csrfToken(in: home.text)))])
        #expect(out.status == 303)
        home = try await flow.browser.get("/")
        #expect(home.text.contains("<span class=\"account-handle\">@\(flow.handle)</span>"))
        #expect(flow.grantFiles.count == 1)
        #expect(flow.server.log.revocations == 0)
        pds.stop()
        await flow.stop()
    }

    @Test func aGrantWhoseSessionIsGoneIsRevokedAndRemovedByHousekeepingOnceItIsOlderThanASignIn() async throws {
        let flow = try await Flow.start()
        _ = try await flow.browser.get(try flow.approve(try await flow.start()))
        let file = try #require(flow.grantFiles.first)
        let path = flow.app.configuration.dataDirectory + "/oauth-sessions/" + file
        // The session row goes (as when it is pruned as unused); the grant stays behind.
        try await flow.app.root.sessions.repository.delete(idHash: String(file.dropLast(5)))
        let root = flow.app.root
        let housekeeper = Housekeeper(
            drafts: root.posting.drafts, data: root.data, sessions: root.sessions, logger: root.logger, now: Date.init, oauth: root.oauth)
        await housekeeper.sweep()
        #expect(flow.grantFiles == [file], "a grant younger than ten minutes may belong to a sign-in being finished")
        #expect(flow.server.log.revocations == 0)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-700)], ofItemAtPath: path)
        await housekeeper.sweep()
        #expect(flow.grantFiles.isEmpty)
        #expect(flow.server.log.revocations > 0, "revoked at the authorization server")
        await flow.stop()
    }

    @Test func aBackupCarriesTheClientKeysAndTheGrantsOfItsSessionsOnly() async throws {
        let flow = try await Flow.start()
        _ = try await flow.browser.get(try flow.approve(try await flow.start()))
        let grant = try #require(flow.grantFiles.first)
        let data = flow.app.root.data
        // A grant whose session is gone is not carried along.
        try Data("{}".utf8).write(to: URL(fileURLWithPath: data.oauthSessions + "/" + String(repeating: "e", count: 64) + ".json"))
        let target = ProjectPaths.temporaryDirectory("oauth-backup") + "/copy"
        defer { try? FileManager.default.removeItem(atPath: (target as NSString).deletingLastPathComponent) }
        let summary = try await DataDirectoryBackup.backUp(data, to: target)
        #expect(summary.oauthSessions == 1)
        #expect(summary.oauthClientKeys == (try FileManager.default.contentsOfDirectory(atPath: data.oauthClientKeys).count))
        let copied = DataDirectory.layout(of: target)
        #expect(try FileManager.default.contentsOfDirectory(atPath: copied.oauthSessions) == [grant])
        for directory in [copied.oauthSessions, copied.oauthClientKeys] {
            #expect((try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? NSNumber)?.intValue == 0o700)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
                let mode = try FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.posixPermissions] as? NSNumber
                #expect(mode?.intValue == 0o600, "\(name)")
            }
        }
        #expect(
            FileManager.default.contents(atPath: copied.oauthSessions + "/" + grant) == FileManager.default.contents(atPath: data.oauthSessions + "/" + grant))
        await flow.stop()
    }

    /// Each start costs this server requests to the account's servers, so one address
    /// may start twenty sign-ins in ten minutes; the twenty-first is refused before any.
    @Test func startingSignInsIsLimitedPerAddress() async throws {
        let flow = try await Flow.start()
        for _ in 0..<20 { #expect(try await flow.start().status == 200) }
        let pushed = flow.server.log.assertionJTIs.count
        let refused = try await flow.start()
        #expect(refused.status == 429)
        #expect(refused.text.contains("Too many sign-ins were started from here"))
        #expect(flow.server.log.assertionJTIs.count == pushed, "nothing was pushed for the refused one")
        await flow.stop()
    }

    /// The start form changes something (a sign-in begins, the authorization server is
    /// asked): without this browser's own token it is refused, and nothing is pushed.
    @Test func theStartFormNeedsThisBrowsersOwnToken() async throws {
        let flow = try await Flow.start()
        let other = HTTPBrowser(baseURL: flow.app.baseURL)
        let othersToken = try #require(CookieJar.csrfToken(in: try await other.get("/signin").text))
        _ = try await flow.browser.get("/signin")
        for token in [nil, "", "forged", othersToken] as [String?] {
            var fields = [("identifier", flow.handle)]
            if let token { fields.append(("csrf", token)) }
            let refused = try await flow.browser.postForm("/signin/oauth", fields)
            #expect(refused.status == 403, "\(token ?? "no token")")
            #expect(flow.browser.cookie("oauth") == nil)
        }
        #expect(flow.server.log.assertionJTIs.isEmpty, "nothing was pushed")
        await other.shutdown()
        await flow.stop()
    }

    /// Someone who can plant a cookie for this host (a sibling subdomain, on plain http)
    /// starts a sign-in as themselves, plants their own `oauth` cookie into the victim's
    /// browser and sends the callback link: the cookie was set for another browser (it
    /// is bound to that browser's own form cookie or session), so nobody is signed in.
    @Test func aSignInCookiePlantedFromAnotherBrowserFinishesNothing() async throws {
        let flow = try await Flow.start()
        let callbackPath = try flow.approve(try await flow.start())
        let planted = try #require(flow.browser.cookie("oauth"))
        for signedInVictim in [false, true] {
            let victim = HTTPBrowser(baseURL: flow.app.baseURL)
            _ = try await victim.get("/signin")
            if signedInVictim {
                let pds = try FakePDS()
                let page = try await victim.get("/signin")
                let token = try #require(CookieJar.csrfToken(in: page.text))
                let alice = try await victim.postForm(
                    "/signin", [("csrf", token), ("identifier", "alice.test"), ("password", FakePDS.Account.alice.password), ("pds", pds.baseURL)])
                #expect(alice.status == 303)
                pds.stop()
            }
            let own = victim.cookie("sid")
            victim.setCookie("oauth", planted)
            let answer = try await victim.get(callbackPath)
            #expect(answer.status == 400, "victim signed in before: \(signedInVictim)")
            #expect(answer.text.contains("not started in this browser"))
            #expect(victim.cookie("sid") == own, "no account was added")
            await victim.shutdown()
        }
        #expect(flow.grantFiles.isEmpty)
        // The browser that started it still finishes it.
        #expect(try await flow.browser.get(callbackPath).status == 303)
        await flow.stop()
    }
}
