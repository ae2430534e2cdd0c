extension PhotoProcessor {
    /// The decoders for formats other than JPEG, by the name `ImageFormatSniffer` gives
    /// them. A new format is one wrapper target plus one entry here.
    static let pixelSources: [any PixelSource] = [
        PNGPixelSource(), HEIFPixelSource(formatName: "HEIC"), HEIFPixelSource(formatName: "AVIF"),
        WebPPixelSource(formatName: "WebP"), GIFPixelSource(),
    ]

    /// nil for a JPEG (TurboJPEG's own path), the format's `PixelSource` when there is
    /// one, else `.unsupportedFormat` naming what the bytes look like. Anything starting
    /// with a JPEG SOI takes the JPEG path, so a damaged JPEG is still called one.
    static func pixelSource(for bytes: [UInt8]) throws(PhotoProcessingError) -> (any PixelSource)? {
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 { return nil }
        let format = ImageFormatSniffer.formatName(of: bytes)
        guard let source = pixelSources.first(where: { $0.formatName == format }) else {
            throw .unsupportedFormat(format: format)
        }
        return source
    }

    /// The decoded-RGB path: the same limits, metadata, resampling, orientation and
    /// budgeted encoding as a JPEG, with the pixels from `source`.
    func process<Source: PixelSource>(_ bytes: [UInt8], from source: Source) throws(PhotoProcessingError) -> ProcessedPhoto {
        let header = try source.inspect(bytes)
        try checkBudget(memoryEstimate(for: header, from: source, inputBytes: bytes.count))
        try source.checkData(bytes, header: header, pastDeadline: deadline())
        return try finish(header, decodesUpright: source.decodesUpright) { target throws(PhotoProcessingError) in
            try source.decodeFitted(bytes, header: header, width: target.width, height: target.height)
        }
    }

    /// What every decoded-RGB path shares once the header passed the limits: the metadata,
    /// the pixels fitted into the box by `fitted` (given the box-fitted size), the EXIF
    /// orientation (unless the container already turned the pixels upright) and the
    /// budgeted encode keeping an RGB ICC profile.
    func finish<Native>(
        _ header: PixelSourceHeader<Native>, decodesUpright: Bool,
        fitted: ((width: Int, height: Int)) throws(PhotoProcessingError) -> RGBImage
    ) throws(PhotoProcessingError) -> ProcessedPhoto {
        var metadata = header.exif.map(EXIFReader.read) ?? PhotoMetadata()
        metadata.hasICCProfile = header.iccProfile != nil

        let orientation = decodesUpright ? 1 : metadata.orientation
        // A separate call so a rotation's source is released before encoding (peak memory).
        let upright = try OrientationTransform.apply(orientation, to: fitted(fittedSize(width: header.width, height: header.height, orientation: orientation)))

        let encoder = BudgetedEncoder(
            byteBudget: options.byteBudget, initialQuality: options.initialQuality,
            minimumQuality: options.minimumQuality, iccSegments: iccSegments(header.iccProfile, describesRGB: true))
        let (output, quality, encoded) = try encoder.encode(upright)
        return ProcessedPhoto(
            jpeg: output, width: encoded.width, height: encoded.height, quality: quality,
            appliedOrientation: orientation, metadata: metadata)
    }

    /// `memoryEstimate` for a format with a `PixelSource`.
    func memoryEstimate<Source: PixelSource>(of bytes: [UInt8], from source: Source) throws(PhotoProcessingError) -> MemoryEstimate {
        try memoryEstimate(for: source.inspect(bytes), from: source, inputBytes: bytes.count)
    }

    /// `memoryEstimate(for:format:inputBytes:)` at the size and decoder share `source`
    /// gives for the fitted size (`PixelSource.decodeFootprint`).
    func memoryEstimate<Source: PixelSource>(
        for header: PixelSourceHeader<Source.NativeHeader>, from source: Source, inputBytes: Int
    ) throws(PhotoProcessingError) -> MemoryEstimate {
        try memoryEstimate(for: header, format: source.formatName, inputBytes: inputBytes) { fitted in
            source.decodeFootprint(for: header, fitted: fitted, inputBytes: inputBytes)
        }
    }

    /// Refuses, from the header, images above the pixel limit (first, so a bomb is named
    /// as one even when it is also cut short), images of no size and incomplete files;
    /// then estimates an RGB decode followed by the shared stages: at the stored size
    /// holding `header.decoderBytes`, unless `footprint` gives another for the fitted size.
    func memoryEstimate<Native>(
        for header: PixelSourceHeader<Native>, format: String, inputBytes: Int,
        footprint: (((width: Int, height: Int)) -> (width: Int, height: Int, decoderBytes: Int))? = nil
    ) throws(PhotoProcessingError) -> MemoryEstimate {
        guard header.pixelCount <= options.maxPixels else {
            throw .tooManyPixels(width: header.width, height: header.height, limit: options.maxPixels)
        }
        // A header that gives no pixels at all (a HEIF whose `ispe` says 0 × 0, found by
        // fuzzing) has nothing to fit into the box: damaged, before anything is decoded.
        guard header.width > 0, header.height > 0 else {
            throw .damaged(format: format, detail: "the header gives a size of \(header.width) × \(header.height)")
        }
        guard header.isComplete else {
            throw .damaged(format: format, detail: header.incompleteDetail ?? "the data stops before its end")
        }
        let target = fittedSize(width: header.width, height: header.height)
        let decode = footprint?(target) ?? (width: header.width, height: header.height, decoderBytes: header.decoderBytes)
        return MemoryEstimate.afterDecoding(
            inputBytes: inputBytes, decoderBytes: decode.decoderBytes, decodedWidth: decode.width,
            decodedHeight: decode.height, decodedChannels: 3, fittedWidth: target.width, fittedHeight: target.height)
    }
}
