package import ATProto
import Accounts
package import HTMLTemplates
package import MicroHTTPServer
import Presentation

/// Renders pages from `Templates/` into HTML responses, adding what every page needs:
/// the fingerprinted asset URLs and the site's name.
package struct PageRenderer: Sendable {
    package let templates: TemplateLibrary
    package let assets: StaticAssets
    package let csrf: CSRFGuard
    /// The signed-in account's unseen activity, for the header's badge (set by the
    /// composition root once activity is built; none until then).
    package var activityBadge: @Sendable (DID) -> Int = { _ in 0 }
    private let assetsValue: TemplateValue

    package init(templates: TemplateLibrary, assets: StaticAssets, csrf: CSRFGuard) {
        self.templates = templates
        self.assets = assets
        self.csrf = csrf
        assetsValue = assets.templateValue
    }

    /// Renders `page` with its template for the visitor `request` comes from (or nobody):
    /// the page's model plus the shared values (`pageValues`).
    package func render(_ page: some PageModel, status: HTTPStatus = .ok, for request: RequestContext?) throws(TemplateError) -> HTTPResponse {
        try render(type(of: page).templateName, status: status, page.templateValues, for: request)
    }

    /// Renders `page` as nobody's (no account, no form token: TV mode names no one) but
    /// answers `request` as any page: its validator, a 304, compressed when asked.
    package func renderForNobody(_ page: some PageModel, status: HTTPStatus = .ok, answering request: HTTPRequest) throws(TemplateError) -> HTTPResponse {
        PageDelivery.response(
            html: try templates.renderUTF8(type(of: page).templateName, pageValues(page.templateValues, layout: layout(for: nil))), status: status,
            request: request)
    }

    /// Renders `page` once for many visitors: the slots in it and in `layout` (the
    /// per-visitor fields, marked `VisitorText.slot`) are left as holes to fill per visitor.
    /// The same values as `render` otherwise, so a filled stencil is what `render` gives.
    func renderStencil(_ page: some PageModel, layout: LayoutModel) throws(TemplateError) -> TemplateStencil {
        try templates.renderStencil(type(of: page).templateName, pageValues(page.templateValues, layout: layout))
    }

    /// Renders template `name` with `context` plus the shared values. Pages render their
    /// model (above); this is what that comes down to, kept for tests that compare a page
    /// with a render from plain values.
    func render(
        _ name: String, status: HTTPStatus = .ok, _ context: [String: TemplateValue], for request: RequestContext?
    ) throws(TemplateError) -> HTTPResponse {
        PageDelivery.response(
            html: try templates.renderUTF8(name, pageValues(context, layout: layout(for: request))), status: status, request: request?.request)
    }

    /// The layout's per-visitor part for the visitor `request` comes from: the signed-in
    /// account (or none), the other accounts signed in on this browser, its form token,
    /// whether the header links the sign-in page (not from that page itself), and the
    /// message the address asks for (`?done=`).
    func layout(for request: RequestContext?) -> LayoutModel {
        LayoutModel(
            account: request?.account.map { LayoutModel.Account($0, unseen: activityBadge($0.did)) },
            csrf: request.flatMap { csrf.token(for: $0) }.map(VisitorText.text),
            otherAccounts: (request?.otherAccounts ?? []).map { LayoutModel.Account($0) },
            offersSignIn: request?.request.path != SignInPage.path,
            done: DoneMessage(query: request?.query["done"])
        )
    }

    /// `context` plus what every page gets: asset URLs, the site's name and `layout`'s
    /// values (`account`, `csrf`, `otherAccounts`, `manyAccounts`, `offersSignIn`).
    func pageValues(_ context: [String: TemplateValue], layout: LayoutModel) -> [String: TemplateValue] {
        var context = context
        context["assets"] = assetsValue
        context["siteName"] = "GrainStories"
        context.merge(layout.templateValues) { _, shared in shared }
        return context
    }
}
