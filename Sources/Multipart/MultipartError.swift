import GrainSupport

/// Why a `multipart/form-data` body was refused, with the HTTP status it means and words
/// for the person who sent it.
///
/// Client mistakes are 4xx with a message that names the problem; failures on this server
/// (`fileSystem`, `bodyUnreadable`) are 500s whose `description` carries the detail for the
/// log while `publicMessage` reveals nothing. Whenever one of these is thrown, files
/// already written for the form have been deleted.
package enum MultipartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The Content-Type is missing or is not `multipart/form-data`.
    case notMultipart
    /// The Content-Type has no usable `boundary` parameter (missing, empty, over 70
    /// characters or with characters RFC 2046 does not allow).
    case missingBoundary
    /// The body does not follow the multipart format; `reason` is fixed wording of ours,
    /// safe to show.
    case malformed(reason: String)
    /// The body ended before the closing boundary.
    case truncated
    /// A part declares `multipart/mixed` (or any multipart type), which forms never need.
    case nestedMultipart
    /// A part's Content-Disposition has no `name`.
    case missingName
    case fileTooLarge(limit: Int)
    case fieldTooLarge(limit: Int)
    case tooManyFiles(limit: Int)
    case tooManyFields(limit: Int)
    case tooManyParts(limit: Int)
    case headerTooLarge(limit: Int)
    /// Writing an uploaded file failed on this server.
    case fileSystem(operation: String, detail: String)
    /// The request body itself could not be read (its temporary file vanished, say).
    case bodyUnreadable(detail: String)

    package var publicMessage: String {
        switch self {
        case .notMultipart: "This form must be sent as multipart/form-data."
        case .missingBoundary: "The upload could not be read: its multipart boundary is missing or invalid."
        case .malformed(let reason): "The upload could not be read: \(reason)."
        case .truncated: "The upload was cut off before it ended. Please try again."
        case .nestedMultipart: "The upload could not be read: nested multipart parts are not accepted."
        case .missingName: "The upload could not be read: a form field has no name."
        case .fileTooLarge(let limit): "That file is too large; the limit is \(ByteCountText.describeLimit(limit))."
        case .fieldTooLarge(let limit): "A form field is too long; the limit is \(ByteCountText.describe(limit))."
        case .tooManyFiles(let limit): "Too many files were sent; at most \(limit) \(limit == 1 ? "is" : "are") accepted."
        case .tooManyFields(let limit): "The form has too many fields; at most \(limit) are accepted."
        case .tooManyParts(let limit): "The form has too many parts; at most \(limit) are accepted."
        case .headerTooLarge(let limit): "The upload could not be read: a part's headers exceed \(ByteCountText.describe(limit))."
        case .fileSystem, .bodyUnreadable: "The upload could not be saved on this server. Please try again."
        }
    }

    package var description: String {
        switch self {
        case .fileSystem(let operation, let detail): "multipart: \(operation) failed: \(detail)"
        case .bodyUnreadable(let detail): "multipart: reading the request body failed: \(detail)"
        default: "multipart: refused: \(publicMessage)"
        }
    }
}
