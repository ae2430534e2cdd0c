import ATProtoTestKit
import AppTestKit
import FeatureTestKit
import Foundation
import MicroHTTPServer
import Testing

@testable import ATProto
@testable import GrainStoriesWeb
@testable import Viewing

/// Portrait pairs on a landscape TV: two portraits of the same person in a row (or, as
/// the operator chooses, the last of one person with the next person's first) show side
/// by side, each with its own name and time, and move on together; a landscape photo
/// shows alone; a tall screen never pairs; a story behind a warning or by someone blocked
/// is never half of a pair.
@Suite struct TVPairTests {
    typealias T = TVPageTests
    static let kenji = T.kenji
    static let tomas = T.tomas
    static let maya = T.maya
    static let erin = T.erin

    static func partner(_ html: String) -> String? {
        HTMLInspection.attributeValues("data-partner", in: html) { $0.hasPrefix("<main ") }.first
    }

    static func names(_ html: String) -> [String] {
        html.components(separatedBy: "<p class=\"tv-name\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    /// Follows the meta refreshes from `start`, returning what each page showed: its
    /// story, and `+partner` when two showed.
    static func walk(_ app: AppHarness, from start: String, pages count: Int, headers: [(String, String)] = []) async -> [String] {
        var url = start
        var shown: [String] = []
        for _ in 0..<count {
            let html = await app.respond(url, headers: headers).text
            guard let story = T.story(html), let content = T.refresh(html), let range = content.range(of: ";url=") else {
                Issue.record("\(url) has no story or no refresh")
                break
            }
            shown.append(story + (partner(html).map { "+" + $0 } ?? ""))
            url = String(content[range.upperBound...])
        }
        return shown
    }

    /// A story of Erin's with `width × height`, `minutes` before 18:00, optionally warned.
    static func erinStory(_ index: Int, width: Int, height: Int, warned: Bool = false) -> StoryView {
        let erin = DID(Self.erin)!
        var story = StoryView(
            uri: ATURI(erin, .story, RecordKey("3mpair\(index)erin")!), cid: "bafyreipair\(index)",
            creator: ProfileView(did: erin, handle: "erin-walks.bsky.social", displayName: nil),
            thumb: "https://cdn.grain.social/t/p\(index)", fullsize: "https://cdn.grain.social/f/p\(index)",
            aspectRatio: AspectRatio(width: width, height: height), createdAt: Datetime(AppHarness.fixtureNow.addingTimeInterval(Double(index - 10) * 60)))
        if warned { story.labels = [Label(val: "nudity")] }
        return story
    }

    @Test func twoPortraitsOfOnePersonShowSideBySideAndMoveOnTogether() async throws {
        let app = try await AppHarness()
        let pair = await app.respond("/tv?at=\(Self.tomas)/3mstorycosf1").text
        let second = await app.respond("/tv?at=\(Self.tomas)/3mstorycosf0").text
        let maya = await app.respond("/tv?at=\(Self.maya)/3muojebufwseb").text
        let shown = await Self.walk(app, from: "/tv", pages: 5)
        await app.shutdown()
        #expect(T.story(pair) == "\(Self.tomas)/3mstorycosf1" && Self.partner(pair) == "\(Self.tomas)/3mstorycosf0")
        #expect(pair.contains(" tv-pair\""))
        #expect(Self.names(pair) == ["Tomás Reyes", "Tomás Reyes"], "each has its own name")
        #expect(pair.components(separatedBy: "<p class=\"tv-when\"><time").count == 3, "and its own time")
        #expect(pair.contains("<span class=\"tv-person\">2 of 4</span> · story 1–2 of 2"))
        #expect(pair.components(separatedBy: "tv-segment tv-segment-current").count == 3, "both bars are current")
        #expect(T.link("next", pair) == "/tv?at=\(Self.maya)/3muojebufwseb", "the pair moves on together")
        #expect(T.link("previous", pair) == "/tv?at=\(Self.kenji)/3mstorydocu0")
        #expect(T.story(second) == T.story(pair) && Self.partner(second) == Self.partner(pair), "asking for the second shows the pair")
        #expect(T.link("previous", maya) == "/tv?at=\(Self.tomas)/3mstorycosf1", "back is to the pair before, from its first")
        // Maya's landscape story is behind a warning: TV skips it, and her two portraits pair.
        #expect(
            shown == [
                "\(Self.kenji)/3mstorydocu0", "\(Self.tomas)/3mstorycosf1+\(Self.tomas)/3mstorycosf0",
                "\(Self.maya)/3muojebufwseb+\(Self.maya)/3mupadw3kg264", "\(Self.erin)/3mstoryfdhj0", "\(Self.kenji)/3mstorydocu0",
            ])
    }

    /// Erin: portrait, landscape, portrait behind a warning, portrait, portrait. The
    /// landscape shows alone, the warned one not at all, and the portraits around it pair.
    @Test func aLandscapeShowsAloneAndAWarnedPortraitIsNeverHalfOfAPair() async throws {
        let library = FakeStoryLibrary.fixtureScenario()
        let stories = [
            Self.erinStory(1, width: 1500, height: 2000), Self.erinStory(2, width: 2000, height: 1500),
            Self.erinStory(3, width: 1500, height: 2000, warned: true),
            Self.erinStory(4, width: 1500, height: 2000), Self.erinStory(5, width: 1200, height: 1600),
        ]
        library.update { $0.stories[DID(Self.erin)!] = stories }
        let app = try await AppHarness(library: library)
        let shown = await Self.walk(app, from: "/tv?at=\(Self.erin)/3mpair1erin", pages: 3)
        await app.shutdown()
        #expect(shown == ["\(Self.erin)/3mpair1erin", "\(Self.erin)/3mpair2erin", "\(Self.erin)/3mpair4erin+\(Self.erin)/3mpair5erin"])
        #expect(!shown.joined().contains("3mpair3erin"))
    }

    /// A screen taller than wide (its script says so in `tvscreen`) never pairs; the
    /// operator can switch pairs off.
    @Test func aTallScreenOrTheOperatorSaysOneAtATime() async throws {
        let app = try await AppHarness()
        let tall = await app.respond("/tv?at=\(Self.tomas)/3mstorycosf1", headers: [("Cookie", "tvscreen=shape=tall&zone=UTC")]).text
        await app.shutdown()
        let off = try await AppHarness(configure: { $0.tvPortraitPairs = .off })
        let single = await off.respond("/tv?at=\(Self.tomas)/3mstorycosf1").text
        await off.shutdown()
        for html in [tall, single] {
            #expect(Self.partner(html) == nil && !html.contains(" tv-pair\""))
            #expect(T.link("next", html) == "/tv?at=\(Self.tomas)/3mstorycosf0")
        }
        #expect(tall.contains("data-shape=\"tall\""))
    }

    /// With `consecutive`, a person's last portrait left alone pairs with the next
    /// person's first when that one is alone too: Erin's one story with Kenji's.
    @Test func consecutivePeoplePairTheirLoneLastAndFirstPortraits() async throws {
        let app = try await AppHarness(configure: { $0.tvPortraitPairs = .consecutive })
        let shown = await Self.walk(app, from: "/tv", pages: 5)
        let across = await app.respond("/tv?at=\(Self.erin)/3mstoryfdhj0").text
        await app.shutdown()
        #expect(
            shown == [
                "\(Self.kenji)/3mstorydocu0", "\(Self.tomas)/3mstorycosf1+\(Self.tomas)/3mstorycosf0",
                "\(Self.maya)/3muojebufwseb+\(Self.maya)/3mupadw3kg264", "\(Self.erin)/3mstoryfdhj0+\(Self.kenji)/3mstorydocu0",
                "\(Self.tomas)/3mstorycosf1+\(Self.tomas)/3mstorycosf0",
            ])
        #expect(Self.names(across) == ["erin-walks.bsky.social", "Kenji Sato"])
        #expect(across.contains("<span class=\"tv-person\">4 of 4</span> · story 1 of 1"))
        #expect(T.link("next", across) == "/tv?at=\(Self.tomas)/3mstorycosf1", "past both")
    }

    /// Blocks apply to each half: on Alice's TV, Kenji (whom she blocks) is no one's partner.
    @Test func someoneBlockedIsNeverTheOtherHalf() async throws {
        func erinsPage(blockingKenji: Bool) async throws -> String {
            let (app, pds, _) = try await T.followingApp(configure: { $0.tvPortraitPairs = .consecutive })
            try pds.seedRecord(
                ["subject": .string(Self.kenji), "createdAt": "2026-09-04T12:00:00.000Z"], collection: "social.grain.graph.follow", rkey: "3mfollow00003")
            if blockingKenji {
                try pds.seedRecord(
                    ["subject": .string(Self.kenji), "createdAt": "2026-09-04T12:00:00.000Z"], collection: "social.grain.graph.block", rkey: "3mblock00001")
            }
            let html = await app.respond("/tv?for=alice.test&at=\(Self.erin)/3mstoryfdhj0").text
            await app.shutdown()
            return html
        }
        let allowed = try await erinsPage(blockingKenji: false)
        let blocked = try await erinsPage(blockingKenji: true)
        #expect(Self.partner(allowed) == "\(Self.kenji)/3mstorydocu0", "followed and not blocked, Kenji pairs with Erin")
        #expect(Self.partner(blocked) == nil && !blocked.contains("Kenji Sato"))
    }
}
