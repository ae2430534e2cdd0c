/// Why PNG bytes could not be read: what was wrong, and libpng's own message when it was
/// libpng that noticed, so a log says exactly where the data went bad.
package struct PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is; callers map these to their own errors.
    package enum Kind: Sendable, Equatable {
        /// Not a PNG signature at all.
        case notPNG
        /// The data stops before its IEND chunk (cut short).
        case truncated
        /// The structure or compressed data is damaged.
        case corrupt
        /// The compressed image data cannot be the picture the IHDR declares: more IDAT
        /// than even stored (uncompressed) blocks of that picture need, or a stream that
        /// inflates past it (an inflate bomb). Refused before, or while, counting, never
        /// after inflating it all.
        case sizeMismatch
        /// The caller's deadline passed while the data was being checked or read.
        case timedOut
        /// A valid PNG this wrapper does not decode (a size libpng's API cannot address).
        case unsupported
    }

    package let kind: Kind
    /// The detail: libpng's `png_image.message`, or which check failed in the chunk walk.
    package let message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { "PNG \(kind): \(message)" }
}

extension PNGError {
    /// The image data of the picture `header` declares inflates to more than it: the
    /// same refusal whether the counting check or the row reader found it.
    static func inflatesPastPicture(_ header: PNGHeader) -> PNGError {
        PNGError(
            .sizeMismatch,
            "the image data inflates past the \(header.inflatedBytes) bytes a \(header.width) × \(header.height) picture needs")
    }
}
