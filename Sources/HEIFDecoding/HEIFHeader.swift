/// What a HEIF's header tells before any pixel is decoded: the primary image's facts, and
/// its Exif (from the TIFF header on) and ICC profile, so a pipeline can check its limits
/// and read the GPS first.
package struct HEIFHeader: Sendable, Equatable {
    package let info: HEIFInfo
    package let exif: [UInt8]?
    package let iccProfile: [UInt8]?
}
