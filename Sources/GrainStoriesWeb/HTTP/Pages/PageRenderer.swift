import Posting
import ATProto
public import HTMLTemplates
public import MicroHTTPServer
import Accounts

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

    /// Renders `page` with its template plus the shared values (below).
    public func render(_ page: some PageModel, status: HTTPStatus = .ok, for request: RequestContext?) throws(TemplateError) -> HTTPResponse {
        try render(type(of: page).templateName, status: status, page.templateValues, for: request)
    }

    /// Renders template `name` with `context` plus the shared values: asset URLs, the
    /// site's name, the signed-in account (or null), the other accounts signed in on this
    /// browser and this browser's form token.
    public func render(_ name: String, status: HTTPStatus = .ok, _ context: [String: TemplateValue], for request: RequestContext?) throws(TemplateError) -> HTTPResponse {
        let values = pageValues(
            context, account: Self.accountValue(request?.account), csrf: request.flatMap { csrf.token(for: $0) }.map(TemplateValue.string) ?? .null,
            otherAccounts: request?.otherAccounts ?? [])
        return Self.htmlResponse(try templates.renderUTF8(name, values), status: status)
    }

    /// `context` plus what every page gets: asset URLs, the site's name, `account`,
    /// `csrf`, and for the header's menu `otherAccounts` (each like `account`) and
    /// `manyAccounts` (whether there are any).
    func pageValues(_ context: [String: TemplateValue], account: TemplateValue, csrf: TemplateValue, otherAccounts: [AccountSession] = []) -> [String: TemplateValue] {
        var context = context
        context["assets"] = assetsValue
        context["siteName"] = "GrainStories"
        context["account"] = account
        context["csrf"] = csrf
        context["otherAccounts"] = .list(otherAccounts.map(Self.accountValue))
        context["manyAccounts"] = .bool(!otherAccounts.isEmpty)
        return context
    }

    /// The signed-in account as templates see it, or null.
    static func accountValue(_ account: AccountSession?) -> TemplateValue {
        guard let account else { return .null }
        return ["name": .string(account.name), "handle": .string(account.shownHandle), "did": .string(account.did.rawValue)]
    }

    /// A rendered page as a response: HTML, revalidated on every use.
    static func htmlResponse(_ html: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        htmlResponse(body: .bytes(html), status: status)
    }

    static func htmlResponse(body: HTTPResponse.Body, status: HTTPStatus = .ok) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/html; charset=utf-8")
        headers.add("Cache-Control", "no-cache")
        return HTTPResponse(status: status, headers: headers, body: body)
    }
}
