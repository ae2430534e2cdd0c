/// Reads a JPEG's structure without decoding pixels: format sniffing, frame size, colour
/// model, EXIF and ICC payloads, and whether the data runs to its EOI marker.
///
/// This is the cheap first step of the pipeline (and the fuzz target's entry point): it
/// lets a decompression bomb or a non-JPEG be refused before TurboJPEG sees it. It walks
/// every marker segment and skims the entropy-coded data for the next marker, so it costs
/// one pass over the bytes and allocates only the metadata it returns.
public enum JPEGInspector {
    /// Inspects `bytes`, throwing `.unsupportedFormat` (naming the format seen), `.truncated` when
    /// the data stops before the frame header, or `.corrupt`/`.unsupported`. A file cut
    /// short after its frame header is returned with `isComplete == false`, so callers can
    /// still report the declared size (pixel limits come before completeness).
    public static func inspect(_ bytes: [UInt8]) throws(PhotoProcessingError) -> JPEGHeader {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw .unsupportedFormat(format: ImageFormatSniffer.formatName(of: bytes))
        }
        var walker = JPEGMarkerWalker(bytes: bytes)
        try walker.walk()
        return try walker.header()
    }

    /// Inspects the JPEG file open as `file` through a window of `JPEGRowDecoder.chunkBytes`
    /// (the same walk, reading chunk by chunk), so a 12 MB photo is never held whole.
    static func inspect(file: InputFile) throws(PhotoProcessingError) -> JPEGHeader {
        let window = JPEGFileWindow(descriptor: file.descriptor, size: file.size)
        guard window.count >= 2, window.byte(at: 0) == 0xFF, window.byte(at: 1) == 0xD8 else {
            throw .unsupportedFormat(format: ImageFormatSniffer.formatName(of: Array(window.bytes(in: 0..<min(window.count, 64)))))
        }
        var walker = JPEGMarkerWalker(bytes: window)
        try walker.walk()
        if let failure = window.readFailure { throw .unreadable(path: file.path, reason: failure) }
        return try walker.header()
    }

    /// Inspects `bytes` and reads the EXIF metadata (through libexif) in one call.
    /// Malformed EXIF never throws: the affected fields are simply absent.
    public static func metadata(_ bytes: [UInt8]) throws(PhotoProcessingError) -> PhotoMetadata {
        let header = try inspect(bytes)
        return metadata(for: header)
    }

    /// The metadata carried by an already inspected header.
    public static func metadata(for header: JPEGHeader) -> PhotoMetadata {
        var metadata = header.exif.map(EXIFReader.read) ?? PhotoMetadata()
        metadata.hasICCProfile = header.iccProfile != nil
        return metadata
    }
}
