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
    public let now: @Sendable () -> Date
    public let startedAt: ContinuousClock.Instant

    public init(
        configuration: AppConfiguration, logger: Logger, pages: PageRenderer, library: any StoryLibrary,
        signer: MediaURLSigner, media: MediaCache, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.media = media
        self.configuration = configuration
        self.logger = logger
        self.pages = pages
        self.library = library
        self.signer = signer
        self.now = now
        startedAt = .now
    }

    /// Loads templates and static files from the configured directories; a template
    /// parse error stops start-up with its file, line and column.
    public static func loadPages(configuration: AppConfiguration, logger: Logger) throws(ConfigurationError) -> PageRenderer {
        let templates: TemplateLibrary
        do {
            templates = try TemplateLibrary(directory: configuration.templatesDirectory, strict: configuration.strictTemplates)
        } catch {
            throw ConfigurationError("templates: \(error)")
        }
        let assets = try StaticAssets.load(directory: configuration.publicDirectory, logger: logger)
        return PageRenderer(templates: templates, assets: assets)
    }
}

extension Application {
    /// The application for `services`, with every route wired.
    public convenience init(services: AppServices) {
        self.init(
            router: Application.buildRouter(services),
            errors: ErrorResponder(pages: services.pages, logger: services.logger),
            logger: services.logger
        )
    }
}
