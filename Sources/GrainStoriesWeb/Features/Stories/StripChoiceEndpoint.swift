import HTMLTemplates
import MicroHTTPServer
import Presentation
import Social
import Viewing

/// Choosing the home strip (the people one follows, or everyone): `POST /strip` saves the
/// choice for the account and goes back to `/`. Only a POST with the form's token changes
/// it; `/?strip=…` (a link, perhaps on another site) shows what it would change and the
/// form to do it (`confirmation`), and changes nothing by itself.
struct StripChoiceEndpoint: Sendable {
    let pages: PageRenderer
    let accountStrip: AccountStrip

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let form = try context.formFields(limit: 2048)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        guard let account = context.account else { throw SignInRequired() }
        guard let choice = form["strip"].flatMap(StripChoice.init(rawValue:)) else {
            throw HTTPError.badRequest("The strip can be following or everyone.")
        }
        try await accountStrip.choose(choice, for: account)
        return HTTPResponse.redirect(to: "/")
    }

    /// The page `/?strip=choice` answers a signed-in person with.
    static func confirmation(_ choice: StripChoice, pages: PageRenderer, context: RequestContext) throws -> HTTPResponse {
        var response = try pages.render(StripChoicePageModel(everyone: choice == .everyone, value: choice.rawValue), for: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
