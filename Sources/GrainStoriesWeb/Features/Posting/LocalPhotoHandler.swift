import GrainSupport
import MicroHTTPServer
import Posting

/// `GET /local-photos/{draft id}`: the photo of a story posted through this server,
/// shown until Grain's CDN has it. Anyone may see it once posted, like the story itself,
/// but only browsers keep it, and only briefly (`private`): when the author deletes the
/// story the file goes and this answers 404, with no shared cache still holding it.
struct LocalPhotoHandler: Sendable {
    static let cacheControl = "private, max-age=600"

    let drafts: any DraftRepository
    /// Where the drafts' photos are.
    let data: DataDirectory

    func respond(_ context: RequestContext, id: DraftID) async throws -> HTTPResponse {
        guard let draft = try await drafts.find(id), draft.state == .posted else {
            throw HTTPError.notFound
        }
        return try PhotoFile.response(path: data.draftPhoto(draft.id), cache: LocalPhotoHandler.cacheControl)
    }
}
