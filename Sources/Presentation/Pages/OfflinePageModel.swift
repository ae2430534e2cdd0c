package import HTMLTemplates

/// `offline.html`: what the service worker shows in place of a page the server did not
/// answer. The same for everyone (rendered once, for nobody, and kept by the worker), so
/// it has nothing to fill in.
package struct OfflinePageModel: PageModel, Equatable {
    package static let templateName = "offline"

    package init() {}

    package var templateValues: [String: TemplateValue] { [:] }
}
