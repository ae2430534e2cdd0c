/// Why GIF bytes could not be read: what was wrong, and giflib's own error code and
/// `GifErrorString` when it was giflib that noticed, so a log says exactly what failed.
package struct GIFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is; callers map these to their own errors.
    package enum Kind: Sendable, Equatable {
        /// Not a GIF signature at all.
        case notGIF
        /// The data stops before the first frame is complete (cut short).
        case truncated
        /// The structure or LZW data is damaged, or there is no frame or colour table.
        case corrupt
        /// A valid GIF this wrapper does not decode (a canvas too large to address).
        case unsupported
    }

    package let kind: Kind
    /// giflib's `D_GIF_ERR_…` code, nil when the check was this wrapper's own.
    package let code: Int?
    /// The detail: which giflib call failed and `GifErrorString`, or which check failed.
    package let message: String

    package init(_ kind: Kind, code: Int? = nil, _ message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    package var description: String { "GIF \(kind): \(message)" }
}
