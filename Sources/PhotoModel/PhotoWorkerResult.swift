/// What a photo worker process (`grain-stories-photo estimate` or `worker`) prints, as
/// one JSON line, for the server that started it (`PhotoWorker`): the header's memory
/// estimate, the prepared photo's facts (its JPEG is in the output file), or why the
/// photo was refused.
package enum PhotoWorkerResult: Codable, Sendable, Equatable {
    case estimate(MemoryEstimate)
    case photo(width: Int, height: Int, quality: Int, appliedOrientation: Int, metadata: PhotoMetadata)
    case refused(PhotoProcessingError)

    package init(_ photo: ProcessedPhoto) {
        self = .photo(
            width: photo.width, height: photo.height, quality: photo.quality, appliedOrientation: photo.appliedOrientation,
            metadata: photo.metadata)
    }
}
