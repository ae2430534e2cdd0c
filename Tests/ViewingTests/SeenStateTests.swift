import ATProtoTestKit
import Foundation
import Testing

@testable import ATProto
@testable import Presentation
@testable import Social
@testable import Viewing

@Suite struct SeenStateTests {
    let maya: DID = "did:plc:hbrpoigf3cbfnobm2o4rak3v"

    @Test func anAuthorIsSeenOnceTheirNewestStoryWas() {
        var state = SeenState()
        #expect(!state.hasSeenAll(author: maya, latestAt: "2026-09-04T15:03:55.120Z"))
        state.markSeen(author: maya, createdAt: "2026-09-04T11:47:02.918Z")
        #expect(!state.hasSeenAll(author: maya, latestAt: "2026-09-04T15:03:55.120Z"))
        #expect(state.hasSeen(author: maya, createdAt: "2026-09-04T08:12:31.407Z"))
        state.markSeen(author: maya, createdAt: "2026-09-04T15:03:55.120Z")
        #expect(state.hasSeenAll(author: maya, latestAt: "2026-09-04T15:03:55.120Z"))
    }

    @Test func markingAnOlderStoryDoesNotMoveTimeBack() {
        var state = SeenState()
        let first = state.markSeen(author: maya, createdAt: "2026-09-04T15:03:55.120Z")
        let older = state.markSeen(author: maya, createdAt: "2026-09-04T08:12:31.407Z")
        #expect(first && !older)
        #expect(state.hasSeenAll(author: maya, latestAt: "2026-09-04T15:03:55.120Z"))
    }

    @Test func cookieRoundTripsCompactly() throws {
        var state = SeenState()
        state.markSeen(author: maya, createdAt: "2026-09-04T15:03:55.120Z")
        state.markSeen(author: "did:web:photos.example.com", createdAt: "2026-09-04T10:00:00.000Z")
        let text = SeenCookie.encode(state)
        #expect(text.hasPrefix("v1!p:hbrpoigf3cbfnobm2o4rak3v~"))
        #expect(!text.contains(where: { ";, \"\\".contains($0) }))
        #expect(SeenCookie.decode(text) == state)
    }

    @Test func hostileOrBrokenCookiesDecodeToWhatIsValid() {
        #expect(SeenCookie.decode(nil) == SeenState())
        #expect(SeenCookie.decode("garbage") == SeenState())
        let state = SeenCookie.decode("v1!p:abc~zz!<script>~1!did:x~!did:plc:ok~-5!p:good~10")
        #expect(state.newestSeen == ["did:plc:abc": Int64("zz", radix: 36)!, "did:plc:good": 36])
        #expect(SeenCookie.decode("v1!" + String(repeating: "p:a~1!", count: 3000)) == SeenState())
    }

    @Test func pruningKeepsRecentAndBoundedEntries() {
        let now = Date(timeIntervalSince1970: 1_788_550_000)
        var state = SeenState()
        state.markSeen(author: "did:plc:old", createdAt: "2026-08-01T00:00:00.000Z")
        for index in 0..<200 {
            state.markSeen(author: DID("did:plc:a\(index)")!, createdAt: Datetime(now.addingTimeInterval(Double(-index * 60))))
        }
        state.prune(now: now)
        #expect(state.newestSeen["did:plc:old"] == nil)
        #expect(state.newestSeen.count == SeenState.maxAuthors)
        #expect(state.newestSeen["did:plc:a0"] != nil)
        #expect(state.newestSeen["did:plc:a199"] == nil)
        #expect(SeenCookie.encode(state).utf8.count < 4000)
    }

    @Test func mergingKeepsTheNewerTime() {
        let a = SeenState(newestSeen: ["did:plc:x": 5, "did:plc:y": 9])
        let b = SeenState(newestSeen: ["did:plc:x": 7])
        #expect(a.merged(with: b).newestSeen == ["did:plc:x": 7, "did:plc:y": 9])
    }
}
