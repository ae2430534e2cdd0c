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
    static func ofPrimaryItem(in bytes: UnsafeBufferPointer<UInt8>) -> HEIFCanvasDescriptor? {
        let reader = Reader(bytes: bytes)
        guard let meta = reader.boxes(in: 0..<bytes.count).first(where: { $0.type == "meta" }) else { return nil }
        let children = reader.boxes(in: (meta.body.lowerBound + 4)..<meta.body.upperBound)  // meta is a full box
        guard let pitm = children.first(where: { $0.type == "pitm" }), let primary = reader.primaryID(pitm),
            let iinf = children.first(where: { $0.type == "iinf" }), let type = reader.itemType(of: primary, in: iinf),
            type == "grid" || type == "iovl",
            let iloc = children.first(where: { $0.type == "iloc" }),
            let data = reader.itemData(of: primary, iloc: iloc, idat: children.first(where: { $0.type == "idat" }))
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

    /// Bounds-checked reads of big-endian fields and boxes.
    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>

        struct Box {
            let type: String
            let body: Range<Int>
        }

        func byte(_ at: Int) -> UInt8? { at >= 0 && at < bytes.count ? bytes[at] : nil }

        func uint(_ at: Int, _ size: Int) -> Int? {
            guard size >= 0, size <= 8, at >= 0, at + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }

        /// The boxes in `range`, stopping at the first whose size does not fit.
        func boxes(in range: Range<Int>) -> [Box] {
            var found: [Box] = []
            var at = range.lowerBound
            while at + 8 <= range.upperBound, found.count < 10_000 {
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

        /// The four-character type of item `id` in `iinf` (infe version 2 or 3).
        func itemType(of id: Int, in iinf: Box) -> String? {
            guard let version = byte(iinf.body.lowerBound) else { return nil }
            let start = iinf.body.lowerBound + 4 + (version == 0 ? 2 : 4)
            guard start <= iinf.body.upperBound else { return nil }
            for infe in boxes(in: start..<iinf.body.upperBound) where infe.type == "infe" {
                guard let infeVersion = byte(infe.body.lowerBound), infeVersion >= 2 else { continue }
                let idSize = infeVersion == 2 ? 2 : 4
                let at = infe.body.lowerBound + 4
                guard let item = uint(at, idSize), item == id, at + idSize + 6 <= infe.body.upperBound else { continue }
                return String(decoding: bytes[(at + idSize + 2)..<(at + idSize + 6)], as: UTF8.self)
            }
            return nil
        }

        /// The bytes of item `id`'s first extent: in the file (construction method 0) or in
        /// `idat` (method 1).
        func itemData(of id: Int, iloc: Box, idat: Box?) -> Range<Int>? {
            itemExtents(of: id, iloc: iloc, idat: idat)?.first
        }

        /// The byte ranges of item `id`'s extents, in order: in the file (construction
        /// method 0) or in `idat` (method 1). nil when the item is not in `iloc`, has no
        /// extent, or an extent leaves the file.
        func itemExtents(of id: Int, iloc: Box, idat: Box?) -> [Range<Int>]? {
            var at = iloc.body.lowerBound
            guard let version = byte(at), let sizes = byte(at + 4), let moreSizes = byte(at + 5) else { return nil }
            let offsetSize = Int(sizes >> 4)
            let lengthSize = Int(sizes & 15)
            let baseSize = Int(moreSizes >> 4)
            let indexSize = version == 1 || version == 2 ? Int(moreSizes & 15) : 0
            at += 6
            let countSize = version == 2 ? 4 : 2
            guard let count = uint(at, countSize) else { return nil }
            at += countSize
            for _ in 0..<min(count, 65_536) {
                guard let item = uint(at, countSize) else { return nil }
                at += countSize
                var method = 0
                if version == 1 || version == 2 {
                    guard let field = uint(at, 2) else { return nil }
                    method = field & 15
                    at += 2
                }
                at += 2  // data reference index
                guard let base = uint(at, baseSize) else { return nil }
                at += baseSize
                guard let extents = uint(at, 2) else { return nil }
                at += 2
                let extentSize = indexSize + offsetSize + lengthSize
                if item == id {
                    guard extents >= 1, extents <= 4_096 else { return nil }
                    var ranges: [Range<Int>] = []
                    for extent in 0..<extents {
                        let field = at + extent * extentSize + indexSize
                        guard let offset = uint(field, offsetSize), let length = uint(field + offsetSize, lengthSize)
                        else { return nil }
                        let start: Int
                        switch method {
                        case 0: start = base + offset
                        case 1:
                            guard let idat else { return nil }
                            start = idat.body.lowerBound + base + offset
                        default: return nil
                        }
                        let (end, overflow) = length == 0 ? (bytes.count, false) : start.addingReportingOverflow(length)
                        guard !overflow, start >= 0, start <= end, end <= bytes.count else { return nil }
                        ranges.append(start..<end)
                    }
                    return ranges
                }
                at += extents * extentSize
            }
            return nil
        }
    }
}
