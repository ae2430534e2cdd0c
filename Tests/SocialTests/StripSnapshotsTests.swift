import ATProto
import Foundation
import Social
import Synchronization
import Testing
import Viewing

/// The order a person was shown is the one the viewer keeps to: people who left drop
/// out, people who joined come last, their own entry stays first; an order unused for
/// half an hour is forgotten.
@Suite struct StripSnapshotsTests {
    static func did(_ name: String) -> DID { DID("did:plc:\(name)\(String(repeating: "x", count: 24 - name.count))")! }
    static let me = did("me")
    static let (ann, ben, cat, dan) = (did("ann"), did("ben"), did("cat"), did("dan"))

    @Test func theViewerKeepsToTheOrderShownAsPeopleComeAndGo() {
        let snapshots = StripSnapshots(now: { Date(timeIntervalSince1970: 0) })
        snapshots.record([Self.me, Self.ann, Self.ben, Self.cat], account: Self.me, choice: .everyone)
        // Ann was watched, so a fresh order has her last; the shown order is kept.
        #expect(snapshots.stable([Self.me, Self.ben, Self.cat, Self.ann], account: Self.me, choice: .everyone) == [Self.me, Self.ann, Self.ben, Self.cat])
        // Ben's stories expired, Dan posted.
        #expect(snapshots.stable([Self.me, Self.dan, Self.cat, Self.ann], account: Self.me, choice: .everyone) == [Self.me, Self.ann, Self.cat, Self.dan])
        // The other strip has an order of its own (none yet: the fresh one).
        #expect(snapshots.stable([Self.cat, Self.ann], account: Self.me, choice: .following) == [Self.cat, Self.ann])
    }

    @Test func theirOwnNewStoryLeadsAndAnOldOrderIsForgotten() {
        let clock = Mutex(Date(timeIntervalSince1970: 0))
        let snapshots = StripSnapshots(now: { clock.withLock { $0 } })
        snapshots.record([Self.ann, Self.ben], account: Self.me, choice: .everyone)
        #expect(snapshots.stable([Self.me, Self.ben, Self.ann], account: Self.me, choice: .everyone) == [Self.me, Self.ann, Self.ben])
        clock.withLock { $0 = $0.addingTimeInterval(StripSnapshots.lifetime + 1) }
        #expect(snapshots.stable([Self.ben, Self.ann], account: Self.me, choice: .everyone) == [Self.ben, Self.ann])
    }
}
