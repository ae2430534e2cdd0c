import ATProto
import Accounts
import FoundationEssentials
import GrainSupport
import HTMLTemplates
import MicroHTTPServer
import Posting
import Presentation
import Social
import Viewing

/// `/profile/{actor}`: avatar, names, description and counts. When the actor has live
/// stories the avatar carries the ring and opens the viewer; otherwise it is plain.
/// Someone with live stories but no Grain profile record (they posted from another
/// client) still gets a page: their handle, name and stories, as their stories show them.
/// For a signed-in person the profile of someone they block or hid has no ring and no
/// stories, and says why; others' profiles offer "Hide this person's stories". What shows
/// is `StoryVisibility`'s answer: a story behind a content warning is a tile with the
/// warning and no photo (here and in the archive), opening the viewer where "Show" is.
/// The viewer opened from here plays only this person (`StoryLinks.onePerson`).
///
/// A person's own profile always answers, also before Grain lists them (before their first
/// story): their name and handle from their session, their posts not gone out yet, and an
/// archive that says their stories appear there once posted.
struct ProfilePage: Sendable {
    let pages: PageRenderer
    let library: any StoryLibrary
    let hidden: HiddenAuthors
    let seen: SeenTracker
    let signer: MediaURLSigner
    /// The signed-in person's posts not gone out yet, shown on their own profile.
    let unfinished: UnfinishedPostsPresenter
    /// Grain's site (`--story-link-url`): galleries, followers and follows are Grain's own
    /// pages, so the counts link there.
    let grainURL: String
    let now: @Sendable () -> Date

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let actor = try context.actorParameter()
        let known = try await library.profile(actor: actor).value
        let found = if let known { known } else { await storyAuthorProfile(actor) }
        // The signed-in person's own profile always answers, even before Grain lists them
        // (before their first story): with what this server knows of them.
        let own = context.account.flatMap { account in Self.isNamed(actor, account) ? account : nil }
        guard let profile = found ?? own.map(Self.sessionProfile) else {
            throw HTTPError(.notFound, "There is no one called \(actor.rawValue) on Grain.")
        }
        let visibility = await hidden.visibility(for: context.account)
        let author = visibility.author(profile.did)
        let isHidden = author == .notShown(.hidden)
        let profilePath = StoryLinks.profile(did: profile.did, handle: profile.handle)
        let isBlocked = author == .notShown(.blocked)
        let stories =
            author != .shown
            ? []
            : ((try? await library.stories(of: profile.did).value) ?? []).filter {
                visibility.story($0) != .notShown(.labelled)
            }
        var ring: ProfilePageModel.Ring?
        if let latest = stories.last {
            let state = await seen.state(context)
            let allSeen = state.hasSeenAll(author: profile.did, latestAt: latest.createdAt)
            let count = stories.count == 1 ? "1 story" : "\(stories.count) stories"
            // Straight to the story `/stories/{actor}` would redirect to (`StoryStart`).
            let start = StoryStart.story(in: stories, author: profile.did, seen: state) ?? latest
            ring = ProfilePageModel.Ring(
                storyHref: StoryLinks.onePerson(StoryLinks.story(start, back: profilePath)),
                ringClass: allSeen ? "ring-seen" : "ring-unseen",
                storyLabel: "View \(profile.name)'s stories (\(count), \(allSeen ? "seen" : "new"))"
            )
        }
        var page = ProfilePageModel(
            name: profile.name, handle: profile.shownHandle, description: profile.description,
            avatar: AvatarPresenter.model(url: profile.avatar, name: profile.name, signer: signer), counts: counts(profile),
            stories: stories.map { story in
                let visual = StoryTile.visual(story, visibility: visibility, signer: signer)
                return StoryTileModel(
                    thumb: visual.thumb, warning: visual.warning,
                    href: StoryLinks.onePerson(StoryLinks.story(story, back: profilePath)),
                    label: "Story from \(RelativeTime.long(from: story.createdAt.date, now: now()))",
                    srcset: visual.thumb.flatMap { _ in signer.srcset(for: story.thumb, widths: MediaWidths.tiles) },
                    sizes: ImageSizes.profileStory(story.aspectRatio)
                )
            },
            ring: ring,
            hiddenNote: isBlocked
                ? "You block this person on Grain, so their stories are not shown to you."
                : isHidden ? "You hid this person's stories." : nil,
            hide: isBlocked
                ? nil
                : isHidden
                    ? HiddenPage.form(
                        action: "unhide", author: profile.did, label: "Unhide their stories",
                        accessibleName: "Unhide \(profile.name)'s stories", back: context.request.path)
                    : HiddenPage.hideForm(author: profile.did, name: profile.name, signedIn: context.account, back: context.request.path),
            archive: found == nil
                // Grain does not know them yet, so it keeps no archive of theirs to ask for.
                ? ProfilePageModel.Archive(unavailable: false, stories: [], next: nil, first: nil)
                : await archive(of: profile.did, at: profilePath, for: context, visibility: visibility)
        )
        if let account = own ?? context.account.flatMap({ $0.did == profile.did ? $0 : nil }) {
            page.unfinished = await unfinished.posts(for: account)
            if stories.isEmpty, page.archive?.stories.isEmpty == true, page.archive?.unavailable == false, page.archive?.first == nil {
                page.archive?.noStoryYet = true
            }
        }
        return try pages.render(page, for: context)
    }

    /// Whether `actor` names `account` (its DID, or the handle it signed in with).
    private static func isNamed(_ actor: ATIdentifier, _ account: AccountSession) -> Bool {
        switch actor {
        case .did(let did): did == account.did
        case .handle(let handle): handle == account.handle
        }
    }

    /// A profile from the session alone (its handle and the name read from the PDS at
    /// sign-in), for someone Grain does not list yet.
    private static func sessionProfile(_ account: AccountSession) -> ProfileViewDetailed {
        var profile = ProfileViewDetailed(did: account.did, handle: account.handle)
        profile.displayName = account.displayName
        return profile
    }

    /// On a person's own profile, their stories of the past (Grain confines the archive to
    /// its owner too): 30 a page, newest first, as 3:4 tiles with the day each was posted;
    /// a tile opens that one story in the viewer, where it can be deleted. `?archive=` is
    /// the cursor of the page to show. Nil for anyone else's profile; when the AppView
    /// cannot be reached the section says so instead of failing the page.
    private func archive(of did: DID, at profilePath: String, for context: RequestContext, visibility: StoryVisibility) async -> ProfilePageModel.Archive? {
        guard context.account?.did == did else { return nil }
        let cursor = context.query["archive"].flatMap { Datetime($0) }
        let page: StoryArchivePage
        do { page = try await library.archive(of: did, before: cursor) } catch {
            return ProfilePageModel.Archive(unavailable: true, stories: [], next: nil, first: nil)
        }
        return ProfilePageModel.Archive(
            unavailable: false,
            stories: page.stories.map { story in
                let date = ArchiveDay.label(story.createdAt.date)
                let visual = StoryTile.visual(story, visibility: visibility, signer: signer)
                return StoryTileModel(
                    thumb: visual.thumb, warning: visual.warning,
                    href: StoryLinks.onePerson(StoryLinks.story(story, back: profilePath)),
                    label: "Your story of \(date)\((story.expired ?? false) ? "" : ", still live")",
                    posted: (date, story.createdAt.rawValue),
                    srcset: visual.thumb.flatMap { _ in signer.srcset(for: story.thumb, widths: MediaWidths.tiles) },
                    sizes: ImageSizes.archiveTile(story.aspectRatio)
                )
            },
            next: page.next.map { profilePath + "?archive=" + PercentEncoding.encodeComponent($0.rawValue) },
            first: cursor == nil ? nil : profilePath
        )
    }

    /// The profile a person's own live stories carry, when the AppView has no profile for
    /// them; nil when they have no live story either.
    private func storyAuthorProfile(_ actor: ATIdentifier) async -> ProfileViewDetailed? {
        let creator: ProfileView?
        switch actor {
        case .did(let did):
            creator = (try? await library.stories(of: did).value)?.last?.creator
        case .handle(let handle):
            creator = (try? await library.storyAuthors().value)?.first { $0.profile.handle == handle }?.profile
        }
        guard let creator else { return nil }
        var profile = ProfileViewDetailed(did: creator.did, handle: creator.handle)
        profile.displayName = creator.displayName
        profile.avatar = creator.avatar
        return profile
    }

    private func counts(_ profile: ProfileViewDetailed) -> [ProfilePageModel.Count] {
        let page = grainURL + StoryLinks.profile(did: profile.did, handle: profile.handle)
        return [("galleries", profile.galleryCount), ("followers", profile.followersCount), ("following", profile.followsCount)]
            .compactMap { label, value in
                value.map { ProfilePageModel.Count(label: label, value: $0, href: page) }
            }
    }
}
