import ATProto
import Foundation
import HTMLTemplates
import JPEGProcessing
import MicroHTTPServer
import WorkerThreads
import GrainSupport
import Multipart
import Posting

/// `/stories/new`: choose one photo. The form is parsed here (the photo streamed into a
/// scratch file) and handed to `DraftMaker`, which prepares it and saves the draft, whose
/// photo is fsynced before the browser is sent on to it; this page maps what went wrong
/// to a response. Every problem is a clear message on this page with a 4xx status, including
/// an account that already keeps as many drafts as `DraftQuota` allows (checked before
/// the upload is parsed, and again when the draft is saved).
struct NewStoryPage: Sendable {
    let services: AppServices

    func show(_ context: RequestContext) throws -> HTTPResponse {
        _ = try context.requireAccount()
        return try render(context, problem: nil, status: .ok)
    }

    func upload(_ context: RequestContext) async throws -> HTTPResponse {
        let account = try context.requireAccount()
        let posting = services.posting
        let quota = DraftQuota(configuration: services.configuration)
        if let refusal = quota.refusal(for: try await posting.drafts.usage(of: account.did), adding: 0) {
            return try refuse(context, refusal, account: account)
        }
        let request = context
        let form: MultipartForm
        do {
            form = try await posting.fileThreads.run { () throws(MultipartError) -> MultipartForm in
                try request.multipartForm(fileDirectory: posting.data.uploads, parser: MultipartFormParser(limits: MultipartLimits(maxFileBytes: services.configuration.maxBodyBytes)))
            }
        } catch {
            return try render(context, problem: error.publicMessage, status: error.status)
        }
        defer { form.removeFiles() }
        try services.pages.csrf.verify(form[CSRFGuard.fieldName], for: context)
        let photos = form.files(named: "photo")
        guard photos.count == 1, form.files.count == 1, let upload = photos.first else {
            let problem = photos.count > 1 || form.files.count > 1 ? "Please choose just one photo." : "Please choose a photo."
            return try render(context, problem: problem, status: .badRequest)
        }
        let draft: Draft
        do {
            draft = try await posting.draftMaker.makeDraft(.init(
                uploadPath: upload.path, did: account.did, quota: quota, language: context.request.headers["Accept-Language"]))
        } catch {
            switch error {
            case .quota(let refusal):
                return try refuse(context, refusal, account: account)
            case .photo(let problem) where problem.isBadInput:
                let status: HTTPStatus = switch problem {
                case .notJPEG: .unsupportedMediaType
                case .tooManyPixels, .needsTooMuchMemory: .contentTooLarge
                default: .badRequest
                }
                return try render(context, problem: problem.userMessage, status: status)
            case .photo(let failure):
                throw failure
            case .storage(let failure):
                throw failure
            }
        }
        services.logger.info("draft created", ["did": account.did.rawValue, "draft": draft.id, "bytes": String(draft.photoBytes)])
        return HTTPResponse.redirect(to: "/drafts/\(draft.id)")
    }

    private func refuse(_ context: RequestContext, _ refusal: DraftQuota.Exceeded, account: AccountSession) throws -> HTTPResponse {
        services.logger.info("upload refused: draft quota", ["did": account.did.rawValue, "quota": "\(refusal)"])
        return try render(context, problem: refusal.publicMessage, status: refusal.status)
    }

    private func render(_ context: RequestContext, problem: String?, status: HTTPStatus) throws -> HTTPResponse {
        var response = try services.pages.render("new-story", status: status, [
            "title": "New story",
            "problem": problem.map(TemplateValue.string) ?? .null,
            "maxBytes": .string(ByteCountText.describe(services.configuration.maxBodyBytes)),
            "maxBytesNumber": .int(services.configuration.maxBodyBytes - 64 * 1024),
        ], for: context)
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
