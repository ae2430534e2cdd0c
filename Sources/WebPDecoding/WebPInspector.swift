import CWebP

/// Reads a WebP's header facts and metadata chunks without decoding any pixel, so a
/// caller can refuse a decompression bomb or a damaged file before paying for it.
package enum WebPInspector {
    /// The header of `bytes`. Throws `.notWebP` for anything that is not RIFF/WEBP, and
    /// `.truncated`/`.corrupt` when not even the size can be read; a file cut short after
    /// its header is returned with `isComplete == false`.
    package static func inspect(_ bytes: [UInt8]) throws(WebPError) -> WebPHeader {
        try bytes.withUnsafeBufferPointer { (buffer) throws(WebPError) -> WebPHeader in try inspect(buffer) }
    }

    /// The header of bytes the caller holds (a mapped file) for the call; only the chunk
    /// headers and the metadata chunks are read, not the coded picture.
    package static func inspect(_ bytes: UnsafeBufferPointer<UInt8>) throws(WebPError) -> WebPHeader {
        guard bytes.count >= 12, bytes.starts(with: "RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else {
            throw WebPError(.notWebP, operation: "RIFF/WEBP signature")
        }
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeatures(bytes.baseAddress, bytes.count, &features)
        guard status == VP8_STATUS_OK else {
            let kind: WebPError.Kind =
                switch status {
                case VP8_STATUS_NOT_ENOUGH_DATA: .truncated
                case VP8_STATUS_UNSUPPORTED_FEATURE: .unsupported
                case VP8_STATUS_OUT_OF_MEMORY, VP8_STATUS_INVALID_PARAM: .failed
                default: .corrupt
                }
            throw WebPError(kind, operation: "WebPGetFeatures", status: Int(status.rawValue))
        }
        return try Demuxer.withDemuxer(over: bytes) { demuxer in
            WebPHeader(
                width: Int(features.width), height: Int(features.height), hasAlpha: features.has_alpha != 0,
                isAnimated: features.has_animation != 0, isLossy: features.format == 1, frameCount: demuxer.frameCount,
                exif: demuxer.chunk("EXIF").map(tiffPayload), iccProfile: demuxer.chunk("ICCP"),
                isComplete: demuxer.isComplete)
        }
    }

    /// The EXIF chunk should start at the TIFF header, but some writers prefix the JPEG
    /// APP1 identifier `Exif\0\0`; `EXIFReader` and friends want the TIFF bytes.
    static func tiffPayload(_ chunk: [UInt8]) -> [UInt8] {
        let identifier: [UInt8] = Array("Exif".utf8) + [0, 0]
        return chunk.starts(with: identifier) ? Array(chunk.dropFirst(identifier.count)) : chunk
    }
}
