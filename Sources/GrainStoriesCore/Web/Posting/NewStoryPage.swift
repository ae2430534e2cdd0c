import DurableFiles
import Foundation
import HTMLTemplates
import JPEGProcessing
import MicroHTTPServer
import WorkerThreads

/// `/stories/new`: choose one photo. The upload is read as a stream into a temporary
/// file, runs through the photo pipeline (upright, at most the box and the byte budget,
/// no metadata), and becomes a draft whose photo is fsynced before the browser is sent
/// on to it. Every problem is a clear message on this page with a 4xx status, including
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
            draft = try await makeDraft(from: upload.path, account: account, quota: quota, language: context.request.headers["Accept-Language"])
        } catch let refusal as DraftQuota.Exceeded {
            return try refuse(context, refusal, account: account)
        } catch let problem as PhotoProcessingError where problem.isBadInput {
            let status: HTTPStatus = switch problem {
            case .notJPEG: .unsupportedMediaType
            case .tooManyPixels, .needsTooMuchMemory: .contentTooLarge
            default: .badRequest
            }
            return try render(context, problem: problem.userMessage, status: status)
        }
        services.logger.info("draft created", ["did": account.did, "draft": draft.id, "bytes": String(draft.photoBytes)])
        return HTTPResponse.redirect(to: "/drafts/\(draft.id)")
    }

    private func refuse(_ context: RequestContext, _ refusal: DraftQuota.Exceeded, account: AccountSession) throws -> HTTPResponse {
        services.logger.info("upload refused: draft quota", ["did": account.did, "quota": "\(refusal)"])
        return try render(context, problem: refusal.publicMessage, status: refusal.status)
    }

    private func makeDraft(from path: String, account: AccountSession, quota: DraftQuota, language: String?) async throws -> Draft {
        let posting = services.posting
        let processor = PhotoProcessor(options: posting.processing)
        // Estimated from the header on the file threads (one pass over the bytes, no
        // decoding), so a bomb is refused at once without waiting for a photo thread,
        // and a photo waiting for its turn holds no memory; then processed when its
        // estimate fits (which `process` checks again against the per-photo budget).
        let estimate = try await posting.fileThreads.run { () throws(PhotoProcessingError) -> MemoryEstimate in
            try processor.memoryEstimateOfFile(atPath: path)
        }
        let photo = try await posting.photoQueue.run(cost: estimate.peakBytes) { () throws(PhotoProcessingError) -> ProcessedPhoto in
            try processor.processFile(atPath: path)
        }
        let id = SessionStore.randomToken().prefix(22).description
        let photoPath = posting.data.draftPhoto(id)
        try await posting.fileThreads.run { () throws in try DurableFile.write(photo.jpeg, to: photoPath) }

        var gpsCell: String?
        var place: DraftPlace?
        if let gps = photo.metadata.gps {
            gpsCell = h3Cell(for: gps)
            // The suggestion carries the cell of the photo's own position (not Nominatim's).
            if let suggestion = await posting.geocoder.reverse(latitude: gps.latitude, longitude: gps.longitude, language: language) {
                place = DraftPlace(name: suggestion.name, cell: suggestion.location.value, address: suggestion.address)
            }
        }
        let draft = Draft(
            id: id, did: account.did, storyRKey: posting.tids.next().description, postRKey: posting.tids.next().description,
            photoPath: photoPath, photoBytes: photo.jpeg.count, width: photo.width, height: photo.height,
            gpsCell: gpsCell, place: place, labels: [], crosspost: false, state: .draft, createdAt: services.now()
        )
        do {
            try await posting.drafts.insert(draft, within: quota)
        } catch {
            await posting.removePhoto(at: photoPath)
            throw error
        }
        return draft
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
