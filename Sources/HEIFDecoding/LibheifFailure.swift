/// What libheif itself reported when a call failed: its `heif_error` kept whole.
///
/// libheif's `message` pointer lives only until the next call on the same context, so it
/// is copied into a `String` at the boundary; the numeric codes are kept so logs and tests
/// can tell a truncated file (`Invalid_input`/`End_of_data`) from a security limit
/// (`Memory_allocation_error`/`Security_limit_exceeded`) without parsing text.
package struct LibheifFailure: Sendable, Equatable, CustomStringConvertible {
    /// The libheif function that failed, e.g. `heif_decode_image`.
    package let operation: String
    /// `heif_error.code` (`enum heif_error_code`).
    package let code: Int
    /// `heif_error.subcode` (`enum heif_suberror_code`).
    package let subcode: Int
    /// `heif_error.message`, copied.
    package let message: String

    package init(operation: String, code: Int, subcode: Int, message: String) {
        self.operation = operation
        self.code = code
        self.subcode = subcode
        self.message = message
    }

    package var description: String {
        "\(operation) failed: \(message) (libheif error \(code).\(subcode))"
    }
}
