import CTurboJPEG

/// The one place a TurboJPEG status becomes a typed error.
///
/// libjpeg reports a truncated file as a *warning* and fills the rest grey; the pipeline
/// decodes with `TJFLAG_STOPONWARNING` first, so damage aborts and lands here (see
/// `isHarmlessWarning` for the warnings that are let through).
enum TurboJPEGStatus {
    /// The error for a failed decode on `handle`.
    static func decodeError(_ handle: tjhandle) -> PhotoProcessingError {
        let message = lastMessage(handle)
        if message.contains("Premature end") { return .truncated }
        if message.contains("Unsupported") || message.contains("not supported") { return .unsupported(message) }
        return .corrupt(message)
    }

    /// libjpeg warnings that do not damage pixels: stray bytes between segments (common
    /// in files from some phones), an unknown JFIF revision, an unknown Adobe transform
    /// code, unusual scan parameters. Everything else (premature end, bad Huffman or
    /// arithmetic codes, resync failures, bad progression) means damaged pixels.
    static func isHarmlessWarning(_ handle: tjhandle) -> Bool {
        guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else { return false }
        let message = lastMessage(handle)
        return harmlessWarnings.contains { message.contains($0) }
    }

    private static let harmlessWarnings = [
        "extraneous bytes before marker", "unknown JFIF revision", "Unknown Adobe color transform",
        "Invalid SOS parameters for sequential JPEG",
    ]

    /// The error for a failed encode on `handle` (never the input's fault at that point).
    static func encodeError(_ handle: tjhandle) -> PhotoProcessingError {
        .encodingFailed(lastMessage(handle))
    }

    static func lastMessage(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown TurboJPEG error" }
        return String(cString: text)
    }
}
