/// The output size a derived primary image, a `grid` or an `iovl` overlay, declares in its
/// own item data (ISO/IEC 23008-12 §6.6.2.3.2 and §6.6.2.3.3), read from the boxes
/// directly because libheif 1.15 has no call for it.
///
/// Why: libheif allocates such an image's canvas from this descriptor, not from the `ispe`
/// size it reports (which the pipeline checks against the pixel limit), so a 1.3 KB file
/// whose `ispe` says 64 × 64 and whose primary item, retyped `iovl`, declared a huge
/// canvas made it allocate 2.4 GB while decoding (found by PhotoFuzz, 2026-12-01). HEIF
/// requires the two sizes to be equal; a file where they are not is refused as corrupt
/// before anything is decoded.
struct HEIFCanvasDescriptor: Equatable {
    /// "grid" or "iovl".
    let itemType: String
    let width: Int
    let height: Int

    /// The primary item's canvas size, or nil when the primary item is not a grid or an
    /// overlay or the boxes cannot be followed (libheif then judges the file as it always did).
    static func ofPrimaryItem(in table: HEIFItemTable) -> HEIFCanvasDescriptor? {
        let reader = table.reader
        guard let primary = table.primary, let type = table.itemType(of: primary), type == "grid" || type == "iovl",
            let data = table.extents[primary]?.first
        else { return nil }
        // Both start with version (0) and flags (bit 0: 32-bit sizes); a grid then has rows − 1
        // and columns − 1, an overlay four 16-bit fill values; then output width and height.
        guard reader.byte(data.lowerBound) == 0, let flags = reader.byte(data.lowerBound + 1) else { return nil }
        let sizeAt = data.lowerBound + (type == "grid" ? 4 : 10)
        let size = flags & 1 == 0 ? 2 : 4
        guard sizeAt + 2 * size <= data.upperBound, let width = reader.uint(sizeAt, size),
            let height = reader.uint(sizeAt + size, size)
        else { return nil }
        return HEIFCanvasDescriptor(itemType: type, width: width, height: height)
    }

    /// `ofPrimaryItem(in:)` of the tables of `bytes`; nil too when they are over a limit.
    static func ofPrimaryItem(in bytes: UnsafeBufferPointer<UInt8>) -> HEIFCanvasDescriptor? {
        guard let table = try? HEIFItemTable.read(bytes) else { return nil }
        return ofPrimaryItem(in: table)
    }

    /// Bounds-checked reads of big-endian fields and boxes.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Counts the fields and boxes read, when a test asks (nil otherwise): how
        /// `ItemLimitTests` shows that reading a file's items is linear without timing it.
        let tally: Tally?

        init(bytes: UnsafeBufferPointer<UInt8>, tally: Tally? = nil) {
            self.bytes = bytes
            self.tally = tally
        }

        struct Box {
            let type: String
            let body: Range<Int>
        }

        /// A count of reads, shared by the copies of one reader (one thread only).
        final class Tally {
            var reads = 0
            init() {}
        }

        func byte(_ at: Int) -> UInt8? {
            tally?.reads += 1
            return at >= 0 && at < bytes.count ? bytes[at] : nil
        }

        func uint(_ at: Int, _ size: Int) -> Int? {
            tally?.reads += 1
            guard size >= 0, size <= 8, at >= 0, at + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }

        /// The boxes in `range`, stopping at the first whose size does not fit or after `limit`.
        func boxes(in range: Range<Int>, limit: Int = 10_000) -> [Box] {
            var found: [Box] = []
            var at = range.lowerBound
            while at + 8 <= range.upperBound, found.count < limit {
                tally?.reads += 1
                guard var size = uint(at, 4) else { break }
                var header = 8
                if size == 1 {
                    guard let large = uint(at + 8, 8) else { break }
                    size = large
                    header = 16
                } else if size == 0 {
                    size = range.upperBound - at
                }
                guard size >= header, size <= range.upperBound - at else { break }
                let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
                found.append(Box(type: type, body: (at + header)..<(at + size)))
                at += size
            }
            return found
        }

        func primaryID(_ pitm: Box) -> Int? {
            guard let version = byte(pitm.body.lowerBound) else { return nil }
            return uint(pitm.body.lowerBound + 4, version == 0 ? 2 : 4)
        }
    }
}
