import CTurboJPEG

/// The one place a TurboJPEG status becomes a typed error.
///
/// libjpeg reports a truncated file as a *warning* and fills the rest grey; the pipeline
/// always decodes with `TJFLAG_STOPONWARNING`, so any warning aborts and lands here.
enum TurboJPEGStatus {
    /// The error for a failed decode on `handle`.
    static func decodeError(_ handle: tjhandle) -> PhotoProcessingError {
        let message = lastMessage(handle)
        if message.contains("Premature end") { return .truncated }
        if message.contains("Unsupported") || message.contains("not supported") { return .unsupported(message) }
        return .corrupt(message)
    }

    /// The error for a failed encode on `handle` (never the input's fault at that point).
    static func encodeError(_ handle: tjhandle) -> PhotoProcessingError {
        .encodingFailed(lastMessage(handle))
    }

    static func lastMessage(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown TurboJPEG error" }
        return String(cString: text)
    }
}
