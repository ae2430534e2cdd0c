import ATProto
import Accounts
import Activity
import FoundationEssentials
import MicroHTTPServer
import Posting
import Presentation
import Social
import Viewing

/// `/activity`: the signed-in person's hearts, comments, replies and mentions (newest
/// first, grouped), why there may be none, who here watched their live stories, their
/// view-sharing choice (`POST /activity/settings`) and push settings for this browser.
/// Opening it marks everything on it seen (the header's badge goes to zero).
struct ActivityPage: Sendable {
    static let path = "/activity"
    /// At most this many items are read for the page.
    static let maxItems = 200

    let pages: PageRenderer
    let center: ActivityCenter
    let library: any StoryLibrary
    let hidden: HiddenAuthors
    let sessions: SessionStore
    let signer: MediaURLSigner
    let now: @Sendable () -> Date

    func show(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount()
        let time = now()
        let items: [ActivityItem]
        let sharesViews: Bool
        do {
            items = try await center.repository.items(for: account.did, limit: Self.maxItems)
            sharesViews = try await center.repository.sharesViews(account.did)
        } catch {
            throw HTTPError(.serviceUnavailable, "Your activity could not be read just now. Please try again in a minute.")
        }
        let lastLook = try? await center.repository.lastLook(account.did)
        let visibility = await hidden.visibility(for: account)
        let profiles = await Self.profiles(of: Set(items.prefix(60).map(\.actor)), library: library)
        let stories = await Self.stories(Set(items.prefix(60).map(\.story)), library: library)
        let entries = ActivityPresenter(signer: signer).entries(
            items, profiles: profiles, stories: stories, visibility: visibility, lastLook: lastLook, now: time)
        let seenStories = sharesViews ? await seenBy(account, visibility: visibility, now: time) : []
        try? await center.repository.markSeen(account.did, at: time)
        center.unseen.seen(by: account.did)
        let model = ActivityPageModel(
            entries: entries, notice: center.notice, vapidKey: center.vapid?.publicKeyText,
            pushChoices: [
                .init(name: PushGroup.hearts.rawValue, label: "Hearts on my stories and comments"),
                .init(name: PushGroup.comments.rawValue, label: "Comments on my stories"),
                .init(name: PushGroup.replies.rawValue, label: "Replies to my comments"),
                .init(name: PushGroup.mentions.rawValue, label: "Mentions"),
            ],
            seenStories: seenStories, sharesViews: sharesViews)
        var response = try pages.render(model, for: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// `POST /activity/settings`: whether this account shares its viewing (and so sees others').
    func settings(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount()
        let form = try context.formFields(limit: 2048)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        do {
            try await center.repository.setSharesViews(account.did, form["shareViews"] == "on")
        } catch {
            throw HTTPError(.serviceUnavailable, "Your choice could not be saved just now. Please try again in a minute.")
        }
        return HTTPResponse.redirect(to: Self.path)
    }

    /// The person's live stories with who watched each.
    private func seenBy(_ account: AccountSession, visibility: StoryVisibility, now: Date) async -> [ActivityPageModel.SeenStory] {
        guard let stories = try? await library.stories(of: account.did).value else { return [] }
        var rows: [ActivityPageModel.SeenStory] = []
        for story in stories.sorted(by: { $0.createdAt.date > $1.createdAt.date }) {
            guard let viewers = try? await center.seenBy.viewers(of: account.did, createdAt: story.createdAt) else { continue }
            var names: [String] = []
            for viewer in viewers where visibility.author(viewer) == .shown {
                let profile = try? await sessions.profileView(of: viewer)
                names.append(profile?.name ?? viewer.rawValue)
            }
            rows.append(
                ActivityPageModel.SeenStory(
                    href: StoryLinks.story(story), thumb: StoryTile.visual(story, visibility: visibility, signer: signer).thumb,
                    when: RelativeTime.long(from: story.createdAt.date, now: now), summary: Self.summary(names)))
        }
        return rows
    }

    static func summary(_ names: [String]) -> String {
        switch names.count {
        case 0: "Nobody here has seen it yet."
        case 1: "Seen by \(names[0])."
        case 2...4: "Seen by \(names.dropLast().joined(separator: ", ")) and \(names.last!)."
        default: "Seen by \(names.prefix(3).joined(separator: ", ")) and \(names.count - 3) others."
        }
    }

    /// Profiles of the people named on the page, read together (the library caches them).
    static func profiles(of actors: Set<DID>, library: any StoryLibrary) async -> [DID: ProfileView] {
        await withTaskGroup(of: (DID, ProfileView?).self) { group in
            for actor in actors {
                group.addTask {
                    (
                        actor,
                        try? await library.profile(actor: .did(actor)).value.map {
                            ProfileView(did: $0.did, handle: $0.handle, displayName: $0.displayName, avatar: $0.avatar)
                        }
                    )
                }
            }
            var found: [DID: ProfileView] = [:]
            for await (did, profile) in group { if let profile { found[did] = profile } }
            return found
        }
    }

    /// The stories the page shows, for their photos.
    static func stories(_ uris: Set<ATURI>, library: any StoryLibrary) async -> [ATURI: StoryView] {
        await withTaskGroup(of: (ATURI, StoryView?).self) { group in
            for uri in uris { group.addTask { (uri, try? await library.story(uri: uri)) } }
            var found: [ATURI: StoryView] = [:]
            for await (uri, story) in group { if let story { found[uri] = story } }
            return found
        }
    }
}
