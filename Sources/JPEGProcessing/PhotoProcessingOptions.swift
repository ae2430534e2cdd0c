/// Limits and targets for `PhotoProcessor`; the defaults follow GrainStories' design
/// (2000 px box, 5,000,000-byte budget, 100-megapixel bomb limit).
public struct PhotoProcessingOptions: Sendable, Equatable {
    /// Images whose header declares more pixels than this are refused before decoding.
    public var maxPixels: Int
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

    public init(
        maxPixels: Int = 100_000_000,
        boxSize: Int = 2000,
        byteBudget: Int = 5_000_000,
        initialQuality: Int = 95,
        minimumQuality: Int = 40,
        maxInputBytes: Int = 200_000_000
    ) {
        self.maxPixels = maxPixels
        self.boxSize = boxSize
        self.byteBudget = byteBudget
        self.initialQuality = initialQuality
        self.minimumQuality = minimumQuality
        self.maxInputBytes = maxInputBytes
    }

    /// Checks the options for consistency; `PhotoProcessor` calls this before any work.
    public func validate() throws(PhotoProcessingError) {
        guard maxPixels > 0 else { throw .invalidOptions("maxPixels must be positive") }
        guard boxSize > 0 else { throw .invalidOptions("boxSize must be positive") }
        guard byteBudget > 0 else { throw .invalidOptions("byteBudget must be positive") }
        guard maxInputBytes > 0 else { throw .invalidOptions("maxInputBytes must be positive") }
        guard (1...100).contains(initialQuality) else {
            throw .invalidOptions("initialQuality must be between 1 and 100")
        }
        guard (1...initialQuality).contains(minimumQuality) else {
            throw .invalidOptions("minimumQuality must be between 1 and initialQuality")
        }
    }
}
