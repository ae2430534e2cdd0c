import PNGDecoding

extension PhotoProcessor {
    /// `processFile` for a PNG that libpng can hand over row by row (`PNGRowStream`:
    /// 8-bit RGB, grey or palette, not interlaced, opaque, sRGB gamma, which is what
    /// screenshots and most exported photos are): the header and metadata are read from
    /// `bytes` as for any PNG, then `bytes` is released and the file is read again one row
    /// at a time into the resampler. So a 12 MP PNG never holds its 14 MB of file nor its
    /// 36 MB of decoded picture, only the fitted image. nil for anything else, which the
    /// caller processes from the bytes as usual. The memory estimate checked is still the
    /// whole-picture one (an upper bound here). The image data is inflated once, by the row
    /// reader, which also refuses data that inflates past the picture and stops at the
    /// deadline; the bytes-based path counts it first instead (`PNGImageDataCheck`).
    func processStreamedPNG(_ bytes: inout [UInt8], path: String) throws(PhotoProcessingError) -> ProcessedPhoto? {
        guard ImageFormatSniffer.formatName(of: bytes) == "PNG" else { return nil }
        let source = PNGPixelSource()
        let header = try source.inspect(bytes)
        guard PNGRowStream.canStream(header.native) else { return nil }
        try checkBudget(memoryEstimate(for: header, format: source.formatName, inputBytes: bytes.count))
        bytes = []
        let pastDeadline = deadline()
        return try finish(header, decodesUpright: source.decodesUpright) { target throws(PhotoProcessingError) in
            try source.decodeFitted(path: path, header: header, width: target.width, height: target.height, pastDeadline: pastDeadline)
        }
    }
}
