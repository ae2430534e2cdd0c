import GrainSupport
import HTMLTemplates

extension PageRenderer {
    /// Loads templates and static files from the configured directories; a template
    /// parse error stops start-up with its file, line and column.
    static func load(configuration: AppConfiguration, secret: [UInt8], logger: Logger) throws(ConfigurationError) -> PageRenderer {
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
