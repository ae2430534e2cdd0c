import HTMLTemplates
import MicroHTTPServer

/// `/profile/{did}/story/{rkey}/delete`: a confirmation page (GET) and the deletion
/// itself (POST): `com.atproto.repo.deleteRecord`, then the story is dropped from this
/// server's caches at once. Only the story's author can do it.
struct DeleteStoryPage: Sendable {
    let services: AppServices

    func confirm(_ context: RequestContext) async throws -> HTTPResponse {
        let (_, rkey) = try ownStory(context)
        var response = try services.pages.render("delete-story", [
            "title": "Delete this story?",
            "rkey": .string(rkey),
            "action": .string(context.request.path),
            "cancelHref": .string(StoryLinks.story(did: context.account?.did ?? "", rkey: rkey)),
        ], for: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    func delete(_ context: RequestContext) async throws -> HTTPResponse {
        let (account, rkey) = try ownStory(context)
        let form = try context.formFields(limit: 4096)
        try services.pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        do {
            try await services.pds.perform(account) { client, token in
                try await client.deleteRecord(repo: account.did, collection: StoryRecord.collection, rkey: rkey, accessToken: token)
            }
        } catch {
            switch error {
            case .signedOut: throw SignInRequired(expired: true)
            case .pds(let xrpc): throw HTTPError(.badGateway, "Your PDS did not delete the story: \(xrpc.description)")
            }
        }
        await services.posting.local.markDeleted(uri: "at://\(account.did)/\(StoryRecord.collection)/\(rkey)")
        await services.library.invalidate(author: account.did)
        services.logger.info("story deleted", ["did": account.did, "rkey": rkey])
        return HTTPResponse.redirect(to: "/")
    }

    /// The signed-in author and the record key, or an error.
    private func ownStory(_ context: RequestContext) throws -> (AccountSession, String) {
        let account = try context.requireAccount()
        let rkey = context.parameter("rkey")
        guard StoryViewerPage.isPlausibleRecordKey(rkey), context.parameter("actor") == account.did || context.parameter("actor") == account.handle else {
            throw HTTPError.forbidden("Only the author can delete a story.")
        }
        return (account, rkey)
    }
}
