import MicroHTTPServer

/// `GET /local-photos/{draft id}`: the photo of a story posted through this server,
/// shown until Grain's CDN has it. Public once posted, like the story itself.
struct LocalPhotoHandler: Sendable {
    let services: AppServices

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        guard let draft = try await services.posting.drafts.find(context.parameter("id")), draft.state == .posted else {
            throw HTTPError.notFound
        }
        return try PhotoFile.response(path: draft.photoPath, cache: "public, max-age=86400")
    }
}
