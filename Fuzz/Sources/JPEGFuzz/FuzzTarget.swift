import PhotoPipeline

/// libFuzzer entry point: every input goes through the header walk, the ICC reassembly
/// and libexif; inputs that declare a small image also go through the whole pipeline
/// (decode, CMYK conversion, resampling, orientation, budgeted encode) with a tiny box,
/// so each run stays fast. Any crash, hang or sanitizer report is a bug; thrown
/// `PhotoProcessingError`s are the expected outcome for bad input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let header = try? JPEGInspector.inspect(bytes) else { return 0 }
    let metadata = JPEGInspector.metadata(for: header)
    if let gps = metadata.gps {
        precondition(gps.latitude.isFinite && abs(gps.latitude) <= 90, "latitude out of range")
        precondition(gps.longitude.isFinite && abs(gps.longitude) <= 180, "longitude out of range")
    }
    precondition((1...8).contains(metadata.orientation), "orientation out of range")
    let options = PhotoProcessingOptions(maxPixels: 512 * 512, boxSize: 48, byteBudget: 4_000)
    if let photo = try? PhotoProcessor(options: options).process(bytes) {
        precondition(photo.width <= 48 && photo.height <= 48, "box not respected")
        precondition(photo.byteCount <= 4_000, "budget not respected")
    }
    return 0
}
