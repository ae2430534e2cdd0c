import Posting
import ATProto
public import HTMLTemplates
public import MicroHTTPServer

/// Renders pages from `Templates/` into HTML responses, adding what every page needs:
/// the fingerprinted asset URLs and the site's name.
public struct PageRenderer: Sendable {
    public let templates: TemplateLibrary
    public let assets: StaticAssets
    public let csrf: CSRFGuard
    private let assetsValue: TemplateValue

    public init(templates: TemplateLibrary, assets: StaticAssets, csrf: CSRFGuard) {
        self.templates = templates
        self.assets = assets
        self.csrf = csrf
        assetsValue = assets.templateValue
    }

    /// Renders template `name` with `context` plus the shared values: asset URLs, the
    /// site's name, the signed-in account (or null) and this browser's form token.
    public func render(_ name: String, status: HTTPStatus = .ok, _ context: [String: TemplateValue], for request: RequestContext?) throws(TemplateError) -> HTTPResponse {
        var context = context
        context["assets"] = assetsValue
        context["siteName"] = "GrainStories"
        if let account = request?.account {
            context["account"] = ["name": .string(account.name), "handle": .string(account.shownHandle), "did": .string(account.did.rawValue)]
        } else {
            context["account"] = .null
        }
        context["csrf"] = request.flatMap { csrf.token(for: $0) }.map(TemplateValue.string) ?? .null
        let html = try templates.renderUTF8(name, context)
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/html; charset=utf-8")
        headers.add("Cache-Control", "no-cache")
        return HTTPResponse(status: status, headers: headers, body: .bytes(html))
    }
}
