package import PhotoModel
package import WorkerThreads

/// The photo half of posting (`DraftMaker`): an uploaded file becomes the photo that
/// would be posted (upright, within the box and the byte budget, no metadata) and the H3
/// cell of its own GPS position.
///
/// The file is read where it is (an upload's scratch part), once for the memory estimate
/// on the file threads and once to process it when its estimate fits the photo queue's
/// budget, so a photo waiting for its turn holds no memory.
package struct PhotoPreparation: Sendable {
    /// Estimates and processes each photo (in the server, a child process per step).
    package let processing: any PhotoProcessing
    /// Blocking reads (the estimate).
    package let fileThreads: WorkerThreadPool
    /// Admits photos to the photo threads by their estimated peak memory.
    package let photoQueue: BudgetedWorkQueue

    package init(processing: any PhotoProcessing, fileThreads: WorkerThreadPool, photoQueue: BudgetedWorkQueue) {
        self.processing = processing
        self.fileThreads = fileThreads
        self.photoQueue = photoQueue
    }

    /// Prepares the photo at `path` for `account` (whose turn it takes in the photo queue,
    /// see `BudgetedWorkQueue`: fair between accounts, not ordered by the file's claims).
    package func prepare(fileAt path: String, account: String) async throws(PhotoProcessingError) -> PreparedPhoto {
        let processing = processing
        // Estimated from the header on the file threads (no decoding), so a bomb is
        // refused at once without waiting for a photo thread; then processed when its
        // estimate fits (which the processing checks again against the per-photo budget).
        let estimate = try await fileThreads.run { () throws(PhotoProcessingError) -> MemoryEstimate in
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
