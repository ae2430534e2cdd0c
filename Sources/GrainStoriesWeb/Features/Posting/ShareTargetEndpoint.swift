import ATProto
import Accounts
import DurableFiles
import FoundationEssentials
import Glibc
import GrainSupport
import MicroHTTPServer
import Multipart
import PhotoModel
import Posting
import Presentation
import Viewing

/// `/share`: the Web Share Target the web app manifest declares (`WebAppManifest`), so an
/// installed GrainStories is listed in the phone's share sheet and a photo shared from the
/// gallery goes into the same upload, pipeline and draft as the "+" button.
///
/// The share sheet's `POST` is made by the browser and carries no form token, so it is
/// taken only from the browser itself or this site (`RequestInitiator`, checked from the
/// head before the body is stored, and again here): another site's `POST` is refused.
/// Even so, a share only ever makes a draft, and nothing reaches the PDS until the person
/// presses Post on the draft page, a form of this site with its token.
///
/// Signed in, the first photo becomes a draft at once and the browser lands on it.
/// Signed out, the photo is parked for this browser (`ParkedShares`, tied to it by the
/// `share` cookie) and the browser is sent to sign in ("Sign in to post the photo you
/// shared"), which comes back to `GET /share`; there the parked photo becomes the draft
/// the same way.
/// Several photos shared at once: the first is taken, and the draft page says the others
/// were not (a story is one photo).
struct ShareTargetEndpoint: Sendable {
    static let path = "/share"
    /// The share's file field, as the manifest names it.
    static let fileField = "photo"
    static let cookieName = "share"
    /// Sign-in headed for the shared photo, coming back here.
    static let signIn = StoryLinks.signIn(reason: .share, next: path)

    let newStory: NewStoryPage
    let shelf: ParkedShares
    let maxBodyBytes: Int
    let logger: Logger
    let now: @Sendable () -> Date

    /// What a share may hold: photos up to the body limit (all of them together are held
    /// to it by the server), a few text fields (title, text, url).
    var limits: MultipartLimits { MultipartLimits(maxFileBytes: maxBodyBytes, maxFiles: 32, maxParts: 40) }

    /// `POST /share`, from the share sheet.
    func receive(_ context: RequestContext) async throws -> HTTPResponse {
        guard RequestInitiator(context.request) == .browserOrThisSite else { throw RequestInitiator.refusal }
        if let account = context.account {
            guard AccountAction.postStory.isAllowed(for: account) else { throw HTTPError.forbidden(AccountAction.postStory.missingGrant) }
            if let refused = try await newStory.quotaRefusal(context, account: account) { return refused }
        }
        let form: MultipartForm
        switch await newStory.parse(context, limits: limits) {
        case .success(let parsed): form = parsed
        case .failure(let error) where context.account != nil: return try newStory.render(context, problem: error.publicMessage, status: error.status)
        case .failure(let error): throw error
        }
        guard let first = form.files.first else {
            form.removeFiles()
            let problem = "Nothing came with the share: please choose the photo here."
            if context.account != nil { return try newStory.render(context, problem: problem, status: .badRequest) }
            throw HTTPError.badRequest(problem)
        }
        let done: DoneMessage? = form.files.count > 1 ? .sharedFirstOfSeveral : nil
        guard let account = context.account else {
            // The photo stays on disk for the parked share; every other file goes now.
            for file in form.files where file.path != first.path { _ = unlink(file.path) }
            return try await park(first, leftOut: form.files.count - 1, context: context)
        }
        defer { form.removeFiles() }
        logger.info("photo shared", ["did": account.did.rawValue, "files": String(form.files.count)])
        return try await newStory.draft(fromUploadAt: first.path, account: account, context: context, done: done)
    }

    /// `GET /share`: where a browser that shared a photo before signing in is sent; it
    /// signs in first (and comes back), then its parked photo becomes a draft. Safe to
    /// load at any time: it only ever turns this browser's own share (which only the
    /// browser itself or this site could make) into a draft, once.
    func resume(_ context: RequestContext) async throws -> HTTPResponse {
        guard let account = context.account else { return HTTPResponse.redirect(to: Self.signIn) }
        let browser = context.cookie(Self.cookieName)
        let (photo, expired) = browser.map { shelf.take(browser: $0, now: now()) } ?? (nil, shelf.sweep(now: now()))
        for path in expired { _ = unlink(path) }
        guard let photo else { return forgettingShare(HTTPResponse.redirect(to: DoneMessage.sharedPhotoGone.address("/stories/new")), context) }
        defer { _ = unlink(photo.path) }
        guard AccountAction.postStory.isAllowed(for: account) else { throw HTTPError.forbidden(AccountAction.postStory.missingGrant) }
        if let refused = try await newStory.quotaRefusal(context, account: account) { return forgettingShare(refused, context) }
        logger.info("shared photo taken after sign-in", ["did": account.did.rawValue])
        let response = try await newStory.draft(
            fromUploadAt: photo.path, account: account, context: context, done: photo.leftOut > 0 ? .sharedFirstOfSeveral : nil)
        return forgettingShare(response, context)
    }

    /// Keeps `file` for this browser and sends it to sign in; a file that is not a photo
    /// is refused now, not after the person has signed in.
    private func park(_ file: UploadedFile, leftOut: Int, context: RequestContext) async throws -> HTTPResponse {
        let format = ImageFormatSniffer.formatName(of: (try? FileDescriptorIO.read(file.path, limit: 64)) ?? [])
        guard ImageFormatSniffer.postableFormats.contains(format) else {
            _ = unlink(file.path)
            throw HTTPError(.unsupportedMediaType, PhotoProcessingError.unsupportedFormat(format: format).userMessage)
        }
        let browser = context.cookie(Self.cookieName).flatMap { $0.utf8.count == 43 ? $0 : nil } ?? SessionStore.randomToken()
        let parked = ParkedShares.Parked(
            path: file.path, bytes: file.size, leftOut: leftOut, address: ClientNetwork.key(for: context.request.clientAddress), parkedAt: now())
        let stale: [String]
        do {
            stale = try shelf.park(parked, browser: browser)
        } catch {
            _ = unlink(file.path)
            logger.info("shared photo refused before sign-in", ["reason": "\(error)", "client": context.request.clientAddress])
            throw HTTPError(error == .full ? .serviceUnavailable : .tooManyRequests, error.publicMessage)
        }
        for path in stale { _ = unlink(path) }
        logger.info("shared photo parked until sign-in", ["bytes": String(file.size), "client": context.request.clientAddress])
        var response = HTTPResponse.redirect(to: Self.signIn)
        response.headers.add(
            "Set-Cookie", Cookies.setCookie(name: Self.cookieName, value: browser, maxAgeSeconds: Int(shelf.lifetime), secure: context.isSecure))
        return response
    }

    /// `response`, telling the browser to forget its `share` cookie (its photo is taken).
    private func forgettingShare(_ response: HTTPResponse, _ context: RequestContext) -> HTTPResponse {
        guard context.cookie(Self.cookieName) != nil else { return response }
        var response = response
        response.headers.add("Set-Cookie", Cookies.setCookie(name: Self.cookieName, value: "", maxAgeSeconds: 0, secure: context.isSecure))
        return response
    }
}
