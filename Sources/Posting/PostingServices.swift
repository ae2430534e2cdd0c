package import ATProto
package import FoundationEssentials
package import Geocoding
package import GrainSupport
package import PhotoModel
package import Viewing
package import WorkerThreads

/// Everything posting needs: where uploads and drafts live, the photo pipeline's
/// threads and limits, the draft store, the upload → draft service, the publisher and the local overlay.
package struct PostingServices: Sendable {
    /// Drafts and their publishing.
    package let drafts: any DraftRepository
    package let publisher: Publisher
    package let local: LocalStories
    package let geocoder: any PlaceGeocoder
    /// CPU-heavy photo processing, on its own threads.
    package let photoThreads: WorkerThreadPool
    /// Admits photos to `photoThreads` by their estimated peak memory: the photos being
    /// processed together may hold at most 1.5 × the per-photo decode budget, so one
    /// photo at the limit runs beside any ordinary one but two large ones never run at
    /// once; accounts take turns, so one account's queue of files delays another's photo by
    /// at most the photos already running (see `BudgetedWorkQueue`).
    package let photoQueue: BudgetedWorkQueue
    /// Blocking disk work (reading uploads, fsync), on its own threads.
    package let fileThreads: WorkerThreadPool
    /// The photo-size estimates' own threads (`PhotoPreparation.estimateQueue` takes
    /// accounts in turn on them), shared with neither the file nor the photo threads.
    package let estimateThreads: WorkerThreadPool
    package let processing: PhotoProcessingOptions
    package let placeTokens: PlaceTokens
    package let tids: TIDClock
    /// Where uploads are parsed and draft photos kept.
    package let data: DataDirectory
    /// The wall clock (the composition root's clock edge).
    package let now: @Sendable () -> Date
    /// Upload → draft (`NewStoryPage`).
    package let draftMaker: DraftMaker

    package init(
        drafts: any DraftRepository, publisher: Publisher, local: LocalStories, geocoder: any PlaceGeocoder,
        photoThreads: WorkerThreadPool, estimateThreads: WorkerThreadPool, fileThreads: WorkerThreadPool,
        processing: PhotoProcessingOptions, photoWorker: String,
        placeTokens: PlaceTokens, tids: TIDClock, data: DataDirectory, now: @escaping @Sendable () -> Date
    ) {
        self.drafts = drafts
        self.publisher = publisher
        self.local = local
        self.geocoder = geocoder
        self.photoThreads = photoThreads
        self.photoQueue = BudgetedWorkQueue(pool: photoThreads, budget: processing.maxDecodeBytes / 2 * 3)
        self.fileThreads = fileThreads
        self.estimateThreads = estimateThreads
        self.processing = processing
        self.placeTokens = placeTokens
        self.tids = tids
        self.data = data
        self.now = now
        draftMaker = DraftMaker(
            preparation: PhotoPreparation(
                processing: PhotoWorker(executable: photoWorker, options: processing), estimateThreads: estimateThreads,
                fileThreads: fileThreads, photoQueue: photoQueue),
            drafts: drafts, geocoder: geocoder, tids: tids, data: data, now: now
        )
    }
}
