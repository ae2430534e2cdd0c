import HTMLTemplates
import MicroHTTPServer

/// `/`: the story strip. Until stories are fetched from the AppView the strip area is
/// rendered empty, with a note saying so; the page never shows invented data.
struct HomePage: Sendable {
    let pages: PageRenderer

    func respond(_ context: RequestContext) throws -> HTTPResponse {
        try pages.render("home", [
            "authors": .list([]),
        ])
    }
}
