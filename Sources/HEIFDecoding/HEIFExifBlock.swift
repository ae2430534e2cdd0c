/// The layout of a HEIF Exif item, as libheif returns it.
///
/// ISO/IEC 23008-12 Annex A stores Exif as a 4-byte big-endian offset followed by that
/// many bytes of prefix (Apple writes `Exif\0\0`, offset 6) and then the TIFF header.
/// JPEG's APP1 carries the TIFF structure after its own `Exif\0\0`, so callers want the
/// bytes from the TIFF header on.
enum HEIFExifBlock {
    /// The bytes from the TIFF header (`MM\0*` or `II*\0`) to the end, or nil if none is found.
    ///
    /// Some writers put offset 0 before `Exif\0\0`; when the offset does not land on a TIFF
    /// header, the two usual places (right after the offset, after `Exif\0\0`) are tried.
    static func tiffPayload(of block: [UInt8]) -> [UInt8]? {
        guard block.count >= 4 else { return nil }
        let offset = block[0..<4].reduce(0) { $0 << 8 | Int($1) }
        for start in [4 + offset, 4, 10] where isTIFFHeader(block, at: start) {
            return Array(block[start...])
        }
        return nil
    }

    /// Whether a TIFF header (byte order mark and 42, plus room for the IFD offset) starts at `start`.
    static func isTIFFHeader(_ bytes: [UInt8], at start: Int) -> Bool {
        guard start >= 0, start + 8 <= bytes.count else { return false }
        let head = Array(bytes[start..<start + 4])
        return head == [0x4D, 0x4D, 0x00, 0x2A] || head == [0x49, 0x49, 0x2A, 0x00]
    }
}
