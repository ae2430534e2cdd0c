import CTurboJPEG

/// Owns one TurboJPEG compressor handle and its worst-case output buffer, reused across
/// the encodes of a quality search; both are freed in `deinit`.
///
/// Not `Sendable`: TurboJPEG handles must not be shared between threads.
final class TurboJPEGCompressor {
    private let handle: tjhandle
    private var buffer: UnsafeMutablePointer<UInt8>?
    private var capacity = 0

    init() throws(PhotoProcessingError) {
        guard let handle = tjInitCompress() else { throw .encodingFailed("tjInitCompress failed") }
        self.handle = handle
    }

    deinit {
        if let buffer { tjFree(buffer) }
        tjDestroy(handle)
    }

    /// Encodes `image` and returns the JPEG bytes (SOI, JFIF APP0, tables, scans, EOI).
    func encode(
        _ image: RGBImage, quality: Int, subsampling: JPEGEncoder.Subsampling, progressive: Bool = false
    ) throws(PhotoProcessingError) -> [UInt8] {
        let samp = Int32(subsampling.turboJPEGValue.rawValue)
        let needed = Int(tjBufSize(Int32(image.width), Int32(image.height), samp))
        // tjAlloc takes an Int32; a clamped allocation would be smaller than the size we
        // tell TurboJPEG it may write, so refuse instead.
        guard needed > 0, needed <= Int(Int32.max) else { throw .encodingFailed("image too large to encode") }
        if needed > capacity {
            if let buffer { tjFree(buffer) }
            buffer = tjAlloc(Int32(needed))
            capacity = buffer == nil ? 0 : needed
        }
        guard let buffer else { throw .encodingFailed("tjAlloc failed") }
        var output: UnsafeMutablePointer<UInt8>? = buffer
        var size = UInt(capacity)
        let flags = TJFLAG_NOREALLOC | TJFLAG_ACCURATEDCT | (progressive ? TJFLAG_PROGRESSIVE : 0)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(
                handle, pixels.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGB.rawValue),
                &output, &size, samp, Int32(quality), flags)
        }
        guard status == 0, output == buffer, Int(size) <= capacity else { throw TurboJPEGStatus.encodeError(handle) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}
