import CHeif

/// The one place a `heif_error` becomes a `HEIFError`.
///
/// Called on the value a libheif function returned, before anything else touches that
/// context (the message pointer is only valid until then).
enum LibheifStatus {
    /// Throws unless `error` is `heif_error_Ok`.
    static func check(_ error: heif_error, _ operation: String) throws(HEIFError) {
        guard error.code != heif_error_Ok else { return }
        throw classify(failure(error, operation))
    }

    /// The Swift copy of `error`.
    static func failure(_ error: heif_error, _ operation: String) -> LibheifFailure {
        LibheifFailure(
            operation: operation, code: Int(error.code.rawValue), subcode: Int(error.subcode.rawValue),
            message: error.message.map { String(cString: $0) } ?? "no message")
    }

    /// Sorts a failure by what the caller can do about it.
    static func classify(_ failure: LibheifFailure) -> HEIFError {
        let code = heif_error_code(UInt32(failure.code))
        let subcode = heif_suberror_code(UInt32(failure.subcode))
        switch code {
        case heif_error_Invalid_input where subcode == heif_suberror_End_of_data:
            return .truncated(failure)
        case heif_error_Invalid_input, heif_error_Decoder_plugin_error:
            return .corrupt(failure)
        case heif_error_Unsupported_filetype:
            return .notHEIF
        case heif_error_Unsupported_feature:
            // Includes `Unsupported_codec` for a codec the brands did not name; a missing
            // decoder for a codec they do name is reported as `.noDecoder` before decoding.
            return .unsupported(failure)
        case heif_error_Memory_allocation_error where subcode == heif_suberror_Security_limit_exceeded:
            return .exceedsSecurityLimit(failure)
        default:
            return .failed(failure)
        }
    }
}
