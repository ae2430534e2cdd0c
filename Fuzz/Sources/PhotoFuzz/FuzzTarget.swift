import Foundation
import PhotoPipeline

/// Where PNG inputs are written for `processFile` (one file per fuzzing process).
let pngPath = NSTemporaryDirectory() + "photofuzz-\(getpid()).png"

/// libFuzzer entry point for every photo format the pipeline takes (PNG, HEIC/HEIF,
/// AVIF, WebP, GIF, and JPEG too): each input goes through `PhotoProcessor` with small
/// limits, so a header that declares a large image is refused from the header and the
/// rest are decoded, resampled and encoded quickly. The PNG, HEIF, WebP and GIF wrappers
/// read their headers and metadata in Swift before their C libraries see the pixels,
/// and that is what this campaign is for. Thrown `PhotoProcessingError`s are the
/// expected outcome for bad input; a crash, hang, sanitizer report or broken invariant
/// is a bug. A PNG is also written to a file and processed from it, which reads opaque
/// 8-bit ones row by row through a different libpng API: the two must agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let options = PhotoProcessingOptions(maxPixels: 512 * 512, boxSize: 48, byteBudget: 4_000)
    let processor = PhotoProcessor(options: options)
    if let estimate = try? processor.memoryEstimate(bytes) {
        precondition(estimate.peakBytes > 0, "a photo that passed its header needs some memory")
    }
    let fromMemory = Result { () throws(PhotoProcessingError) in try processor.process(bytes) }
    // A PNG file is read row by row by `processFile` (PNGRowStream, libpng's full API in the
    // CPNG shim), a different decoder from the in-memory one: both must agree, byte for byte.
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
        FileManager.default.createFile(atPath: pngPath, contents: Data(bytes))
        let fromFile = Result { () throws(PhotoProcessingError) in try processor.processFile(atPath: pngPath) }
        switch (fromMemory, fromFile) {
        case (.success(let a), .success(let b)): precondition(a.jpeg == b.jpeg, "streamed PNG differs from the in-memory decode")
        case (.failure, .failure): break
        default: preconditionFailure("streamed PNG and in-memory decode disagree: \(fromMemory) vs \(fromFile)")
        }
    }
    if let photo = try? fromMemory.get() {
        precondition(photo.width <= 48 && photo.height <= 48, "box not respected")
        precondition(photo.byteCount <= 4_000, "budget not respected")
        precondition((1...8).contains(photo.appliedOrientation), "orientation out of range")
        if let gps = photo.metadata.gps {
            precondition(gps.latitude.isFinite && abs(gps.latitude) <= 90, "latitude out of range")
            precondition(gps.longitude.isFinite && abs(gps.longitude) <= 180, "longitude out of range")
        }
    }
    return 0
}
