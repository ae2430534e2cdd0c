public import H3Index

/// What the pipeline learned from a photo's metadata. None of it is written to the
/// output JPEG (privacy); callers decide what to keep, e.g. GPS for the H3 cell.
public struct PhotoMetadata: Sendable, Equatable, Codable {
    /// The EXIF GPS position, when present and valid.
    public var gps: GPSCoordinate?
    /// EXIF `DateTimeOriginal` as written ("YYYY:MM:DD HH:MM:SS"), when present.
    public var dateTimeOriginal: String?
    /// EXIF `Orientation` (1…8); 1 when absent or invalid.
    public var orientation: Int
    /// EXIF `Make` (camera manufacturer), when present.
    public var make: String?
    /// EXIF `Model` (camera model), when present.
    public var model: String?
    /// Whether the input embeds a complete ICC colour profile.
    public var hasICCProfile: Bool

    public init(
        gps: GPSCoordinate? = nil,
        dateTimeOriginal: String? = nil,
        orientation: Int = 1,
        make: String? = nil,
        model: String? = nil,
        hasICCProfile: Bool = false
    ) {
        self.gps = gps
        self.dateTimeOriginal = dateTimeOriginal
        self.orientation = orientation
        self.make = make
        self.model = model
        self.hasICCProfile = hasICCProfile
    }
}
