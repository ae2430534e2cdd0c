public import Foundation
import HTMLTemplates
import JPEGProcessing
public import WorkerThreads
public import ATProto
public import AppStorage
public import Geocoding
public import GrainSupport
public import Posting
public import Viewing

/// The long-lived pieces the handlers share, built once at start-up from the
/// configuration. Tests build it with fakes for everything remote.
public struct AppServices: Sendable {
    public let configuration: AppConfiguration
    public let logger: Logger
    public let pages: PageRenderer
    public let library: any StoryLibrary
    public let signer: MediaURLSigner
    public let media: MediaCache
    public let database: AppDatabase
    public let sessions: SessionStore
    public let pds: AuthorizedPDS
    public let identity: any IdentityResolving
    public let signInLimiter: AttemptLimiter
    public let posting: PostingServices
    public let now: @Sendable () -> Date
    public let startedAt: ContinuousClock.Instant

    /// Wires everything from its parts; `baseLibrary` is the AppView (or a fake), which
    /// pages see with this server's own posts and deletions applied.
    public init(
        configuration: AppConfiguration, logger: Logger, pages: PageRenderer, baseLibrary: any StoryLibrary,
        signer: MediaURLSigner, media: MediaCache, database: AppDatabase, http: OutboundHTTP,
        identity: any IdentityResolving, geocoder: any PlaceGeocoder, secret: [UInt8],
        photoThreads: WorkerThreadPool, fileThreads: WorkerThreadPool, data: DataDirectory,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.configuration = configuration
        self.logger = logger
        self.pages = pages
        self.signer = signer
        self.media = media
        self.database = database
        self.identity = identity
        self.now = now
        let sessions = SessionStore(database: database, now: now)
        let pds = AuthorizedPDS(sessions: sessions, http: http)
        self.sessions = sessions
        self.pds = pds
        signInLimiter = AttemptLimiter(limit: 10, window: 15 * 60, now: now)
        startedAt = .now

        let local = LocalStories(now: now)
        let library = OverlayStoryLibrary(base: baseLibrary, local: local)
        self.library = library
        let drafts = DraftStore(database: database)
        let publisher = Publisher(.init(
            drafts: drafts, data: data, sessions: sessions, pds: pds,
            composer: CrosspostComposer(storyLinkURL: configuration.storyLinkURL),
            storyPosted: { draft, ref, account, createdAt in
                await local.add(LocalStories.view(of: draft, uri: ref.uri, cid: ref.cid, creator: account.profileView, createdAt: createdAt))
                await library.invalidate(author: account.did)
            },
            logger: logger, now: now
        ))
        posting = PostingServices(
            drafts: drafts, publisher: publisher, local: local, geocoder: geocoder,
            photoThreads: photoThreads, fileThreads: fileThreads,
            processing: PhotoProcessingOptions(
                maxPixels: configuration.maxPhotoPixels, boxSize: configuration.photoBox,
                byteBudget: configuration.maxPhotoBytes, initialQuality: configuration.photoQuality,
                maxDecodeBytes: configuration.maxDecodeBytes
            ),
            placeTokens: PlaceTokens(key: HMAC.sha256(key: secret, message: Array("places".utf8))),
            tids: TIDClock(now: now), data: data, now: now
        )
    }

    /// Loads templates and static files from the configured directories; a template
    /// parse error stops start-up with its file, line and column.
    public static func loadPages(configuration: AppConfiguration, secret: [UInt8], logger: Logger) throws(ConfigurationError) -> PageRenderer {
        let templates: TemplateLibrary
        do {
            templates = try TemplateLibrary(directory: configuration.templatesDirectory, strict: configuration.strictTemplates)
        } catch {
            throw ConfigurationError("templates: \(error)")
        }
        let assets = try StaticAssets.load(directory: configuration.publicDirectory, logger: logger)
        return PageRenderer(templates: templates, assets: assets, csrf: CSRFGuard(key: HMAC.sha256(key: secret, message: Array("csrf".utf8))))
    }
}

extension Application {
    /// The application for `services`, with every route wired.
    public convenience init(services: AppServices) {
        self.init(
            router: Application.buildRouter(services),
            errors: ErrorResponder(pages: services.pages, logger: services.logger),
            sessions: services.sessions,
            logger: services.logger
        )
    }
}
