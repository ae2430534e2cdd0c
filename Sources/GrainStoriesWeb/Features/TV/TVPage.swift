import ATProto
import FoundationEssentials
import GrainSupport
import HTMLTemplates
import MicroHTTPServer
import Presentation
import Social
import Viewing

/// `/tv`: stories for a TV or a tablet on the wall, no sign-in needed. One story per
/// page, full screen, with links to the next and previous story and person; it plays
/// every live story of every person (or of the people `?for=` follows) round and round.
///
/// Without a script the page moves on by itself through a meta refresh to the next
/// story's page. With one (`Public/tv.js`) it plays in place, so the first time the
/// script runs it sets the `tvplayer` cookie and loads the page again: with that cookie
/// the page carries no refresh (a meta refresh cannot be called off once the page has
/// it, and `<noscript>` cannot hold one whose address changes), and the script takes
/// over: timer, keys, preloading, and a fresh list of people every minute.
///
/// When there is nothing to play, Grain is down or `?for=` names nobody, the page says
/// so in words and looks again every minute, so a TV left on recovers by itself.
///
/// A TV is also a photo frame (`TVScreen`): in night hours (the operator's, or the
/// screen's own from `/tv/settings`) it shows a dark page with a small clock and asks Grain
/// nothing; on a screen wider than tall two portraits play side by side (`TVPairing`); a
/// clock, fading and QR codes follow the screen's settings and the operator's options.
/// The screen's time zone and shape come from the `tvscreen` cookie its script sets.
///
/// Who plays is `StoryVisibility`'s answer: a browser signed in leaves out whom its
/// account blocks or hid, `?for=` leaves out whom that account blocks (blocks are public
/// records), and stories behind a warning are skipped (`UnwarnedStoryLibrary`). A left-out
/// person's `?at=` starts the rotation elsewhere; the page itself names no account.
struct TVPage: Sendable {
    static let scriptCookie = "tvplayer"
    /// What the script says of the screen (`TVScreenFacts`), set by it for `/tv`.
    static let screenCookie = "tvscreen"

    let pages: PageRenderer
    /// Stories as TV mode plays them (`UnwarnedStoryLibrary`).
    let library: any StoryLibrary
    let follows: FollowLists
    /// Whom the browser's signed-in account blocks or hid.
    let hidden: HiddenAuthors
    let signer: MediaURLSigner
    let logger: Logger
    let now: @Sendable () -> Date
    /// The operator's TV options: night hours, time zone, pairs, QR codes.
    let options: TVOptions

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let request = try TVRequest(query: context.query)
        let screen = options.screen(settings: TVSettingsPage.settings(context), facts: TVScreenFacts(cookie: context.cookies[TVPage.screenCookie]))
        let presenter = TVPresenter(
            request: request, signer: signer, now: now(), scripted: context.cookies[TVPage.scriptCookie] == "1", screen: screen)
        if case .night(let until) = presenter.nightPhase {
            return try render(presenter.night(until: until), status: .ok, context)
        }
        var list: FollowList?
        var visibility = await hidden.visibility(for: context.account)
        if let actor = request.actor {
            do throws(FollowListError) {
                list = try await follows.follows(of: actor).value
            } catch {
                if error.isTransient {
                    logger.warning("a follow list could not be read for TV mode", ["id": context.requestID, "error": error.description])
                }
                let title = error.isTransient ? "Trying again soon" : "No such account"
                return try render(presenter.message(title: title, text: error.publicMessage), status: error.status, context)
            }
            do throws(FollowListError) {
                if let found = list, let pdsURL = found.pdsURL {
                    visibility = visibility.blocking(try await follows.subjects(of: found.account, on: pdsURL, in: .grainBlock).value)
                }
            } catch {
                // Read from the same PDS as the follows just read; a failure now is rare
                // and passes, as the home page's does (its notice has no place on a TV).
                logger.warning("a block list could not be read for TV mode", ["id": context.requestID, "error": error.description])
            }
        }
        let authors: [StoryAuthor]
        do throws(StoryLibraryError) {
            authors = try await library.storyAuthors().value
        } catch {
            logger.warning("the AppView could not be read for TV mode", ["id": context.requestID, "error": error.description])
            return try render(presenter.message(title: "Grain is not answering", text: Self.unavailable), status: .serviceUnavailable, context)
        }
        let shown = authors.filter { visibility.shows(author: $0.profile.did) }
        let rotation = TVRotation(authors: shown, account: list?.account, follows: list?.follows)
        let programme: TVProgramme
        do throws(TVProgramme.Gap) {
            programme = try await TVProgramme.locate(
                in: rotation, at: request.at, library: library, pairing: screen.wide ? options.pairing : .off)
        } catch {
            switch error {
            case .nothingToPlay:
                return try render(presenter.message(title: "No stories right now", text: Self.nothing(for: request.actor)), status: .ok, context)
            case .unavailable(let cause):
                logger.warning("the AppView could not be read for TV mode", ["id": context.requestID, "error": cause.description])
                return try render(presenter.message(title: "Grain is not answering", text: Self.unavailable), status: .serviceUnavailable, context)
            }
        }
        return try render(presenter.story(programme), status: .ok, context)
    }

    static let unavailable = "Grain could not be reached just now, so no stories can be shown. This page tries again by itself every minute."

    static func nothing(for actor: ATIdentifier?) -> String {
        guard let actor else { return "No one has a live story right now. New stories appear here by themselves." }
        return "None of the people \(actor.rawValue) follows has a live story right now. New stories appear here by themselves."
    }

    private func render(_ page: TVPageModel, status: HTTPStatus, _ context: RequestContext) throws -> HTTPResponse {
        var response = try pages.renderForNobody(page, status: status, answering: context.request)
        if status.code >= 500 { response.headers.set("Retry-After", String(TVPresenter.refreshSeconds)) }
        return response
    }
}
