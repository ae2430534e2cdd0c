import H3Index
package import PhotoModel
package import WorkerThreads

/// The photo half of posting (`DraftMaker`): an uploaded file becomes the photo that
/// would be posted (upright, within the box and the byte budget, no metadata) and the H3
/// cell of its own GPS position.
///
/// The file is read where it is (an upload's scratch part), once for the memory estimate
/// and once to process it when its estimate fits the photo queue's budget, so a photo
/// waiting for its turn holds no memory.
///
/// Both steps take turns between accounts (see `BudgetedWorkQueue`), so one account's
/// photos delay another's by at most the photos already running, at every step: the
/// estimates on threads of their own (`estimateQueue`), never those that parse uploads
/// or write media (issue 45: estimates on the shared file threads, first come first
/// served, let one account's slow files hold every other upload for minutes), and the
/// processing in `photoQueue`.
package struct PhotoPreparation: Sendable {
    /// Estimates and processes each photo (in the server, a child process per step).
    package let processing: any PhotoProcessing
    /// Admits estimates to their own threads, fairly between accounts. They cost nothing
    /// against its budget: only the threads and the accounts' turns decide.
    package let estimateQueue: BudgetedWorkQueue
    /// Blocking disk work (`DraftMaker` writes the prepared photo here).
    package let fileThreads: WorkerThreadPool
    /// Admits photos to the photo threads by their estimated peak memory.
    package let photoQueue: BudgetedWorkQueue

    /// `estimateThreads` must be threads of their own: no upload parsing or media writes.
    package init(processing: any PhotoProcessing, estimateThreads: WorkerThreadPool, fileThreads: WorkerThreadPool, photoQueue: BudgetedWorkQueue) {
        self.processing = processing
        self.estimateQueue = BudgetedWorkQueue(pool: estimateThreads, budget: 1)
        self.fileThreads = fileThreads
        self.photoQueue = photoQueue
    }

    /// Prepares the photo at `path` for `account` (whose turns it takes in the estimate and
    /// photo queues: fair between accounts, not ordered by the file's claims).
    package func prepare(fileAt path: String, account: String) async throws(PhotoProcessingError) -> PreparedPhoto {
        let processing = processing
        // Estimated from the header in its own short-lived child (no decoding), so a bomb is
        // refused at once without waiting for a photo thread; then processed when its
        // estimate fits (which the processing checks again against the per-photo budget).
        let estimate = try await estimateQueue.run(cost: 0, account: account) { () throws(PhotoProcessingError) -> MemoryEstimate in
            try processing.memoryEstimate(ofFileAt: path)
        }
        let photo = try await photoQueue.run(cost: estimate.peakBytes, account: account) { () throws(PhotoProcessingError) -> ProcessedPhoto in
            try processing.process(fileAt: path)
        }
        return PreparedPhoto(photo: photo, gpsCell: photo.metadata.gps.flatMap(h3Cell(for:)))
    }
}

/// A photo ready to post, with the resolution-10 H3 cell of its GPS position when it had
/// one (the coordinates themselves are not kept in drafts).
package struct PreparedPhoto: Sendable, Equatable {
    package let photo: ProcessedPhoto
    package let gpsCell: String?
}
