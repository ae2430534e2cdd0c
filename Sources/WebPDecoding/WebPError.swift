/// Why WebP bytes could not be inspected or decoded: what kind of problem it is, which
/// libwebp call noticed it and its `VP8StatusCode` (when there was one), so a log says
/// exactly where the data went bad while callers switch on `kind`.
package struct WebPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is; callers map these to their own errors.
    package enum Kind: Sendable, Equatable {
        /// Not a RIFF/WEBP file at all.
        case notWebP
        /// The data stops before the end its RIFF header promises (cut short).
        case truncated
        /// The chunks or the coded picture are damaged.
        case corrupt
        /// A valid WebP this build of libwebp does not decode.
        case unsupported
        /// libwebp failed for a reason that is not the input's (out of memory, bad parameters).
        case failed
    }

    package let kind: Kind
    /// The libwebp function that reported the problem, or the check in this wrapper.
    package let operation: String
    /// libwebp's `VP8StatusCode` (0 OK … 7 NOT_ENOUGH_DATA), nil when none was returned.
    package let status: Int?

    package init(_ kind: Kind, operation: String, status: Int? = nil) {
        self.kind = kind
        self.operation = operation
        self.status = status
    }

    /// The name libwebp's header gives `status`.
    package var statusName: String? {
        guard let status else { return nil }
        let names = [
            "VP8_STATUS_OK", "VP8_STATUS_OUT_OF_MEMORY", "VP8_STATUS_INVALID_PARAM", "VP8_STATUS_BITSTREAM_ERROR",
            "VP8_STATUS_UNSUPPORTED_FEATURE", "VP8_STATUS_SUSPENDED", "VP8_STATUS_USER_ABORT", "VP8_STATUS_NOT_ENOUGH_DATA",
        ]
        return names.indices.contains(status) ? names[status] : "status \(status)"
    }

    package var description: String {
        "WebP \(kind): \(operation)" + (statusName.map { " returned \($0)" } ?? "")
    }
}
