import Testing

@testable import Accounts
@testable import Posting
@testable import Social

/// The `sid` cookie's list of session ids: what a browser sends is read defensively
/// (malformed ids dropped, repeats once, at most five), and the changes the endpoints
/// make keep the order that says who is current.
@Suite struct SessionCookieTests {
    let a = SessionStore.randomToken(), b = SessionStore.randomToken(), c = SessionStore.randomToken()

    @Test func oneAccountIsTheValueACookieHadBeforeSeveralWerePossible() {
        let cookie = SessionCookie(parsing: a)
        #expect(cookie.ids == [a])
        #expect(cookie.value == a)
    }

    @Test func malformedAndRepeatedIdsAreDroppedAndAtMostFiveAreRead() {
        let hash = SessionStore.hash(b)
        let text = [a, "", "short", hash, String(repeating: "*", count: 43), a, c].joined(separator: ".")
        #expect(SessionCookie(parsing: text).ids == [a, c])
        #expect(SessionCookie(parsing: nil).isEmpty)
        #expect(SessionCookie(parsing: "....").isEmpty)
        let many = (0..<8).map { _ in SessionStore.randomToken() }
        #expect(SessionCookie(parsing: many.joined(separator: ".")).ids == Array(many.prefix(SessionCookie.maxAccounts)))
        #expect(SessionCookie(parsing: String(repeating: a + ".", count: 200)).isEmpty, "an oversized cookie is not read at all")
    }

    @Test func choosingMovesAnIdFirstAndKeepingGoesByHash() {
        let cookie = SessionCookie(ids: [a, b, c])
        #expect(cookie.choosing(c).ids == [c, a, b])
        #expect(cookie.choosing(SessionStore.randomToken()).ids.count == 4)
        #expect(cookie.keeping(idHashes: [SessionStore.hash(c), SessionStore.hash(a)]).ids == [a, c])
        #expect(cookie.id(hashedAs: SessionStore.hash(b)) == b)
        #expect(cookie.id(hashedAs: b) == nil, "an id is not its own hash")
        #expect(cookie.value == "\(a).\(b).\(c)")
    }
}
