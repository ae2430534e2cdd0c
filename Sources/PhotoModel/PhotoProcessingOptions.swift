/// Limits and targets for `PhotoProcessor`; the defaults follow GrainStories' design
/// (2000 px box, 5,000,000-byte budget, 100-megapixel bomb limit, 256 MiB decode budget).
public struct PhotoProcessingOptions: Sendable, Equatable, Codable {
    /// Images whose header declares more pixels than this are refused before decoding.
    public var maxPixels: Int
    /// Images whose estimated peak memory (`MemoryEstimate.peakBytes`) is above this are
    /// refused before decoding. The default, 256 MiB, passes every ordinary phone photo
    /// (a 22 MB 48 MP 8064 × 6048 baseline JPEG is estimated at 91 MiB, a 12 MP one at
    /// 74 MiB) and even a 48 MP progressive 4:2:0 one (183 MiB), while a 10000 × 10000
    /// progressive 4:2:0, 4:4:4 or CMYK file (329 / 633 / 842 MiB) is refused. Measured
    /// peaks are next to the estimates in `DecodeBudgetTests.measured`.
    public var maxDecodeBytes: Int
    /// The output fits in a `boxSize` × `boxSize` square; smaller images are never upscaled.
    public var boxSize: Int
    /// The encoded output (ICC profile included) is at most this many bytes.
    public var byteBudget: Int
    /// The first JPEG quality tried (1…100).
    public var initialQuality: Int
    /// The lowest quality the search may use before the image is shrunk further.
    public var minimumQuality: Int
    /// Inputs larger than this many bytes are refused before they are read or parsed.
    public var maxInputBytes: Int
    /// How long one photo's decode may run. Checked where a decoder can stop: between
    /// chunks of a PNG's inflate (the one input whose work is not bounded by its pixels:
    /// a zlib stream can expand 1032-fold). libjpeg-turbo, libheif 1.15, libwebp and
    /// giflib have no hook to stop a decode; their work is bounded by the pixel limit and
    /// the coded size checked against the header before decoding.
    public var decodeTimeLimit: Duration

    public init(
        maxPixels: Int = 100_000_000,
        boxSize: Int = 2000,
        byteBudget: Int = 5_000_000,
        initialQuality: Int = 95,
        minimumQuality: Int = 40,
        maxInputBytes: Int = 200_000_000,
        maxDecodeBytes: Int = PhotoProcessingOptions.defaultMaxDecodeBytes,
        decodeTimeLimit: Duration = PhotoProcessingOptions.defaultDecodeTimeLimit
    ) {
        self.decodeTimeLimit = decodeTimeLimit
        self.maxPixels = maxPixels
        self.maxDecodeBytes = maxDecodeBytes
        self.boxSize = boxSize
        self.byteBudget = byteBudget
        self.initialQuality = initialQuality
        self.minimumQuality = minimumQuality
        self.maxInputBytes = maxInputBytes
    }

    /// 30 s: an ordinary photo decodes in well under a second; see `decodeTimeLimit`.
    public static let defaultDecodeTimeLimit = Duration.seconds(30)

    /// 256 MiB: see `maxDecodeBytes`.
    public static let defaultMaxDecodeBytes = 256 << 20

    /// Checks the options for consistency; `PhotoProcessor` calls this before any work.
    public func validate() throws(PhotoProcessingError) {
        guard maxPixels > 0 else { throw .invalidOptions("maxPixels must be positive") }
        guard boxSize > 0 else { throw .invalidOptions("boxSize must be positive") }
        guard byteBudget > 0 else { throw .invalidOptions("byteBudget must be positive") }
        guard maxInputBytes > 0 else { throw .invalidOptions("maxInputBytes must be positive") }
        guard maxDecodeBytes > 0 else { throw .invalidOptions("maxDecodeBytes must be positive") }
        guard decodeTimeLimit > .zero else { throw .invalidOptions("decodeTimeLimit must be positive") }
        guard (1...100).contains(initialQuality) else {
            throw .invalidOptions("initialQuality must be between 1 and 100")
        }
        guard (1...initialQuality).contains(minimumQuality) else {
            throw .invalidOptions("minimumQuality must be between 1 and initialQuality")
        }
    }
}
