package import PhotoModel

extension PhotoWorker {
    /// Makes the cached photo at `path` `width` pixels wide (upright, never wider than it
    /// is) in a child process of `grain-stories-photo` (`resize`), under the same memory
    /// cap and deadline as an upload, writing the JPEG to `output`. Returns its size.
    /// Blocks its thread until the child exits: call it on a photo thread.
    package func resize(fileAt path: String, to output: String, width: Int) throws(PhotoProcessingError) -> (width: Int, height: Int) {
        switch try run(["resize", path, output, String(width)], deadline: deadline, step: "result") {
        case .refused(let error): throw error
        case .estimate: throw .encodingFailed("the photo worker answered a size with an estimate")
        case .photo(let width, let height, _, _, _): return (width: width, height: height)
        }
    }
}
