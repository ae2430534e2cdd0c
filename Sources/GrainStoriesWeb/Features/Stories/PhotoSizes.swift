import GrainSupport
import PhotoModel
import Posting
import Viewing
import WorkerThreads

/// Makes a cached photo smaller for the browsers (`MediaWidths`), with the photo pipeline
/// in a child process of `grain-stories-photo` (`PhotoWorker.resize`): the server itself
/// never decodes an image.
///
/// Bounded and fair like uploads: each size takes its turn in the photo queue that
/// uploads use (`PostingServices.photoQueue`: two threads, a memory budget), its turn
/// kept per client address, so one phone's screenful of first visits delays another
/// visitor's size, or someone's upload, by at most the jobs already running. A size is
/// charged a quarter of the decode budget: the cached images are photos Grain already
/// prepared (at most 2000 px), and the child refuses, by its own estimate from the header,
/// anything above the budget, under the same memory cap and deadline as an upload.
/// `MediaCache.derivedEntry` makes each (photo, width) once however many ask at once;
/// each making is logged ("made a photo size", with the width and milliseconds).
struct PhotoSizes: Sendable {
    let worker: PhotoWorker
    let queue: BudgetedWorkQueue
    let logger: Logger

    /// Writes the photo at `original` made `width` wide to `output`, in `client`'s turn.
    func make(original: String, output: String, width: Int, client: String) async throws(MediaCache.Failure) {
        let worker = worker
        let cost = worker.options.maxDecodeBytes / 4
        let started = ContinuousClock.now
        do throws(PhotoProcessingError) {
            let made = try await queue.run(cost: cost, account: "size:" + client) { () throws(PhotoProcessingError) -> (width: Int, height: Int) in
                try worker.resize(fileAt: original, to: output, width: width)
            }
            logger.info(
                "made a photo size",
                ["width": String(made.width), "height": String(made.height), "ms": Application.milliseconds(ContinuousClock.now - started)])
        } catch {
            logger.warning("a photo size could not be made", ["width": String(width), "error": error.description])
            throw .notMade(error.description)
        }
    }
}
