import ATProto
import Accounts
import FoundationEssentials
import GrainSupport
import HTMLTemplates
import MicroHTTPServer
import Multipart
import PhotoModel
import Posting
import Presentation
import WorkerThreads

/// `/stories/new`: choose one photo. The form is parsed here (the photo streamed into a
/// scratch file) and handed to `DraftMaker`, which prepares it and saves the draft, whose
/// photo is fsynced before the browser is sent on to it; this page maps what went wrong
/// to a response. Every problem is a clear message on this page with a 4xx status, including
/// an account that already keeps as many drafts as `DraftQuota` allows (checked before
/// the upload is parsed, and again when the draft is saved).
struct NewStoryPage: Sendable {
    let pages: PageRenderer
    let drafts: any DraftRepository
    let draftMaker: DraftMaker
    /// Parsing the upload blocks on the disk, so it runs on these threads.
    let fileThreads: WorkerThreadPool
    /// Where uploads are streamed while the form is parsed.
    let uploadsDirectory: String
    let quota: DraftQuota
    /// The configured request body limit, which also bounds the one photo.
    let maxBodyBytes: Int
    let logger: Logger

    func show(_ context: RequestContext) throws -> HTTPResponse {
        let account = try context.requireAccount()
        // A sign-in that may not post says so here, before a photo is chosen.
        let problem = AccountAction.postStory.isAllowed(for: account) ? nil : AccountAction.postStory.missingGrant
        return try render(context, problem: problem, status: .ok)
    }

    func upload(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount(allowedTo: .postStory)
        if let refused = try await quotaRefusal(context, account: account) { return refused }
        let form: MultipartForm
        switch await parse(context, limits: MultipartLimits(maxFileBytes: maxBodyBytes)) {
        case .success(let parsed): form = parsed
        case .failure(let error): return try render(context, problem: error.publicMessage, status: error.status)
        }
        defer { form.removeFiles() }
        try pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let photos = form.files(named: "photo")
        guard photos.count == 1, form.files.count == 1, let upload = photos.first else {
            let problem = photos.count > 1 || form.files.count > 1 ? "Please choose just one photo." : "Please choose a photo."
            return try render(context, problem: problem, status: .badRequest)
        }
        return try await draft(fromUploadAt: upload.path, account: account, context: context)
    }

    /// This page saying the account keeps as many drafts as it may (checked before an
    /// upload is parsed, so a full account's photo is not even read), or nil.
    func quotaRefusal(_ context: RequestContext, account: AccountSession) async throws -> HTTPResponse? {
        guard let refusal = quota.refusal(for: try await drafts.usage(of: account.did), adding: 0) else { return nil }
        return try refuse(context, refusal, account: account)
    }

    /// The request's `multipart/form-data` body, its files streamed into the uploads
    /// directory on the file threads; the caller removes them.
    func parse(_ context: RequestContext, limits: MultipartLimits) async -> Result<MultipartForm, MultipartError> {
        let (request, directory) = (context, uploadsDirectory)
        do {
            return .success(
                try await fileThreads.run { () throws(MultipartError) -> MultipartForm in
                    try request.multipartForm(fileDirectory: directory, parser: MultipartFormParser(limits: limits))
                })
        } catch {
            return .failure(error)
        }
    }

    /// Makes `account`'s draft from the uploaded file at `path` (which the caller deletes
    /// afterwards) and sends the browser on to it, with `done` said there; or this page
    /// with what went wrong, in the person's words and with its status. The "+" button's
    /// form and a photo shared into the app (`ShareTargetEndpoint`) both end here.
    func draft(fromUploadAt path: String, account: AccountSession, context: RequestContext, done: DoneMessage? = nil) async throws -> HTTPResponse {
        let draft: Draft
        do {
            draft = try await draftMaker.makeDraft(
                .init(uploadPath: path, did: account.did, pdsURL: account.pdsURL, quota: quota, language: context.request.headers["Accept-Language"]))
        } catch {
            switch error {
            case .quota(let refusal):
                return try refuse(context, refusal, account: account)
            case .photo(let problem) where problem.isBadInput:
                let status: HTTPStatus =
                    switch problem {
                    case .unsupportedFormat: .unsupportedMediaType
                    case .tooManyPixels, .imageTooLarge, .tooComplex, .needsTooMuchMemory: .contentTooLarge
                    case .headerMismatch, .tookTooLong: .unprocessableContent
                    default: .badRequest
                    }
                return try render(context, problem: problem.userMessage, status: status)
            case .photo(let failure):
                throw failure
            case .storage(let failure):
                throw failure
            }
        }
        logger.info("draft created", ["did": account.did.rawValue, "draft": draft.id.rawValue, "bytes": String(draft.photoBytes)])
        let address = "/drafts/\(draft.id)"
        return HTTPResponse.redirect(to: done?.address(address) ?? address)
    }

    private func refuse(_ context: RequestContext, _ refusal: DraftQuota.Exceeded, account: AccountSession) throws -> HTTPResponse {
        logger.info("upload refused: draft quota", ["did": account.did.rawValue, "quota": "\(refusal)"])
        return try render(context, problem: refusal.publicMessage, status: refusal.status)
    }

    /// This page for `context`'s visitor, with `problem` said at the top.
    func render(_ context: RequestContext, problem: String?, status: HTTPStatus) throws -> HTTPResponse {
        let page = NewStoryPageModel(problem: problem, maxBytes: ByteCountText.describeLimit(maxBodyBytes), maxBytesNumber: maxBodyBytes - 64 * 1024)
        var response = try pages.render(page, status: status, for: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
