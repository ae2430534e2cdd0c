/// The result of `PhotoProcessor`: an upright, size- and budget-limited JPEG with no
/// metadata other than the input's RGB ICC profile, plus what was read from the input.
public struct ProcessedPhoto: Sendable, Equatable {
    /// The encoded JPEG, ready to upload.
    public let jpeg: [UInt8]
    /// Pixel width of `jpeg`, after orientation (use it for `aspectRatio`).
    public let width: Int
    /// Pixel height of `jpeg`, after orientation.
    public let height: Int
    /// The JPEG quality (1…100) the final encode used.
    public let quality: Int
    /// The EXIF orientation (1…8) that was applied to make the pixels upright.
    public let appliedOrientation: Int
    /// Metadata read from the input (never copied into `jpeg`).
    public let metadata: PhotoMetadata

    /// The size of `jpeg` in bytes.
    public var byteCount: Int { jpeg.count }

    public init(jpeg: [UInt8], width: Int, height: Int, quality: Int, appliedOrientation: Int, metadata: PhotoMetadata) {
        self.jpeg = jpeg
        self.width = width
        self.height = height
        self.quality = quality
        self.appliedOrientation = appliedOrientation
        self.metadata = metadata
    }
}
