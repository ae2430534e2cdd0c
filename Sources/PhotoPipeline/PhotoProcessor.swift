public import WorkerThreads

/// The photo pipeline: a JPEG, PNG, HEIC or AVIF in; upright, box-fitted, budget-limited JPEG out,
/// with no EXIF/GPS/XMP/comments (privacy) but the input's RGB ICC profile kept.
///
/// Steps: sniff the format → inspect the header (refusing other formats, bombs,
/// truncation and unsupported variants before any decoding) → estimate the peak memory
/// from the header and refuse photos above the decode budget → read EXIF → decode (a JPEG
/// with TurboJPEG's DCT scaling at the smallest scale still at least the target size;
/// other formats through their `PixelSource`, at full size) → Lanczos-3 down to the
/// 2000 × 2000 box (never up) → apply the EXIF orientation → encode within the byte budget.
/// Everything after decoding is the same for every format.
///
/// The synchronous `process` is CPU-bound and blocks; from async code use the variant
/// that runs it on a `WorkerThreadPool`, never the cooperative pool.
public struct PhotoProcessor: Sendable {
    public let options: PhotoProcessingOptions
    /// The clock `options.decodeTimeLimit` is measured on; tests pass one they advance.
    let clock: @Sendable () -> ContinuousClock.Instant

    public init(
        options: PhotoProcessingOptions = PhotoProcessingOptions(),
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.options = options
        self.clock = clock
    }

    /// A check that says whether a decode started now has run past `options.decodeTimeLimit`.
    func deadline() -> () -> Bool {
        let clock = clock
        let end = clock() + options.decodeTimeLimit
        return { clock() >= end }
    }

    /// Processes photo bytes (JPEG, PNG, HEIC or AVIF) on the calling thread.
    public func process(_ bytes: [UInt8]) throws(PhotoProcessingError) -> ProcessedPhoto {
        try options.validate()
        guard bytes.count <= options.maxInputBytes else {
            throw .inputTooLarge(bytes: bytes.count, limit: options.maxInputBytes)
        }
        guard let source = try Self.pixelSource(for: bytes) else { return try processJPEG(bytes) }
        return try process(bytes, from: source)
    }

    /// The JPEG path: TurboJPEG decodes at a DCT scale, so it is not a `PixelSource`.
    private func processJPEG(_ jpeg: [UInt8]) throws(PhotoProcessingError) -> ProcessedPhoto {
        let header = try JPEGInspector.inspect(jpeg)
        try checkBudget(memoryEstimate(for: header, inputBytes: jpeg.count))
        let metadata = JPEGInspector.metadata(for: header)

        let upright = try uprightImage(jpeg, header: header, orientation: metadata.orientation)

        let encoder = BudgetedEncoder(
            byteBudget: options.byteBudget, initialQuality: options.initialQuality,
            minimumQuality: options.minimumQuality,
            iccSegments: iccSegments(header.iccProfile, describesRGB: header.colorModel == .ycbcr || header.colorModel == .rgb))
        let (output, quality, encoded) = try encoder.encode(upright)
        return ProcessedPhoto(
            jpeg: output, width: encoded.width, height: encoded.height, quality: quality,
            appliedOrientation: metadata.orientation, metadata: metadata)
    }

    /// The estimated peak memory of processing `bytes`, from the header alone, after the
    /// same checks `process` makes first (so a bomb is still named as one). Cheap: one
    /// pass over the bytes, no decoding. Throws `.needsTooMuchMemory` above the budget.
    public func memoryEstimate(_ bytes: [UInt8]) throws(PhotoProcessingError) -> MemoryEstimate {
        try options.validate()
        guard bytes.count <= options.maxInputBytes else {
            throw .inputTooLarge(bytes: bytes.count, limit: options.maxInputBytes)
        }
        let estimate: MemoryEstimate
        if let source = try Self.pixelSource(for: bytes) {
            estimate = try memoryEstimate(of: bytes, from: source)
        } else {
            estimate = try memoryEstimate(for: JPEGInspector.inspect(bytes), inputBytes: bytes.count)
        }
        try checkBudget(estimate)
        return estimate
    }

    /// `memoryEstimate` of the file at `path`; the bytes are released on return, so a
    /// photo waiting for its turn holds no memory.
    public func memoryEstimateOfFile(atPath path: String) throws(PhotoProcessingError) -> MemoryEstimate {
        try options.validate()
        return try memoryEstimate(InputFileReader.read(path: path, limit: options.maxInputBytes))
    }

    /// The estimate for an inspected header: the decode at the DCT scale `process` will
    /// use, then the shared stages after decoding. Checks decodability first.
    func memoryEstimate(for header: JPEGHeader, inputBytes: Int) throws(PhotoProcessingError) -> MemoryEstimate {
        try header.checkDecodable(maxPixels: options.maxPixels)
        let target = fittedSize(width: header.width, height: header.height)
        let decodeSize = TurboJPEGDecompressor.decodeSize(
            width: header.width, height: header.height, targetWidth: target.width, targetHeight: target.height)
        let channels = header.colorModel == .cmyk || header.colorModel == .ycck ? 4 : 3
        return MemoryEstimate.afterDecoding(
            inputBytes: inputBytes, decoderBytes: JPEGMemoryEstimator.decoderBytes(for: header, decodeWidth: decodeSize.width),
            decodedWidth: decodeSize.width, decodedHeight: decodeSize.height, decodedChannels: channels,
            fittedWidth: target.width, fittedHeight: target.height)
    }

    func checkBudget(_ estimate: MemoryEstimate) throws(PhotoProcessingError) {
        guard estimate.peakBytes <= options.maxDecodeBytes else {
            throw .needsTooMuchMemory(estimatedBytes: estimate.peakBytes, limit: options.maxDecodeBytes)
        }
    }

    /// Processes photo bytes on one of `pool`'s dedicated threads.
    public func process(_ bytes: [UInt8], on pool: WorkerThreadPool) async throws(PhotoProcessingError) -> ProcessedPhoto {
        try await pool.run { () throws(PhotoProcessingError) -> ProcessedPhoto in try process(bytes) }
    }

    /// Reads the file at `path` (refusing files above `maxInputBytes` before reading them)
    /// and processes it on the calling thread.
    /// A PNG that can be read row by row is (`processStreamedPNG`), holding neither the file
    /// nor its full-size picture; everything else is processed from the bytes.
    public func processFile(atPath path: String) throws(PhotoProcessingError) -> ProcessedPhoto {
        try options.validate()
        var bytes = try InputFileReader.read(path: path, limit: options.maxInputBytes)
        if let photo = try processStreamedPNG(&bytes, path: path) { return photo }
        return try process(bytes)
    }

    /// Reads and processes the file at `path` on one of `pool`'s dedicated threads.
    public func processFile(atPath path: String, on pool: WorkerThreadPool) async throws(PhotoProcessingError) -> ProcessedPhoto {
        try await pool.run { () throws(PhotoProcessingError) -> ProcessedPhoto in try processFile(atPath: path) }
    }

    /// Decodes at the smallest DCT scale still covering the box-fitted size, resamples to
    /// that size within the decoded buffer (never two full images at once) and applies the
    /// orientation. A separate function so a rotation's source is released before encoding
    /// starts (peak memory).
    private func uprightImage(_ jpeg: [UInt8], header: JPEGHeader, orientation: Int) throws(PhotoProcessingError) -> RGBImage {
        let target = fittedSize(width: header.width, height: header.height)
        let decodeSize = TurboJPEGDecompressor.decodeSize(
            width: header.width, height: header.height, targetWidth: target.width, targetHeight: target.height)
        var image = try JPEGDecoder.decode(jpeg, header: header, width: decodeSize.width, height: decodeSize.height)
        LanczosResampler.resizeInPlace(&image, width: target.width, height: target.height)
        return OrientationTransform.apply(orientation, to: image)
    }

    /// The size that fits the box with the aspect ratio kept; never larger than the input.
    func fittedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let box = Double(options.boxSize)
        let scale = min(box / Double(width), box / Double(height), 1)
        if scale >= 1 { return (width, height) }
        return (
            min(options.boxSize, max(1, Int((Double(width) * scale).rounded()))),
            min(options.boxSize, max(1, Int((Double(height) * scale).rounded())))
        )
    }

    /// The input's ICC profile as APP2 segments, when it is worth keeping: only an RGB
    /// profile on an image whose pixels it describes as RGB (`describesRGB`: an RGB or
    /// YCbCr JPEG, any PNG, whose output is RGB) is kept, since a CMYK or gray profile
    /// would mislabel the output; a profile above a quarter of the budget is dropped rather
    /// than let it crowd out the pixels.
    func iccSegments(_ profile: [UInt8]?, describesRGB: Bool) -> [UInt8] {
        guard let profile, describesRGB, ICCProfileAssembler.colorSpace(of: profile) == "RGB ",
            profile.count <= options.byteBudget / 4
        else { return [] }
        return ICCProfileAssembler.segments(for: profile)
    }
}
