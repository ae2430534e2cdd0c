/// The facts about a JPEG that can be read without decoding pixels: size, colour model,
/// coding process, and the raw EXIF / ICC / Adobe metadata needed by the pipeline.
public struct JPEGHeader: Sendable, Equatable {
    /// How the components are to be interpreted, which decides how to decode to RGB.
    public enum ColorModel: String, Sendable, Equatable {
        case grayscale, ycbcr, rgb, cmyk, ycck
    }

    /// Frame width and height as declared by the SOF marker (before orientation).
    public let width: Int
    public let height: Int
    /// Number of colour components (1, 3 or 4 for supported images).
    public let componentCount: Int
    /// Bits per sample (8 for everything TurboJPEG 2.1 decodes).
    public let precision: Int
    /// The SOF marker's number (0 baseline, 1 extended, 2 progressive, 9/10 arithmetic…).
    public let frameType: Int
    public let colorModel: ColorModel
    /// Whether an Adobe APP14 marker is present; CMYK data is then stored inverted.
    public let hasAdobeMarker: Bool
    /// Whether the data ends with an EOI marker after its scans (false means truncated).
    public let isComplete: Bool
    /// The EXIF APP1 payload after the `Exif\0\0` signature (a TIFF structure), if any.
    public let exif: [UInt8]?
    /// The reassembled ICC profile, if all of its APP2 chunks are present and consistent.
    public let iccProfile: [UInt8]?
    /// The components with their sampling factors, in frame order (empty only for
    /// headers built by hand without them).
    public let components: [JPEGComponent]
    /// How many components the first scan (SOS) codes, or nil when no scan was seen.
    /// Fewer than `componentCount` means the components come in separate scans, so
    /// libjpeg keeps the whole image's coefficients in memory even for a baseline file.
    public let firstScanComponentCount: Int?

    /// Whether the frame uses progressive coding (SOF2, SOF6, SOF10, SOF14).
    public var isProgressive: Bool { [2, 6, 10, 14].contains(frameType) }
    /// Width × height, computed without overflow for any 16-bit dimensions.
    public var pixelCount: Int { width * height }
    /// Whether libjpeg must buffer the coefficients of the whole image before it can
    /// output a row: progressive files, and sequential ones whose first scan does not
    /// carry every component (jdinput.c sets `has_multiple_scans` for both).
    public var needsWholeImageCoefficients: Bool {
        isProgressive || (firstScanComponentCount.map { $0 < componentCount } ?? false)
    }

    public init(
        width: Int, height: Int, componentCount: Int, precision: Int, frameType: Int,
        colorModel: ColorModel, hasAdobeMarker: Bool, isComplete: Bool, exif: [UInt8]?, iccProfile: [UInt8]?,
        components: [JPEGComponent] = [], firstScanComponentCount: Int? = nil
    ) {
        self.width = width
        self.height = height
        self.componentCount = componentCount
        self.precision = precision
        self.frameType = frameType
        self.colorModel = colorModel
        self.hasAdobeMarker = hasAdobeMarker
        self.isComplete = isComplete
        self.exif = exif
        self.iccProfile = iccProfile
        self.components = components
        self.firstScanComponentCount = firstScanComponentCount
    }
}
