import ATProto
import Accounts
import Activity
import FoundationEssentials
import GrainSupport
import OAuthClient
import Posting
import Presentation
import Social
import Viewing

extension GrainStoriesApp {
    /// Every handler, each given only the parts it uses.
    static func routes(
        configuration: AppConfiguration, logger: Logger, pages: PageRenderer, library: any StoryLibrary,
        signer: MediaURLSigner, media: MediaCache, repositories: Repositories, sessions: SessionStore, pds: AuthorizedPDS,
        identity: any IdentityResolving, posting: PostingServices, social: SocialOutbox, comments: any CommentThreads,
        graph: FollowLists, hidden: HiddenAuthors, activity: ActivityCenter, actorSearch: ActorTypeahead?, now: @escaping @Sendable () -> Date
    ) throws(ConfigurationError) -> Routes {
        let oauthSignIn = pds.oauth.map { oauth in
            OAuthSignIn(oauth: oauth, identity: identity, connector: pds.connector, logger: logger, now: now)
        }
        let seen = SeenTracker(accounts: repositories.seen, now: now)
        let photos = DraftPhotos(data: posting.data, fileThreads: posting.fileThreads)
        let strip = StripPresenter(signer: signer)
        let accountStrip = AccountStrip(
            library: library, graph: graph, hidden: hidden, choices: repositories.stripChoices,
            snapshots: StripSnapshots(now: now), logger: logger)
        let storyComments = StoryComments(threads: comments, store: social.store, sessions: sessions, now: now)
        let stories = StoryLookup(library: library, hidden: hidden)
        let socialPresenter = StorySocialPresenter(outbox: social, comments: storyComments, signer: signer, now: now)
        let newStory = NewStoryPage(
            pages: pages, drafts: posting.drafts, draftMaker: posting.draftMaker, fileThreads: posting.fileThreads,
            uploadsDirectory: posting.data.uploads, quota: DraftQuota(configuration: configuration),
            maxBodyBytes: configuration.maxBodyBytes, logger: logger)
        // Photos shared before signing in wait in at most a quarter of the spool's space.
        let parked = ParkedShares(maxBytes: max(configuration.maxBodyBytes, configuration.maxSpoolBytes / 4))
        let tvOptions = TVOptions(configuration: configuration)
        return Routes(
            home: HomePage(
                pages: pages, cache: HomePageCache(pages: pages, strip: strip, knownStories: library.knownStories(of:)), library: library,
                accountStrip: accountStrip,
                strip: strip, seen: seen,
                unfinished: UnfinishedPostsPresenter(drafts: posting.drafts), logger: logger, now: now),
            stripChoice: StripChoiceEndpoint(pages: pages, accountStrip: accountStrip),
            authorStories: AuthorStoriesPage(library: library, hidden: hidden, seen: seen, signer: signer, assets: pages.assets),
            viewer: StoryViewerPage(
                pages: pages, library: library, accountStrip: accountStrip, seen: seen, signer: signer,
                origin: PublicOrigin(configured: configuration.publicURL, trustedProxies: configuration.trustedProxies),
                social: socialPresenter, hidden: hidden, now: now),
            favorite: FavoriteEndpoint(pages: pages, stories: stories, outbox: social),
            comments: CommentsPage(
                pages: pages, stories: stories, comments: storyComments, outbox: social,
                presenter: socialPresenter, hidden: hidden, identity: identity),
            mentions: MentionSearchEndpoint(suggestions: MentionSuggestions(typeahead: actorSearch, now: now)),
            profile: ProfilePage(
                pages: pages, library: library, hidden: hidden, seen: seen, signer: signer, unfinished: UnfinishedPostsPresenter(drafts: posting.drafts),
                grainURL: configuration.storyLinkURL, now: now),
            tv: TVPage(
                pages: pages, library: UnwarnedStoryLibrary(base: library, now: now),
                follows: graph, hidden: hidden, signer: signer, logger: logger, now: now, options: tvOptions),
            tvSettings: TVSettingsPage(pages: pages, options: tvOptions),
            tvQRCode: TVQRCode(
                enabled: configuration.tvQRCode, origin: PublicOrigin(configured: configuration.publicURL, trustedProxies: configuration.trustedProxies)),
            hidden: HiddenPage(pages: pages, hidden: hidden, library: library, signer: signer),
            seen: SeenEndpoint(seen: seen),
            media: MediaHandler(
                signer: signer, cache: media,
                sizes: PhotoSizes(
                    worker: PhotoWorker(executable: configuration.photoWorkerExecutable, options: posting.processing), queue: posting.photoQueue,
                    logger: logger)),
            health: HealthCheck(startedAt: .now),
            signIn: SignInPage(
                pages: pages, sessions: sessions,
                signIn: AccountSignIn(
                    identity: identity, pds: pds, limiter: AttemptLimiter(limit: 10, window: 15 * 60, now: now), logger: logger),
                pds: pds, logger: logger, mode: configuration.oauth, oauth: oauthSignIn),
            oauthDocuments: pds.oauth.flatMap { oauth in
                configuration.publicURL.map { OAuthClientDocuments(oauth: oauth, publicURL: $0) }
            },
            signOut: SignOutEndpoint(pages: pages, sessions: sessions, pds: pds),
            switchAccount: AccountSwitchEndpoint(pages: pages),
            newStory: newStory,
            share: ShareTargetEndpoint(newStory: newStory, shelf: parked, maxBodyBytes: configuration.maxBodyBytes, logger: logger, now: now),
            draft: DraftPage(
                pages: pages, drafts: posting.drafts, publisher: posting.publisher, geocoder: posting.geocoder,
                placeTokens: posting.placeTokens, photos: photos, now: now),
            deleteStory: DeleteStoryPage(
                pages: pages, pds: pds, library: library, local: posting.local, drafts: posting.drafts, photos: photos,
                signer: signer, crossposts: CrosspostFinder(drafts: posting.drafts, pds: pds), logger: logger),
            localPhoto: LocalPhotoHandler(drafts: posting.drafts, data: posting.data),
            activity: ActivityPage(pages: pages, center: activity, library: library, hidden: hidden, sessions: sessions, signer: signer, now: now),
            push: PushSubscriptionEndpoint(pages: pages, center: activity, insecureHosts: configuration.insecureHosts),
            files: StaticFileHandler(assets: pages.assets),
            webApp: try WebAppFiles(pages: pages),
            maxUploadBytes: configuration.maxBodyBytes
        )
    }
}
