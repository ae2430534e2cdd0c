import ATProtoTestKit
import AppTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import GrainStoriesWeb

/// The sign-in page as a person meets it: headed with what they came to do, no "Sign in"
/// link to itself, the PDS field unfolded when the message is about it, and after a
/// failed attempt the handle kept and the password (never echoed) focused.
@Suite struct SignInPageTests {
    @Test func thePageIsHeadedWithWhyTheVisitorCameAndOnlyForAKnownReason() async throws {
        let app = try await AppHarness()
        let like = await app.respond("/signin?reason=like&next=%2F").text
        let comment = await app.respond("/signin?reason=comment").text
        let plain = await app.respond("/signin").text
        let forged = await app.respond("/signin?reason=%3Cb%3EPay%20here%3C%2Fb%3E").text
        await app.shutdown()
        #expect(like.contains("<h1>Sign in to like this story</h1>"))
        #expect(comment.contains("<h1>Sign in to comment</h1>"))
        #expect(plain.contains("<h1>Sign in to post stories</h1>"))
        #expect(forged.contains("<h1>Sign in to post stories</h1>") && !forged.contains("Pay here"), "only the fixed reasons are read")
    }

    @Test func theHeaderOffersNoSignInLinkOnTheSignInPage() async throws {
        let app = try await AppHarness()
        let signIn = await app.respond("/signin").text
        let home = await app.respond("/").text
        await app.shutdown()
        #expect(!signIn.contains("<a class=\"header-link\" href=\"/signin\">Sign in</a>"))
        #expect(home.contains("<a class=\"header-link\" href=\"/signin\">Sign in</a>"), "other pages keep it")
    }

    @Test func aMessageAboutThePDSUnfoldsItsFieldAndARetryIsOneField() async throws {
        let pds = try FakePDS()
        let app = try await AppHarness()
        let fresh = await app.respond("/signin").text
        // A DID no identity directory knows, with no PDS typed: the message points to the
        // PDS address (a PDS the operator trusts), so that field is shown.
        let unresolvable = await CookieJar(app).signIn(identifier: "did:plc:nobodyknowsthisone222222", password: "x", pds: "")
        let wrong = await CookieJar(app).signIn(identifier: FakePDS.Account.alice.handle, password: "not-her-password", pds: pds.baseURL)
        await app.shutdown()
        pds.stop()
        #expect(fresh.contains("<details class=\"advanced\">"), "folded away at first")
        #expect(!fresh.contains("autofocus"))
        #expect(unresolvable.text.contains("class=\"form-error\""))
        #expect(unresolvable.text.contains("<details class=\"advanced\" open>"), "\(unresolvable.text)")
        #expect(wrong.status == .unauthorized)
        #expect(wrong.text.contains("value=\"\(FakePDS.Account.alice.handle)\""), "the handle is kept")
        #expect(wrong.text.contains("placeholder=\"xxxx-xxxx-xxxx-xxxx\" aria-describedby=\"password-note\" autofocus>"), "the password field takes the focus")
        #expect(!wrong.text.contains("not-her-password"), "a password is never put back into the page")
        #expect(wrong.text.contains("Type the app password again: for your safety it is never put back into the page."))
        #expect(HTMLInspection.count("autofocus", in: wrong.text) == 1)
    }

    /// An unknown handle is what needs fixing: it stays in its field, which takes the focus
    /// and is described by a message in plain words (no "DID"); the page says to type the
    /// password again, and that field does not take the focus.
    @Test func anUnknownHandleKeepsTheHandleFocusesItAndSaysPlainlyWhatIsWrong() async throws {
        let app = try await AppHarness()
        let unknown = await CookieJar(app).signIn(identifier: "nobody-here.test", password: "secret-typed", pds: "")
        await app.shutdown()
        #expect(unknown.status == .notFound || unknown.status == .badRequest, "\(unknown.status)")
        #expect(unknown.text.contains("No account called nobody-here.test was found. Check how your handle is spelled: it looks like alice.bsky.social."))
        #expect(!unknown.text.contains("DID"), "no jargon")
        #expect(
            unknown.text.contains("value=\"nobody-here.test\" autofocus aria-invalid=\"true\" aria-describedby=\"signin-problem\">"),
            "the handle is kept and takes the focus")
        #expect(unknown.text.contains("<p class=\"form-error\" id=\"signin-problem\" role=\"alert\">"))
        #expect(HTMLInspection.count("autofocus", in: unknown.text) == 1, "only the handle takes the focus")
        #expect(!unknown.text.contains("secret-typed"))
        #expect(unknown.text.contains("Type the app password again"))
    }
}
