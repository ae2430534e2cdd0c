/// Why a photo could not be processed.
///
/// Every case is something a person can act on ("that's a PNG", "the file is cut
/// short"), so `userMessage` is safe to show as-is; `description` adds detail for logs.
/// TurboJPEG, libexif and the format wrappers' (libpng's) failures are translated into
/// these cases at their boundaries.
public enum PhotoProcessingError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The bytes are in a format the pipeline does not decode; `format` names what they
    /// look like ("HEIC", "GIF", "MP4 video", "unknown", "empty file", …).
    case unsupportedFormat(format: String)
    /// The header declares more pixels than allowed (a possible decompression bomb).
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The header declares an image beyond what the format's decoder allows at all (a
    /// HEIF side over 32768 pixels): a bomb, refused before its size is even read out.
    case imageTooLarge(format: String)
    /// The coded picture disagrees with the size its container declares (an AV1 sequence
    /// header or HEVC SPS larger than the HEIF `ispe`, a frame larger than the canvas, a
    /// PNG whose compressed data cannot be the size its header gives): refused before
    /// decoding, since the decoder would allocate (or inflate) what the container hid.
    case headerMismatch(format: String, detail: String)
    /// The file is built of more parts than any photo (a HEIF with thousands of items or
    /// grid tiles): refused from its boxes before a decoder parses it, since parsing alone
    /// would cost time out of all proportion to its size. `detail` names the count and its limit.
    case tooComplex(format: String, detail: String)
    /// Decoding ran past `PhotoProcessingOptions.decodeTimeLimit` and was abandoned.
    case tookTooLong(format: String, detail: String)
    /// Decoding would need more memory than the decode budget allows (estimated from
    /// the header: a small file can declare an enormous, progressive or CMYK image).
    case needsTooMuchMemory(estimatedBytes: Int, limit: Int)
    /// The input is larger than the configured input byte limit.
    case inputTooLarge(bytes: Int, limit: Int)
    /// The JPEG stops before its end (EOI) marker, so part of the image is missing.
    case truncated
    /// The JPEG structure or entropy-coded data is damaged.
    case corrupt(String)
    /// A non-JPEG photo (`format`, e.g. "PNG") is damaged or cut short; `detail` is the
    /// decoder's own message (libpng's), for logs.
    case damaged(format: String, detail: String)
    /// A valid JPEG variant this pipeline does not decode (12-bit, lossless, hierarchical…).
    case unsupported(String)
    /// Not even a 1 × 1 image at the lowest allowed quality fits the byte budget.
    case budgetUnreachable(budget: Int)
    /// The input file could not be read.
    case unreadable(path: String, reason: String)
    /// The options are inconsistent (for example a minimum quality above the initial one).
    case invalidOptions(String)
    /// TurboJPEG failed while encoding a valid image (an internal failure, not bad input).
    case encodingFailed(String)

    /// A short sentence suitable for showing to the person who uploaded the photo.
    public var userMessage: String {
        switch self {
        case .unsupportedFormat(let format) where ImageFormatSniffer.isVideo(format):
            return "This file is a video (\(format.dropLast(" video".count))); videos can't be posted as stories. Please choose a photo."
        case .unsupportedFormat(let format) where ImageFormatSniffer.isUnrecognised(format):
            return "This file is not a photo. Please choose a JPEG, PNG, HEIC, WebP or GIF photo."
        case .unsupportedFormat(let format):
            return "This file is a \(format) image, which can't be posted yet. Please choose a JPEG, PNG, HEIC, WebP or GIF photo."
        case .tooManyPixels(let width, let height, let limit):
            let megapixels = (limit + 500_000) / 1_000_000
            return "This photo is \(width) × \(height) pixels, more than the \(megapixels)-megapixel limit."
        case .imageTooLarge(let format):
            return "This \(format) image is larger than any photo this server can take."
        case .headerMismatch(let format, let detail):
            return "This \(format) was refused: its header does not match its picture (\(detail))."
        case .tooComplex(let format, let detail):
            return "This \(format) has too many parts to be a photo (\(detail)), so it was refused."
        case .tookTooLong(let format, _):
            return "This \(format) took too long to decode and was refused."
        case .needsTooMuchMemory(let estimated, let limit):
            let needed = MemoryEstimate.megabytes(estimated)
            let allowed = max(1, (limit + (1 << 19)) >> 20)
            return "This photo would need about \(needed) MB to decode; the limit is \(allowed) MB. Try a smaller photo."
        case .inputTooLarge(let bytes, let limit):
            return "This file is \(bytes) bytes, more than the \(limit)-byte limit."
        case .truncated:
            return "This JPEG is incomplete (the file was cut short). Please upload it again."
        case .corrupt:
            return "This JPEG is damaged and cannot be read."
        case .damaged(let format, _):
            return "This \(format) is damaged (or cut short) and cannot be read."
        case .unsupported(let what):
            return "This kind of image (\(what)) is not supported."
        case .budgetUnreachable(let budget):
            return "The photo cannot be made small enough for the \(budget)-byte limit."
        case .unreadable(let path, _):
            return "The file \(path) could not be read."
        case .invalidOptions(let reason):
            return "Invalid photo processing options: \(reason)."
        case .encodingFailed:
            return "Something went wrong while encoding the photo."
        }
    }

    public var description: String {
        switch self {
        case .corrupt(let detail): return "corrupt JPEG: \(detail)"
        case .damaged(let format, let detail): return "damaged \(format): \(detail)"
        case .tookTooLong(let format, let detail): return "\(format) decode abandoned: \(detail)"
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .encodingFailed(let detail): return "JPEG encoding failed: \(detail)"
        default: return userMessage
        }
    }

    /// True when the input itself is at fault (bad or hostile data), as opposed to an
    /// unreadable file, bad options or an internal failure. Callers map this to "bad data".
    public var isBadInput: Bool {
        switch self {
        case .unsupportedFormat, .tooManyPixels, .imageTooLarge, .headerMismatch, .tooComplex, .tookTooLong, .needsTooMuchMemory,
            .inputTooLarge, .truncated, .corrupt, .damaged, .unsupported, .budgetUnreachable:
            return true
        case .unreadable, .invalidOptions, .encodingFailed:
            return false
        }
    }
}
