import ATProtoTestKit
import Foundation
import Testing

@testable import ATProto
@testable import Presentation
@testable import Social
@testable import Viewing

/// TV mode's order: the strip's, round and round, or only one account's follows with
/// that account first; and the window of the circle the viewer's navigator walks.
@Suite struct TVRotationTests {
    static func author(_ name: String, count: Int = 1) -> StoryAuthor {
        let did = DID("did:plc:\(name)\(String(repeating: "x", count: 24 - name.count))")!
        return StoryAuthor(
            profile: ProfileView(did: did, handle: Handle("\(name).test"), displayName: name.capitalized), storyCount: count,
            latestAt: "2026-09-04T17:00:00.000Z")
    }

    static let people = ["ann", "ben", "cat", "dan", "eve"].map { author($0) }
    static func did(_ name: String) -> DID { author(name).profile.did }

    @Test func everyoneInGrainsOrderWithoutPeopleWhoseStoriesAreGone() {
        let rotation = TVRotation(authors: Self.people + [Self.author("fay", count: 0)])
        #expect(rotation.authors.map(\.profile.handle?.rawValue) == ["ann.test", "ben.test", "cat.test", "dan.test", "eve.test"])
    }

    @Test func aFollowListKeepsOnlyThosePeopleWithTheAccountFirst() {
        let rotation = TVRotation(authors: Self.people, account: Self.did("dan"), follows: [Self.did("eve"), Self.did("ben"), Self.did("zed")])
        #expect(rotation.authors.map(\.profile.did) == [Self.did("dan"), Self.did("ben"), Self.did("eve")])
        let nobody = TVRotation(authors: Self.people, account: Self.did("zed"), follows: [])
        #expect(nobody.isEmpty)
    }

    @Test func theNavigationWindowWrapsRoundWithTheCurrentPersonOnceInTheMiddle() {
        let rotation = TVRotation(authors: Self.people)
        let names = { (order: [DID]) in order.map { did in Self.people.first { $0.profile.did == did }!.profile.displayName! } }
        #expect(names(rotation.navigationOrder(around: Self.did("ann"))) == ["Ben", "Cat", "Dan", "Eve", "Ann", "Ben", "Cat", "Dan", "Eve"])
        #expect(names(rotation.navigationOrder(around: Self.did("dan"))) == ["Eve", "Ann", "Ben", "Cat", "Dan", "Eve", "Ann", "Ben", "Cat"])
        let two = TVRotation(authors: Array(Self.people.prefix(2)))
        #expect(names(two.navigationOrder(around: Self.did("ann"))) == ["Ben", "Ann", "Ben"])
        let one = TVRotation(authors: Array(Self.people.prefix(1)))
        #expect(one.navigationOrder(around: Self.did("ann")) == [Self.did("ann")])
    }

    @Test func aWideCircleShowsOnlyTheNearestPeopleOnEachSide() {
        let many = (0..<30).map { Self.author("p\($0)") }
        let order = TVRotation(authors: many).navigationOrder(around: many[0].profile.did)
        #expect(order.count == 2 * TVRotation.reach + 1)
        #expect(order[TVRotation.reach] == many[0].profile.did)
        #expect(order[TVRotation.reach - 1] == many[29].profile.did, "just before the first person comes the last")
        #expect(order[TVRotation.reach + 1] == many[1].profile.did)
        #expect(order.filter { $0 == many[0].profile.did }.count == 1)
    }

    @Test func upNextNamesThePeopleAfterRoundTheCircleNeverTheCurrentOne() {
        let rotation = TVRotation(authors: Self.people)
        #expect(rotation.upNext(after: Self.did("dan"), count: 3).map(\.profile.did) == [Self.did("eve"), Self.did("ann"), Self.did("ben")])
        #expect(rotation.upNext(after: Self.did("ann"), count: 10).count == 4)
        #expect(TVRotation(authors: Array(Self.people.prefix(1))).upNext(after: Self.did("ann"), count: 3).isEmpty)
    }
}
