import CTurboJPEG

/// Owns one TurboJPEG decompressor handle (freed in `deinit`).
///
/// TurboJPEG handles are not thread-safe, so this class is deliberately not `Sendable`:
/// each decode creates its own on the worker thread that runs it.
final class TurboJPEGDecompressor {
    private let handle: tjhandle

    init() throws(PhotoProcessingError) {
        guard let handle = tjInitDecompress() else { throw .encodingFailed("tjInitDecompress failed") }
        self.handle = handle
    }

    deinit { tjDestroy(handle) }

    /// The DCT scaling factors libjpeg-turbo offers at or below 1 (1/8 … 8/8).
    static let downscalingFactors: [(num: Int, denom: Int)] = {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count), count > 0 else { return [(1, 1)] }
        return (0..<Int(count)).map { (Int(factors[$0].num), Int(factors[$0].denom)) }
            .filter { $0.num <= $0.denom }
    }()

    /// TurboJPEG's `TJSCALED`: the decoded size of `dimension` at `num/denom`.
    static func scaled(_ dimension: Int, _ factor: (num: Int, denom: Int)) -> Int {
        (dimension * factor.num + factor.denom - 1) / factor.denom
    }

    /// Decodes `jpeg` at exactly `width × height` (a size from `JPEGRowDecoder.scale`) into packed
    /// pixels of `pixelFormat` (`TJPF_RGB` or `TJPF_CMYK`).
    ///
    /// The first attempt stops at any libjpeg warning, because libjpeg reports damage
    /// (a truncated file, a bad Huffman code) only as a warning and fills the rest grey.
    /// Some warnings are harmless and common in real camera files (stray bytes between
    /// segments, an unknown JFIF revision); for those alone the image is decoded again
    /// letting warnings pass, and the result is kept unless a damaging warning appears.
    func decode(_ jpeg: [UInt8], width: Int, height: Int, pixelFormat: TJPF) throws(PhotoProcessingError) -> [UInt8] {
        let strict = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS | TJFLAG_ACCURATEDCT
        var (pixels, status) = decode(jpeg, width: width, height: height, pixelFormat: pixelFormat, flags: strict)
        guard status != 0 else { return pixels }
        guard TurboJPEGStatus.isHarmlessWarning(handle) else { throw TurboJPEGStatus.decodeError(handle) }
        // Release the first attempt's buffer before the second allocates its own, so a
        // retry never holds two output buffers (the memory estimate counts one).
        pixels = []
        (pixels, status) = decode(jpeg, width: width, height: height, pixelFormat: pixelFormat, flags: TJFLAG_LIMITSCANS | TJFLAG_ACCURATEDCT)
        guard status == 0 || TurboJPEGStatus.isHarmlessWarning(handle) else { throw TurboJPEGStatus.decodeError(handle) }
        return pixels
    }

    private func decode(_ jpeg: [UInt8], width: Int, height: Int, pixelFormat: TJPF, flags: Int32) -> ([UInt8], Int32) {
        let pixelSize = pixelFormat == TJPF_CMYK ? 4 : 3
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * pixelSize) { buffer, initialized in
            status = jpeg.withUnsafeBufferPointer { source in
                tjDecompress2(
                    handle, source.baseAddress, UInt(source.count), buffer.baseAddress,
                    Int32(width), 0, Int32(height), Int32(pixelFormat.rawValue), flags)
            }
            // On failure the contents are garbage but fully allocated; they are discarded by the caller.
            initialized = buffer.count
        }
        return (pixels, status)
    }
}
