import ATProto
package import Accounts
package import Activity
import FoundationEssentials
import Geocoding
package import GrainSupport
import Housekeeping
import PhotoModel
package import Posting
package import Social
import Synchronization
package import Viewing
import WorkerThreads

/// The one composition root: the whole application built from the validated
/// configuration, the data directory, a logger and its remote edges (`Edges`), for
/// `serve` and for the tests alike. The database, sessions, posting services,
/// publisher, handlers, router and server are built here and nowhere else.
///
/// `build` only constructs (and reads the database back); background work starts with
/// `startBackgroundWork()`, so socket-free tests can drive the publisher themselves.
/// The application owns what it built and the edges' HTTP client: `shutdown()` stops them.
package final class GrainStoriesApp: Sendable {
    package let configuration: AppConfiguration
    package let data: DataDirectory
    package let logger: Logger
    package let edges: Edges
    package let pages: PageRenderer
    /// The pages' library: the edge's stories with this server's own posts and deletions applied.
    package let library: any StoryLibrary
    package let signer: MediaURLSigner
    /// Where the application keeps its state (the adapter `edges.storage` chose).
    package let repositories: Repositories
    package let sessions: SessionStore
    package let posting: PostingServices
    /// Favourites and comments on their way to people's PDSes.
    package let social: SocialOutbox
    /// The responder the server uses; tests may call it without a socket.
    package let application: Application
    /// This server as an OAuth client and its sessions' grants; nil when OAuth is off.
    package let oauth: OAuthSessions?
    /// Hearts, comments, replies and mentions from the network, push and "Seen by".
    package let activity: ActivityCenter
    private let threads: [WorkerThreadPool]
    private let housekeeper: Housekeeper
    private let housekeeping = Mutex<Task<Void, Never>?>(nil)
    /// The idle memory trimmer's task (`IdleMemoryTrimmer`), started with the housekeeping.
    private let trimming = Mutex<Task<Void, Never>?>(nil)

    private init(
        configuration: AppConfiguration, data: DataDirectory, logger: Logger, edges: Edges, pages: PageRenderer,
        library: any StoryLibrary, signer: MediaURLSigner, repositories: Repositories, sessions: SessionStore,
        posting: PostingServices, social: SocialOutbox, application: Application, threads: [WorkerThreadPool], oauth: OAuthSessions?,
        activity: ActivityCenter
    ) {
        self.configuration = configuration
        self.data = data
        self.logger = logger
        self.edges = edges
        self.pages = pages
        self.library = library
        self.signer = signer
        self.repositories = repositories
        self.sessions = sessions
        self.posting = posting
        self.social = social
        self.application = application
        self.threads = threads
        self.oauth = oauth
        self.activity = activity
        housekeeper = Housekeeper(
            drafts: posting.drafts, data: data, sessions: sessions, logger: logger, now: edges.now, socialWrites: social.store,
            oauth: oauth)
    }

    /// Builds everything over `edges`, restores the known sessions and this server's
    /// recent stories from the database, and starts nothing.
    package static func build(
        configuration: AppConfiguration, data: DataDirectory, logger: Logger, edges: Edges
    ) async throws(ConfigurationError) -> GrainStoriesApp {
        let secret = try ServerSecret.loadOrCreate(at: data.secretKey)
        var pages = try PageRenderer.load(configuration: configuration, secret: secret, logger: logger)
        let io = WorkerThreadPool(name: "io", threadCount: 2)
        // Two threads, admitted by memory (`PostingServices.photoQueue`): a large photo
        // no longer holds up a small one.
        let photos = WorkerThreadPool(name: "photos", threadCount: 2)
        // The photo-size estimates' own two threads, fair between accounts
        // (`PhotoPreparation`): each waits for a child process, one per core.
        let estimates = WorkerThreadPool(name: "estimates", threadCount: 2)
        let signer = MediaURLSigner(key: HMAC.sha256(key: secret, message: Array("media".utf8)), insecureHosts: configuration.insecureHosts)
        let media = try MediaCache(directory: data.media, maxBytes: configuration.mediaCacheBytes, http: edges.http, io: io)
        let repositories = try await edges.storage(data)
        let now = edges.now
        let sessions = SessionStore(repository: repositories.sessions, now: now)
        let oauth = try OAuthSetup.sessions(configuration: configuration, data: data, edges: edges)
        let pds = AuthorizedPDS(sessions: sessions, connector: edges.pds, verifier: edges.identity, oauth: oauth)
        let local = LocalStories(now: now)
        let library = OverlayStoryLibrary(base: edges.stories, local: local)
        let drafts = repositories.drafts
        let publisher = Publisher(
            .init(
                drafts: drafts, data: data, sessions: sessions, pds: pds,
                composer: CrosspostComposer(storyLinkURL: configuration.storyLinkURL),
                storyPosted: { draft, ref, account, createdAt in
                    await local.add(LocalStories.view(of: draft, uri: ref.uri, cid: ref.cid, creator: account.profileView, createdAt: createdAt))
                    await library.invalidate(author: account.did)
                },
                logger: logger, now: now
            ))
        let posting = PostingServices(
            drafts: drafts, publisher: publisher, local: local, geocoder: edges.geocoder(repositories.geocodingCache),
            photoThreads: photos, estimateThreads: estimates, fileThreads: io,
            processing: PhotoProcessingOptions(
                maxPixels: configuration.maxPhotoPixels, boxSize: configuration.photoBox,
                byteBudget: configuration.maxPhotoBytes, initialQuality: configuration.photoQuality,
                maxDecodeBytes: configuration.maxDecodeBytes
            ),
            photoWorker: configuration.photoWorkerExecutable,
            placeTokens: PlaceTokens(key: HMAC.sha256(key: secret, message: Array("places".utf8))),
            tids: TIDClock(now: now), data: data, now: now
        )
        let socialStore = repositories.socialWrites
        let social = SocialOutbox(
            store: socialStore, favourites: FavouriteBook(store: socialStore, now: now), pds: pds, sessions: sessions,
            tids: posting.tids, logger: logger, now: now)
        // One cache of follow and block lists for TV mode, activity and signed-in people alike.
        let graph = FollowLists(identity: edges.identity, pds: pds.connector, appView: edges.following)
        let hidden = HiddenAuthors(graph: graph, store: repositories.hiddenAuthors, logger: logger, now: now)
        let activity = try ActivitySetup.center(
            configuration: configuration, data: data, repositories: repositories, sessions: sessions, hidden: hidden, identity: edges.identity,
            http: edges.http, logger: logger, now: now)
        pages.activityBadge = { [unseen = activity.unseen] did in unseen.count(for: did) }
        let routes = try routes(
            configuration: configuration, logger: logger, pages: pages, library: library, signer: signer, media: media,
            repositories: repositories, sessions: sessions, pds: pds, identity: edges.identity, posting: posting,
            social: social, comments: edges.comments, graph: graph, hidden: hidden, activity: activity, actorSearch: edges.actorSearch, now: now
        )
        let application = Application(
            router: routes.router(), errors: ErrorResponder(pages: pages, logger: logger), sessions: sessions, logger: logger)
        do {
            try await sessions.loadKnownSessions()
        } catch {
            throw ConfigurationError("the database could not be read: \(error)")
        }
        await posting.restoreLocalStories(sessions: sessions, logger: logger)
        return GrainStoriesApp(
            configuration: configuration, data: data, logger: logger, edges: edges, pages: pages, library: library,
            signer: signer, repositories: repositories, sessions: sessions, posting: posting, social: social, application: application,
            threads: [io, photos, estimates], oauth: oauth, activity: activity
        )
    }

    /// Starts the outbox worker, the activity follower, the hourly housekeeping and the idle
    /// memory trimmer (`serve` and the live tests).
    package func startBackgroundWork() async {
        await posting.publisher.start()
        await social.start()
        await activity.start(accounts: sessions.signedInAccounts())
        let housekeeper = self.housekeeper
        housekeeping.withLock { task in
            guard task == nil else { return }
            task = Task { await housekeeper.run() }
        }
        let trimmer = IdleMemoryTrimmer(answered: { [application] in application.answerCount })
        trimming.withLock { task in
            guard task == nil else { return }
            task = Task { await trimmer.run() }
        }
    }

    /// Stops the background work, the outgoing HTTP client, the storage and the threads.
    package func shutdown() async {
        housekeeping.withLock { $0?.cancel() }
        trimming.withLock { $0?.cancel() }
        await posting.publisher.stop()
        await social.stop()
        await activity.stop()
        await edges.http.shutdown()
        await repositories.close()
        for pool in threads { pool.shutdown() }
    }
}
