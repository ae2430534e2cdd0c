/// Why a HEIF/HEIC or AVIF image could not be inspected or decoded.
///
/// Every libheif failure keeps its cause (`LibheifFailure`: function, code, subcode and
/// message); the cases sort them into what a caller acts on: the input is damaged, too
/// big, or of a kind this build cannot decode. `isBadInput` separates the uploader's
/// fault from a failure of this server.
package enum HEIFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not a HEIF/AVIF file at all (no `ftyp` box with a HEIF brand).
    case notHEIF
    /// The file stops early: a box or an `iloc` extent points past the end of the bytes
    /// (libheif's `Invalid_input`/`End_of_data`), as in an interrupted upload.
    case truncated(LibheifFailure)
    /// The file's structure or coded picture is damaged (any other `Invalid_input`, or a
    /// decoder plugin error).
    case corrupt(LibheifFailure)
    /// A coded picture's own header (AV1 sequence header, HEVC SPS) or a grid's tiles
    /// disagree with the size the container's `ispe` declares (see `HEIFCodedSizeCheck`):
    /// refused before anything is decoded, since the decoder would allocate the coded size.
    case sizeMismatch(String)
    /// The file has more items, tiles, references or properties than `HEIFItemTable.Limits`
    /// allow (or coded data read over and over): refused by this target's own box walk
    /// before libheif parses it, since parsing such a file costs time out of all proportion
    /// to its size (issue 45). The detail says which count and its limit.
    case tooComplex(String)
    /// The primary image has more pixels (after transformations) than the caller allows.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// libheif's own security limits refused the file while parsing it, before any pixel
    /// was decoded: in 1.15 a side over 32768 pixels, too many items or boxes nested too deep
    /// (`Memory_allocation_error`/`Security_limit_exceeded`).
    case exceedsSecurityLimit(LibheifFailure)
    /// This libheif build has no decoder for the file's codec (for AV1: neither dav1d nor
    /// libaom was compiled in). `cause` is nil when the decoder was found missing up front.
    case noDecoder(HEIFCodec, cause: LibheifFailure?)
    /// A valid HEIF feature libheif does not support (an unknown codec or image type).
    case unsupported(LibheifFailure)
    /// Anything else libheif reported (out of memory, a usage error): not the input's fault.
    case failed(LibheifFailure)

    /// The libheif failure behind this error, if libheif reported one.
    package var cause: LibheifFailure? {
        switch self {
        case .notHEIF, .tooManyPixels, .sizeMismatch, .tooComplex: return nil
        case .noDecoder(_, let cause): return cause
        case .truncated(let failure), .corrupt(let failure), .exceedsSecurityLimit(let failure),
            .unsupported(let failure), .failed(let failure):
            return failure
        }
    }

    /// True when the input is at fault (bad, hostile or unsupported data) rather than this server.
    package var isBadInput: Bool {
        if case .failed = self { return false }
        return true
    }

    /// A short sentence suitable for showing to the person who uploaded the photo.
    package var userMessage: String {
        switch self {
        case .notHEIF: return "This file is not a HEIC, HEIF or AVIF image."
        case .truncated: return "This photo is incomplete (the file was cut short). Please upload it again."
        case .corrupt: return "This photo is damaged and cannot be read."
        case .sizeMismatch(let detail): return "This photo's header does not match its picture (\(detail)), so it was not decoded."
        case .tooComplex(let detail): return "This file has too many parts to be a photo (\(detail)), so it was not read."
        case .tooManyPixels(let width, let height, let limit):
            let megapixels = (limit + 500_000) / 1_000_000
            return "This photo is \(width) × \(height) pixels, more than the \(megapixels)-megapixel limit."
        case .exceedsSecurityLimit: return "This photo declares an image too large to decode."
        case .noDecoder(let codec, _): return "This server cannot decode \(codec.rawValue) images."
        case .unsupported: return "This kind of HEIF image is not supported."
        case .failed: return "Something went wrong while decoding the photo."
        }
    }

    package var description: String {
        switch self {
        case .noDecoder(let codec, let cause):
            return "unsupported: no \(codec.rawValue) decoder in this libheif build" + (cause.map { " (\($0))" } ?? "")
        case .tooManyPixels, .notHEIF: return userMessage
        case .sizeMismatch(let detail): return "HEIF refused before decoding: \(detail)"
        case .tooComplex(let detail): return "HEIF refused as too complex to be a photo: \(detail)"
        case .truncated(let cause): return "truncated HEIF: \(cause)"
        case .corrupt(let cause): return "corrupt HEIF: \(cause)"
        case .exceedsSecurityLimit(let cause): return "HEIF refused by libheif's security limits: \(cause)"
        case .unsupported(let cause): return "unsupported HEIF: \(cause)"
        case .failed(let cause): return "HEIF decoding failed: \(cause)"
        }
    }
}
