package import PhotoModel

/// What prepares photos for posting: an estimate of the memory a file will need, read from
/// its header, and the processing itself. The server's is `PhotoWorker`, which does both in
/// a child process (`grain-stories-photo`), so the server itself never parses a photo and
/// links no codec; tests may put the pipeline itself behind it.
///
/// Both calls block their thread: call them on a file or photo thread.
package protocol PhotoProcessing: Sendable {
    /// The peak memory processing the file at `path` is expected to need, without decoding
    /// it; throws the refusal when its header already rules it out (not a photo, a bomb,
    /// above the decode budget).
    func memoryEstimate(ofFileAt path: String) throws(PhotoProcessingError) -> MemoryEstimate
    /// The photo at `path`, prepared for posting.
    func process(fileAt path: String) throws(PhotoProcessingError) -> ProcessedPhoto
}
