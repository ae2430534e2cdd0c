import ATProto
import MicroHTTPServer
import Social
import Viewing

/// `/stories/{actor}`: opens an author's stories at the first one this browser has not
/// seen (or the first, when all were seen: `StoryStart`) by redirecting to that story's
/// page (still playing only them when opened from their profile, `from=profile`). The
/// strip, the grid and profiles link to that story directly when they can; this stays
/// for the links they cannot make and for links from before. Someone
/// the signed-in person blocks or hid is a page saying so (`StoryVisibility`), never a
/// redirect into their stories.
struct AuthorStoriesPage: Sendable {
    /// What a grid tile shows for a person whose live stories all carry a warning.
    static let warningCover = "warning-cover.svg"

    let library: any StoryLibrary
    let hidden: HiddenAuthors
    let seen: SeenTracker
    let signer: MediaURLSigner
    let assets: StaticAssets

    func respond(_ context: RequestContext) async throws -> HTTPResponse {
        let actor = try context.actorParameter()
        let did = try await ActorResolver(library: library).did(for: actor)
        try await hidden.visibility(for: context.account).requireShown(author: did)
        let stories = try await library.stories(of: did).value
        guard !stories.isEmpty else {
            return HTTPResponse.redirect(to: StoryLinks.profile(actor))
        }
        let state = await seen.state(context)
        let start = StoryStart.story(in: stories, author: did, seen: state) ?? stories[0]
        let link = StoryLinks.story(start, back: context.back ?? "/")
        return HTTPResponse.redirect(to: context.isOnePerson ? StoryLinks.onePerson(link) : link)
    }
}

extension AuthorStoriesPage {
    /// `/stories/{actor}/cover`: a redirect to the thumbnail of the author's newest live
    /// story whose photo may be shown without asking (`StoryVisibility`), for the home
    /// page's grid; when every live story carries a content warning, to a plain tile that
    /// says so (the tile opens the viewer, where "Show" lifts it); 404 when they have none
    /// (any more) or the signed-in person blocks or hid them. Browsers may keep the
    /// redirect for a minute, about as long as the strip is cached.
    /// `/stories/{actor}/cover/{width}` leads to that thumbnail made `width` wide (one of
    /// `MediaWidths.all`, else 404), decided by the same visibility: the grid's `srcset`.
    func cover(_ context: RequestContext, width: String? = nil) async throws -> HTTPResponse {
        let width = try width.map { text throws(HTTPError) -> Int in
            guard let width = Int(text), MediaWidths.all.contains(width) else { throw HTTPError.notFound }
            return width
        }
        let did = try await ActorResolver(library: library).did(for: context.actorParameter())
        let visibility = await hidden.visibility(for: context.account)
        let stories = try await library.stories(of: did).value
        guard visibility.shows(author: did), !stories.isEmpty else {
            throw HTTPError(.notFound, "This person has no story right now.")
        }
        let path: String
        if let newest = stories.last(where: visibility.showsPhotoUnasked) {
            // A photo this server holds itself (just posted) has no sizes: the photo itself.
            guard let thumb = width.flatMap({ signer.path(for: newest.thumb, width: $0) }) ?? signer.path(for: newest.thumb) else {
                throw HTTPError(.notFound, "This story's photo cannot be shown.")
            }
            path = thumb
        } else {
            path = assets.url(for: Self.warningCover)
        }
        var headers = HTTPHeaders()
        headers.add("Location", path)
        headers.add("Cache-Control", "private, max-age=60")
        return HTTPResponse(status: .found, headers: headers)
    }
}

extension HTTPResponse {
    /// A 303 to a path on this site.
    static func redirect(to path: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Location", path)
        headers.add("Cache-Control", "no-store")
        return HTTPResponse(status: .seeOther, headers: headers)
    }
}
