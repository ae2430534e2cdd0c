import Geocoding
package import PhotoPipeline
package import WorkerThreads

/// The photo half of posting, shared by uploads (`DraftMaker`) and `grain-stories photo
/// process`: a JPEG file becomes the photo that would be posted (upright, within the box
/// and the byte budget, no metadata) and the H3 cell of its own GPS position.
///
/// The file is read where it is (an upload's scratch part, or the command's input), once
/// for the memory estimate on the file threads and once to process it when its estimate
/// fits the photo queue's budget, so a photo waiting for its turn holds no memory.
package struct PhotoPreparation: Sendable {
    package let processor: PhotoProcessor
    /// Blocking reads (the estimate).
    package let fileThreads: WorkerThreadPool
    /// Admits photos to the photo threads by their estimated peak memory.
    package let photoQueue: BudgetedWorkQueue
    /// When set, each photo is processed in a child process with a hard memory cap and
    /// deadline (the server); nil processes it in this process (the `photo process`
    /// command, which is a process of its own already, and tests of the pipeline).
    package let worker: PhotoWorker?

    package init(options: PhotoProcessingOptions, fileThreads: WorkerThreadPool, photoQueue: BudgetedWorkQueue, worker: PhotoWorker? = nil) {
        processor = PhotoProcessor(options: options)
        self.fileThreads = fileThreads
        self.photoQueue = photoQueue
        self.worker = worker
    }

    /// Prepares the photo at `path` for `account` (whose turn it takes in the photo queue,
    /// see `BudgetedWorkQueue`: fair between accounts, not ordered by the file's claims).
    package func prepare(fileAt path: String, account: String) async throws(PhotoProcessingError) -> PreparedPhoto {
        let processor = processor
        // Estimated from the header on the file threads (no decoding), so a bomb is
        // refused at once without waiting for a photo thread; then processed when its
        // estimate fits (which `processFile` checks again against the per-photo budget).
        let estimate = try await fileThreads.run { () throws(PhotoProcessingError) -> MemoryEstimate in
            try processor.memoryEstimateOfFile(atPath: path)
        }
        let worker = worker
        let photo = try await photoQueue.run(cost: estimate.peakBytes, account: account) { () throws(PhotoProcessingError) -> ProcessedPhoto in
            if let worker { return try worker.process(fileAt: path) }
            return try processor.processFile(atPath: path)
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
