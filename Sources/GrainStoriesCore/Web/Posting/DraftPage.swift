import GrainSupport
import Foundation
import HTMLTemplates
import MicroHTTPServer
import ATProto
import Geocoding
import Posting

/// `/drafts/{id}`: the processed photo as it will be posted, the suggested place (an
/// editable name, a way to leave it out, and place search), content warnings and the
/// Bluesky toggle; then Post or Discard. After Post the same page shows how publishing
/// is going ("Posting…", "Posted", "Failed: reason" with Retry).
///
/// Drafts belong to the account that made them: anyone else gets a 404.
struct DraftPage: Sendable {
    let services: AppServices

    func show(_ context: RequestContext) async throws -> HTTPResponse {
        let (account, draft) = try await ownedDraft(context)
        return try await render(context, account: account, draft: draft, searchResults: nil, problem: nil, status: .ok)
    }

    func act(_ context: RequestContext) async throws -> HTTPResponse {
        let (account, draft) = try await ownedDraft(context)
        let form = try context.formFields(limit: 16 * 1024)
        try services.pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let posting = services.posting
        switch form["action"] {
        case "publish":
            guard draft.state == .draft else { return HTTPResponse.redirect(to: "/drafts/\(draft.id)") }
            let choices: DraftChoices
            do { choices = try DraftChoices(form: form, draft: draft, tokens: posting.placeTokens) } catch {
                return try await render(context, account: account, draft: draft, searchResults: nil, problem: error.publicMessage, status: .badRequest)
            }
            try await posting.drafts.publish(
                draft.id, place: choices.place, labels: choices.labels, crosspost: choices.crosspost,
                createdAt: Datetime(services.now()), now: services.now())
            await posting.publisher.kick()
            return HTTPResponse.redirect(to: "/drafts/\(draft.id)")
        case "retry":
            try await posting.drafts.retry(draft.id, now: services.now())
            await posting.publisher.kick()
            return HTTPResponse.redirect(to: "/drafts/\(draft.id)")
        case "discard":
            guard draft.state == .draft || draft.state == .failed else { return HTTPResponse.redirect(to: "/drafts/\(draft.id)") }
            try await posting.drafts.delete(draft.id)
            await posting.removePhoto(of: draft.id)
            return HTTPResponse.redirect(to: "/")
        case "search":
            let query = (form["query"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let results = await posting.geocoder.search(String(query.prefix(200)), language: context.request.headers["Accept-Language"])
            return try await render(context, account: account, draft: draft, searchResults: (query, results), problem: results.isEmpty ? "No places found for “\(query)”." : nil, status: .ok)
        default:
            throw HTTPError.badRequest("Unknown action.")
        }
    }

    /// `GET /drafts/{id}/photo`: the processed photo, for its owner only.
    func photo(_ context: RequestContext) async throws -> HTTPResponse {
        let (_, draft) = try await ownedDraft(context)
        return try PhotoFile.response(path: services.posting.data.draftPhoto(draft.id), cache: "private, no-store")
    }

    /// `GET /drafts/{id}/places?q=…`: place search for the script (JSON, signed tokens).
    func places(_ context: RequestContext) async throws -> HTTPResponse {
        _ = try await ownedDraft(context)
        let query = (context.query["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let results = await services.posting.geocoder.search(String(query.prefix(200)), language: context.request.headers["Accept-Language"])
        let items = results.map { PlaceChoice(token: services.posting.placeTokens.token(for: DraftPlace(name: $0.name, cell: $0.location.value, address: $0.address)), name: $0.name, display: $0.display) }
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

    private func ownedDraft(_ context: RequestContext) async throws -> (AccountSession, Draft) {
        let account = try context.requireAccount()
        guard let draft = try await services.posting.drafts.find(context.parameter("id")), draft.did == account.did else {
            throw HTTPError(.notFound, "This draft does not exist any more, or it belongs to someone else.")
        }
        return (account, draft)
    }

    private func render(_ context: RequestContext, account: AccountSession, draft: Draft, searchResults: (query: String, results: [PlaceSuggestion])?, problem: String?, status: HTTPStatus) async throws -> HTTPResponse {
        let entry = try await services.posting.drafts.progress(draft.id)
        var values = DraftPresenter(tokens: services.posting.placeTokens).values(draft: draft, entry: entry, search: searchResults)
        values["problem"] = problem.map(TemplateValue.string) ?? .null
        values["title"] = "Your new story"
        var response = try services.pages.render("draft", status: status, values, for: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
