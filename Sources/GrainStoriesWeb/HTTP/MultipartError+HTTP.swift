package import MicroHTTPServer
package import Multipart

/// The person's mistakes are 4xx (an unsupported type, too large, malformed); failures on
/// this server are 500s whose detail goes only to the log.
extension MultipartError: HTTPResponseError {
    package var status: HTTPStatus {
        switch self {
        case .notMultipart: .unsupportedMediaType
        case .fileTooLarge, .fieldTooLarge: .contentTooLarge
        case .fileSystem, .bodyUnreadable: .internalServerError
        case .missingBoundary, .malformed, .truncated, .nestedMultipart, .missingName,
            .tooManyFiles, .tooManyFields, .tooManyParts, .headerTooLarge:
            .badRequest
        }
    }
}
