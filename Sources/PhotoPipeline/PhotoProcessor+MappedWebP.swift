extension PhotoProcessor {
    /// A WebP processed from a mapping of its file instead of a copy read whole: the same
    /// inspection, limits, estimate (still counting the whole input, an upper bound) and
    /// finish as `process(_:from:)`, with `WebPPixelSource.decodeFitted(_:header:width:height:releasing:)`
    /// letting the pages of a lossless bitstream go behind libwebp as it decodes.
    func processMappedWebP(_ file: InputFile) throws(PhotoProcessingError) -> ProcessedPhoto {
        guard file.size <= options.maxInputBytes else { throw .inputTooLarge(bytes: file.size, limit: options.maxInputBytes) }
        let source = WebPPixelSource(formatName: "WebP")
        return try file.withMappedBytes { (bytes, release) throws(PhotoProcessingError) -> ProcessedPhoto in
            let header = try source.inspect(bytes)
            try checkBudget(memoryEstimate(for: header, from: source, inputBytes: bytes.count))
            return try finish(header, decodesUpright: source.decodesUpright) { target throws(PhotoProcessingError) in
                try source.decodeFitted(bytes, header: header, width: target.width, height: target.height, releasing: release)
            }
        }
    }
}
