/// What a HEIF's header tells before any pixel is decoded: the primary image's facts, and
/// its Exif (from the TIFF header on) and ICC profile, so a pipeline can check its limits
/// and read the GPS first.
public struct HEIFHeader: Sendable, Equatable {
    public let info: HEIFInfo
    public let exif: [UInt8]?
    public let iccProfile: [UInt8]?
}
