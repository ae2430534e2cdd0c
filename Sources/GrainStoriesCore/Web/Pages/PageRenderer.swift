public import HTMLTemplates
public import MicroHTTPServer

/// Renders pages from `Templates/` into HTML responses, adding what every page needs:
/// the fingerprinted asset URLs and the site's name.
public struct PageRenderer: Sendable {
    public let templates: TemplateLibrary
    public let assets: StaticAssets
    private let assetsValue: TemplateValue

    public init(templates: TemplateLibrary, assets: StaticAssets) {
        self.templates = templates
        self.assets = assets
        assetsValue = assets.templateValue
    }

    /// Renders template `name` with `context` plus the shared values.
    public func render(_ name: String, status: HTTPStatus = .ok, _ context: [String: TemplateValue]) throws(TemplateError) -> HTTPResponse {
        var context = context
        context["assets"] = assetsValue
        context["siteName"] = "GrainStories"
        let html = try templates.renderUTF8(name, context)
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/html; charset=utf-8")
        headers.add("Cache-Control", "no-cache")
        return HTTPResponse(status: status, headers: headers, body: .bytes(html))
    }
}
