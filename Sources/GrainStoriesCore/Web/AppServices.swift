public import Foundation
import HTMLTemplates

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
    public let now: @Sendable () -> Date
    public let startedAt: ContinuousClock.Instant

    public init(
        configuration: AppConfiguration, logger: Logger, pages: PageRenderer, library: any StoryLibrary,
        signer: MediaURLSigner, media: MediaCache, database: AppDatabase, http: OutboundHTTP,
        identity: any IdentityResolving, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.configuration = configuration
        self.logger = logger
        self.pages = pages
        self.library = library
        self.signer = signer
        self.media = media
        self.database = database
        self.identity = identity
        self.now = now
        sessions = SessionStore(database: database, now: now)
        pds = AuthorizedPDS(sessions: sessions, http: http)
        signInLimiter = AttemptLimiter(limit: 10, window: 15 * 60, now: now)
        startedAt = .now
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
