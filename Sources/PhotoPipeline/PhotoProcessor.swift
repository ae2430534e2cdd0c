public import WorkerThreads

/// The photo pipeline: a JPEG, PNG, HEIC or AVIF in; upright, box-fitted, budget-limited JPEG out,
/// with no EXIF/GPS/XMP/comments (privacy) but the input's RGB ICC profile kept.
///
/// Steps: sniff the format → inspect the header (refusing other formats, bombs,
/// truncation and unsupported variants before any decoding) → estimate the peak memory
/// from the header and refuse photos above the decode budget → read EXIF → decode (a JPEG
/// with libjpeg's DCT scaling at the smallest scale still at least the target size, row by
/// row into the resampler, a file read a chunk at a time;
/// a WebP scaled by libwebp straight to the fitted size; other formats through their
/// `PixelSource`, at full size) → Lanczos-3 down to the
/// 2000 × 2000 box (never up) → apply the EXIF orientation → encode within the byte budget.
/// Everything after decoding is the same for every format.
///
/// The synchronous `process` is CPU-bound and blocks; from async code use the variant
/// that runs it on a `WorkerThreadPool`, never the cooperative pool.
public struct PhotoProcessor: Sendable {
    public let options: PhotoProcessingOptions
    /// When set, the upright picture is made at most this many pixels wide (a size of a
    /// cached photo for the browsers, `resizeFile`), within the box as ever.
    var targetWidth: Int?
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
    func deadline() -> @Sendable () -> Bool {
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
        guard let source = try Self.pixelSource(for: bytes) else {
            return try processJPEG(.bytes(bytes), header: JPEGInspector.inspect(bytes), inputBytes: bytes.count)
        }
        return try process(bytes, from: source)
    }

    /// The JPEG path: libjpeg decodes at a DCT scale row by row into the resampler, so it
    /// is not a `PixelSource`. `inputBytes` is what the input holds in memory meanwhile.
    private func processJPEG(_ input: JPEGRowDecoder.Input, header: JPEGHeader, inputBytes: Int) throws(PhotoProcessingError) -> ProcessedPhoto {
        try checkBudget(memoryEstimate(for: header, inputBytes: inputBytes))
        let metadata = JPEGInspector.metadata(for: header)

        let upright = try uprightImage(input, header: header, orientation: metadata.orientation)

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

    /// `memoryEstimate` of the file at `path`; nothing is kept on return, so a photo
    /// waiting for its turn holds no memory. A JPEG is inspected a window at a time and
    /// its estimate counts only the chunk its decode will hold, not the file.
    public func memoryEstimateOfFile(atPath path: String) throws(PhotoProcessingError) -> MemoryEstimate {
        try options.validate()
        let file = try InputFile(path: path, limit: options.maxInputBytes)
        guard file.startsLikeJPEG else { return try memoryEstimate(file.readAll()) }
        let estimate = try memoryEstimate(for: JPEGInspector.inspect(file: file), inputBytes: JPEGRowDecoder.chunkBytes)
        try checkBudget(estimate)
        return estimate
    }

    /// The estimate for an inspected header: the decode at the DCT scale `process` will
    /// use, then the shared stages after decoding. Checks decodability first.
    func memoryEstimate(for header: JPEGHeader, inputBytes: Int) throws(PhotoProcessingError) -> MemoryEstimate {
        try header.checkDecodable(maxPixels: options.maxPixels)
        let target = fittedSize(width: header.width, height: header.height)
        let decodeSize = JPEGRowDecoder.scale(
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

    /// Processes the file at `path` (refusing files above `maxInputBytes` before reading
    /// them) on the calling thread.
    /// A JPEG is never read whole: inspected a window at a time, then decoded by libjpeg
    /// reading the file in chunks (`JPEGRowDecoder`), its rows going straight into the
    /// resampler. A PNG that can be read row by row is (`processStreamedPNG`), holding
    /// neither the file nor its full-size picture; a WebP is decoded from a mapping of the
    /// file (`processMappedWebP`); everything else is processed from the bytes.
    public func processFile(atPath path: String) throws(PhotoProcessingError) -> ProcessedPhoto {
        try options.validate()
        let file = try InputFile(path: path, limit: options.maxInputBytes)
        if file.startsLikeJPEG {
            let header = try JPEGInspector.inspect(file: file)
            return try processJPEG(.file(descriptor: file.descriptor), header: header, inputBytes: JPEGRowDecoder.chunkBytes)
        }
        if file.startsLikeWebP { return try processMappedWebP(file) }
        var bytes = try file.readAll()
        if let photo = try processStreamedPNG(&bytes, path: path) { return photo }
        return try process(bytes)
    }

    /// Reads and processes the file at `path` on one of `pool`'s dedicated threads.
    public func processFile(atPath path: String, on pool: WorkerThreadPool) async throws(PhotoProcessingError) -> ProcessedPhoto {
        try await pool.run { () throws(PhotoProcessingError) -> ProcessedPhoto in try processFile(atPath: path) }
    }

    /// Decodes at the smallest DCT scale still covering the box-fitted size, row by row
    /// into the resampler (so the decoded picture is never held, only the fitted one and a
    /// few rows), and applies the orientation. A separate function so a rotation's source
    /// is released before encoding starts (peak memory).
    private func uprightImage(_ input: JPEGRowDecoder.Input, header: JPEGHeader, orientation: Int) throws(PhotoProcessingError) -> RGBImage {
        let target = fittedSize(width: header.width, height: header.height, orientation: orientation)
        let scale = JPEGRowDecoder.scale(
            width: header.width, height: header.height, targetWidth: target.width, targetHeight: target.height)
        var resampler = RowStreamResampler(sourceWidth: scale.width, sourceHeight: scale.height, width: target.width, height: target.height)
        try JPEGRowDecoder.decode(
            input, header: header, scale: (scale.num, scale.denom), width: scale.width, height: scale.height
        ) { resampler.add($0) }
        guard let image = resampler.finish() else { throw .corrupt("libjpeg stopped before the last row") }
        return OrientationTransform.apply(orientation, to: image)
    }

    /// The size that fits the box with the aspect ratio kept; never larger than the input.
    /// With `targetWidth`, also at most that wide once upright (`orientation` 5–8 turn the
    /// stored picture a quarter, so its height becomes the width).
    func fittedSize(width: Int, height: Int, orientation: Int = 1) -> (width: Int, height: Int) {
        let box = Double(options.boxSize)
        var scale = min(box / Double(width), box / Double(height), 1)
        if let targetWidth { scale = min(scale, Double(targetWidth) / Double(orientation >= 5 ? height : width)) }
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
