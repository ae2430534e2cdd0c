import ATProtoTestKit
import Foundation
import Testing

@testable import ATProto
@testable import Presentation
@testable import Social
@testable import Viewing

/// Who is in a signed-in person's strip and in which order, from whom they follow, block
/// or hid, what they chose and what they have seen.
@Suite struct StripSelectionTests {
    static func author(_ name: String, count: Int = 1, at time: String = "2026-09-04T17:00:00.000Z") -> StoryAuthor {
        let did = DID("did:plc:\(name)\(String(repeating: "x", count: 24 - name.count))")!
        return StoryAuthor(
            profile: ProfileView(did: did, handle: Handle("\(name).test"), displayName: name.capitalized), storyCount: count, latestAt: Datetime(time)!)
    }

    static let people = ["ann", "ben", "cat", "dan", "eve"].map { author($0) }
    static func did(_ name: String) -> DID { author(name).profile.did }
    static func names(_ selection: StripSelection) -> [String] {
        selection.authors.compactMap { $0.profile.handle?.rawValue.replacingOccurrences(of: ".test", with: "") }
    }

    static func seen(_ names: String...) -> SeenState {
        var state = SeenState()
        for name in names { state.markSeen(author: did(name), createdAt: "2026-09-04T17:00:00.000Z") }
        return state
    }

    @Test func followingIsTheDefaultOnlyWhenSomeoneFollowedIsLive() {
        let following = StripSelection.select(
            Self.people, viewer: Self.did("dan"), follows: [Self.did("eve"), Self.did("ben")], hidden: [], chosen: nil, seen: SeenState())
        #expect(following.choice == .following && following.followsAnyoneLive)
        #expect(Self.names(following) == ["dan", "ben", "eve"], "themselves first, then Grain's order")
        let nobodyLive = StripSelection.select(Self.people, viewer: Self.did("dan"), follows: [Self.did("zed")], hidden: [], chosen: nil, seen: SeenState())
        #expect(nobodyLive.choice == .everyone && !nobodyLive.followsAnyoneLive)
        #expect(Self.names(nobodyLive) == ["dan", "ann", "ben", "cat", "eve"])
        let chosen = StripSelection.select(Self.people, viewer: Self.did("dan"), follows: [Self.did("zed")], hidden: [], chosen: .following, seen: SeenState())
        #expect(Self.names(chosen) == ["dan"])
        let unknown = StripSelection.select(Self.people, viewer: Self.did("dan"), follows: nil, hidden: [], chosen: .following, seen: SeenState())
        #expect(unknown.choice == .everyone && unknown.authors.count == 5, "follows that cannot be read show everyone")
    }

    @Test func hiddenPeopleAreLeftOutOfBothStripsButNeverThePersonThemselves() {
        let hidden: Set<DID> = [Self.did("ben"), Self.did("dan")]
        let everyone = StripSelection.select(
            Self.people, viewer: Self.did("dan"), follows: [Self.did("ben")], hidden: hidden, chosen: .everyone, seen: SeenState())
        #expect(Self.names(everyone) == ["dan", "ann", "cat", "eve"])
        let following = StripSelection.select(Self.people, viewer: Self.did("dan"), follows: [Self.did("ben")], hidden: hidden, chosen: nil, seen: SeenState())
        #expect(following.choice == .everyone, "the only person followed is hidden")
    }

    @Test func unseenPeopleComeFirstEachGroupInGrainsOrderTheirOwnEntryFirst() {
        let selection = StripSelection.select(Self.people, viewer: Self.did("cat"), follows: [], hidden: [], chosen: nil, seen: Self.seen("ann", "cat", "dan"))
        #expect(Self.names(selection) == ["cat", "ben", "eve", "ann", "dan"])
        // A newer story makes someone unseen again.
        var people = Self.people
        people[0] = Self.author("ann", at: "2026-09-04T17:30:00.000Z")
        let newer = StripSelection.select(people, viewer: Self.did("cat"), follows: [], hidden: [], chosen: nil, seen: Self.seen("ann", "dan"))
        #expect(Self.names(newer) == ["cat", "ann", "ben", "eve", "dan"])
        // Without a viewer entry, the same two groups.
        #expect(StripOrder.arrange(Self.people, viewer: nil, seen: Self.seen("ben")).map(\.profile.did) == ["ann", "cat", "dan", "eve", "ben"].map(Self.did))
    }
}
