import ATProto
import Accounts
import FoundationEssentials
import Geocoding
import GrainSupport
import HTMLTemplates
import MicroHTTPServer
import Posting
import Presentation

/// `/drafts/{id}`: the processed photo as it will be posted, the suggested place (an
/// editable name, a way to leave it out, and place search), content warnings and the
/// Bluesky toggle; then Post, or Discard apart from it as a second step ("Discard this
/// draft…" unfolds what it does and its one button), which lands on the home page saying
/// "Draft discarded". After Post the same page shows how publishing is going
/// ("Posting…", "Posted", "Failed: reason" with Retry).
///
/// Drafts belong to the account that made them: anyone else gets a 404.
struct DraftPage: Sendable {
    let pages: PageRenderer
    let drafts: any DraftRepository
    let publisher: Publisher
    let geocoder: any PlaceGeocoder
    /// Signs the place choices the page offers, so a posted place is one it offered.
    let placeTokens: PlaceTokens
    let photos: DraftPhotos
    let now: @Sendable () -> Date

    func show(_ context: RequestContext, id: DraftID) async throws -> HTTPResponse {
        let (account, draft) = try await ownedDraft(context, id: id)
        return try await render(context, account: account, draft: draft, searchResults: nil, problem: nil, status: .ok)
    }

    func act(_ context: RequestContext, id: DraftID) async throws -> HTTPResponse {
        let (account, draft) = try await ownedDraft(context, id: id)
        let form = try context.formFields(limit: 16 * 1024)
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        switch form["action"] {
        case "publish":
            guard draft.state == .draft else { return HTTPResponse.redirect(to: "/drafts/\(draft.id)") }
            let choices: DraftChoices
            do { choices = try DraftChoices(form: form, draft: draft, tokens: placeTokens) } catch {
                return try await render(context, account: account, draft: draft, searchResults: nil, problem: error.publicMessage, status: .badRequest)
            }
            if choices.crosspost, !AccountAction.crosspost.isAllowed(for: account) {
                return try await render(
                    context, account: account, draft: draft, searchResults: nil, problem: AccountAction.crosspost.missingGrant, status: .forbidden)
            }
            try await drafts.publish(
                draft.id, place: choices.place, labels: choices.labels, crosspost: choices.crosspost,
                createdAt: Datetime(now()), now: now())
            await publisher.kick()
            return HTTPResponse.redirect(to: "/drafts/\(draft.id)")
        case "retry":
            try await drafts.retry(draft.id, now: now())
            await publisher.kick()
            return HTTPResponse.redirect(to: "/drafts/\(draft.id)")
        case "cancel":
            // Refused once the story exists; the page then shows how far it got.
            try await drafts.cancel(draft.id)
            return HTTPResponse.redirect(to: "/drafts/\(draft.id)")
        case "discard":
            guard draft.state == .draft || draft.state == .failed else { return HTTPResponse.redirect(to: "/drafts/\(draft.id)") }
            try await drafts.delete(draft.id)
            await photos.remove(of: draft.id)
            return HTTPResponse.redirect(to: DoneMessage.discarded.address("/"))
        case "search":
            let query = (form["query"] ?? "").trimmingWhitespaceAndNewlines()
            let results = await geocoder.search(
                String(query.prefix(200)), language: context.request.headers["Accept-Language"], requester: account.did.rawValue)
            return try await render(
                context, account: account, draft: draft, searchResults: (query, results), problem: results.isEmpty ? "No places found for “\(query)”." : nil,
                status: .ok)
        default:
            throw HTTPError.badRequest("Unknown action.")
        }
    }

    /// `GET /drafts/{id}/photo`: the processed photo, for its owner only.
    func photo(_ context: RequestContext, id: DraftID) async throws -> HTTPResponse {
        let (_, draft) = try await ownedDraft(context, id: id)
        return try PhotoFile.response(path: photos.path(of: draft.id), cache: "private, no-store")
    }

    /// `GET /drafts/{id}/places?q=…`: place search for the script (JSON, signed tokens).
    func places(_ context: RequestContext, id: DraftID) async throws -> HTTPResponse {
        let (account, _) = try await ownedDraft(context, id: id)
        let query = (context.query["q"] ?? "").trimmingWhitespaceAndNewlines()
        // Each account has its share of the one-per-second queue (see `RateLimiter`).
        let results = await geocoder.search(String(query.prefix(200)), language: context.request.headers["Accept-Language"], requester: account.did.rawValue)
        let items = results.map {
            PlaceChoice(
                token: placeTokens.token(for: DraftPlace(name: $0.name, cell: $0.location.value, address: $0.address)), name: $0.name, display: $0.display)
        }
        let body = (try? JSONEncoder.atproto.encode(items)) ?? Data("[]".utf8)
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        headers.add("Cache-Control", "no-store")
        return HTTPResponse(status: .ok, headers: headers, body: .bytes(Array(body)))
    }

    private struct PlaceChoice: Encodable {
        var token: String
        var name: String
        var display: String
    }

    private func ownedDraft(_ context: RequestContext, id: DraftID) async throws -> (AccountSession, Draft) {
        let account = try context.requireAccount()
        guard let draft = try await drafts.find(id), draft.belongs(to: account) else {
            throw HTTPError(.notFound, "This draft does not exist any more, or it belongs to someone else.")
        }
        return (account, draft)
    }

    private func render(
        _ context: RequestContext, account: AccountSession, draft: Draft, searchResults: (query: String, results: [PlaceSuggestion])?, problem: String?,
        status: HTTPStatus
    ) async throws -> HTTPResponse {
        let entry = try await drafts.progress(draft.id)
        var page = DraftPresenter(tokens: placeTokens).page(draft: draft, handle: account.handle, entry: entry, search: searchResults, problem: problem)
        if !AccountAction.crosspost.isAllowed(for: account) { page.crosspostNotice = AccountAction.crosspost.missingGrant }
        var response = try pages.render(page, status: status, for: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
