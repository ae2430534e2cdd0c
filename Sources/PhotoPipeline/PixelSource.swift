/// A decoder for a photo format other than JPEG, as the pipeline sees it: a cheap look at
/// the header first, so the pixel limit and the memory budget apply before any pixel is
/// decoded, then the full-size image as 8-bit RGB with any transparency already
/// flattened onto white.
///
/// This is the seam for new formats. A format's C library lives in its own wrapper target
/// (`PNGDecoding`, `HEIFDecoding`, `GIFDecoding`; WebP the same way) that knows nothing of this pipeline;
/// a small conformance here translates that wrapper's header and errors and is listed in
/// `PhotoProcessor.pixelSources`. Everything after decoding is shared with JPEG: Lanczos
/// into the box, the EXIF orientation, the budgeted encode keeping an RGB ICC profile, and
/// the metadata (GPS for the H3 cell) read from the EXIF bytes with the same `EXIFReader`.
protocol PixelSource: Sendable {
    /// The wrapper's own header type, carried from `inspect` to `decode` so the bytes
    /// are walked only once.
    associatedtype NativeHeader: Sendable

    /// The name `ImageFormatSniffer` gives this format's signature ("PNG", "HEIC", …).
    var formatName: String { get }

    /// Whether the container's own transforms already turned the pixels upright (HEIF's
    /// `irot`/`imir`, applied by the decoder): then an EXIF Orientation inside describes
    /// the stored picture and applying it again would rotate twice.
    var decodesUpright: Bool { get }

    /// The header facts, read without decoding pixels. Throws `.damaged` (naming the
    /// format) for data too broken to have a header; a file cut short after its header
    /// is returned with `isComplete == false` so the pixel limit is still checked first.
    func inspect(_ bytes: [UInt8]) throws(PhotoProcessingError) -> PixelSourceHeader<NativeHeader>

    /// Checks what `inspect` could not from the header alone and the decoder cannot be
    /// trusted to bound (a PNG's image data inflating past its picture), asking
    /// `pastDeadline` as it goes. Runs before any decoding, where the photo's time is
    /// counted. The default checks nothing.
    func checkData(_ bytes: [UInt8], header: PixelSourceHeader<NativeHeader>, pastDeadline: () -> Bool) throws(PhotoProcessingError)

    /// The size `decodeFitted` decodes at when asked for `fitted`, and what its decoder holds
    /// besides that output: what the memory estimate counts. The default is a decode at the
    /// stored size holding `header.decoderBytes`; a decoder that scales while it decodes
    /// (libwebp for a lossy WebP) says so here, so the budget does not refuse a large photo
    /// for a full-size picture that is never allocated.
    func decodeFootprint(
        for header: PixelSourceHeader<NativeHeader>, fitted: (width: Int, height: Int), inputBytes: Int
    ) -> (width: Int, height: Int, decoderBytes: Int)

    /// The full-size image of an inspected file. Blocking and CPU-bound.
    func decode(_ bytes: [UInt8], header: PixelSourceHeader<NativeHeader>) throws(PhotoProcessingError) -> RGBImage

    /// The image resampled to `width × height` (at most the stored size): what the
    /// pipeline calls. The default decodes and resamples within the decoded buffer; a
    /// decoder that holds its own full-size picture anyway (libheif) resamples straight
    /// from it instead of copying it first.
    func decodeFitted(
        _ bytes: [UInt8], header: PixelSourceHeader<NativeHeader>, width: Int, height: Int
    ) throws(PhotoProcessingError) -> RGBImage
}

extension PixelSource {
    func decodeFootprint(
        for header: PixelSourceHeader<NativeHeader>, fitted: (width: Int, height: Int), inputBytes: Int
    ) -> (width: Int, height: Int, decoderBytes: Int) {
        (header.width, header.height, header.decoderBytes)
    }

    func checkData(_ bytes: [UInt8], header: PixelSourceHeader<NativeHeader>, pastDeadline: () -> Bool) throws(PhotoProcessingError) {}

    func decodeFitted(
        _ bytes: [UInt8], header: PixelSourceHeader<NativeHeader>, width: Int, height: Int
    ) throws(PhotoProcessingError) -> RGBImage {
        var image = try decode(bytes, header: header)
        LanczosResampler.resizeInPlace(&image, width: width, height: height)
        return image
    }
}

/// What a `PixelSource` learns from a header: enough for the limits, the memory estimate
/// and the metadata, before any decoding.
struct PixelSourceHeader<Native: Sendable>: Sendable {
    /// Stored size (before the EXIF orientation), as `decode` will return it.
    let width: Int
    let height: Int
    /// Whether the data runs to its end marker; an incomplete file is refused as damaged.
    let isComplete: Bool
    /// What the decoder holds besides its RGB output while it runs (row buffers, inflate
    /// state, tables): the decoder's share of `MemoryEstimate`.
    let decoderBytes: Int
    /// EXIF as a TIFF structure (the payload `EXIFReader` reads), if present.
    let exif: [UInt8]?
    /// The embedded ICC profile, if present; kept in the output when it is an RGB profile.
    let iccProfile: [UInt8]?
    /// The wrapper's own header.
    let native: Native
    /// Why an incomplete file is incomplete, in the wrapper's words (giflib's error), for
    /// the `.damaged` detail; nil gives the generic "the data stops before its end".
    var incompleteDetail: String? = nil

    /// Width × height (each below 2³¹ for every supported format, so no overflow).
    var pixelCount: Int { width * height }
}
