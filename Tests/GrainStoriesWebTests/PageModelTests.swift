import GrainSupport
import HTMLTemplates
import Presentation
import TestKit
import Testing

@testable import GrainStoriesWeb

/// Each typed page model against its template, rendered in strict mode (an unknown
/// variable is an error): the template finds every key it asks for in the model, and
/// every key the model gives is one the template reads (a key nobody reads is a
/// contract that drifted).
@Suite struct PageModelTests {
    /// Each page model with variants that between them take every branch of its template.
    static let samples: [(name: String, variants: [any PageModel])] = [
        (
            "error",
            [
                ErrorPageModel(status: 404, title: "Not Found", message: "There is nothing at this address.", reference: ""),
                ErrorPageModel(status: 500, title: "Internal Server Error", message: "Something went wrong.", reference: "req-1"),
            ]
        ),
        (
            "signin",
            [
                SignInPageModel(adding: false, problem: nil, identifier: "", pds: "", csrfToken: "token", next: nil),
                SignInPageModel(
                    adding: true, problem: "Wrong password.", identifier: "alice.test", pds: "https://pds.example", csrfToken: "token", next: "/tv"),
                oauthSignIn(appPasswords: true),
                oauthSignIn(appPasswords: false),
                SignInPageModel(
                    adding: false, problem: "No account called x.test was found.", identifier: "x.test", pds: "", csrfToken: "token", next: nil,
                    focus: .identifier, passwordCleared: true),
                SignInPageModel(
                    adding: false, problem: "That PDS address is not usable.", identifier: "x.test", pds: "nope", csrfToken: "token", next: nil,
                    focus: .pds, passwordCleared: true),
                SignInPageModel(
                    adding: false, problem: "Wrong password.", identifier: "x.test", pds: "", csrfToken: "token", next: nil, focus: .password,
                    passwordCleared: true),
                {
                    var page = oauthSignIn(appPasswords: false)
                    page.problem = "No account called x.test was found."
                    page.focus = .identifier
                    return page
                }(),
            ]
        ),
        (
            "activity",
            [
                ActivityPageModel(
                    entries: [], notice: "Activity is turned off on this server.", vapidKey: nil, pushChoices: [], seenStories: [], sharesViews: false),
                ActivityPageModel(
                    entries: [
                        .init(
                            sentence: "Dave and 2 others hearted your story", href: "/profile/alice.test/story/3k", thumb: "/media/x/y",
                            avatar: AvatarModel(image: nil, initial: "D"), text: nil, when: "5 minutes ago", isNew: true),
                        .init(
                            sentence: "Erin commented on your story", href: "/profile/alice.test/story/3k/comments", thumb: nil,
                            avatar: AvatarModel(image: "/media/a/b", initial: "E"), text: "Lovely", when: "1 hour ago", isNew: false),
                    ],
                    notice: nil, vapidKey: "BKey", pushChoices: [.init(name: "hearts", label: "Hearts")],
                    seenStories: [
                        .init(href: "/profile/alice.test/story/3k", thumb: "/media/x/y", when: "5 minutes ago", summary: "Seen by Bob."),
                        .init(href: "/profile/alice.test/story/3j", thumb: nil, when: "1 hour ago", summary: "Nobody here has seen it yet."),
                    ],
                    sharesViews: true),
            ]
        ),
        ("oauth-continue", [OAuthContinuePageModel(location: "https://as.example/authorize?request_uri=x", host: "as.example")]),
        (
            "hidden",
            [
                HiddenPageModel(people: []),
                HiddenPageModel(people: [
                    HiddenPageModel.Person(
                        name: "Alice", handle: "alice.test", profileHref: "/profile/did:plc:alice",
                        avatar: AvatarModel(image: "/media/sig/url", initial: "A"),
                        form: HideFormModel(
                            action: "/settings/hidden", verb: "unhide", author: "did:plc:alice", back: "/settings/hidden", label: "Unhide",
                            accessibleName: "Unhide Alice's stories")
                    ),
                    HiddenPageModel.Person(
                        name: "Bob", handle: "bob.test", profileHref: "/profile/did:plc:bob",
                        avatar: AvatarModel(image: nil, initial: "B"),
                        form: HideFormModel(
                            action: "/settings/hidden", verb: "unhide", author: "did:plc:bob", back: "/settings/hidden", label: "Unhide",
                            accessibleName: "Unhide Bob's stories")
                    ),
                ]),
            ]
        ),
        (
            "delete-story",
            [
                DeleteStoryPageModel(action: "/profile/did:plc:alice/story/3k/delete", cancelHref: "/profile/did:plc:alice/story/3k"),
                DeleteStoryPageModel(
                    action: "/profile/did:plc:alice/story/3k/delete", cancelHref: "/profile/did:plc:alice/story/3k", thumb: "/media/s/t",
                    back: "/profile/alice.test", crosspost: .deletedWithIt),
                DeleteStoryPageModel(
                    action: "/profile/did:plc:alice/story/3k/delete", cancelHref: "/profile/did:plc:alice/story/3k",
                    crosspost: .stays(href: "https://bsky.app/profile/did:plc:alice/post/3p", reason: "Not allowed.")),
                DeleteStoryPageModel(action: "/profile/did:plc:alice/story/3k/delete", cancelHref: "/", crosspost: .unknown),
                DeleteStoryPageModel(
                    action: "/profile/did:plc:alice/story/3k/delete", cancelHref: "/",
                    crosspost: .notDeleted(href: "https://bsky.app/profile/did:plc:alice/post/3p"), continueHref: "/"),
            ]
        ),
        ("strip-choice", [StripChoicePageModel(everyone: true, value: "everyone"), StripChoicePageModel(everyone: false, value: "following")]),
        (
            "home",
            [
                HomePageModel.everyone(authors: [], allSeen: false, notice: "Grain could not be reached just now.", isNewcomer: true),
                HomePageModel(
                    authors: [tile("Alice", image: "/media/sig/alice", seen: true), tile("Bob", image: nil, seen: false)], hasAuthors: true,
                    allSeen: false, notice: nil,
                    own: OwnTileModel(
                        avatar: AvatarModel(image: nil, initial: "C"),
                        story: OwnTileModel.Story(href: "/stories/did:plc:carol", ringClass: "ring-unseen", accessibleName: "Your story, 1 story")
                    ),
                    unfinished: [UnfinishedPostModel(href: "/drafts/d1", photo: "/drafts/d1/photo", state: "Posting…", stateClass: "post-publishing")],
                    stripSwitch: StripSwitchModel(options: [
                        .init(value: "following", label: "Following", isCurrent: true), .init(value: "everyone", label: "Everyone", isCurrent: false),
                    ]),
                    followingEmpty: false, isNewcomer: true
                ),
                HomePageModel(
                    authors: [], hasAuthors: false, allSeen: true, notice: nil,
                    own: OwnTileModel(avatar: AvatarModel(image: "/media/sig/carol", initial: "C"), story: nil),
                    unfinished: [], stripSwitch: StripSwitchModel(options: [.init(value: "following", label: "Following", isCurrent: true)]),
                    followingEmpty: true, isNewcomer: false
                ),
            ]
        ),
        (
            "comments",
            [
                CommentsPageModel(
                    authorName: "Alice", storyHref: "/profile/did:plc:alice/story/3k", count: 0, comments: [], nextHref: nil,
                    firstHref: nil, isPartial: false, canComment: true, action: "/profile/did:plc:alice/story/3k/comments", draft: "",
                    problem: nil, maxGraphemes: 300, signInHref: "/signin?next=%2Fprofile"
                ),
                CommentsPageModel(
                    authorName: "Alice", storyHref: "/profile/did:plc:alice/story/3k", count: 2,
                    comments: [comment(own: true), comment(own: false)], nextHref: "/profile/did:plc:alice/story/3k/comments?cursor=c",
                    firstHref: "/profile/did:plc:alice/story/3k/comments", isPartial: true, canComment: true,
                    action: "/profile/did:plc:alice/story/3k/comments", draft: "Too long", problem: "Too long.", maxGraphemes: 300,
                    signInHref: "/signin?next=%2Fprofile"
                ),
                {
                    var page = CommentsPageModel(
                        authorName: "Alice", storyHref: "/profile/did:plc:alice/story/3k", count: 0, comments: [], nextHref: nil,
                        firstHref: nil, isPartial: false, canComment: true, action: "/profile/did:plc:alice/story/3k/comments", draft: "Hi",
                        problem: "Your comment was not sent: your account's server refused it.", maxGraphemes: 300, signInHref: "/signin?next=%2Fprofile"
                    )
                    page.problemDetails = "HTTP 400 InvalidRequest: nope"
                    return page
                }(),
                {
                    var page = CommentsPageModel(
                        authorName: "Alice", storyHref: "/profile/did:plc:alice/story/3k", count: 0, comments: [], nextHref: nil,
                        firstHref: nil, isPartial: false, canComment: true, action: "/profile/did:plc:alice/story/3k/comments", draft: "",
                        problem: nil, maxGraphemes: 300, signInHref: "/signin?next=%2Fprofile"
                    )
                    page.commentNotice = "When you signed in, your account's server did not allow GrainStories to post comments."
                    return page
                }(),
                CommentsPageModel(
                    authorName: "Alice", storyHref: "/profile/did:plc:alice/story/3k", count: 0, comments: [], nextHref: nil,
                    firstHref: nil, isPartial: false, canComment: false, action: "/profile/did:plc:alice/story/3k/comments", draft: "",
                    problem: nil, maxGraphemes: 300, signInHref: "/signin?next=%2Fprofile"
                ),
            ]
        ),
        (
            "draft",
            [
                draftPage(editable: true, hasPosition: true, status: nil, results: [], problem: nil),
                {
                    var page = draftPage(editable: true, hasPosition: true, status: nil, results: [], problem: nil)
                    page.crosspostNotice = "When you signed in, your account's server did not allow GrainStories to post to Bluesky."
                    return page
                }(),
                draftPage(
                    editable: true, hasPosition: false,
                    status: nil,
                    results: [
                        .init(token: "t1", name: "Powell's", display: "Powell's, Portland", first: true),
                        .init(token: "t2", name: "Park", display: "Park, Portland", first: false),
                    ], problem: "Choose a place from the list."
                ),
                draftPage(
                    editable: false, hasPosition: true,
                    status: .init(
                        state: .publishing, headline: "Still trying.", details: "HTTP 502", retrying: true, cancellable: true, storyHref: "/profile/x/story/y"
                    ), results: [], problem: nil),
                draftPage(
                    editable: false, hasPosition: true,
                    status: .init(
                        state: .posted, headline: "Posted.", details: nil, retrying: false, cancellable: false, storyHref: "/profile/x/story/y"
                    ), results: [], problem: nil),
                draftPage(
                    editable: false, hasPosition: true,
                    status: .init(
                        state: .failed, headline: "Refused.", details: "HTTP 400", retrying: false, cancellable: false, storyHref: "/profile/x/story/y"
                    ), results: [], problem: nil),
            ]
        ),
        (
            "profile",
            [
                profilePage(
                    description: "Photos.",
                    stories: [
                        StoryTileModel(thumb: "/media/s/t", warning: nil, href: "/profile/x/story/1", label: "Story from 5 minutes ago"),
                        StoryTileModel(thumb: nil, warning: "Nudity", href: "/profile/x/story/2", label: "Story from 6 minutes ago"),
                    ],
                    ring: .init(storyHref: "/stories/x", ringClass: "ring-unseen", storyLabel: "View Alice's stories (2 stories, new)"),
                    hiddenNote: nil, hide: nil, archive: nil
                ),
                profilePage(
                    description: nil, stories: [], ring: nil, hiddenNote: "You hid this person's stories.",
                    hide: HideFormModel(
                        action: "/settings/hidden", verb: "unhide", author: "did:plc:alice", back: "/profile/x", label: "Unhide",
                        accessibleName: "Unhide Alice's stories"),
                    archive: nil
                ),
                profilePage(
                    description: nil, stories: [], ring: nil, hiddenNote: nil, hide: nil,
                    archive: .init(
                        unavailable: false,
                        stories: [
                            StoryTileModel(
                                thumb: "/media/s/t", warning: nil, href: "/profile/x/story/1", label: "Your story of 4 Sept 2026",
                                posted: ("4 Sept 2026", "2026-09-04T17:55:00.000Z"))
                        ],
                        next: "/profile/x?archive=c", first: "/profile/x"
                    )),
                profilePage(
                    description: nil, stories: [], ring: nil, hiddenNote: nil, hide: nil, archive: .init(unavailable: true, stories: [], next: nil, first: nil)),
                {
                    var page = profilePage(
                        description: nil, stories: [], ring: nil, hiddenNote: nil, hide: nil,
                        archive: .init(unavailable: false, stories: [], next: nil, first: nil))
                    page.archive?.noStoryYet = true
                    page.unfinished = [UnfinishedPostModel(href: "/drafts/d1", photo: "/drafts/d1/photo", state: "Not posted yet.", stateClass: "post-draft")]
                    return page
                }(),
            ]
        ),
        (
            "tv",
            [
                tvPage(forName: nil, paused: false, refresh: "60", content: .message(title: "No stories right now", text: "No one has a live story.")),
                tvPage(forName: "alice.test", paused: false, refresh: nil, content: .message(title: "No such account", text: "None.")),
                tvPage(forName: nil, paused: true, refresh: nil, content: .playing(tvPlaying(image: nil, place: "Portland", upNext: true))),
                tvPage(
                    forName: "alice.test", paused: false, refresh: "8;url=/tv?at=x",
                    content: .playing(tvPlaying(image: "/media/s/f", place: nil, upNext: false))),
                {
                    // Two portraits with QR codes, the clock, night hours ahead.
                    var playing = tvPlaying(image: "/media/s/f", place: "Portland", upNext: true)
                    playing.story.qr = "/tv/qr/alice.test/3k"
                    playing.partner = playing.story
                    var page = tvPage(forName: nil, paused: false, refresh: nil, content: .playing(playing))
                    page.clock = .init(time: "21:59", date: "2026-09-04", instant: "2026-09-04T19:59:00.000Z")
                    page.nightChange = 1_788_552_000_000
                    return page
                }(),
                {
                    var page = tvPage(forName: nil, paused: false, refresh: "30", content: .night)
                    page.clock = .init(time: "23:59", date: "2026-09-04", instant: "2026-09-04T21:59:30.000Z")
                    page.nightChange = 1_788_584_400_000
                    return page
                }(),
            ]
        ),
        (
            "tv-settings",
            [
                TVSettingsPageModel(csrfToken: "t", back: "/tv", night: .server, serverHours: "22:00 to 07:00", from: 1320, to: 420, clock: true, fade: true),
                TVSettingsPageModel(
                    csrfToken: "t", back: "/tv?for=alice.test", night: .own, serverHours: nil, from: 1380, to: 60, clock: false, fade: false,
                    problem: "Night hours need a start and an end that differ."),
                TVSettingsPageModel(csrfToken: "t", back: "/tv", night: .off, serverHours: nil, from: 0, to: 360, clock: false, fade: true),
            ]
        ),
        ("viewer", [viewerPage(live: true), viewerPage(live: false)]),
        (
            "new-story",
            [
                NewStoryPageModel(problem: nil, maxBytes: "25 MB", maxBytesNumber: 26_148_864),
                NewStoryPageModel(problem: "You have too many drafts.", maxBytes: "25 MB", maxBytesNumber: 26_148_864),
            ]
        ),
    ]

    /// Alice's story in the viewer: live, her own, between two people, with likes and a
    /// comment; or past its day, warned, alone, someone else's.
    static func viewerPage(live: Bool) -> ViewerPageModel {
        let neighbour = ViewerNeighbourModel(
            href: "/profile/did:plc:bob/story/1", thumb: live ? "/media/s/b" : nil, name: "Bob", label: "Next person: Bob", time: "3m",
            avatar: AvatarModel(image: nil, initial: "B")
        )
        return ViewerPageModel(
            story: .init(
                did: "did:plc:alice", rkey: "3k", createdAt: "2026-09-04T17:55:00.000Z", timeShort: "5m", timeLong: "5 minutes ago",
                place: live ? "Portland" : nil, alt: "Photo story by Alice", image: live ? "/media/s/f" : nil, width: 3, height: 4,
                warning: live ? nil : "Nudity", position: "2 of 3", authorName: "Alice", authorHandle: "alice.test",
                authorHref: "/profile/did:plc:alice", avatar: AvatarModel(image: "/media/s/a", initial: "A"), expired: !live
            ),
            index: 1, count: 3, previousHref: "/profile/did:plc:alice/story/1", nextHref: live ? "/profile/did:plc:alice/story/3" : "/",
            nextIsClose: !live, closeHref: "/", deleteHref: live ? "/profile/did:plc:alice/story/3k/delete" : nil,
            previousAuthorHref: live ? "/profile/did:plc:carol/story/1" : nil, nextAuthorHref: live ? "/profile/did:plc:bob/story/1" : nil,
            preloadImages: live ? ["/media/s/next"] : [], shareURL: "https://stories.example/profile/did:plc:alice/story/3k",
            shareTitle: "Story by @alice.test", crossPostURL: live ? "https://bsky.app/profile/x/post/y" : nil,
            preview: .init(
                title: "Story by @alice.test", description: "A photo story on Grain", url: "https://stories.example/profile/did:plc:alice/story/3k",
                image: live ? "https://stories.example/media/s/f" : nil, width: 3, height: 4
            ),
            previousAuthor: live ? neighbour : nil, nextAuthor: live ? neighbour : nil,
            hide: live
                ? nil
                : HideFormModel(
                    action: "/settings/hidden", verb: "hide", author: "did:plc:alice", back: "/", label: "Hide", accessibleName: "Hide Alice's stories"),
            social: live
                ? ViewerSocialModel(
                    commentsHref: "/profile/did:plc:alice/story/3k/comments", favoriteAction: "/profile/did:plc:alice/story/3k/favorite",
                    favorited: true, signInHref: "/signin?next=x", commentCount: 1, commentCountText: "1 comment", latest: comment(own: false)
                ) : nil
        )
    }

    /// A TV page.
    static func tvPage(forName: String?, paused: Bool, refresh: String?, content: TVPageModel.Content) -> TVPageModel {
        TVPageModel(
            title: "Alice · TV", mainClass: "tv tv-phase-3", interval: 8, refreshSeconds: 60, paused: paused, forName: forName,
            selfHref: "/tv?at=x", refresh: refresh, content: content
        )
    }

    /// Alice's story playing on the TV.
    static func tvPlaying(image: String?, place: String?, upNext: Bool) -> TVPageModel.Playing {
        TVPageModel.Playing(
            story: .init(
                key: "did:plc:alice/3k", image: image, alt: "Photo story by Alice", width: 3, height: 4, authorName: "Alice",
                authorHandle: "alice.test", avatar: AvatarModel(image: nil, initial: "A"), place: place,
                createdAt: "2026-09-04T17:55:00.000Z", time: "5 minutes ago", position: "1 of 2", person: "1 of 3"
            ),
            segments: ["current", "upcoming"],
            upNext: upNext ? [.init(name: "Bob", avatar: AvatarModel(image: "/media/s/b", initial: "B"))] : [],
            nextHref: "/tv?at=n", previousHref: "/tv?at=p", nextAuthorHref: "/tv?at=na", previousAuthorHref: "/tv?at=pa",
            pauseHref: "/tv?at=x&paused=1", preloadImage: image == nil ? nil : "/media/s/next"
        )
    }

    /// Alice's profile.
    static func profilePage(
        description: String?, stories: [StoryTileModel], ring: ProfilePageModel.Ring?, hiddenNote: String?, hide: HideFormModel?,
        archive: ProfilePageModel.Archive?
    ) -> ProfilePageModel {
        ProfilePageModel(
            name: "Alice", handle: "alice.test", description: description, avatar: AvatarModel(image: "/media/s/a", initial: "A"),
            counts: [.init(label: "followers", value: 3, href: "https://grain.social/profile/x")], stories: stories, ring: ring,
            hiddenNote: hiddenNote, hide: hide, archive: archive
        )
    }

    /// The sign-in page with OAuth offered, app passwords beside it (unfolded after a
    /// failed attempt) or not at all.
    static func oauthSignIn(appPasswords: Bool) -> SignInPageModel {
        var page = SignInPageModel(adding: false, problem: nil, identifier: "alice.test", pds: "", csrfToken: "token", next: "/stories/new")
        page.offersOAuth = true
        page.offersAppPasswords = appPasswords
        page.showsAppPassword = appPasswords
        return page
    }

    /// A draft's page, editable or sent.
    static func draftPage(
        editable: Bool, hasPosition: Bool, status: DraftPageModel.Status?, results: [DraftPageModel.PlaceResult], problem: String?
    ) -> DraftPageModel {
        DraftPageModel(
            draft: .init(id: "d1", width: 300, height: 400, size: "1.2 MB", editable: editable, crosspost: true, hasPosition: hasPosition),
            placeName: hasPosition ? "Powell's" : "", suggested: hasPosition, searchFirst: !hasPosition,
            warnings: [.init(value: "nudity", label: "Nudity", checked: true), .init(value: "gore", label: "Gore", checked: false)],
            status: status, searchQuery: results.isEmpty ? "" : "powell", results: results, problem: problem
        )
    }

    /// A comment, the signed-in person's own (deletable, still being sent) or someone else's.
    static func comment(own: Bool) -> CommentModel {
        CommentModel(
            name: own ? "Carol" : "Bob", handle: own ? "carol.test" : "bob.test", profileHref: "/profile/did:plc:x",
            avatar: AvatarModel(image: nil, initial: "C"), createdAt: "2026-09-04T17:55:00.000Z", time: "5m", timeLong: "5 minutes ago",
            runs: [.init(text: "Look at ", href: nil), .init(text: "grain.social", href: "https://grain.social")],
            deleteAction: own ? "/profile/did:plc:alice/story/3k/comments/3c/delete" : nil, state: own ? "Sending…" : nil
        )
    }

    /// A strip tile for `name`, seen or not.
    static func tile(_ name: String, image: String?, seen: Bool) -> StripTileModel {
        StripTileModel(
            did: "did:plc:\(name.lowercased())", name: name, href: "/stories/did:plc:\(name.lowercased())",
            avatar: AvatarModel(image: image, initial: String(name.prefix(1))), cover: "/stories/did:plc:\(name.lowercased())/cover",
            time: "5m", timeLong: "5 minutes ago", latestAt: "2026-09-04T17:55:00.000Z", count: "1 story",
            whenUnseen: .init(ringClass: "ring-unseen", accessibleName: "\(name), 1 story, new"),
            whenSeen: .init(ringClass: "ring-seen", accessibleName: "\(name), 1 story, seen"),
            seen: .known(seen)
        )
    }

    private static func strictPages() throws -> PageRenderer {
        var configuration = AppConfiguration()
        configuration.templatesDirectory = ProjectPaths.templates
        configuration.publicDirectory = ProjectPaths.publicFiles
        configuration.strictTemplates = true
        return try PageRenderer.load(configuration: configuration, secret: Array("secret".utf8), logger: Logger(level: .error) { _ in })
    }

    /// Page-wide values for nobody signed in, and for someone signed in on a browser
    /// with a second account (the header's menu and the signed-in-only forms).
    static let layouts = [
        LayoutModel(account: nil, csrf: nil, otherAccounts: []),
        LayoutModel(
            account: LayoutModel.Account(
                name: .text("Carol"), handle: .text("carol.test"), did: .text("did:plc:carol"), profileHref: .text("/profile/carol.test"),
                unseen: 3),
            csrf: .text("token"),
            otherAccounts: [
                LayoutModel.Account(name: .text("Dan"), handle: .text("dan.test"), did: .text("did:plc:dan"), profileHref: .text("/profile/dan.test"))
            ],
            done: .discarded
        ),
    ]

    /// Whether `template` renders with `values` in strict mode for every layout.
    private static func renders(_ pages: PageRenderer, _ template: String, _ values: [String: TemplateValue]) -> Bool {
        layouts.allSatisfy { layout in
            do {
                _ = try pages.templates.renderUTF8(template, pages.pageValues(values, layout: layout))
                return true
            } catch {
                return false
            }
        }
    }

    @Test(arguments: samples.map(\.name))
    func everyTemplateFindsEveryKeyItAsksForInItsModel(_ name: String) throws {
        let pages = try Self.strictPages()
        let variants = try #require(Self.samples.first { $0.name == name }?.variants)
        for model in variants {
            #expect(type(of: model).templateName == name)
            let rendered = Self.renders(pages, name, model.templateValues)
            #expect(rendered, "\(model)")
        }
    }

    @Test(arguments: samples.map(\.name))
    func everyKeyAModelGivesIsReadByItsTemplate(_ name: String) throws {
        let pages = try Self.strictPages()
        let variants = try #require(Self.samples.first { $0.name == name }?.variants)
        let keys = Set(variants.flatMap { $0.templateValues.keys })
        for key in keys.sorted() {
            let someVariantNeedsIt = variants.contains { model in
                var values = model.templateValues
                values[key] = nil
                return !Self.renders(pages, name, values)
            }
            #expect(someVariantNeedsIt, "\(name) never reads '\(key)'")
        }
    }

    @Test func aTypedPageRendersWhatItsTemplateDoes() throws {
        let pages = try Self.strictPages()
        let model = SignInPageModel(adding: false, problem: "Wrong password.", identifier: "alice.test", pds: "", csrfToken: "token", next: nil)
        let typed = try pages.render(model, for: nil)
        let plain = try pages.render("signin", model.templateValues, for: nil)
        let bytes = HomePageCacheTests.bytes(typed)
        #expect(!bytes.isEmpty)
        #expect(bytes == HomePageCacheTests.bytes(plain))
        #expect(String(decoding: bytes, as: UTF8.self).contains("Wrong password."))
    }
}
